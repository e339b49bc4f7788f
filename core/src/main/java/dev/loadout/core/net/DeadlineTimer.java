package dev.loadout.core.net;

import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Enforces one client's call deadlines by cancelling requests whose time is up: a blocked socket read cannot be
 * given a new deadline from outside, but closing its connection ends it at once.
 *
 * <p>One daemon watchdog thread scans the client's calls in flight every {@value #TICK_MILLIS} ms instead of a
 * scheduler alarm per call: arming and disarming is then a concurrent-set insert and remove, with no thread
 * wake-up on the request path (a scheduled alarm per request cost a context switch each, about 5 % of a
 * loopback fetch). Deadlines fire up to one tick late.
 *
 * <p>The watchdog belongs to the client, not to the JVM: it starts with the first call, exits after a second
 * without calls (the next call starts a new one), and {@link #close()} ends it before returning. A watchdog that
 * is about to exit re-checks for calls armed meanwhile, so a call never waits on a watchdog that has gone.
 */
final class DeadlineTimer implements AutoCloseable {
  static final long TICK_MILLIS = 10;
  static final String THREAD_NAME = "loadout-http-deadline";
  private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final long CLOSE_WAIT_MILLIS = 5_000;
  private static final AtomicInteger NUMBER = new AtomicInteger();

  /** A call in flight; {@link #close()} disarms it. */
  final class Alarm implements AutoCloseable {
    final long deadline;
    final Runnable action;

    Alarm(long deadline, Runnable action) {
      this.deadline = deadline;
      this.action = action;
    }

    @Override
    public void close() {
      armed.remove(this);
    }
  }

  private final Set<Alarm> armed = ConcurrentHashMap.newKeySet();
  private final AtomicReference<Thread> watchdog = new AtomicReference<>();
  private volatile boolean closed;

  /** Runs {@code action} once {@link System#nanoTime()} passes {@code deadline}, unless closed first. */
  Alarm arm(long deadline, Runnable action) {
    Alarm alarm = new Alarm(deadline, action);
    armed.add(alarm);
    if (watchdog.get() == null && !closed) {
      Thread t = new Thread(this::watch, THREAD_NAME + "-" + NUMBER.incrementAndGet());
      t.setDaemon(true);
      if (watchdog.compareAndSet(null, t)) {
        t.start();
      }
    }
    return alarm;
  }

  private void watch() {
    Thread self = Thread.currentThread();
    long lastBusy = System.nanoTime();
    while (!closed) {
      long now = System.nanoTime();
      if (armed.isEmpty()) {
        if (now - lastBusy > IDLE_NANOS) {
          watchdog.compareAndSet(self, null);
          // A call armed before the line above saw this thread and started none: carry on for it, unless a
          // call armed after it already started the next watchdog.
          if (armed.isEmpty() || !watchdog.compareAndSet(null, self)) {
            return;
          }
          lastBusy = now;
        }
      } else {
        lastBusy = now;
        for (Iterator<Alarm> it = armed.iterator(); it.hasNext(); ) {
          Alarm alarm = it.next();
          if (now - alarm.deadline >= 0) {
            it.remove();
            try {
              alarm.action.run();
            } catch (RuntimeException e) {
              // Cancelling a request cannot fail in a way the watchdog could act on; keep watching.
            }
          }
        }
      }
      pauseOneTick();
    }
    watchdog.compareAndSet(self, null);
  }

  /** Waits one tick, or less when {@link #close()} wakes the watchdog early; only the pace of the loop. */
  private void pauseOneTick() {
    LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS));
  }

  /** Cuts the watchdog's current tick short, so {@link #close()} returns without waiting out the tick. */
  private static void wakeEarly(Thread watchdog) {
    LockSupport.unpark(watchdog);
  }

  /** Ends the watchdog and waits for it (a few milliseconds; at most five seconds). Idempotent. */
  @Override
  public void close() {
    closed = true;
    Thread t = watchdog.get();
    if (t == null || t == Thread.currentThread()) {
      return;
    }
    wakeEarly(t);
    try {
      t.join(CLOSE_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
