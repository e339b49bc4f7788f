package dev.loadout.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The long run: {@code -calls N} tool calls (default 1,000,000), with bodies, URLs, pages and configs in proportion,
 * from {@code -seed S} (default 42); prints one summary line and any examples of breaches, and exits 1 when there
 * was one. Run it with the soak command of {@code docs/hostile-input.md}.
 */
public final class Soak {
  private Soak() {}

  public static void main(String[] args) throws Exception {
    long calls = 1_000_000;
    long seed = 42;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "-calls": calls = Long.parseLong(args[i + 1]); break;
        case "-seed": seed = Long.parseLong(args[i + 1]); break;
        default: throw new IllegalArgumentException("usage: Soak [-calls N] [-seed S], but got " + args[i]);
      }
    }
    Outcomes out = run(calls, seed);
    for (String example : out.examples()) {
      System.out.println("  " + example);
    }
    System.exit(out.totalBreaches() == 0 ? 0 : 1);
  }

  /** Runs a whole campaign, closes the bot, checks for threads left, and prints the summary line. */
  static Outcomes run(long calls, long seed) throws Exception {
    Outcomes out = new Outcomes();
    Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
    long start = System.nanoTime();
    try (FuzzBot bot = new FuzzBot()) {
      Campaign campaign = new Campaign(bot, out);
      long done = 0;
      long round = 0;
      while (done < calls) {
        int n = (int) Math.min(20_000, calls - done);
        long s = seed * 1_000_003L + round++;
        campaign.calls(s, n);
        campaign.bodies(s, Math.max(1, n / 25));
        campaign.urls(s, Math.max(1, n / 50));
        campaign.pages(s, Math.max(1, n / 500));
        campaign.configs(s, Math.max(1, n / 100));
        done += n;
      }
    }
    threadsLeft(before, out);
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.println(out.summary(seconds, seed));
    return out;
  }

  /**
   * Every Loadout or fuzz thread started during the run must end once everything is closed. Shared daemons that
   * exit when idle get their idle time to do so (deep validation: two seconds).
   */
  static void threadsLeft(Set<Thread> before, Outcomes out) throws InterruptedException {
    List<Thread> started = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (!before.contains(t) && (t.getName().startsWith("loadout-") || t.getName().startsWith("fuzz-"))) {
        started.add(t);
      }
    }
    long until = System.nanoTime() + 10_000_000_000L;
    for (Thread t : started) {
      t.join(Math.max(1, (until - System.nanoTime()) / 1_000_000));
      if (t.isAlive()) {
        out.breach("thread_left", t.getName());
      }
    }
  }
}
