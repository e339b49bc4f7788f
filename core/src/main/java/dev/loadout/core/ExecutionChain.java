package dev.loadout.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;

/** The interceptor chain of one call: an immutable list and an index, as in OkHttp. */
final class ExecutionChain implements ToolInterceptor.Chain {
  private final PreparedTurn turn;
  private final List<ToolInterceptor> interceptors;
  private final int index;
  private final AtomicBoolean proceeded = new AtomicBoolean();
  private ToolCall call;

  ExecutionChain(PreparedTurn turn, List<ToolInterceptor> interceptors, int index) {
    this.turn = turn;
    this.interceptors = interceptors;
    this.index = index;
  }

  @Override
  public ToolCall call() {
    return call;
  }

  @Override
  public TurnContext context() {
    return turn.context();
  }

  @Override
  public CompletionStage<ToolResult> proceed(ToolCall next) {
    if (next == null) {
      return CompletableFuture.failedFuture(new IllegalStateException(previous() + " passed a null call to proceed()"));
    }
    if (!proceeded.compareAndSet(false, true)) {
      return CompletableFuture.failedFuture(new IllegalStateException(previous() + " must call proceed() at most once"));
    }
    this.call = next;
    if (index == interceptors.size()) {
      return ToolExecution.run(turn, next);
    }
    ToolInterceptor interceptor = interceptors.get(index);
    ExecutionChain rest = new ExecutionChain(turn, interceptors, index + 1);
    rest.call = next;
    CompletionStage<ToolResult> result;
    try {
      result = interceptor.intercept(rest);
    } catch (Throwable e) {
      if (ToolExecution.isFatal(e)) {
        throw e; // out of memory on the caller's own thread: not Loadout's to hide
      }
      return CompletableFuture.failedFuture(new IllegalStateException(
          "interceptor " + interceptor.getClass().getName() + " threw " + e.getClass().getSimpleName(), e));
    }
    if (result == null) {
      return CompletableFuture.failedFuture(new IllegalStateException(
          "interceptor " + interceptor.getClass().getName() + " returned null"));
    }
    TurnEvents events = turn.events();
    if (events == TurnEvents.OFF) {
      return result;
    }
    // Answered without passing the call on: known once the interceptor's stage completes, since it may proceed later.
    return result.whenComplete((r, e) -> {
      if (r != null && !rest.proceeded.get()) {
        events.callShortCircuited(turn, next, interceptor, r);
      }
    });
  }

  private String previous() {
    return index == 0 ? "PreparedTurn.execute" : "interceptor " + interceptors.get(index - 1).getClass().getName();
  }
}
