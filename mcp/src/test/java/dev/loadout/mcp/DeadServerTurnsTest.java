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
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What turns see of a server that went down, found by {@code McpHealthBenchmark}. While it stays down, every
 * turn gets the very same sources: the down source is made once per reason, not once per breaker move, so a
 * quarantine's background probes (OPEN to HALF_OPEN to OPEN, twice per cooldown) never make Loadout resolve its
 * routing again (a sentence naming the retry time was a new source after every failed probe). And when its
 * connection is lost, no turn ever waits for the reconnect: the server reads as reconnecting before its
 * connection reads as ended, with one sentence until the reconnect ends.
 */
@Timeout(60)
class DeadServerTurnsTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .failureCooldown(Duration.ofSeconds(30)).maxFailureCooldown(Duration.ofMinutes(5)).build();
  final TestClock clock = TestClock.create();
  final TestScheduler scheduler = TestScheduler.on(clock);
  final McpEvents events = new McpEvents();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).clock(clock).scheduler(scheduler).listener(events).build();
  final McpTestServer healthy = TestServers.standard("healthy").build().start();
  final McpTestServer dead = TestServers.standard("dead").build().start();

  @AfterEach
  void close() {
    manager.close();
    healthy.stop();
    dead.stop();
  }

  @Test
  void aQuarantinedServerKeepsOneSourceAcrossFailedProbesSoTurnsKeepTheirRouting() {
    store.insert(McpRegistration.draft("g1", "healthy", healthy.streamableUrl(), null, ServerType.GENERAL, null));
    McpRegistration d = store.insert(McpRegistration.draft("g1", "dead", dead.streamableUrl(), null, ServerType.GENERAL,
        null)).orElseThrow();
    dead.stop(); // refuses connections from now on
    manager.sourcesFor(G1);
    assertThat(events.awaitBreaker(manager, "g1", d.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);
    List<ToolSource> quarantined = manager.sourcesFor(G1);
    assertThat(Sources.offering(quarantined)).containsExactly("healthy");
    assertThat(Sources.hiddenBecause(quarantined, "dead")).contains(McpFailureCodes.QUARANTINED);

    for (int probe = 1; probe <= 3; probe++) {
      // The cooldown doubles after each failed probe: 30 s, 60 s, 120 s.
      scheduler.advance(settings.failureCooldown().multipliedBy(1L << (probe - 1)));
      assertThat(events.awaitBreaker(manager, "g1", d.id(), BreakerState.OPEN)).as("probe " + probe).contains(BreakerState.OPEN);
      assertThat(manager.sourcesFor(G1)).as("the turn after failed probe " + probe).isSameAs(quarantined);
    }
    HiddenTool.Reason reason = quarantined.stream().filter(s -> s.label().equals("dead")).findFirst().orElseThrow()
        .hidden().get(0).reasons().get(0);
    assertThat(reason.message()).isEqualTo("the MCP server [dead] is quarantined because its last connect failed ("
        + McpFailureCodes.UNREACHABLE + "); it is retried in the background");
    assertThat(scheduler.failures()).isEmpty();
  }

  /**
   * The race this guards is narrow (between the connection ending and the background reconnect starting), so
   * the loss is repeated: before the fix about half of the rounds caught a turn waiting for the reconnect. The
   * reconnect is held by the server (its handshake never answers, the connect deadline is far away) until the
   * test stops the server: turns that keep completing meanwhile are the proof that none waits for it, with no
   * elapsed time measured.
   */
  @Test
  void noTurnWaitsForTheReconnectOfAConnectionThatWasJustLost() throws Exception {
    McpSettings slow = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(60)).build();
    McpEvents realEvents = new McpEvents();
    try (GuildMcpManager real = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
        .settings(slow).listener(realEvents).build()) {
      McpRegistration a = store.insert(McpRegistration.draft("g1", "a", healthy.streamableUrl(), null,
          ServerType.GENERAL, null)).orElseThrow();
      for (int round = 1; round <= 4; round++) {
        BaseTool echo = real.sourcesFor(G1).get(0).tools().stream().filter(t -> t.spec().name().equals("echo"))
            .findFirst().orElseThrow();
        // The server forgets the session, and its next handshakes hang: the background reconnect lasts until the
        // test stops the server, so a turn that joined it would not come back before that.
        healthy.restart();
        healthy.inject(McpFault.hangAtInitialize());
        healthy.clearRequests();
        int connectsBefore = realEvents.connects().size();
        Semaphore turnsDone = new Semaphore(0);
        AtomicBoolean stop = new AtomicBoolean();
        Set<ToolSource> reconnecting = Collections.newSetFromMap(new IdentityHashMap<>());
        Thread turns = new Thread(() -> {
          while (!stop.get()) {
            List<ToolSource> sources = real.sourcesFor(G1);
            if (Sources.hiddenBecause(sources, "a").filter(McpFailureCodes.CONNECTION_LOST::equals).isPresent()) {
              reconnecting.add(sources.get(0));
            }
            turnsDone.release();
          }
        });
        turns.start();
        ToolResult r = echo.execute(ToolCall.of("c", "echo", "{\"text\":\"x\"}"), G1).toCompletableFuture()
            .get(30, TimeUnit.SECONDS);
        assertThat(((ToolResult.Failure) r).code()).isEqualTo(McpFailureCodes.SESSION_LOST);
        assertThat(healthy.awaitRequest(q -> q.isJsonRpc("initialize"), McpEvents.HANG_GUARD))
            .as("the background reconnect reached the server").isPresent();

        turnsDone.drainPermits();
        assertThat(turnsDone.tryAcquire(20, McpEvents.HANG_GUARD.toSeconds(), TimeUnit.SECONDS))
            .as("round %d: turns went on while the reconnect was held", round).isTrue();
        assertThat(realEvents.connects()).as("the held reconnect had not ended meanwhile").hasSize(connectsBefore);

        healthy.stop();
        assertThat(realEvents.awaitBreaker(real, "g1", a.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);
        stop.set(true);
        turns.join();
        // One sentence for the whole reconnect, so the turns keep one routing meanwhile.
        assertThat(reconnecting).as("the sources of the reconnecting server").hasSizeLessThanOrEqualTo(1);
        assertThat(healthy.requests().stream().filter(q -> q.isJsonRpc("initialize")).count())
            .as("one reconnect tried the server, in the background").isEqualTo(1);
        healthy.clearFaults();
        healthy.start();
        assertThat(real.configOperations().retryNow("g1", a.id()).code()).isEqualTo(ConfigOutcome.CONNECTED);
      }
    }
  }
}
