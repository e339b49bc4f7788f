package dev.loadout.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The outermost step: every result leaves through the one cap, whoever made it (a tool, Loadout's checks or an
 * interceptor), and a call whose malformed arguments an interceptor tripped over gets the answer it would have
 * got without that interceptor.
 */
final class ShapeStep implements ExecutionStep {
  static final ShapeStep INSTANCE = new ShapeStep();

  private ShapeStep() {}

  @Override
  public CompletionStage<ToolResult> intercept(Chain chain) {
    ExecutionChain c = ExecutionStep.chain(chain);
    PreparedTurn turn = c.turn();
    ToolCall call = chain.call();
    Loadout loadout = turn.loadout();
    return chain.proceed(call).handle((result, error) -> {
      if (error == null) {
        return CompletableFuture.completedFuture(loadout.shaper.shape(result, turn.variant(call.name()).orElse(null),
            turn.context()));
      }
      if (ToolCall.isMalformedArguments(error)) {
        ToolResult refused = refusal(turn, call);
        if (refused != null) {
          return CompletableFuture.completedFuture(loadout.shaper.shape(refused, null, turn.context()));
        }
      }
      return CompletableFuture.<ToolResult>failedFuture(
          error instanceof CompletionException && error.getCause() != null ? error.getCause() : error);
    }).thenCompose(stage -> stage);
  }

  /** What resolving and parsing alone answer for this call: a refusal, or null when it passes both. */
  private static ToolResult refusal(PreparedTurn turn, ToolCall call) {
    int i = turn.indexOf(call.name());
    if (i < 0) {
      return ResolveStep.notAvailable(call);
    }
    return ParseStep.read(turn, call, i).refused();
  }
}
