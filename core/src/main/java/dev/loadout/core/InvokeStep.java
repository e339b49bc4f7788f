package dev.loadout.core;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The innermost step: the tool itself, on the Loadout's executor. Whatever the tool does (throws, returns null,
 * fails its stage) the call is answered {@code tool_error}; a call a tool interceptor changed is checked again
 * first, so no interceptor can hand a tool arguments its schema refuses.
 */
final class InvokeStep implements ExecutionStep {
  static final InvokeStep INSTANCE = new InvokeStep();

  private InvokeStep() {}

  @Override
  public CompletionStage<ToolResult> intercept(Chain chain) {
    ExecutionChain c = ExecutionStep.chain(chain);
    CallState state = c.state();
    PreparedTurn turn = c.turn();
    ToolCall call = chain.call();
    if (call != state.validated) {
      String shown = turn.variant(state.toolIndex).name();
      if (!call.name().equals(shown)) {
        return CompletableFuture.failedFuture(new IllegalStateException("a tool interceptor passed on a call to '"
            + ToolExecution.printable(call.name()) + "' in place of one to '" + shown
            + "'; tool interceptors may change a call's arguments, not its tool"));
      }
      ToolResult refused = recheck(turn, state, call);
      if (refused != null) {
        return CompletableFuture.completedFuture(refused);
      }
      call = state.validated;
    }
    return run(turn, turn.tool(state.toolIndex), turn.variant(state.toolIndex), call, state);
  }

  /** A call a tool interceptor passed on instead of the checked one, to the same tool: its arguments checked again. */
  private static ToolResult recheck(PreparedTurn turn, CallState state, ToolCall call) {
    ParseStep.Reading reading = ParseStep.read(turn, call, state.toolIndex);
    if (reading.refused() != null) {
      return reading.refused();
    }
    ValidateStep.Checked checked = ValidateStep.check(turn, call, state.toolIndex, reading.arguments());
    if (checked.refused() != null) {
      return checked.refused();
    }
    state.validated = checked.call();
    return null;
  }

  private static CompletionStage<ToolResult> run(PreparedTurn turn, BaseTool tool, ToolSpec variant, ToolCall call,
      CallState state) {
    Loadout loadout = turn.loadout();
    CompletableFuture<ToolResult> answered = state.answered;
    // Without tool interceptors between them, the tool answers the deadline's stage itself: one stage less per call.
    CompletableFuture<ToolResult> out = answered != null && loadout.links[loadout.deadlineLink + 1] == INSTANCE
        ? answered : new CompletableFuture<>();
    // A fatal error is answered at once like any other, then rethrown to the executor's thread (outside the
    // FutureTask, which would keep it), where the host's uncaught-exception handling decides what happens.
    AtomicReference<Error> fatal = new AtomicReference<>();
    FutureTask<Void> task = new FutureTask<>(() -> {
      if (answered != null && answered.isDone()) {
        return; // the deadline passed before the executor got to it
      }
      CompletionStage<ToolResult> stage = null;
      Throwable thrown = null;
      TurnEvents events = turn.events();
      events.toolRunStart(turn, call);
      try {
        stage = tool.execute(call, turn.toolContext());
      } catch (Throwable e) {
        thrown = e;
      } finally {
        // Before the answer: a listener's scope on this thread (a span made current) closes before the call ends.
        events.toolRunEnd(turn, call);
      }
      if (thrown != null) {
        out.complete(ToolExecution.toolError(variant, call, thrown));
        if (ToolExecution.isFatal(thrown)) {
          fatal.set((Error) thrown);
        }
        return;
      }
      if (stage == null) {
        out.complete(ToolExecution.toolError(variant, call, new IllegalStateException("execute returned null")));
        return;
      }
      stage.whenComplete((result, error) -> {
        if (error != null) {
          out.complete(ToolExecution.toolError(variant, call, error));
        } else if (result == null) {
          out.complete(ToolExecution.toolError(variant, call, new IllegalStateException("execute completed with null")));
        } else {
          out.complete(result);
        }
      });
    }, null);
    state.running = task;
    try {
      loadout.executor.execute(() -> {
        task.run();
        Error e = fatal.getAndSet(null);
        if (e != null) {
          throw e;
        }
      });
    } catch (RejectedExecutionException e) {
      return CompletableFuture.completedFuture(ToolExecution.notStarted(variant, "executor"));
    }
    return out;
  }
}
