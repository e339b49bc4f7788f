package dev.loadout.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** What a campaign saw: how much it ran, and every breach of an invariant with its first examples. */
final class Outcomes {
  private static final int EXAMPLES = 10;

  final LongAdder calls = new LongAdder();
  final LongAdder bodies = new LongAdder();
  final LongAdder urls = new LongAdder();
  final LongAdder pages = new LongAdder();
  final LongAdder configs = new LongAdder();
  final LongAdder successes = new LongAdder();
  final LongAdder offline = new LongAdder();
  /** Breaches by kind. */
  private final Map<String, LongAdder> breaches = new ConcurrentHashMap<>();
  private final List<String> examples = Collections.synchronizedList(new ArrayList<>());
  /** Failure codes seen, for the report. */
  final Map<String, LongAdder> codes = new ConcurrentHashMap<>();

  /** Records one breach: "uncaught", "undocumented_code", "late", "config_crash", "thread_left". */
  void breach(String kind, String example) {
    breaches.computeIfAbsent(kind, k -> new LongAdder()).increment();
    if (examples.size() < EXAMPLES) {
      examples.add(kind + ": " + (example.length() > 300 ? example.substring(0, 300) + "…" : example));
    }
  }

  long breaches(String kind) {
    LongAdder a = breaches.get(kind);
    return a == null ? 0 : a.sum();
  }

  long totalBreaches() {
    return breaches.values().stream().mapToLong(LongAdder::sum).sum();
  }

  List<String> examples() {
    synchronized (examples) {
      return List.copyOf(examples);
    }
  }

  /** Calls whose tool threw (a documented outcome, but each is worth reading). */
  final List<String> toolErrors = Collections.synchronizedList(new ArrayList<>());

  void toolError(String call) {
    if (toolErrors.size() < EXAMPLES) {
      toolErrors.add(call.length() > 300 ? call.substring(0, 300) + "…" : call);
    }
  }

  void code(String code) {
    codes.computeIfAbsent(code, k -> new LongAdder()).increment();
  }

  /** The one summary line. */
  String summary(double seconds, long seed) {
    long n = calls.sum();
    return String.format(java.util.Locale.ROOT,
        "fuzz: %d calls in %.1f s (%.0f calls/s; %d succeeded, %d stopped offline), %d bodies, %d urls, %d pages, "
            + "%d configs; uncaught %d, undocumented codes %d, late %d, config crashes %d, threads left %d; seed %d",
        n, seconds, n / Math.max(seconds, 1e-9), successes.sum(), offline.sum(), bodies.sum(), urls.sum(), pages.sum(),
        configs.sum(), breaches("uncaught"), breaches("undocumented_code"), breaches("late"), breaches("config_crash"),
        breaches("thread_left"), seed);
  }
}
