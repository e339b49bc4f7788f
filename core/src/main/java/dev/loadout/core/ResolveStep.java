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
    int i = c.turn().indexOf(call.name());
    if (i < 0) {
      return CompletableFuture.completedFuture(notAvailable(call));
    }
    c.state().toolIndex = i;
    return chain.proceed(call);
  }

  static ToolResult notAvailable(ToolCall call) {
    return ToolResult.failure(ToolResult.TOOL_NOT_AVAILABLE,
        "Tool '" + ToolExecution.printable(call.name()) + "' is not available in this conversation right now.", false);
  }
}
