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
 *
 * <h2>Where each step runs</h2>
 *
 * <p>Before each model request, {@link dev.loadout.core.Loadout#prepare(TurnContext)}:
 * <ol>
 *   <li>the tools: the {@link dev.loadout.core.ToolRegistry} (built-ins, {@link dev.loadout.core.ToolProvider}s) and
 *       every {@link dev.loadout.core.ExternalToolSources} (guild MCP tools), with collisions and replacements
 *       resolved once per registry snapshot ({@code Routing}, {@code FamilyReplacements});
 *   <li>availability: every {@link dev.loadout.core.AvailabilityFilter} on every tool, reasons kept
 *       ({@code AvailabilityRunner}, into {@link dev.loadout.core.AvailabilityDecision} and
 *       {@link dev.loadout.core.HiddenTool});
 *   <li>assembly: {@link dev.loadout.core.BaseTool#assembleForContext(TurnContext)} narrows a tool to its variant,
 *       one object per set of edits ({@link dev.loadout.core.ToolSpec#edit()}, {@code VariantCache});
 *   <li>ordering and deferral: the ordering contract on {@link dev.loadout.core.Loadout}; tools a
 *       {@link dev.loadout.core.DeferralPolicy} defers leave the list for tool search ({@code Deferral},
 *       {@code ToolIndex});
 *   <li>the result, {@link dev.loadout.core.PreparedTurn}, with its fingerprints ({@code Fingerprints}); then
 *       {@link dev.loadout.core.PreparedTurn#render(Dialect)} per provider ({@code ToolRenderer},
 *       {@code DialectSchemas}, {@code GeminiSchema}, {@code RenderCache}).
 * </ol>
 *
 * <p>After the model answers, {@link dev.loadout.core.PreparedTurn#execute} sends each call down the
 * {@link dev.loadout.core.ExecutionChain}, outermost first, Loadout's own steps one class each: {@code ShapeStep}
 * (every result leaves through the one cap, {@code ResultShaper}), the host's application
 * {@link dev.loadout.core.ToolInterceptor}s, {@code ResolveStep} (a tool the model was shown), {@code ParseStep} (the arguments' JSON), {@code ValidateStep}
 * (against the variant shown, {@code ArgumentValidator}), {@code DeadlineStep} (the deadline, on the host's
 * executor), the host's tool interceptors, and {@code InvokeStep} (the tool's own run). What they say when a call goes
 * wrong is in one place, {@code ToolExecution}. Results go back into history through
 * {@link dev.loadout.core.Dialect#historyMessages(java.util.List)} ({@code HistoryWriter}); every step reports to the
 * turn's {@link dev.loadout.core.LoadoutListener}.
 *
 * <p>Around the spine, in their own modules: direct invocation ({@code dev.loadout.direct}), persona blocks
 * ({@code dev.loadout.tools.persona}), MCP servers, the web, image and voice tools, the client adapters and the
 * testkit.
 */
package dev.loadout.core;
