/**
 * Micrometer meters for Loadout. {@link dev.loadout.micrometer.LoadoutMetrics} is a
 * {@link dev.loadout.core.LoadoutListener}: turns, renders, hidden tools and tool calls, by tool, source and code.
 * {@link dev.loadout.micrometer.McpMetrics} is an {@link dev.loadout.mcp.McpEventListener}: MCP connects and each
 * server's circuit-breaker state. Tag values come from Loadout's own names (registered tools, stable codes,
 * dialects), never from what a model or a user typed, so the number of series stays bounded.
 */
package dev.loadout.micrometer;
