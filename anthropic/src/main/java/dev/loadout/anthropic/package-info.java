/**
 * Loadout inside the official Anthropic Java SDK ({@code com.anthropic:anthropic-java}). Start at
 * {@link dev.loadout.anthropic.AnthropicTools#of(dev.loadout.core.PreparedTurn)}: it puts a turn's tools into
 * {@code MessageCreateParams} exactly as Loadout renders them, reads the model's {@code tool_use} blocks out of a
 * {@code Message} (or, through {@link dev.loadout.anthropic.AnthropicStream}, out of its stream events), and writes
 * their results back as the SDK's message. The SDK's Jackson 2 stays inside this module: Loadout's JSON crosses to
 * it as bytes.
 */
package dev.loadout.anthropic;
