package dev.loadout.core.net;

import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The one daemon thread that enforces call deadlines by cancelling requests whose time is up. A blocked
 * socket read cannot be given a new deadline from outside, but closing its connection ends it at once.
 * Cancelled alarms are removed so a busy client does not fill the queue.
 */
final class DeadlineTimer {
  static final ScheduledThreadPoolExecutor INSTANCE = create();

  private DeadlineTimer() {}

  private static ScheduledThreadPoolExecutor create() {
    ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "loadout-http-deadline");
      t.setDaemon(true);
      return t;
    });
    timer.setRemoveOnCancelPolicy(true);
    return timer;
  }
}
