/**
 * Loadout's spine: which tools the model may see on a turn, in which exact shape, and how the calls
 * that come back are checked and run.
 *
 * <p>Start at {@link dev.loadout.core.Loadout}: build one per bot with a {@link dev.loadout.core.ToolRegistry},
 * then for every model request call {@link dev.loadout.core.Loadout#prepare(TurnContext)} and keep the
 * returned {@link dev.loadout.core.PreparedTurn} for that round. It renders the visible tools for a provider
 * ({@link dev.loadout.core.Dialect}), parses the tool calls in the provider's answer, executes them against
 * exactly the tool variants that were shown, and turns the results back into history messages.
 *
 * <p>Tools implement {@link dev.loadout.core.BaseTool} and describe themselves with an immutable
 * {@link dev.loadout.core.ToolSpec}; per-turn variants come from {@link dev.loadout.core.ToolSpec#edit()}, which
 * never mutates the shared spec and hands back the same variant object for the same edits, so renders
 * stay cached. Extension points are {@link dev.loadout.core.AvailabilityFilter} (who sees what),
 * {@link dev.loadout.core.ToolProvider} (discovery through {@link java.util.ServiceLoader}) and
 * {@link dev.loadout.core.ToolInterceptor} (wrapping every execution).
 *
 * <p>For a streamed response, {@link dev.loadout.core.ToolCallAccumulator} hands out each call as it completes;
 * {@link dev.loadout.core.ToolLoop} runs a whole user message (model round, execute, append) around the host's own
 * model call.
 *
 * <p>Everything a model sends that is wrong becomes a failed {@link dev.loadout.core.ToolResult} with a stable
 * code; exceptions are reserved for programming errors in the host.
 */
package dev.loadout.core;
