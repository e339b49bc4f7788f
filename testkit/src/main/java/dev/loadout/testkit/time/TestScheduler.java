package dev.loadout.testkit.time;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apiguardian.api.API;

/**
 * A {@link ScheduledExecutorService} on a {@link TestClock} that runs nothing on its own. Scheduling
 * records a task with the instant it falls due on that clock; the test then moves time with {@link
 * #advance(Duration)}, which runs every task that falls due on the way, on the test's own thread.
 *
 * <pre>{@code
 * TestClock clock = TestClock.create();
 * TestScheduler scheduler = TestScheduler.on(clock);
 * // hand clock and scheduler to the code under test, then:
 * scheduler.advance(Duration.ofMinutes(5));   // runs what falls due within five minutes, in order
 * assertThat(scheduler.failures()).isEmpty();
 * }</pre>
 *
 * <h2>How time moves</h2>
 * {@link #advance(Duration)} steps the clock from due instant to due instant: before each task runs, the
 * clock reads the instant it fell due, so the task sees the time it was meant to run at. Tasks run in due
 * order; tasks due at the same instant run in the order they were first scheduled. A task scheduled by a
 * running task (a retry, a re-check) runs in the same {@code advance} if it falls due before the end of
 * it. A periodic task is re-armed after each run: at a fixed rate from its previous due instant (so a long
 * advance runs it once per period), or with a fixed delay from the clock after its run. When the last due
 * task has run, the clock reads the end of the advance. {@link #runDueTasks()} runs what is due without
 * moving the clock, for when the test moved the {@link TestClock} itself.
 *
 * <p>{@link #execute(Runnable)} and the {@code submit} methods schedule a task due now: it runs at the
 * next {@code runDueTasks()} or {@code advance}, not at once. {@code invokeAll} and {@code invokeAny} must
 * return results, so they run their tasks on the calling thread at once.
 *
 * <h2>Futures</h2>
 * The returned {@link ScheduledFuture}s support {@code cancel}, {@code isDone} and {@link
 * ScheduledFuture#getDelay(TimeUnit) getDelay} by the test clock. Since nothing runs on its own, an
 * untimed {@code get()} of a task that has not run throws {@link IllegalStateException} at once instead of
 * waiting forever (it waits only while another thread is running the task); {@code get(timeout, unit)}
 * waits up to the caller's timeout for another thread to advance the scheduler, then throws {@link
 * java.util.concurrent.TimeoutException}.
 *
 * <h2>Failures</h2>
 * A task that throws (an {@link AssertionError} included) does not stop the others: its throwable is
 * recorded in {@link #failures()} and logged as a warning, its future fails with an {@link
 * ExecutionException}, and a periodic task is not run again (as with the JDK's scheduled executor). Assert
 * {@code failures()} is empty at the end of a test that expects none.
 *
 * <h2>Shutting down</h2>
 * After {@link #shutdown()} new tasks are refused with {@link RejectedExecutionException}; delayed one-shot
 * tasks already scheduled still run when their time comes, periodic ones are cancelled. {@link
 * #shutdownNow()} also takes every pending task out and returns it without running or cancelling it.
 * {@link #awaitTermination(long, TimeUnit)} answers at once: no thread of the scheduler could end a wait.
 *
 * <p>It works as Caffeine's scheduler ({@code Scheduler.forScheduledExecutorService(scheduler)}, with
 * {@code ticker(clock::nanoTime)}) and for any code that is given a {@code ScheduledExecutorService}.
 * Thread-safe: tasks may be scheduled and cancelled from any thread; tasks run on whichever thread calls
 * {@code advance} or {@code runDueTasks}, one call at a time.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TestScheduler implements ScheduledExecutorService {
  /** A call that runs more tasks than this has a task that keeps scheduling work already due. */
  static final int MAX_RUNS_PER_CALL = 100_000;
  private static final System.Logger LOG = System.getLogger(TestScheduler.class.getName());

  private final TestClock clock;
  private final Object lock = new Object();
  private final PriorityQueue<ScheduledTask<?>> queue = new PriorityQueue<>();
  private final List<Throwable> failures = new ArrayList<>();
  // One run at a time, so tasks keep their order; held by the thread that runs them.
  private final ReentrantLock running = new ReentrantLock();
  private long sequence;
  private boolean shutdown;

  private TestScheduler(TestClock clock) {
    this.clock = clock;
  }

  /**
   * A scheduler on this clock, with nothing scheduled.
   *
   * @throws IllegalArgumentException if {@code clock} is null
   */
  public static TestScheduler on(TestClock clock) {
    if (clock == null) {
      throw new IllegalArgumentException("a TestScheduler needs a TestClock");
    }
    return new TestScheduler(clock);
  }

  /** The clock this scheduler reads and moves. */
  public TestClock clock() {
    return clock;
  }

  // ---- moving time

  /**
   * Moves the clock forward by this amount, step by step, running every task that falls due on the way.
   *
   * @param amount zero (then it runs what is due now) or positive
   * @return how many task runs there were (a periodic task counts once per run)
   * @throws IllegalArgumentException if {@code amount} is null or negative
   * @throws IllegalStateException if called from a task this scheduler is running, or a task keeps
   *     scheduling work that is already due (more than {@value #MAX_RUNS_PER_CALL} runs in one call)
   */
  public int advance(Duration amount) {
    if (amount == null || amount.isNegative()) {
      throw new IllegalArgumentException("a scheduler advances by zero or more, but was " + amount);
    }
    enter("advance");
    try {
      Instant end = ScheduledTask.plus(clock.instant(), amount);
      int ran = runUntil(end);
      clock.moveForwardTo(end);
      return ran;
    } finally {
      running.unlock();
    }
  }

  /**
   * Runs every task due at the clock's current time (and those they schedule that are due too), without
   * moving the clock.
   *
   * @return how many task runs there were
   * @throws IllegalStateException as for {@link #advance(Duration)}
   */
  public int runDueTasks() {
    enter("runDueTasks");
    try {
      return runUntil(null);
    } finally {
      running.unlock();
    }
  }

  /** How many tasks wait to run (a periodic task counts once), cancelled ones not included. */
  public int pendingTasks() {
    synchronized (lock) {
      return queue.size();
    }
  }

  /** When the next pending task falls due; empty if none waits. */
  public Optional<Instant> nextDue() {
    synchronized (lock) {
      return Optional.ofNullable(queue.peek()).map(ScheduledTask::due);
    }
  }

  /** Every throwable a task has thrown so far, in the order they were thrown. */
  public List<Throwable> failures() {
    synchronized (lock) {
      return List.copyOf(failures);
    }
  }

  private void enter(String what) {
    if (running.isHeldByCurrentThread()) {
      throw new IllegalStateException(what + "() was called from a task the TestScheduler is running; "
          + "schedule the work instead");
    }
    running.lock();
  }

  /** Runs tasks due at or before {@code end}, or before the clock's time as it moves if {@code end} is null. */
  private int runUntil(Instant end) {
    int ran = 0;
    while (true) {
      ScheduledTask<?> next;
      synchronized (lock) {
        next = queue.peek();
        if (next == null || next.due().isAfter(end != null ? end : clock.instant())) {
          return ran;
        }
        queue.poll();
      }
      if (++ran > MAX_RUNS_PER_CALL) {
        throw new IllegalStateException("the TestScheduler ran " + MAX_RUNS_PER_CALL + " tasks in one call at "
            + clock.instant() + ": a task keeps scheduling work that is already due, next " + next);
      }
      clock.moveForwardTo(next.due());
      if (next.runOnce()) {
        synchronized (lock) {
          if (shutdown) {
            next.abandon();
          } else if (!next.isCancelled()) {
            next.rearm(clock.instant());
            queue.add(next);
          }
        }
      }
    }
  }

  // ---- ScheduledExecutorService

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    return enqueue(Executors.callable(Objects.requireNonNull(command, "command")), delay, unit, Duration.ZERO);
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    return enqueue(Objects.requireNonNull(callable, "callable"), delay, unit, Duration.ZERO);
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
    return enqueue(Executors.callable(Objects.requireNonNull(command, "command")), initialDelay, unit,
        ScheduledTask.positive("period", period, unit));
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
    return enqueue(Executors.callable(Objects.requireNonNull(command, "command")), initialDelay, unit,
        ScheduledTask.positive("delay", delay, unit).negated());
  }

  /** Schedules the command due now: it runs at the next {@link #runDueTasks()} or {@link #advance}. */
  @Override
  public void execute(Runnable command) {
    schedule(command, 0, TimeUnit.NANOSECONDS);
  }

  /** Schedules the task due now: it runs at the next {@link #runDueTasks()} or {@link #advance}. */
  @Override
  public <T> Future<T> submit(Callable<T> task) {
    return schedule(task, 0, TimeUnit.NANOSECONDS);
  }

  /** Schedules the task due now: it runs at the next {@link #runDueTasks()} or {@link #advance}. */
  @Override
  public Future<?> submit(Runnable task) {
    return schedule(task, 0, TimeUnit.NANOSECONDS);
  }

  /** Schedules the task due now: it runs at the next {@link #runDueTasks()} or {@link #advance}. */
  @Override
  public <T> Future<T> submit(Runnable task, T result) {
    return schedule(Executors.callable(Objects.requireNonNull(task, "task"), result), 0, TimeUnit.NANOSECONDS);
  }

  /** Runs the tasks on the calling thread, one after another, and returns their completed futures. */
  @Override
  public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) {
    List<Future<T>> done = new ArrayList<>();
    for (Callable<T> task : List.copyOf(tasks)) {
      ScheduledTask<T> t = create(Objects.requireNonNull(task, "task"), clock.instant(), Duration.ZERO);
      t.runOnce();
      done.add(t);
    }
    return done;
  }

  /** As {@link #invokeAll(Collection)}: the tasks run at once, so the timeout is never reached. */
  @Override
  public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit) {
    return invokeAll(tasks);
  }

  /**
   * Runs the tasks on the calling thread in order until one succeeds, and returns its result. Like any
   * task, one that throws on the way is recorded in {@link #failures()}.
   */
  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks) throws ExecutionException, InterruptedException {
    ExecutionException last = null;
    for (Callable<T> task : List.copyOf(tasks)) {
      ScheduledTask<T> t = create(Objects.requireNonNull(task, "task"), clock.instant(), Duration.ZERO);
      t.runOnce();
      try {
        return t.get();
      } catch (ExecutionException e) {
        last = e;
      }
    }
    if (last == null) {
      throw new IllegalArgumentException("invokeAny needs at least one task");
    }
    throw last;
  }

  /** As {@link #invokeAny(Collection)}: the tasks run at once, so the timeout is never reached. */
  @Override
  public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
      throws ExecutionException, InterruptedException {
    return invokeAny(tasks);
  }

  @Override
  public void shutdown() {
    synchronized (lock) {
      shutdown = true;
      queue.removeIf(t -> {
        if (t.isPeriodic()) {
          t.abandon();
          return true;
        }
        return false;
      });
    }
  }

  /** Shuts down and returns every pending task, neither run nor cancelled. */
  @Override
  public List<Runnable> shutdownNow() {
    synchronized (lock) {
      shutdown = true;
      List<Runnable> pending = new ArrayList<>();
      while (!queue.isEmpty()) {
        pending.add(queue.poll());
      }
      return pending;
    }
  }

  @Override
  public boolean isShutdown() {
    synchronized (lock) {
      return shutdown;
    }
  }

  /** Shut down, nothing pending and nothing running. */
  @Override
  public boolean isTerminated() {
    synchronized (lock) {
      return shutdown && queue.isEmpty() && !running.isLocked();
    }
  }

  /** Answers {@link #isTerminated()} at once: only an {@code advance} could change the answer. */
  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return isTerminated();
  }

  // ---- plumbing for the tasks

  void recordFailure(ScheduledTask<?> task, Throwable thrown) {
    synchronized (lock) {
      failures.add(thrown);
    }
    LOG.log(System.Logger.Level.WARNING, () -> "a task of the TestScheduler failed at " + clock.instant()
        + " (see failures()): " + task, thrown);
  }

  void remove(ScheduledTask<?> task) {
    synchronized (lock) {
      queue.remove(task);
    }
  }

  private <V> ScheduledTask<V> enqueue(Callable<V> callable, long delay, TimeUnit unit, Duration period) {
    Objects.requireNonNull(unit, "unit");
    synchronized (lock) {
      // A negative delay means now, as with the JDK's scheduled executor.
      Instant due = ScheduledTask.plus(clock.instant(), ScheduledTask.duration(Math.max(0, delay), unit));
      ScheduledTask<V> task = create(callable, due, period);
      queue.add(task);
      return task;
    }
  }

  private <V> ScheduledTask<V> create(Callable<V> callable, Instant due, Duration period) {
    synchronized (lock) {
      if (shutdown) {
        throw new RejectedExecutionException("the TestScheduler is shut down");
      }
      return new ScheduledTask<>(this, callable, due, period, sequence++);
    }
  }

  @Override
  public String toString() {
    synchronized (lock) {
      return "TestScheduler[" + clock.instant() + ", pending=" + queue.size() + (shutdown ? ", shut down" : "") + "]";
    }
  }
}
