package dev.loadout.core;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The call's deadline (the variant's timeout, else the Loadout's default), around the tool interceptors and the
 * tool: the call is answered {@code timeout} when it passes, and the tool's run is cancelled (interrupted). The
 * stage is completed exactly once: by the tool, by the deadline, or by a rejection, whichever comes first.
 */
final class DeadlineStep implements ExecutionStep {
  static final DeadlineStep INSTANCE = new DeadlineStep();

  private DeadlineStep() {}

  @Override
  public CompletionStage<ToolResult> intercept(Chain chain) {
    ExecutionChain c = ExecutionStep.chain(chain);
    CallState state = c.state();
    Loadout loadout = c.turn().loadout();
    ToolSpec variant = c.turn().variant(state.toolIndex);
    CompletableFuture<ToolResult> answered = new CompletableFuture<>();
    state.answered = answered;
    Duration timeout = variant.timeout().orElse(loadout.defaultTimeout);
    ScheduledFuture<?> deadline;
    try {
      deadline = loadout.scheduler.schedule(() -> {
        if (answered.complete(ToolResult.failure(ToolResult.TIMEOUT,
            "Tool '" + variant.name() + "' did not finish within " + timeout.toMillis() + " ms.", true))) {
          java.util.concurrent.Future<?> running = state.running;
          if (running != null) {
            running.cancel(true);
          }
        }
      }, timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      return CompletableFuture.completedFuture(ToolExecution.notStarted(variant, "scheduler"));
    }
    answered.whenComplete((r, e) -> deadline.cancel(false));
    CompletionStage<ToolResult> inner = chain.proceed(chain.call());
    if (inner != answered) {
      inner.whenComplete((result, error) -> {
        if (error != null) {
          answered.completeExceptionally(error);
        } else {
          answered.complete(result);
        }
      });
    }
    return answered;
  }
}
