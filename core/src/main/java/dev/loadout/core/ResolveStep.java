package dev.loadout.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** What was shown is what may be called: the call's name against the turn's visible tools. */
final class ResolveStep implements ExecutionStep {
  static final ResolveStep INSTANCE = new ResolveStep();

  private ResolveStep() {}

  @Override
  public CompletionStage<ToolResult> intercept(Chain chain) {
    ExecutionChain c = ExecutionStep.chain(chain);
    ToolCall call = chain.call();
    PreparedTurn turn = c.turn();
    int i = turn.indexOf(call.name());
    if (i < 0) {
      i = turn.nativelyLoaded(call);
    }
    if (i < 0) {
      return CompletableFuture.completedFuture(turn.deferred(call.name()).isPresent() ? notLoaded(turn, call)
          : notAvailable(call));
    }
    c.state().toolIndex = i;
    return chain.proceed(call);
  }

  /**
   * A deferred tool the model called before it was loaded: never run blind, and the message says what to do, which
   * differs when a search this round already found it (it is loaded from the next step).
   */
  static ToolResult notLoaded(PreparedTurn turn, ToolCall call) {
    String name = ToolExecution.printable(call.name());
    String message = turn.discovery().names().contains(call.name())
        ? "Tool '" + name + "' was just found and can be called from your next step; call it again then."
        : "Tool '" + name + "' is not loaded yet. Call " + ToolSearch.FUNCTION_NAME + " first with what you want to do; "
            + "the tools it finds can be called from your next step.";
    return ToolResult.failure(ToolSearch.NOT_LOADED, message, true);
  }

  static ToolResult notAvailable(ToolCall call) {
    return ToolResult.failure(ToolResult.TOOL_NOT_AVAILABLE,
        "Tool '" + ToolExecution.printable(call.name()) + "' is not available in this conversation right now.", false);
  }
}
