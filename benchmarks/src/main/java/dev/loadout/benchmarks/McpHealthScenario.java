package dev.loadout.benchmarks;

import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.BreakerState;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.mcp.InMemoryMcpRegistrationStore;
import dev.loadout.mcp.McpRegistration;
import dev.loadout.mcp.McpSettings;
import dev.loadout.mcp.ServerType;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * One run of {@link McpHealthBenchmark} for one way of dying: five in-JVM MCP servers (Streamable HTTP on
 * 127.0.0.1, eight tools each, named apart so none collide) registered for one guild, a
 * {@link GuildMcpManager} on the real clock and its own scheduler, and a {@link Loadout} whose turns gather
 * them. Every measured turn is {@code loadout.prepare(turn)}, paced by {@code pace} so the background threads
 * (probes, reconnects, the servers) get the CPU a bot's idle time would give them.
 *
 * <p>Phases, each a stream of timed turns: warm-up (not kept), healthy, then the victim dies and a bot thread
 * calls one of its tools while the model still sees them (turns go on meanwhile: "detect"), then the next
 * turns once its tools are hidden ("next"), then whole cooldown cycles cut out by the breaker's own events: a
 * cycle runs from the end of one background probe to the end of the next, so it holds one quarantine and one
 * probe. After cycle {@code cycles - 1} the victim comes back (between turns, untimed); the last cycle's probe
 * must connect it, and the turns after it must show its tools again and a call must be answered.
 */
final class McpHealthScenario implements AutoCloseable {
  static final String GUILD = "health-guild";
  static final TurnContext TURN = TurnContext.builder("openai", "gpt-bench").guildId(GUILD).build();
  static final int SERVERS = 5;
  static final int TOOLS_PER_SERVER = 8;
  /** The server that dies: the middle one, so it is neither the first nor the last source of a turn. */
  static final int VICTIM = 2;
  private static final String TEXT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}";
  private static final String ARGS = "{\"text\":\"bench\"}";

  /** What one cooldown cycle showed. */
  record Cycle(int number, TurnTimes turns, int duringProbe, long quarantineNanos, long probeNanos,
      BreakerState outcome, String gc) {}

  /** Everything one run measured. */
  record Result(McpHealthBenchmark.Death death, TurnTimes healthy, String healthyGc, TurnTimes detect,
      List<Call> calls, long detectedAfterNanos, TurnTimes next, String nextGc, String hiddenCodes, TurnTimes gap,
      List<Cycle> cycles, boolean revivedBeforeLastProbe, TurnTimes back, long backAfterNanos, Call backCall,
      long maxAfterDeath, String cyclesOverLimit, List<String> slow) {}

  private final McpHealthBenchmark.Options o;
  private final McpHealthBenchmark.Death death;
  private final List<McpTestServer> servers = new ArrayList<>();
  private final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  private final BreakerWatch watch;
  private final GuildMcpManager manager;
  private final Loadout loadout;
  private final GcPauses gc = new GcPauses();
  private final SlowTurns slow = new SlowTurns(gc);
  private final int expected;
  private volatile PreparedTurn latest;
  private final com.sun.management.ThreadMXBean threads =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  /** The last turn, for the phase the caller files it under. */
  private TurnTimes.Turn last;
  private Object lastReason;
  private ContextSwitches switches;
  /** How long the last turn's {@code sourcesFor} took; written and read by the turn thread only. */
  private long gatherNanos;

  McpHealthScenario(McpHealthBenchmark.Options o, McpHealthBenchmark.Death death, ToolRegistry registry, int builtIns) {
    this.o = o;
    this.death = death;
    long victimId = 0;
    for (int i = 0; i < SERVERS; i++) {
      McpTestServer s = server(i).start();
      servers.add(s);
      McpRegistration r = store.insert(McpRegistration.draft(GUILD, "srv-" + i, s.streamableUrl(), "tok-" + i,
          ServerType.GENERAL, null)).orElseThrow();
      victimId = i == VICTIM ? r.id() : victimId;
    }
    this.expected = builtIns + SERVERS * TOOLS_PER_SERVER;
    this.watch = new BreakerWatch(GUILD, victimId);
    McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(o.connectTimeout())
        .executionTimeout(o.executionTimeout()).failureCooldown(o.cooldown()).maxFailureCooldown(o.maxCooldown())
        .failureThreshold(o.threshold()).build();
    this.manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development())).settings(settings)
        .listener(watch).build();
    // The manager as Loadout calls it, timed: what part of a turn is the gather, and what part the rest of prepare.
    this.loadout = Loadout.builder(registry).externalTools(context -> {
      long start = System.nanoTime();
      List<ToolSource> sources = manager.sourcesFor(context);
      gatherNanos = System.nanoTime() - start;
      return sources;
    }).build();
  }

  private static McpTestServer server(int i) {
    McpTestServer.Builder b = McpTestServer.builder().name("srv-" + i);
    for (int t = 0; t < TOOLS_PER_SERVER; t++) {
      String tool = "s" + i + "_tool_" + t;
      b.tool(tool, "Bench tool " + t + " of server " + i + ".", TEXT_SCHEMA,
          args -> McpReply.text(tool + ": " + args.get("text")));
    }
    return b.build();
  }

  static String victimTool(int t) {
    return "s" + VICTIM + "_tool_" + t;
  }

  Result run() throws Exception {
    switches = new ContextSwitches(); // opened by the turn thread: it describes that thread
    warmUp();
    TurnTimes healthy = new TurnTimes("healthy");
    long healthyFrom = System.nanoTime();
    for (int i = 0; i < o.healthy(); i++) {
      requireVisible(turn(healthy), expected, "a healthy turn");
    }
    long deathAt = System.nanoTime();
    String healthyGc = gc.describe(healthyFrom, deathAt);
    death.apply(servers.get(VICTIM));

    // A bot's model calls the dead server's tool while it is still shown; the turns go on meanwhile.
    TurnTimes detect = new TurnTimes("detect");
    List<Call> calls = new ArrayList<>();
    Thread bot = new Thread(() -> callWhileShown(calls), "bench-bot");
    bot.setDaemon(true);
    bot.start();
    long detectDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
        + (o.threshold() + 2) * (o.executionTimeout().toNanos() + o.connectTimeout().toNanos());
    PreparedTurn p = turn();
    while (shows(p)) {
      require(System.nanoTime() < detectDeadline,
          () -> "the dead server's tools were still shown after the bot's calls " + copy(calls));
      detect.add(last);
      p = turn();
    }
    // The first turn that no longer shows them is the first of the next ones.
    long detectedAfter = last.startNanos() - deathAt;
    TurnTimes next = new TurnTimes("next" + o.after());
    long nextFrom = last.startNanos();
    next.add(last);
    TreeSet<String> codes = new TreeSet<>(hiddenCodes(p));
    while (next.size() < o.after()) {
      p = turn(next);
      require(p.visible().size() == expected - TOOLS_PER_SERVER,
          () -> "the dead server's tools came back during the next turns");
    }
    codes.addAll(hiddenCodes(p));
    String nextGc = gc.describe(nextFrom, System.nanoTime());
    bot.join(TimeUnit.SECONDS.toMillis(30));

    TurnTimes gap = new TurnTimes("gap");
    while (watch.state() != BreakerState.OPEN) {
      require(System.nanoTime() < detectDeadline + cycleBound(),
          () -> "the dead server was never quarantined: " + watch.moves());
      turn(gap);
    }
    List<Cycle> cycles = new ArrayList<>();
    int base = watch.probesEnded();
    boolean revivedInTime = true;
    long revivedAt = 0;
    for (int k = 1; k <= o.cycles(); k++) {
      cycles.add(cycle(k, base + k));
      if (k == o.cycles() - 1) {
        death.revive(servers.get(VICTIM));
        revivedAt = System.nanoTime();
        revivedInTime = watch.probesStarted() < base + k + 1;
      }
    }
    // The last probe connected: the next turns must show the tools again, and a call must be answered.
    TurnTimes back = new TurnTimes("back");
    p = turn(back);
    while (!shows(p)) {
      require(System.nanoTime() - revivedAt < cycleBound(), () -> "the tools did not come back: " + watch.moves());
      p = turn(back);
    }
    long backAfter = System.nanoTime() - revivedAt;
    requireVisible(p, expected, "the turn after the server came back");
    PreparedTurn whole = p;
    require(whole.variant(victimTool(0)).isPresent(), () -> "the turn shows every tool but not the victim's: "
        + whole.visibleNames());
    Call backCall = call(p, victimTool(0));

    long maxAfter = Math.max(Math.max(detect.max(), next.max()), Math.max(gap.max(), back.max()));
    for (Cycle c : cycles) {
      maxAfter = Math.max(maxAfter, c.turns().max());
    }
    for (TurnTimes t : List.of(healthy, detect, next, gap, back)) {
      slow.note(t);
    }
    cycles.forEach(c -> slow.note(c.turns()));
    List<TurnTimes> cycleTurns = new ArrayList<>();
    cycles.forEach(c -> cycleTurns.add(c.turns()));
    cycleTurns.add(back);
    return new Result(death, healthy, healthyGc, detect, copy(calls), detectedAfter, next, nextGc,
        String.join("|", codes), gap, cycles,
        revivedInTime, back, backAfter, backCall, maxAfter,
        slow.explain(cycleTurns, McpHealthBenchmark.MAX_CYCLE_TURN_NANOS), slow.lines());
  }

  /** Turns until the {@code end}-th probe has ended; the cycle's quarantine and probe come from the breaker's moves. */
  private Cycle cycle(int k, int end) {
    TurnTimes t = new TurnTimes("cycle-" + k);
    long from = System.nanoTime();
    long deadline = from + cycleBound();
    int duringProbe = 0;
    while (watch.probesEnded() < end) {
      require(System.nanoTime() < deadline, () -> "cooldown cycle " + k + " did not end: " + watch.moves());
      boolean probing = watch.state() == BreakerState.HALF_OPEN;
      turn(t);
      duringProbe += probing ? 1 : 0;
    }
    // Moves alternate here: into OPEN, OPEN to HALF_OPEN (the probe starts), out of HALF_OPEN (it ends).
    List<BreakerWatch.Move> moves = watch.moves();
    int e = -1;
    for (int i = 0, ends = 0; i < moves.size() && e < 0; i++) {
      if (moves.get(i).from() == BreakerState.HALF_OPEN && ++ends == end) {
        e = i;
      }
    }
    require(e >= 2 && moves.get(e - 1).to() == BreakerState.HALF_OPEN && moves.get(e - 2).to() == BreakerState.OPEN,
        () -> "unexpected breaker moves " + moves);
    long quarantine = moves.get(e - 1).atNanos() - moves.get(e - 2).atNanos();
    long probe = moves.get(e).atNanos() - moves.get(e - 1).atNanos();
    BreakerState outcome = moves.get(e).to();
    return new Cycle(k, t, duringProbe, quarantine, probe, outcome, gc.describe(from, System.nanoTime()));
  }

  private long cycleBound() {
    return 3 * (o.maxCooldown().toNanos() + o.connectTimeout().toNanos()) + TimeUnit.SECONDS.toNanos(10);
  }

  /** Warm-up turns, with a call to every server now and then so the call path is warm too. */
  private void warmUp() throws Exception {
    TurnTimes discard = new TurnTimes("warm-up");
    PreparedTurn p = turn(discard);
    long deadline = System.nanoTime() + o.connectTimeout().toNanos() * 3 + TimeUnit.SECONDS.toNanos(10);
    while (p.visible().size() < expected && System.nanoTime() < deadline) {
      Thread.sleep(10); // first connects end on later turns
      p = turn(discard);
    }
    requireVisible(p, expected, "after the first connects");
    for (int i = 0; i < o.warmup(); i++) {
      p = turn(discard);
      if (i % 2_000 == 0) {
        int server = (i / 2_000) % SERVERS;
        Call c = call(p, "s" + server + "_tool_0");
        require(c.ok(), () -> "a warm-up call to server " + server + " failed: " + c);
      }
    }
  }

  /** One timed turn, then the pause before the next; its start and duration are left in the fields. */
  private PreparedTurn turn() {
    switches.read();
    long waits = switches.voluntary();
    long preemptions = switches.involuntary();
    long cpu = threads.getCurrentThreadCpuTime();
    long bytes = threads.getCurrentThreadAllocatedBytes();
    long start = System.nanoTime();
    PreparedTurn p = loadout.prepare(TURN);
    long took = System.nanoTime() - start;
    cpu = threads.getCurrentThreadCpuTime() - cpu;
    bytes = threads.getCurrentThreadAllocatedBytes() - bytes;
    switches.read();
    latest = p;
    // Outside the timing: did the dead server's reason change (a new source, so a new routing)?
    Object reason = p.visible().size() == expected ? null : p.hidden(victimTool(0)).orElse(null);
    last = new TurnTimes.Turn(start, took, gatherNanos, cpu, bytes, reason != lastReason && reason != null,
        switches.voluntary() - waits, switches.involuntary() - preemptions);
    lastReason = reason;
    LockSupport.parkNanos(o.paceNanos());
    return p;
  }

  private PreparedTurn turn(TurnTimes into) {
    PreparedTurn p = turn();
    into.add(last);
    return p;
  }

  /** The bot's side: calls the dead server's tool as long as the latest turn shows it, at most threshold + 1 times. */
  private void callWhileShown(List<Call> calls) {
    for (int i = 0; i <= o.threshold(); i++) {
      PreparedTurn p = latest;
      if (!shows(p)) {
        return;
      }
      Call c = call(p, victimTool(i % TOOLS_PER_SERVER));
      synchronized (calls) {
        calls.add(c);
      }
    }
  }

  /** One tool call as the host ran it: the tool, the failure code (null when answered), and how long it took. */
  record Call(String tool, String code, boolean retryable, long nanos) {
    boolean ok() {
      return code == null;
    }

    @Override
    public String toString() {
      return tool + ":" + (ok() ? "ok" : code + (retryable ? "(retryable)" : "")) + ":" + TurnTimes.millis(nanos);
    }
  }

  /** Runs one tool call through the prepared turn, as the host does with the model's call. */
  private Call call(PreparedTurn p, String tool) {
    long start = System.nanoTime();
    ToolResult r;
    try {
      r = p.execute(ToolCall.of("bench-" + start, tool, ARGS)).toCompletableFuture()
          .get(o.executionTimeout().toMillis() + 30_000, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      return new Call(tool, "threw_" + e.getClass().getSimpleName(), false, System.nanoTime() - start);
    }
    long took = System.nanoTime() - start;
    if (r.isSuccess()) {
      return new Call(tool, null, false, took);
    }
    ToolResult.Failure f = (ToolResult.Failure) r;
    return new Call(tool, f.code(), f.retryable(), took);
  }

  /** Whether a turn shows every server's tools; only the victim's can go missing here. */
  private boolean shows(PreparedTurn p) {
    return p != null && p.visible().size() == expected;
  }

  private static List<String> hiddenCodes(PreparedTurn p) {
    List<String> codes = new ArrayList<>();
    p.hidden(victimTool(0)).map(HiddenTool::reasons).orElse(List.of()).forEach(r -> codes.add(r.code()));
    return codes;
  }

  private static void requireVisible(PreparedTurn p, int expected, String when) {
    require(p.visible().size() == expected, () -> when + ": expected " + expected
        + " visible tools, but the turn showed " + p.visibleNames() + " and hid " + p.hidden());
  }

  /** The message is built only on failure: these checks run between every two turns. */
  private static void require(boolean ok, Supplier<String> message) {
    if (!ok) {
      throw new IllegalStateException(message.get());
    }
  }

  private static List<Call> copy(List<Call> calls) {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  @Override
  public void close() {
    loadout.close();
    manager.close();
    servers.forEach(McpTestServer::stop);
    gc.close();
    if (switches != null) {
      switches.close();
    }
  }
}
