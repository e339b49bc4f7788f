package dev.loadout.core.net;

import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Enforces call deadlines by cancelling requests whose time is up: a blocked socket read cannot be given a
 * new deadline from outside, but closing its connection ends it at once.
 *
 * <p>One daemon watchdog thread scans the calls in flight every {@value #TICK_MILLIS} ms instead of a
 * scheduler alarm per call: arming and disarming is then a concurrent-set insert and remove, with no thread
 * wake-up on the request path (a scheduled alarm per request cost a context switch each, about 5 % of a
 * loopback fetch). Deadlines fire up to one tick late. The watchdog parks after a second without calls and
 * is woken by the next one.
 */
final class DeadlineTimer {
  static final long TICK_MILLIS = 10;
  private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** A call in flight; {@link #close()} disarms it. */
  static final class Alarm implements AutoCloseable {
    final long deadline;
    final Runnable action;

    Alarm(long deadline, Runnable action) {
      this.deadline = deadline;
      this.action = action;
    }

    @Override
    public void close() {
      ARMED.remove(this);
    }
  }

  private static final Set<Alarm> ARMED = ConcurrentHashMap.newKeySet();
  private static volatile boolean parked;
  private static final Thread WATCHDOG = start();

  private DeadlineTimer() {}

  /** Runs {@code action} once {@link System#nanoTime()} passes {@code deadline}, unless closed first. */
  static Alarm arm(long deadline, Runnable action) {
    Alarm alarm = new Alarm(deadline, action);
    ARMED.add(alarm);
    if (parked) {
      LockSupport.unpark(WATCHDOG);
    }
    return alarm;
  }

  private static Thread start() {
    Thread t = new Thread(DeadlineTimer::watch, "loadout-http-deadline");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void watch() {
    long lastBusy = System.nanoTime();
    while (true) {
      long now = System.nanoTime();
      if (ARMED.isEmpty()) {
        if (now - lastBusy > IDLE_NANOS) {
          parked = true;
          if (ARMED.isEmpty()) {
            LockSupport.park(DeadlineTimer.class);
          }
          parked = false;
          lastBusy = System.nanoTime();
          continue;
        }
      } else {
        lastBusy = now;
        for (Iterator<Alarm> it = ARMED.iterator(); it.hasNext(); ) {
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
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS));
    }
  }
}
