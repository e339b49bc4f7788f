package dev.loadout.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One call's chain, as in OkHttp: an immutable array of links and an index. The links, outermost first (see
 * {@link Loadout#links}): {@link ShapeStep}, the host's application interceptors, {@link ResolveStep},
 * {@link ParseStep}, {@link ValidateStep}, {@link DeadlineStep}, the host's tool interceptors, {@link InvokeStep}.
 * A host's interceptor is held to its contract here (proceed at most once, never null, never throw); Loadout's own
 * steps are trusted.
 */
final class ExecutionChain implements ToolInterceptor.Chain {
  private final PreparedTurn turn;
  private final ToolInterceptor[] links;
  private final int index;
  private final CallState state;
  private final AtomicBoolean proceeded = new AtomicBoolean();
  private final ToolCall call;

  /** The chain a call enters: {@code proceed(call)} runs the first link. */
  static ExecutionChain start(PreparedTurn turn) {
    return new ExecutionChain(turn, turn.loadout().links, 0, new CallState(), null);
  }

  private ExecutionChain(PreparedTurn turn, ToolInterceptor[] links, int index, CallState state, ToolCall call) {
    this.turn = turn;
    this.links = links;
    this.index = index;
    this.state = state;
    this.call = call;
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
  public java.util.Optional<ToolSpec> tool() {
    // Links after the deadline (tool interceptors, the tool) see a call resolved and checked; those before do not yet.
    return index - 1 > turn.loadout().deadlineLink ? java.util.Optional.of(turn.variant(state.toolIndex))
        : java.util.Optional.empty();
  }

  PreparedTurn turn() {
    return turn;
  }

  CallState state() {
    return state;
  }

  @Override
  public CompletionStage<ToolResult> proceed(ToolCall next) {
    if (next == null) {
      return CompletableFuture.failedFuture(new IllegalStateException(previous() + " passed a null call to proceed()"));
    }
    if (!proceeded.compareAndSet(false, true)) {
      return CompletableFuture.failedFuture(new IllegalStateException(previous() + " must call proceed() at most once"));
    }
    ToolInterceptor link = links[index];
    ExecutionChain rest = new ExecutionChain(turn, links, index + 1, state, next);
    if (link instanceof ExecutionStep) {
      return link.intercept(rest);
    }
    CompletionStage<ToolResult> result;
    try {
      result = link.intercept(rest);
    } catch (Throwable e) {
      if (ToolExecution.isFatal(e)) {
        throw e; // out of memory on the caller's own thread: not Loadout's to hide
      }
      return CompletableFuture.failedFuture(new IllegalStateException(
          "interceptor " + link.getClass().getName() + " threw " + e.getClass().getSimpleName(), e));
    }
    if (result == null) {
      return CompletableFuture.failedFuture(new IllegalStateException(
          "interceptor " + link.getClass().getName() + " returned null"));
    }
    TurnEvents events = turn.events();
    if (events == TurnEvents.OFF) {
      return result;
    }
    // Answered without passing the call on: known once the interceptor's stage completes, since it may proceed later.
    return result.whenComplete((r, e) -> {
      if (r != null && !rest.proceeded.get()) {
        events.callShortCircuited(turn, next, link, r);
      }
    });
  }

  private String previous() {
    if (index == 0) {
      return "PreparedTurn.execute";
    }
    ToolInterceptor link = links[index - 1];
    return link instanceof ExecutionStep ? "Loadout's " + link.getClass().getSimpleName()
        : "interceptor " + link.getClass().getName();
  }
}
