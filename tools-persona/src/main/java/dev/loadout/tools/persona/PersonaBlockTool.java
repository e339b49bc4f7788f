package dev.loadout.tools.persona;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.node.ObjectNode;

/**
 * What {@code block_user} and {@code unblock_user} share: one spec, shown only where blocking applies
 * ({@link PersonaBlockTools#enabled}), with the reason when it does not, and a synchronous body.
 */
abstract class PersonaBlockTool implements BaseTool {
  private final ToolSpec spec;

  PersonaBlockTool(ToolSpec spec) {
    this.spec = spec;
  }

  @Override
  public final ToolSpec spec() {
    return spec;
  }

  @Override
  public final Optional<ToolSpec> assembleForContext(TurnContext context) {
    return PersonaBlockTools.enabled(context) ? Optional.of(spec) : Optional.empty();
  }

  @Override
  public final AvailabilityDecision hiddenReason(TurnContext context) {
    return PersonaBlockTools.hiddenReason(context);
  }

  @Override
  public final CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    return CompletableFuture.completedFuture(run(call.argumentsJson(), context));
  }

  /** The tool's work on checked arguments; failures are results, never exceptions. */
  abstract ToolResult run(ObjectNode args, TurnContext context);
}
