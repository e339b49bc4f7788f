package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.HiddenTool;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * While a server stays down, every turn gets the very same sources: the down source is made once per reason,
 * not once per breaker move, so a quarantine's background probes (OPEN to HALF_OPEN to OPEN, twice per
 * cooldown) never make Loadout resolve its routing again. Found by {@code McpHealthBenchmark}: a sentence
 * naming the retry time was a new source after every failed probe, and formatting it cost every turn.
 */
@Timeout(60)
class QuarantineSourceTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .failureCooldown(Duration.ofSeconds(30)).maxFailureCooldown(Duration.ofMinutes(5)).build();
  final TestClock clock = TestClock.create();
  final TestScheduler scheduler = TestScheduler.on(clock);
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).clock(clock).scheduler(scheduler).build();
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
    assertThat(Breakers.await(manager, "g1", d.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);
    List<ToolSource> quarantined = manager.sourcesFor(G1);
    assertThat(Sources.offering(quarantined)).containsExactly("healthy");
    assertThat(Sources.hiddenBecause(quarantined, "dead")).contains(McpFailureCodes.QUARANTINED);

    for (int probe = 1; probe <= 3; probe++) {
      // The cooldown doubles after each failed probe: 30 s, 60 s, 120 s.
      scheduler.advance(settings.failureCooldown().multipliedBy(1L << (probe - 1)));
      assertThat(Breakers.await(manager, "g1", d.id(), BreakerState.OPEN)).as("probe " + probe).contains(BreakerState.OPEN);
      assertThat(manager.sourcesFor(G1)).as("the turn after failed probe " + probe).isSameAs(quarantined);
    }
    HiddenTool.Reason reason = quarantined.stream().filter(s -> s.label().equals("dead")).findFirst().orElseThrow()
        .hidden().get(0).reasons().get(0);
    assertThat(reason.message()).isEqualTo("the MCP server [dead] is quarantined because its last connect failed ("
        + McpFailureCodes.UNREACHABLE + "); it is retried in the background");
    assertThat(scheduler.failures()).isEmpty();
  }
}
