package dev.loadout.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The collections the JVM reports while a harness runs, so a slow turn can be told apart: Loadout's own
 * time, or a collection that stopped every thread. Asking the MX beans on every turn would cost more than
 * a warm turn, so this listens to the JVM's collection notifications instead and matches slow turns against
 * them afterwards. The JVM times collections in milliseconds on a clock of its own, whose zero is not the
 * runtime bean's uptime (tens of milliseconds apart here), so the offset to {@link System#nanoTime()} is
 * learnt from the notifications themselves: each arrives just after its collection ended, and the smallest
 * gap seen is the best estimate. Matching allows {@link #SLACK_MS} either side.
 */
final class GcPauses implements AutoCloseable {
  static final long SLACK_MS = 2;

  /** One collection, in milliseconds since the JVM started. */
  record Pause(String gc, String action, long startMs, long endMs) {
    long millis() {
      return endMs - startMs;
    }
  }

  private final List<Pause> pauses = new CopyOnWriteArrayList<>();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = this::heard;
  /** {@code nanoTime} milliseconds minus the collections' milliseconds, the smallest seen so far. */
  private volatile long offsetMs = Long.MAX_VALUE;

  GcPauses() {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter) {
        NotificationEmitter e = (NotificationEmitter) gc;
        e.addNotificationListener(listener, null, null);
        emitters.add(e);
      }
    }
  }

  private void heard(Notification n, Object handback) {
    if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
      return;
    }
    long heardMs = System.nanoTime() / 1_000_000;
    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
    offsetMs = Math.min(offsetMs, heardMs - info.getGcInfo().getEndTime());
    pauses.add(new Pause(info.getGcName(), info.getGcAction(), info.getGcInfo().getStartTime(),
        info.getGcInfo().getEndTime()));
  }

  /** A {@code nanoTime} instant on the collections' clock. */
  private long uptimeMs(long nanos) {
    return nanos / 1_000_000 - offsetMs;
  }

  /** The collections that started within this stretch of {@link System#nanoTime()}. */
  List<Pause> within(long fromNanos, long toNanos) {
    long from = uptimeMs(fromNanos);
    long to = uptimeMs(toNanos);
    List<Pause> out = new ArrayList<>();
    for (Pause p : pauses) {
      if (p.startMs() >= from - SLACK_MS && p.startMs() <= to + SLACK_MS) {
        out.add(p);
      }
    }
    return out;
  }

  /** The collection that overlaps a turn, or null. */
  Pause overlapping(long startNanos, long nanos) {
    long from = uptimeMs(startNanos);
    long to = uptimeMs(startNanos + nanos);
    for (Pause p : pauses) {
      if (p.endMs() >= from - SLACK_MS && p.startMs() <= to + SLACK_MS) {
        return p;
      }
    }
    return null;
  }

  /** {@code gcs=<count> gcMax=<ms>} for a stretch. */
  String describe(long fromNanos, long toNanos) {
    List<Pause> in = within(fromNanos, toNanos);
    long max = in.stream().mapToLong(Pause::millis).max().orElse(0);
    return "gcs=" + in.size() + " gcMax=" + max + "ms";
  }

  @Override
  public void close() {
    for (NotificationEmitter e : emitters) {
      try {
        e.removeNotificationListener(listener);
      } catch (ListenerNotFoundException ignored) {
        // Never added: nothing to remove.
      }
    }
  }
}
