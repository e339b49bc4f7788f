package dev.loadout.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The measured durations of one phase's turns, kept whole (not binned): a phase is at most some ten
 * thousand turns, and the tail is the point, so every sample stays exact. Each turn has its wall time (what
 * the host waits) and the CPU time its thread spent in it: on a shared machine a turn whose wall time is far
 * above its CPU time was off the CPU, and its context switches say whether it waited or was preempted.
 * Turns slower than {@link #SLOW_NANOS} are also kept whole, so a spike can be matched against the GC pauses
 * that {@link GcPauses} saw.
 */
final class TurnTimes {
  /** Turns at least this slow are kept with their start time. */
  static final long SLOW_NANOS = 1_000_000;

  /**
   * One measured turn.
   *
   * @param startNanos when it started, by {@link System#nanoTime()}
   * @param nanos its wall time
   * @param gatherNanos the wall time of the manager's {@code sourcesFor} inside it
   * @param cpuNanos its thread's CPU time over the turn
   * @param bytes what its thread allocated
   * @param sourcesChanged whether it met changed sources (a server went down or its reason changed: a new routing)
   * @param waits the thread's voluntary context switches in the turn (it waited: a lock, a park, a safepoint)
   * @param preemptions the involuntary ones (the scheduler gave its CPU to another thread)
   */
  record Turn(long startNanos, long nanos, long gatherNanos, long cpuNanos, long bytes, boolean sourcesChanged,
      long waits, long preemptions) {}

  private final String name;
  private long[] nanos = new long[1024];
  private long[] cpu = new long[1024];
  private long[] gather = new long[1024];
  private long allocated;
  private int size;
  private final List<Turn> slow = new ArrayList<>();
  /** Indexes of the turns whose sources changed (a server went down, or its reason changed). */
  private final List<Integer> changes = new ArrayList<>();

  TurnTimes(String name) {
    this.name = name;
  }

  void add(Turn t) {
    if (t.sourcesChanged()) {
      changes.add(size);
    }
    if (size == nanos.length) {
      nanos = Arrays.copyOf(nanos, size * 2);
      cpu = Arrays.copyOf(cpu, size * 2);
      gather = Arrays.copyOf(gather, size * 2);
    }
    gather[size] = t.gatherNanos();
    nanos[size] = t.nanos();
    cpu[size++] = t.cpuNanos();
    allocated += t.bytes();
    if (t.nanos() >= SLOW_NANOS) {
      slow.add(t);
    }
  }

  String name() {
    return name;
  }

  int size() {
    return size;
  }

  List<Turn> slow() {
    return slow;
  }

  /** The nearest-rank percentile of wall time in nanoseconds ({@code p} from 0 to 100); 0 without turns. */
  long percentile(double p) {
    return percentile(nanos, size, p);
  }

  long cpuPercentile(double p) {
    return percentile(cpu, size, p);
  }

  private static long percentile(long[] values, int n, double p) {
    if (n == 0) {
      return 0;
    }
    long[] sorted = Arrays.copyOf(values, n);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p / 100.0 * n);
    return sorted[Math.min(n, Math.max(1, rank)) - 1];
  }

  /**
   * The CPU-time median of each run of {@code per} consecutive turns, in order, as {@code [a,b,…]us}: how the
   * cost of a turn moves through a phase (after a server dies, the JIT recompiles the paths that were never
   * taken while it was healthy).
   */
  String cpuTrend(int per) {
    StringBuilder b = new StringBuilder("[");
    for (int from = 0; from < size; from += per) {
      int n = Math.min(per, size - from);
      b.append(from == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.1f",
          percentile(Arrays.copyOfRange(cpu, from, from + n), n, 50) / 1_000.0));
    }
    return b.append("]us").toString();
  }

  long max() {
    return percentile(100);
  }

  long cpuMax() {
    return cpuPercentile(100);
  }

  /**
   * {@code turns=… p50=…us p99=…us max=…us}, the same of CPU time, the gather's share and the bytes allocated
   * per turn; where some turns met changed sources, also how many, the slowest of them, and the p99 of the others.
   */
  String summary() {
    String s = "turns=" + size + " p50=" + micros(percentile(50)) + " p99=" + micros(percentile(99)) + " max="
        + micros(max()) + " cpuP50=" + micros(cpuPercentile(50)) + " cpuP99=" + micros(cpuPercentile(99)) + " cpuMax="
        + micros(cpuMax()) + " gatherP50=" + micros(percentile(gather, size, 50)) + " gatherP99="
        + micros(percentile(gather, size, 99)) + " alloc=" + (size == 0 ? 0 : allocated / size) + "B";
    if (changes.isEmpty()) {
      return s;
    }
    long changeMax = 0;
    long[] steady = new long[size - changes.size()];
    for (int i = 0, c = 0, k = 0; i < size; i++) {
      if (c < changes.size() && changes.get(c) == i) {
        changeMax = Math.max(changeMax, nanos[i]);
        c++;
      } else {
        steady[k++] = nanos[i];
      }
    }
    Arrays.sort(steady);
    long steadyP99 = steady.length == 0 ? 0 : steady[Math.max(0, (int) Math.ceil(0.99 * steady.length) - 1)];
    return s + " changes=" + changes.size() + " changeMax=" + micros(changeMax) + " otherP99=" + micros(steadyP99);
  }

  /** Microseconds with one decimal and the unit, as every printed line writes a duration. */
  static String micros(long nanos) {
    return String.format(Locale.ROOT, "%.1fus", nanos / 1_000.0);
  }

  /** Milliseconds with one decimal and the unit. */
  static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.1fms", nanos / 1_000_000.0);
  }
}
