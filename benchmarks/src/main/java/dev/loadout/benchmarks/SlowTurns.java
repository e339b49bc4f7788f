package dev.loadout.benchmarks;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Why the slow turns of a run were slow, one printed line each: a collection overlapped the turn ({@code gc});
 * or its thread was mostly off the CPU, either preempted (involuntary context switches: the scheduler gave the
 * core to another thread) or waiting (only voluntary ones: a safepoint, a lock, a park); or it was working the
 * whole time ({@code onCpu}). Only the last is the code's own time. Each line carries the turn's wall-clock
 * time of day, to find it in a GC or safepoint log or a JFR recording.
 */
final class SlowTurns {
  private static final DateTimeFormatter TIME_OF_DAY = DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
      .withZone(ZoneOffset.UTC);

  private final GcPauses gc;
  private final long anchorMillis = System.currentTimeMillis();
  private final long anchorNanos = System.nanoTime();
  private final List<String> lines = new ArrayList<>();

  SlowTurns(GcPauses gc) {
    this.gc = gc;
  }

  String why(TurnTimes.Turn t) {
    if (gc.overlapping(t.startNanos(), t.nanos()) != null) {
      return "gc";
    }
    if (t.cpuNanos() >= t.nanos() / 2) {
      return "onCpu";
    }
    return t.preemptions() > 0 ? "preempted" : t.waits() > 0 ? "waited" : "offCpu";
  }

  /** {@code over=<n>(<why>=<n>,…)}: how many turns of these phases took longer than the limit, and why. */
  String explain(List<TurnTimes> phases, long limit) {
    Map<String, Integer> by = new TreeMap<>();
    int over = 0;
    for (TurnTimes t : phases) {
      for (TurnTimes.Turn s : t.slow()) {
        if (s.nanos() > limit) {
          over++;
          by.merge(why(s), 1, Integer::sum);
        }
      }
    }
    return "over=" + over + by.toString().replace(" ", "").replace('{', '(').replace('}', ')');
  }

  /** Adds a line for every slow turn of the phase. */
  void note(TurnTimes t) {
    for (TurnTimes.Turn s : t.slow()) {
      GcPauses.Pause pause = gc.overlapping(s.startNanos(), s.nanos());
      lines.add("phase=" + t.name() + " at=" + wallClock(s.startNanos()) + " took=" + TurnTimes.millis(s.nanos())
          + " cpu=" + TurnTimes.millis(s.cpuNanos()) + " why=" + why(s) + " waits=" + s.waits() + " preemptions="
          + s.preemptions() + " changed=" + s.sourcesChanged()
          + (pause == null ? "" : " gc=" + pause.gc().replace(' ', '_') + "/" + pause.millis() + "ms"));
    }
  }

  List<String> lines() {
    return List.copyOf(lines);
  }

  /** UTC time of day with milliseconds. */
  private String wallClock(long nanos) {
    return TIME_OF_DAY.format(Instant.ofEpochMilli(anchorMillis + (nanos - anchorNanos) / 1_000_000));
  }
}
