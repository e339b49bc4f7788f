package dev.loadout.benchmarks;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.ToolRegistry;
import dev.loadout.mcp.BreakerState;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpTestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A timed harness, not JMH: what a guild MCP server's death costs the turns of a {@link Loadout}. JMH measures
 * one steady operation; here the point is a sequence (healthy, one server dies, the turns right after, then
 * cooldown cycles with background probes until it comes back), each phase a distribution of its own, so every
 * turn is timed with {@link System#nanoTime()} and kept. See {@link McpHealthScenario} for the phases.
 *
 * <p>Targets (issue 13): the p99 of {@code prepare} over the 1,000 turns after the death stays within 2× the
 * healthy p99 (no turn pays a connect timeout), and over 10 cooldown cycles no turn exceeds 5 ms; the server,
 * back before the last cycle, has its tools back after that cycle's probe without an operator.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.loadout.benchmarks.McpHealthBenchmark [key=value ...]
 * </pre>
 * Keys (defaults in {@link Options#DEFAULTS}): {@code deaths=killed,silent}, {@code warmup}, {@code healthy},
 * {@code after}, {@code cycles}, {@code paceUs}, {@code connectTimeoutMs}, {@code executionTimeoutMs},
 * {@code cooldownMs}, {@code maxCooldownMs}, {@code threshold}, {@code builtIns} (0 or 60). Every printed line
 * starts with {@code McpHealthBenchmark}, is {@code key=value} after its label, and gives durations with
 * their unit; the exit status is 1 if a target was missed.
 */
public final class McpHealthBenchmark {
  static final String NAME = "McpHealthBenchmark";
  /** The next turns' p99 may be at most this many times the healthy p99. */
  static final double MAX_P99_RATIO = 2.0;
  /** No turn of a cooldown cycle may take longer. */
  static final long MAX_CYCLE_TURN_NANOS = 5_000_000;
  /** Turns per point of the printed trend of the turns after the death. */
  static final int TREND = 100;

  private McpHealthBenchmark() {}

  /** How the server dies, and how it comes back. */
  enum Death {
    /** Killed: {@link McpTestServer#stop()}, as a killed process goes; back with a start on the same port. */
    KILLED("dead-killed"),
    /** Silent: every request accepted and never answered ({@link McpFault.HangEveryRequest}); back when cleared. */
    SILENT("dead-silent");

    final String label;

    Death(String label) {
      this.label = label;
    }

    void apply(McpTestServer s) {
      if (this == KILLED) {
        s.stop();
      } else {
        s.inject(new McpFault.HangEveryRequest());
      }
    }

    void revive(McpTestServer s) {
      if (this == KILLED) {
        s.start();
      } else {
        s.clearFaults();
      }
    }
  }

  /** The run's settings. */
  record Options(List<Death> deaths, int warmup, int healthy, int after, int cycles, long paceNanos,
      Duration connectTimeout, Duration executionTimeout, Duration cooldown, Duration maxCooldown, int threshold,
      int builtIns) {
    static final Options DEFAULTS = new Options(List.of(Death.KILLED, Death.SILENT), 20_000, 10_000, 1_000, 10, 200_000,
        Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMillis(50), Duration.ofMillis(200), 3, 0);

    static final Set<String> KEYS = Set.of("deaths", "warmup", "healthy", "after", "cycles", "paceUs",
        "connectTimeoutMs", "executionTimeoutMs", "cooldownMs", "maxCooldownMs", "threshold", "builtIns");

    static Options parse(String[] args) {
      Map<String, String> m = new HashMap<>();
      for (String a : args) {
        int eq = a.indexOf('=');
        if (eq < 1 || !KEYS.contains(a.substring(0, eq))) {
          throw new IllegalArgumentException("arguments are key=value with a key of " + KEYS + ", but got [" + a + "]");
        }
        m.put(a.substring(0, eq), a.substring(eq + 1));
      }
      Options d = DEFAULTS;
      List<Death> deaths = d.deaths;
      if (m.containsKey("deaths")) {
        deaths = new ArrayList<>();
        for (String s : m.get("deaths").split(",")) {
          deaths.add(Death.valueOf(s.strip().toUpperCase(Locale.ROOT)));
        }
      }
      Options o = new Options(List.copyOf(deaths), n(m, "warmup", d.warmup), n(m, "healthy", d.healthy),
          n(m, "after", d.after), n(m, "cycles", d.cycles), n(m, "paceUs", d.paceNanos / 1_000) * 1_000L,
          ms(m, "connectTimeoutMs", d.connectTimeout), ms(m, "executionTimeoutMs", d.executionTimeout),
          ms(m, "cooldownMs", d.cooldown), ms(m, "maxCooldownMs", d.maxCooldown), n(m, "threshold", d.threshold),
          n(m, "builtIns", d.builtIns));
      if (o.cycles < 2 || o.healthy < 1 || o.after < 1 || (o.builtIns != 0 && o.builtIns != Toolset.BUILT_INS)) {
        throw new IllegalArgumentException("cycles must be at least 2, healthy and after at least 1, builtIns 0 or "
            + Toolset.BUILT_INS + ", but got " + o.describe());
      }
      return o;
    }

    private static int n(Map<String, String> m, String key, long fallback) {
      String v = m.get(key);
      if (v == null) {
        return (int) fallback;
      }
      try {
        int n = Integer.parseInt(v.strip());
        if (n >= 0) {
          return n;
        }
      } catch (NumberFormatException ignored) {
        // reported below
      }
      throw new IllegalArgumentException(key + " must be a whole number, but was [" + v + "]");
    }

    private static Duration ms(Map<String, String> m, String key, Duration fallback) {
      return Duration.ofMillis(n(m, key, fallback.toMillis()));
    }

    String describe() {
      return "deaths=" + deaths.toString().replace(" ", "") + " servers=" + McpHealthScenario.SERVERS
          + " toolsPerServer=" + McpHealthScenario.TOOLS_PER_SERVER + " builtIns=" + builtIns + " warmup=" + warmup
          + " healthy=" + healthy + " after=" + after + " cycles=" + cycles + " pace=" + paceNanos / 1_000 + "us connectTimeout="
          + connectTimeout.toMillis() + "ms executionTimeout=" + executionTimeout.toMillis() + "ms cooldown="
          + cooldown.toMillis() + "ms maxCooldown=" + maxCooldown.toMillis() + "ms threshold=" + threshold;
    }
  }

  public static void main(String[] args) throws Exception {
    boolean passed = run(Options.parse(args), System.out::println);
    System.exit(passed ? 0 : 1);
  }

  /** Runs every death of the options, printing each line; true if every target was met. */
  static boolean run(Options o, Consumer<String> out) throws Exception {
    out.accept(NAME + " env cores=" + Runtime.getRuntime().availableProcessors() + " java="
        + System.getProperty("java.version") + " load=" + load() + " " + o.describe());
    boolean passed = true;
    for (Death d : o.deaths()) {
      McpHealthScenario.Result r;
      try (McpHealthScenario s = new McpHealthScenario(o, d, registry(o.builtIns()), o.builtIns())) {
        r = s.run();
      }
      passed &= report(o, r, out);
    }
    out.accept(NAME + " result " + (passed ? "PASS" : "FAIL") + " load=" + load());
    return passed;
  }

  /** No built-ins (the turn is all MCP, the strictest ratio) or the 60 built-ins of the 100-tool fixture. */
  static ToolRegistry registry(int builtIns) {
    if (builtIns == 0) {
      return ToolRegistry.builder().build();
    }
    Toolset toolset = Toolset.load();
    List<BaseTool> tools = new ArrayList<>();
    for (int i = 0; i < Toolset.BUILT_INS; i++) {
      tools.add(FixtureTool.of(toolset.spec(i), Variants.rule(toolset.name(i))));
    }
    return ToolRegistry.builder().register(tools.toArray(new BaseTool[0])).build();
  }

  static boolean report(Options o, McpHealthScenario.Result r, Consumer<String> out) {
    String p = NAME + " " + r.death().label + " ";
    out.accept(p + "healthy " + r.healthy().summary() + " " + r.healthyGc());
    out.accept(p + "detect " + r.detect().summary() + " calls=" + r.calls().toString().replace(" ", "")
        + " hiddenAfter=" + TurnTimes.millis(r.detectedAfterNanos()));
    double ratio = r.next().percentile(99) / (double) Math.max(1, r.healthy().percentile(99));
    double cpuRatio = r.next().cpuPercentile(99) / (double) Math.max(1, r.healthy().cpuPercentile(99));
    out.accept(p + "next" + o.after() + " " + r.next().summary()
        + String.format(Locale.ROOT, " ratio=%.2f cpuRatio=%.2f", ratio, cpuRatio) + " hidden=" + r.hiddenCodes() + " "
        + r.nextGc());
    out.accept(p + "next" + o.after() + " trend per=" + TREND + " cpuP50=" + r.next().cpuTrend(TREND));
    out.accept(p + "gap " + r.gap().summary());
    long cycleMax = 0;
    for (McpHealthScenario.Cycle c : r.cycles()) {
      cycleMax = Math.max(cycleMax, c.turns().max());
      out.accept(p + "cooldown cycle " + c.number() + " " + c.turns().summary() + " duringProbe=" + c.duringProbe()
          + " quarantine=" + TurnTimes.millis(c.quarantineNanos()) + " probe=" + TurnTimes.millis(c.probeNanos())
          + " outcome=" + c.outcome() + " " + c.gc());
    }
    cycleMax = Math.max(cycleMax, r.back().max());
    McpHealthScenario.Cycle last = r.cycles().get(r.cycles().size() - 1);
    out.accept(p + "back " + r.back().summary() + " revivedBeforeLastProbe=" + r.revivedBeforeLastProbe()
        + " toolsBackAfterRevival=" + TurnTimes.millis(r.backAfterNanos()) + " call=" + r.backCall());
    r.slow().forEach(s -> out.accept(p + "slow " + s));
    boolean ratioOk = ratio <= MAX_P99_RATIO;
    boolean noConnectWait = r.maxAfterDeath() < o.connectTimeout().toNanos();
    boolean cyclesOk = cycleMax <= MAX_CYCLE_TURN_NANOS;
    boolean backOk = last.outcome() == BreakerState.CLOSED && r.backCall().ok();
    out.accept(p + String.format(Locale.ROOT, "target next%d-p99-within-2x-healthy ratio=%.2f limit=%.2f %s", o.after(),
        ratio, MAX_P99_RATIO, verdict(ratioOk)));
    out.accept(p + "target no-turn-pays-a-connect-timeout max=" + TurnTimes.millis(r.maxAfterDeath()) + " limit="
        + o.connectTimeout().toMillis() + "ms " + verdict(noConnectWait));
    out.accept(p + "target cooldown-cycles-no-turn-over-5ms max=" + TurnTimes.millis(cycleMax) + " limit="
        + TurnTimes.millis(MAX_CYCLE_TURN_NANOS) + " " + r.cyclesOverLimit() + " " + verdict(cyclesOk));
    out.accept(p + "target tools-back-after-last-cycle outcome=" + last.outcome() + " call=" + r.backCall() + " "
        + verdict(backOk));
    return ratioOk && noConnectWait && cyclesOk && backOk;
  }

  private static String verdict(boolean ok) {
    return ok ? "PASS" : "FAIL";
  }

  /** The load average as {@code uptime} prints it (1, 5, 15 minutes), or "unknown" off Linux. */
  static String load() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + "," + f[1] + "," + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }
}
