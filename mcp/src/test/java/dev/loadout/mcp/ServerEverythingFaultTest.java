package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real-peer fault proofs against {@code @modelcontextprotocol/server-everything}, driven as a bot
 * drives Loadout: a {@link GuildMcpManager} on a {@link TestClock} and {@link TestScheduler}, a guild's
 * registration in an {@link InMemoryMcpRegistrationStore} or a host stdio server, calls through the tools of
 * {@code sourcesFor}. The server is SIGKILLed while a long-running call is in flight: the call fails at once as a
 * lost connection, the next turns hide the server's tools with a reason, and after a restart (on the same port
 * for HTTP) the tools are back within one cooldown step of the manager's clock, without an operator. Each test
 * starts and stops its own node processes; see {@link Everything}.
 */
@Timeout(120)
class ServerEverythingFaultTest {
  /** Loose: the call would take 10 s and its deadline is 30 s; a lost server must end it in far less. */
  static final Duration AT_ONCE = Duration.ofSeconds(3);
  static final String LONG = "trigger-long-running-operation";
  static final String TEN_SECONDS = "{\"duration\":10,\"steps\":10}";

  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .executionTimeout(Duration.ofSeconds(30)).build();
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final TestClock clock = TestClock.create();
  final TestScheduler scheduler = TestScheduler.on(clock);
  final BlockingQueue<McpProgress> notices = new LinkedBlockingQueue<>();
  final TurnContext g1 = TurnContext.builder("openai", "gpt-test").guildId("g1").userId("u1")
      .attribute(McpProgressListener.KEY, notices::add).build();
  final TurnContext dm = TurnContext.builder("openai", "gpt-test").userId("u1")
      .attribute(McpProgressListener.KEY, notices::add).build();
  Everything everything;
  final McpEvents events = new McpEvents();
  GuildMcpManager manager;

  @BeforeEach
  void locate() throws Exception {
    everything = Everything.create(Everything.locate());
  }

  @AfterEach
  void stop() throws Exception {
    if (manager != null) {
      manager.close();
    }
    if (everything != null) {
      everything.close();
    }
  }

  GuildMcpManager manager(HostMcpServer... hosts) {
    manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development())).settings(settings).clock(clock)
        .scheduler(scheduler).listener(events).hostServers(List.of(hosts)).build();
    return manager;
  }

  static BaseTool tool(List<ToolSource> sources, String name) {
    return sources.stream().flatMap(s -> s.tools().stream()).filter(t -> t.spec().name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(name + " is not offered by " + sources));
  }

  static CompletableFuture<ToolResult> start(BaseTool tool, String id, String args, TurnContext context) {
    return tool.execute(ToolCall.of(id, tool.spec().name(), args), context).toCompletableFuture();
  }

  static ToolResult call(BaseTool tool, String args, TurnContext context) throws Exception {
    return start(tool, "c-" + System.nanoTime(), args, context).get(30, TimeUnit.SECONDS);
  }

  static ToolResult.Failure failure(ToolResult r) {
    assertThat(r).as("a failure").isInstanceOf(ToolResult.Failure.class);
    return (ToolResult.Failure) r;
  }

  /** The server's first progress notice of this call: the server is running it. */
  McpProgress awaitRunning(String callId) throws InterruptedException {
    McpProgress first = notices.poll(20, TimeUnit.SECONDS);
    assertThat(first).as("a first progress notice").isNotNull();
    assertThat(first.callId()).isEqualTo(callId);
    return first;
  }

  /**
   * Turns until one offers the server's tools again: a first turn, then one after each connect or breaker event
   * (the background reconnect or probe of the real node process finishes on real threads). Each turn before that
   * must hide the tools with a reason. A quarantine met on the way is ended by one cooldown step of the manager's
   * clock.
   */
  List<ToolSource> awaitOffered(Supplier<List<ToolSource>> turn, Supplier<Optional<BreakerState>> breaker,
      List<String> reasonsSeen) {
    int[] steps = {0};
    return events.await(() -> {
      List<ToolSource> sources = turn.get();
      if (!Sources.offering(sources).isEmpty()) {
        return sources;
      }
      String reason = Sources.hiddenBecause(sources, "everything").orElse(null);
      assertThat(reason).as("a turn without the server's tools says why").isNotNull();
      if (reasonsSeen.isEmpty() || !reasonsSeen.get(reasonsSeen.size() - 1).equals(reason)) {
        reasonsSeen.add(reason);
      }
      if (breaker.get().equals(Optional.of(BreakerState.OPEN))) {
        assertThat(++steps[0]).as("cooldown steps needed").isLessThanOrEqualTo(1);
        scheduler.advance(settings.failureCooldown()); // the probe: its connect's events wake the next turn
      }
      return sources;
    }, sources -> !Sources.offering(sources).isEmpty());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"streamableHttp", "sse"})
  void aSigkilledServerFailsTheCallInFlightAtOnceHidesItsToolsWithAReasonAndAfterARestartOnTheSamePortIsBackWithinOneCooldown(
      String transport) throws Exception {
    int port = ServerEverythingTest.freePort();
    Process node = everything.http(port, transport);
    McpRegistration reg = store.insert(McpRegistration.draft("g1", "everything", Everything.url(port, transport), null,
        ServerType.GENERAL, null)).orElseThrow();
    manager();
    List<ToolSource> warm = manager.sourcesFor(g1);
    assertThat(Sources.offering(warm)).containsExactly("everything");
    CompletableFuture<ToolResult> pending = start(tool(warm, LONG), "long-1", TEN_SECONDS, g1);
    awaitRunning("long-1");

    long killed = System.nanoTime();
    Everything.kill(node);
    ToolResult r = pending.get(30, TimeUnit.SECONDS);
    Duration lostAfter = Duration.ofNanos(System.nanoTime() - killed);

    assertThat(failure(r).code()).as(r.toString()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(failure(r).retryable()).isTrue();
    assertThat(lostAfter).as("the loss ended the call, not its 10 s run or its 30 s deadline").isLessThan(AT_ONCE);

    // The next turn: none of the server's tools, and the diagnostics say which are missing and why.
    long turnStarted = System.nanoTime();
    List<ToolSource> next = manager.sourcesFor(g1);
    Duration turnTook = Duration.ofNanos(System.nanoTime() - turnStarted);
    assertThat(Sources.offering(next)).isEmpty();
    assertThat(Sources.hiddenBecause(next, "everything")).get().isIn(McpFailureCodes.CONNECTION_LOST,
        McpFailureCodes.QUARANTINED);
    assertThat(next.get(0).hidden()).extracting(HiddenTool::name).contains("echo", LONG);
    // The background reconnect finds nothing listening: quarantined, and turns skip the server at once.
    assertThat(events.awaitBreaker(manager, "g1", reg.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);
    long quarantinedTurn = System.nanoTime();
    List<ToolSource> skipped = manager.sourcesFor(g1);
    Duration skippedTook = Duration.ofNanos(System.nanoTime() - quarantinedTurn);
    assertThat(Sources.hiddenBecause(skipped, "everything")).contains(McpFailureCodes.QUARANTINED);
    assertThat(skipped.get(0).hidden().get(0).reasons().get(0).message()).contains("[everything]", "quarantined");

    everything.http(port, transport);
    long restarted = System.nanoTime();
    // Up again, but quarantined: no turn probes it, only the scheduler at the end of the cooldown.
    assertThat(Sources.offering(manager.sourcesFor(g1))).isEmpty();
    assertThat(manager.breakerState("g1", reg.id())).contains(BreakerState.OPEN);
    scheduler.advance(settings.failureCooldown());
    assertThat(events.awaitBreaker(manager, "g1", reg.id(), BreakerState.CLOSED)).contains(BreakerState.CLOSED);
    Duration closedAfter = Duration.ofNanos(System.nanoTime() - restarted);
    List<String> reasons = new ArrayList<>();
    List<ToolSource> back = awaitOffered(() -> manager.sourcesFor(g1), () -> manager.breakerState("g1", reg.id()),
        reasons);
    Duration backAfter = Duration.ofNanos(System.nanoTime() - restarted);

    assertThat(Sources.offering(back)).containsExactly("everything");
    ToolResult echo = call(tool(back, "echo"), "{\"message\":\"back again\"}", g1);
    assertThat(((ToolResult.Success) echo).summary().orElseThrow()).contains("back again");
    assertThat(scheduler.failures()).isEmpty();
    System.out.printf("[measured] %s: SIGKILL -> call failed %d ms; next turn %d ms; quarantined turn %d ms; "
        + "restart -> breaker CLOSED %d ms (one cooldown step) -> tools offered %d ms; reasons on the way %s%n",
        transport, lostAfter.toMillis(), turnTook.toMillis(), skippedTook.toMillis(), closedAfter.toMillis(),
        backAfter.toMillis(), reasons);
  }

  @Test
  void aHostStdioServerStartsOnTheFirstTurnFailsAKilledCallAtOnceIsRestartedInTheBackgroundAndLeavesNoProcessAfterClose()
      throws Exception {
    manager(HostMcpServer.stdio("everything", "node", List.of(everything.entry, "stdio")).build());
    assertThat(everything.running()).as("nothing starts before the first turn").isEmpty();

    List<ToolSource> first = manager.sourcesFor(dm);
    assertThat(Sources.offering(first)).containsExactly("everything");
    assertThat(first.get(0).level()).isEqualTo(ToolSource.Level.HOST);
    List<ProcessHandle> processes = everything.running();
    assertThat(processes).as("one process, started by the first turn").hasSize(1);
    ProcessHandle original = processes.get(0);
    CompletableFuture<ToolResult> pending = start(tool(first, LONG), "long-1", TEN_SECONDS, dm);
    awaitRunning("long-1");

    long killed = System.nanoTime();
    Everything.kill(original);
    ToolResult r = pending.get(30, TimeUnit.SECONDS);
    Duration lostAfter = Duration.ofNanos(System.nanoTime() - killed);

    assertThat(failure(r).code()).as(r.toString()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(failure(r).retryable()).isTrue();
    assertThat(lostAfter).isLessThan(AT_ONCE);
    // The next turn, at once: node takes hundreds of milliseconds to start, so the restart cannot be done yet.
    List<ToolSource> next = manager.sourcesFor(dm);
    assertThat(Sources.offering(next)).isEmpty();
    assertThat(Sources.hiddenBecause(next, "everything")).contains(McpFailureCodes.CONNECTION_LOST);
    assertThat(next.get(0).hidden().get(0).reasons().get(0).message()).contains("[everything]", "reconnecting");

    long restarting = System.nanoTime();
    List<String> reasons = new ArrayList<>();
    List<ToolSource> back = awaitOffered(() -> manager.sourcesFor(dm), () -> manager.hostBreakerState("everything"),
        reasons);
    Duration backAfter = Duration.ofNanos(System.nanoTime() - restarting);
    assertThat(Sources.offering(back)).containsExactly("everything");
    assertThat(reasons).isSubsetOf(McpFailureCodes.CONNECTION_LOST, McpFailureCodes.QUARANTINED);
    List<ProcessHandle> now = everything.running();
    assertThat(now).as("one process again, a new one").hasSize(1);
    ProcessHandle restarted = now.get(0);
    assertThat(restarted.pid()).isNotEqualTo(original.pid());
    ToolResult echo = call(tool(back, "echo"), "{\"message\":\"restarted\"}", dm);
    assertThat(((ToolResult.Success) echo).summary().orElseThrow()).contains("restarted");

    long closing = System.nanoTime();
    manager.close();
    Duration closeTook = Duration.ofNanos(System.nanoTime() - closing);
    assertThat(restarted.isAlive()).as("the server process is gone when close returns").isFalse();
    assertThat(everything.running()).isEmpty();
    assertThat(scheduler.failures()).isEmpty();
    System.out.printf("[measured] stdio: SIGKILL -> call failed %d ms; -> tools offered again %d ms (reasons on the "
        + "way %s); close %d ms%n", lostAfter.toMillis(), backAfter.toMillis(), reasons, closeTook.toMillis());
  }
}
