package dev.loadout.core;

import dev.loadout.core.store.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A scheduler that runs nothing on its own: {@link #advance(Duration)} moves the clock and runs what fell due, on the
 * test's thread. Only one-shot {@code schedule(Runnable, ...)} is supported; core tests cannot use the testkit's.
 */
final class ManualScheduler extends AbstractExecutorService implements ScheduledExecutorService {
  private final MutableClock clock;
  private final List<Task> tasks = new ArrayList<>();
  private long now;

  ManualScheduler(MutableClock clock) {
    this.clock = clock;
  }

  /** Tasks waiting, not cancelled. */
  synchronized int pending() {
    return (int) tasks.stream().filter(t -> !t.cancelled).count();
  }

  void advance(Duration by) {
    long end;
    synchronized (this) {
      end = now + by.toNanos();
    }
    while (true) {
      Task due = null;
      synchronized (this) {
        for (Task t : tasks) {
          if (!t.cancelled && t.at <= end && (due == null || t.at < due.at)) {
            due = t;
          }
        }
        if (due == null) {
          clock.advance(Duration.ofNanos(end - now));
          now = end;
          return;
        }
        tasks.remove(due);
        clock.advance(Duration.ofNanos(due.at - now));
        now = due.at;
      }
      due.run.run();
    }
  }

  @Override
  public synchronized ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Task t = new Task(now + unit.toNanos(delay), command);
    tasks.add(t);
    return t;
  }

  private final class Task implements ScheduledFuture<Object> {
    final long at;
    final Runnable run;
    volatile boolean cancelled;

    Task(long at, Runnable run) {
      this.at = at;
      this.run = run;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(at - now, TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed o) {
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), o.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public boolean cancel(boolean mayInterrupt) {
      cancelled = true;
      return true;
    }

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public boolean isDone() {
      return cancelled;
    }

    @Override
    public Object get() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Object get(long timeout, TimeUnit unit) {
      throw new UnsupportedOperationException();
    }
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void shutdown() {}

  @Override
  public List<Runnable> shutdownNow() {
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    return false;
  }

  @Override
  public boolean isTerminated() {
    return false;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return true;
  }

  @Override
  public void execute(Runnable command) {
    command.run();
  }
}
