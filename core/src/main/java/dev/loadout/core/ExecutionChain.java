package dev.loadout.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One call's chain, as in OkHttp: an immutable array of links and an index. The links, outermost first (see
 * {@link Loadout#links}): {@link ShapeStep}, the host's application interceptors, {@link ResolveStep},
 * {@link ParseStep}, {@link ValidateStep}, {@link DeadlineStep}, the host's tool interceptors, {@link InvokeStep}.
 * A host's interceptor is held to its contract here (proceed at most once, never null, never throw); Loadout's own
 * steps are trusted.
 */
final class ExecutionChain implements ToolInterceptor.Chain {
  private static final AtomicIntegerFieldUpdater<ExecutionChain> PROCEEDED =
      AtomicIntegerFieldUpdater.newUpdater(ExecutionChain.class, "proceeded");

  private final PreparedTurn turn;
  private final ToolInterceptor[] links;
  /** The position of {@link DeadlineStep} in {@link #links}: one further when the call has an interceptor of its own. */
  private final int deadlineLink;
  private final CallState state;
  /**
   * Whether only Loadout's own code holds this chain (the call's entry, and the steps): such a chain moves on in place
   * from one step to the next, so a call without host interceptors costs one chain object, not one per link. A chain
   * handed to a host's interceptor never changes and is held to the contract.
   */
  private final boolean trusted;
  private int index;
  private ToolCall call;
  private volatile int proceeded;

  /** The chain a call enters: {@code proceed(call)} runs the first link. */
  static ExecutionChain start(PreparedTurn turn) {
    Loadout loadout = turn.loadout();
    return new ExecutionChain(turn, loadout.links, loadout.deadlineLink, 0, new CallState(), null, true);
  }

  /**
   * The chain of a call with an application interceptor of its own ({@link PreparedTurn#execute(ToolCall,
   * ToolInterceptor)}), right inside {@link ShapeStep}, outside the host's application interceptors.
   */
  static ExecutionChain start(PreparedTurn turn, ToolInterceptor around) {
    Loadout loadout = turn.loadout();
    ToolInterceptor[] links = new ToolInterceptor[loadout.links.length + 1];
    links[0] = loadout.links[0];
    links[1] = around;
    System.arraycopy(loadout.links, 1, links, 2, loadout.links.length - 1);
    return new ExecutionChain(turn, links, loadout.deadlineLink + 1, 0, new CallState(), null, true);
  }

  private ExecutionChain(PreparedTurn turn, ToolInterceptor[] links, int deadlineLink, int index, CallState state,
      ToolCall call, boolean trusted) {
    this.turn = turn;
    this.links = links;
    this.deadlineLink = deadlineLink;
    this.index = index;
    this.state = state;
    this.call = call;
    this.trusted = trusted;
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
    return index - 1 > deadlineLink ? java.util.Optional.of(turn.variant(state.toolIndex))
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
    ToolInterceptor link = links[index];
    if (trusted && link instanceof ExecutionStep) {
      // Loadout's own code passes the call to its own next step: each step proceeds once, synchronously.
      index++;
      call = next;
      return link.intercept(this);
    }
    if (!trusted && !PROCEEDED.compareAndSet(this, 0, 1)) {
      return CompletableFuture.failedFuture(new IllegalStateException(previous() + " must call proceed() at most once"));
    }
    ExecutionChain rest = new ExecutionChain(turn, links, deadlineLink, index + 1, state, next,
        link instanceof ExecutionStep);
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
      if (r != null && rest.proceeded == 0) {
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
