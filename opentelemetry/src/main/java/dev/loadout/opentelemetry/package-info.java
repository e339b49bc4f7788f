/**
 * OpenTelemetry spans for Loadout. {@link dev.loadout.opentelemetry.LoadoutTracing} is a
 * {@link dev.loadout.core.LoadoutListener} that opens one {@code execute_tool} span per tool call, as the
 * OpenTelemetry GenAI semantic conventions describe it, under whatever span is current when the host executes the
 * call. Arguments and results are recorded only when the host opts in.
 */
package dev.loadout.opentelemetry;
