package dev.loadout.testkit.time;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.Objects;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One task of a {@link TestScheduler} and its future. The scheduler decides when it runs and re-arms a
 * periodic one; the task keeps its own state under its own monitor, so a test thread can wait on
 * {@link #get(long, TimeUnit)} while another thread runs it.
 */
final class ScheduledTask<V> implements RunnableScheduledFuture<V> {
  private enum State { PENDING, RUNNING, SUCCEEDED, FAILED, CANCELLED }

  private final TestScheduler owner;
  private final Callable<V> callable;
  private final long sequence;
  /** Positive: fixed rate; negative: fixed delay (its magnitude); zero: one-shot (as in the JDK's executor). */
  private final Duration period;
  private volatile Instant due;
  private State state = State.PENDING;
  private Thread runner;
  private V result;
  private Throwable failure;

  ScheduledTask(TestScheduler owner, Callable<V> callable, Instant due, Duration period, long sequence) {
    this.owner = owner;
    this.callable = callable;
    this.due = due;
    this.period = period;
    this.sequence = sequence;
  }

  Instant due() {
    return due;
  }

  long sequence() {
    return sequence;
  }

  /**
   * Runs the task once on the calling thread.
   *
   * @return whether a periodic task should be re-armed: it ran without throwing and was not cancelled
   */
  boolean runOnce() {
    synchronized (this) {
      if (state != State.PENDING) {
        return false;
      }
      state = State.RUNNING;
      runner = Thread.currentThread();
    }
    V value = null;
    Throwable thrown = null;
    try {
      value = callable.call();
    } catch (Throwable t) { // a task's failure, assertions included, is recorded, never lost
      thrown = t;
    }
    if (thrown != null) {
      owner.recordFailure(this, thrown);
    }
    synchronized (this) {
      runner = null;
      boolean again = false;
      if (state == State.RUNNING) {
        if (thrown != null) {
          state = State.FAILED;
          failure = thrown;
        } else if (isPeriodic()) {
          state = State.PENDING;
          again = true;
        } else {
          state = State.SUCCEEDED;
          result = value;
        }
      }
      notifyAll();
      return again;
    }
  }

  /** Sets the next due instant of a periodic task that just ran, the clock now reading {@code now}. */
  void rearm(Instant now) {
    due = period.isNegative() ? plus(now, period.negated()) : plus(due, period);
  }

  /** The scheduler shut down: a periodic task will not run again. */
  synchronized void abandon() {
    if (state == State.PENDING) {
      state = State.CANCELLED;
      notifyAll();
    }
  }

  @Override
  public void run() {
    runOnce();
  }

  @Override
  public boolean isPeriodic() {
    return !period.isZero();
  }

  @Override
  public long getDelay(TimeUnit unit) {
    return unit.convert(Duration.between(owner.clock().instant(), due));
  }

  @Override
  public int compareTo(Delayed other) {
    if (other == this) {
      return 0;
    }
    if (other instanceof ScheduledTask) {
      ScheduledTask<?> o = (ScheduledTask<?>) other;
      int byDue = due.compareTo(o.due);
      return byDue != 0 ? byDue : Long.compare(sequence, o.sequence);
    }
    return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
  }

  /** Succeeds unless the task already finished; a run in progress finishes, but its outcome is dropped. */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    synchronized (this) {
      if (state != State.PENDING && state != State.RUNNING) {
        return false;
      }
      state = State.CANCELLED;
      notifyAll();
    }
    owner.remove(this);
    return true;
  }

  @Override
  public synchronized boolean isCancelled() {
    return state == State.CANCELLED;
  }

  @Override
  public synchronized boolean isDone() {
    return state == State.SUCCEEDED || state == State.FAILED || state == State.CANCELLED;
  }

  /**
   * The result if the task has run; waits only while another thread is running it.
   *
   * @throws IllegalStateException if the task has not run yet, or is running on this very thread: nothing
   *     runs on its own, so waiting would be forever
   */
  @Override
  public synchronized V get() throws InterruptedException, ExecutionException {
    while (state == State.RUNNING && runner != Thread.currentThread()) {
      wait();
    }
    if (state == State.PENDING || state == State.RUNNING) {
      throw new IllegalStateException("the task due at " + due + " has not "
          + (state == State.PENDING ? "run" : "finished") + "; advance the TestScheduler (clock at "
          + owner.clock().instant() + ") first, or wait with get(timeout, unit) while another thread does");
    }
    return outcome();
  }

  /** Waits up to the caller's timeout for another thread to run the task. */
  @Override
  public synchronized V get(long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    while (!isDone()) {
      long left = deadline - System.nanoTime();
      if (left <= 0 || runner == Thread.currentThread()) {
        throw new TimeoutException("the task due at " + due + " did not run within " + timeout + " " + unit);
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return outcome();
  }

  private V outcome() throws ExecutionException {
    if (state == State.CANCELLED) {
      throw new CancellationException("the task due at " + due + " was cancelled");
    }
    if (state == State.FAILED) {
      throw new ExecutionException(failure);
    }
    return result;
  }

  static Duration positive(String name, long amount, TimeUnit unit) {
    Objects.requireNonNull(unit, "unit");
    if (amount <= 0) {
      throw new IllegalArgumentException("a " + name + " must be positive, but was " + amount + " " + unit);
    }
    return duration(amount, unit);
  }

  static Duration duration(long amount, TimeUnit unit) {
    try {
      return Duration.of(amount, unit.toChronoUnit());
    } catch (ArithmeticException e) {
      return Duration.ofSeconds(Long.MAX_VALUE); // "never", in practice
    }
  }

  /** {@code t + d}, saturating at {@link Instant#MAX}: a delay of {@code Long.MAX_VALUE} days means never. */
  static Instant plus(Instant t, Duration d) {
    try {
      return t.plus(d);
    } catch (DateTimeException | ArithmeticException e) {
      return Instant.MAX;
    }
  }

  @Override
  public synchronized String toString() {
    return "ScheduledTask[due=" + due + (isPeriodic() ? ", periodic" : "") + ", " + state + "]";
  }
}
