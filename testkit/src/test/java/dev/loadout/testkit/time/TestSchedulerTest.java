package dev.loadout.testkit.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class TestSchedulerTest {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  final TestClock clock = TestClock.at(T0);
  final TestScheduler scheduler = TestScheduler.on(clock);
  final List<String> log = Collections.synchronizedList(new ArrayList<>());

  Runnable note(String what) {
    return () -> log.add(what + "@" + Duration.between(T0, clock.instant()).toSeconds());
  }

  @Test
  void nothingRunsUntilTheTestAdvances() {
    scheduler.schedule(note("a"), 0, TimeUnit.SECONDS);
    scheduler.schedule(note("b"), 10, TimeUnit.SECONDS);
    assertThat(log).isEmpty();
    assertThat(scheduler.pendingTasks()).isEqualTo(2);
    assertThat(scheduler.nextDue()).contains(T0);
    assertThat(scheduler.advance(Duration.ofSeconds(9))).isEqualTo(1);
    assertThat(log).containsExactly("a@0");
    assertThat(clock.instant()).isEqualTo(T0.plusSeconds(9));
    assertThat(scheduler.nextDue()).contains(T0.plusSeconds(10));
  }

  @Test
  void tasksRunInDueOrderWithTheClockAtTheirDueInstantAndTiesInSubmissionOrder() {
    scheduler.schedule(note("late"), 30, TimeUnit.SECONDS);
    scheduler.schedule(note("tie1"), 20, TimeUnit.SECONDS);
    scheduler.schedule(note("early"), 5, TimeUnit.SECONDS);
    scheduler.schedule(note("tie2"), 20_000, TimeUnit.MILLISECONDS);
    assertThat(scheduler.advance(Duration.ofMinutes(1))).isEqualTo(4);
    assertThat(log).containsExactly("early@5", "tie1@20", "tie2@20", "late@30");
    assertThat(clock.instant()).as("the clock ends at the end of the advance").isEqualTo(T0.plusSeconds(60));
    assertThat(scheduler.pendingTasks()).isZero();
    assertThat(scheduler.nextDue()).isEmpty();
  }

  @Test
  void aTaskScheduledFromARunningTaskRunsWhenItsTimeComes() {
    // A retry with back-off, scheduled by the attempt that failed.
    scheduler.schedule(() -> {
      log.add("attempt@" + Duration.between(T0, clock.instant()).toSeconds());
      scheduler.schedule(note("retry"), 30, TimeUnit.SECONDS);
      scheduler.execute(note("now"));
    }, 10, TimeUnit.SECONDS);
    scheduler.advance(Duration.ofSeconds(20));
    assertThat(log).containsExactly("attempt@10", "now@10");
    scheduler.advance(Duration.ofSeconds(20));
    assertThat(log).containsExactly("attempt@10", "now@10", "retry@40");
  }

  @Test
  void aFixedRateTaskRunsOncePerPeriodFromItsPreviousDueInstant() {
    ScheduledFuture<?> f = scheduler.scheduleAtFixedRate(note("tick"), 10, 60, TimeUnit.SECONDS);
    assertThat(scheduler.advance(Duration.ofMinutes(3))).isEqualTo(3);
    assertThat(log).containsExactly("tick@10", "tick@70", "tick@130");
    assertThat(f.isDone()).isFalse();
    assertThat(f.getDelay(TimeUnit.SECONDS)).isEqualTo(10);
    assertThat(f.cancel(false)).isTrue();
    assertThat(f.isCancelled()).isTrue();
    assertThat(f.isDone()).isTrue();
    assertThat(scheduler.advance(Duration.ofMinutes(3))).isZero();
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void aFixedDelayTaskIsReArmedFromTheClockAfterItsRun() {
    // The task itself takes five seconds of test time.
    scheduler.scheduleWithFixedDelay(() -> {
      note("poll").run();
      clock.advance(Duration.ofSeconds(5));
    }, 0, 10, TimeUnit.SECONDS);
    scheduler.advance(Duration.ofSeconds(40));
    assertThat(log).containsExactly("poll@0", "poll@15", "poll@30");
    assertThat(scheduler.nextDue()).contains(T0.plusSeconds(45));
  }

  @Test
  void aPeriodicTaskMayCancelItselfWhileRunning() {
    ScheduledFuture<?>[] self = new ScheduledFuture<?>[1];
    self[0] = scheduler.scheduleAtFixedRate(() -> {
      note("once").run();
      self[0].cancel(false);
    }, 1, 1, TimeUnit.SECONDS);
    scheduler.advance(Duration.ofSeconds(10));
    assertThat(log).containsExactly("once@1");
    assertThat(self[0].isCancelled()).isTrue();
  }

  @Test
  void executeAndSubmitAreDueNowAndRunAtTheNextRunDueTasks() throws Exception {
    scheduler.execute(note("executed"));
    Future<String> submitted = scheduler.submit(() -> "answer");
    Future<?> runnable = scheduler.submit(note("submitted"));
    Future<Integer> withResult = scheduler.submit(note("with result"), 7);
    assertThat(log).isEmpty();
    assertThat(submitted.isDone()).isFalse();
    assertThat(scheduler.runDueTasks()).isEqualTo(4);
    assertThat(log).containsExactly("executed@0", "submitted@0", "with result@0");
    assertThat(submitted.get()).isEqualTo("answer");
    assertThat(runnable.get()).isNull();
    assertThat(withResult.get()).isEqualTo(7);
    assertThat(clock.instant()).isEqualTo(T0);
  }

  @Test
  void runDueTasksRunsWhatAnAdvanceOfTheClockItselfMadeDue() {
    scheduler.schedule(note("due"), 1, TimeUnit.MINUTES);
    scheduler.schedule(note("not yet"), 2, TimeUnit.MINUTES);
    clock.advance(Duration.ofSeconds(90));
    assertThat(log).isEmpty();
    assertThat(scheduler.runDueTasks()).isEqualTo(1);
    assertThat(log).containsExactly("due@90");
  }

  @Test
  void aThrowingTaskIsRecordedAndDoesNotStopTheOthers() {
    ScheduledFuture<?> bad = scheduler.schedule(() -> {
      throw new IllegalStateException("boom");
    }, 1, TimeUnit.SECONDS);
    ScheduledFuture<?> periodic = scheduler.scheduleAtFixedRate(() -> {
      throw new AssertionError("periodic check failed");
    }, 2, 1, TimeUnit.SECONDS);
    scheduler.schedule(note("after"), 3, TimeUnit.SECONDS);
    scheduler.advance(Duration.ofSeconds(10));
    assertThat(log).containsExactly("after@3");
    assertThat(scheduler.failures()).extracting(Throwable::getMessage).containsExactly("boom", "periodic check failed");
    assertThatThrownBy(bad::get).isInstanceOf(ExecutionException.class).hasCauseInstanceOf(IllegalStateException.class);
    assertThat(periodic.isDone()).as("a periodic task that throws is not run again").isTrue();
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void getOfATaskThatHasNotRunFailsAtOnceInsteadOfBlockingForever() {
    ScheduledFuture<String> f = scheduler.schedule(() -> "later", 5, TimeUnit.SECONDS);
    assertThatThrownBy(f::get).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("due at 2026-03-01T12:00:05Z has not run").hasMessageContaining("advance");
    assertThatThrownBy(() -> f.get(10, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
    assertThat(f.getDelay(TimeUnit.MILLISECONDS)).isEqualTo(5_000);
    clock.advance(Duration.ofSeconds(7));
    assertThat(f.getDelay(TimeUnit.SECONDS)).isEqualTo(-2);
  }

  @Test
  void aTimedGetWaitsWhileAnotherThreadAdvances() throws Exception {
    ScheduledFuture<String> f = scheduler.schedule(() -> "ran", 5, TimeUnit.SECONDS);
    Thread advancer = new Thread(() -> scheduler.advance(Duration.ofSeconds(5)));
    advancer.setDaemon(true);
    advancer.start();
    assertThat(f.get(20, TimeUnit.SECONDS)).isEqualTo("ran");
    advancer.join();
  }

  @Test
  void aCancelledTaskNeverRunsAndItsFutureSaysSo() {
    ScheduledFuture<?> f = scheduler.schedule(note("cancelled"), 5, TimeUnit.SECONDS);
    assertThat(f.cancel(true)).isTrue();
    assertThat(f.cancel(true)).isFalse();
    assertThat(scheduler.pendingTasks()).isZero();
    scheduler.advance(Duration.ofSeconds(10));
    assertThat(log).isEmpty();
    assertThatThrownBy(f::get).isInstanceOf(CancellationException.class);
    ScheduledFuture<?> done = scheduler.schedule(note("done"), 0, TimeUnit.SECONDS);
    scheduler.runDueTasks();
    assertThat(done.cancel(false)).as("a finished task cannot be cancelled").isFalse();
    assertThat(done.isCancelled()).isFalse();
  }

  @Test
  void shutdownRefusesNewTasksRunsDelayedOnesAndDropsPeriodicOnes() {
    scheduler.schedule(note("delayed"), 5, TimeUnit.SECONDS);
    ScheduledFuture<?> periodic = scheduler.scheduleAtFixedRate(note("periodic"), 1, 1, TimeUnit.SECONDS);
    scheduler.shutdown();
    assertThat(scheduler.isShutdown()).isTrue();
    assertThat(periodic.isCancelled()).isTrue();
    assertThatThrownBy(() -> scheduler.execute(note("refused"))).isInstanceOf(RejectedExecutionException.class);
    assertThat(scheduler.isTerminated()).isFalse();
    assertThat(scheduler.awaitTermination(1, TimeUnit.DAYS)).as("answers at once").isFalse();
    scheduler.advance(Duration.ofSeconds(10));
    assertThat(log).containsExactly("delayed@5");
    assertThat(scheduler.isTerminated()).isTrue();
    assertThat(scheduler.awaitTermination(0, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void shutdownNowHandsBackThePendingTasksUnrun() {
    scheduler.schedule(note("a"), 5, TimeUnit.SECONDS);
    scheduler.execute(note("b"));
    List<Runnable> pending = scheduler.shutdownNow();
    assertThat(pending).hasSize(2);
    assertThat(scheduler.isTerminated()).isTrue();
    scheduler.advance(Duration.ofSeconds(10));
    assertThat(log).isEmpty();
    pending.forEach(Runnable::run);
    assertThat(log).containsExactly("b@10", "a@10");
  }

  @Test
  void invokeAllAndInvokeAnyRunOnTheCallingThreadAtOnce() throws Exception {
    Thread test = Thread.currentThread();
    List<Future<Boolean>> all = scheduler.invokeAll(List.of(() -> Thread.currentThread() == test, () -> true));
    assertThat(all).allSatisfy(f -> assertThat(f.get()).isTrue());
    String any = scheduler.invokeAny(List.of(() -> {
      throw new IllegalStateException("first fails");
    }, () -> "second"));
    assertThat(any).isEqualTo("second");
  }

  @Test
  void advancingFromInsideATaskIsRefused() {
    scheduler.execute(() -> scheduler.advance(Duration.ofSeconds(1)));
    scheduler.runDueTasks();
    assertThat(scheduler.failures()).singleElement().isInstanceOf(IllegalStateException.class)
        .extracting(Throwable::getMessage).asString().contains("advance() was called from a task");
  }

  @Test
  void aTaskThatKeepsSchedulingDueWorkIsStoppedWithAClearMessage() {
    Runnable[] again = new Runnable[1];
    again[0] = () -> scheduler.execute(again[0]);
    scheduler.execute(again[0]);
    assertThatThrownBy(scheduler::runDueTasks).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("keeps scheduling work that is already due");
  }

  @Test
  void badArgumentsAreRefused() {
    assertThatThrownBy(() -> TestScheduler.on(null)).hasMessageContaining("needs a TestClock");
    assertThatThrownBy(() -> scheduler.advance(Duration.ofSeconds(-1))).hasMessageContaining("PT-1S");
    assertThatThrownBy(() -> scheduler.scheduleAtFixedRate(note("x"), 0, 0, TimeUnit.SECONDS))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("period must be positive, but was 0");
    assertThatThrownBy(() -> scheduler.schedule((Runnable) null, 1, TimeUnit.SECONDS))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void aHugeDelayMeansNeverRatherThanAnOverflow() {
    ScheduledFuture<?> f = scheduler.schedule(note("never"), Long.MAX_VALUE, TimeUnit.DAYS);
    assertThat(f.getDelay(TimeUnit.NANOSECONDS)).isEqualTo(Long.MAX_VALUE);
    scheduler.advance(Duration.ofDays(365_000));
    assertThat(log).isEmpty();
  }
}
