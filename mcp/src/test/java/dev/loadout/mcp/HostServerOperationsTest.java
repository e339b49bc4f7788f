package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.store.StoreException;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What an operator does to the manager's servers, as a bot's admin command would: retry a quarantined host server,
 * ask for its breaker, and rely on the configuration time-to-live when the store announces nothing; and what the
 * background probe of a quarantine does when no scheduler tick or no registration is left for it.
 */
@Timeout(60)
class HostServerOperationsTest {
  static final TurnContext DM = TurnContext.builder("openai", "gpt-test").userId("u1").build();
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").userId("u1").build();

  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(TestServers.standard("bot-wide"));
  @RegisterExtension
  final McpTestServerExtension single = McpTestServerExtension.of(McpTestServer.builder().name("one")
      .tool("lookup", "Looks a word up.", args -> McpReply.text("found")));

  final TestClock clock = TestClock.at(Instant.parse("2026-06-01T10:00:00Z"));
  final TestScheduler scheduler = TestScheduler.on(clock);
  final McpEvents events = new McpEvents();
  final InMemoryMcpRegistrationStore memory = new InMemoryMcpRegistrationStore();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(3))
      .executionTimeout(Duration.ofSeconds(3)).failureCooldown(Duration.ofSeconds(30))
      .maxFailureCooldown(Duration.ofMinutes(2)).build();
  GuildMcpManager manager;

  @AfterEach
  void close() {
    if (manager != null) {
      manager.close();
    }
    assertThat(scheduler.failures()).isEmpty();
  }

  GuildMcpManager.Builder builder(McpRegistrationStore store) {
    return GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development())).settings(settings).clock(clock)
        .scheduler(scheduler).listener(events);
  }

  GuildMcpManager manager(HostMcpServer... hosts) {
    manager = builder(memory).hostServers(List.of(hosts)).build();
    return manager;
  }

  /** Guild g1's server "notes", written to the store directly, as another process would. */
  McpRegistration registerNotes() {
    return memory.insert(McpRegistration.draft("g1", "notes", mcp.server().streamableUrl(), null, ServerType.GENERAL,
        null)).orElseThrow();
  }

  long initializes(McpTestServer server) {
    return server.requests().stream().filter(q -> q.isJsonRpc("initialize")).count();
  }

  @Test
  void anOperatorsRetryEndsAHostServersQuarantineAtOnceWhateverCaseTheNameIsTypedIn() {
    manager(HostMcpServer.http("Wiki", mcp.server().streamableUrl()).build());
    mcp.server().inject(new McpFault.HttpStatus(500));
    assertThat(Sources.hiddenBecause(manager.sourcesFor(DM), "Wiki")).get()
        .isIn(McpFailureCodes.QUARANTINED, McpFailureCodes.CONNECTING);
    assertThat(events.await(() -> manager.hostBreakerState("wiki"), s -> s.isPresent() && s.get() == BreakerState.OPEN))
        .as("asked in another case").contains(BreakerState.OPEN);
    scheduler.advance(Duration.ofSeconds(5));

    ConfigOutcome still = manager.retryHostServer("  WIKI ");

    // The retry forgot the first quarantine: the new one is one first cooldown from now, not from the first failure.
    assertThat(still.code()).isEqualTo(ConfigOutcome.CONNECTION_FAILED);
    assertThat(still.message()).startsWith("'Wiki' still fails and stays quarantined: the MCP server [Wiki] is "
        + "quarantined because its last connect failed (")
        .endsWith("; it is retried in the background from " + Instant.parse("2026-06-01T10:00:35Z"));
    assertThat(manager.hostBreakerState("Wiki")).contains(BreakerState.OPEN);
    long before = initializes(mcp.server());
    scheduler.advance(Duration.ofSeconds(29));
    assertThat(initializes(mcp.server())).as("the first quarantine's probe (due at 10:00:30) was cancelled")
        .isEqualTo(before);

    mcp.server().clearFaults();
    ConfigOutcome back = manager.retryHostServer("wiki");

    assertThat(back.code()).isEqualTo(ConfigOutcome.CONNECTED);
    assertThat(back.message()).isEqualTo("'Wiki' is connected again over " + Connector.STREAMABLE + " with "
        + TestServers.TOOL_COUNT + " tools.");
    assertThat(manager.hostBreakerState("WiKi")).contains(BreakerState.CLOSED);
    assertThat(Sources.offering(manager.sourcesFor(DM))).containsExactly("Wiki");
  }

  @Test
  void aRetryOfAHealthyHostServerUsesItsConnectionAndCountsItsOneTool() {
    manager(HostMcpServer.http("one", single.server().streamableUrl()).build());
    assertThat(Sources.offering(manager.sourcesFor(DM))).containsExactly("one");
    long connected = initializes(single.server());

    ConfigOutcome again = manager.retryHostServer("one");

    assertThat(again.code()).isEqualTo(ConfigOutcome.CONNECTED);
    assertThat(again.message()).isEqualTo("'one' is connected again over " + Connector.STREAMABLE + " with 1 tool.");
    assertThat(initializes(single.server())).as("the pooled connection served; nothing reconnected").isEqualTo(connected);
    assertThat(manager.connectionCount()).isEqualTo(1);
  }

  @Test
  void aNameThatIsNoEnabledHostServerIsNotFoundAndContactsNothing() {
    manager(HostMcpServer.http("wiki", mcp.server().streamableUrl()).build(),
        HostMcpServer.http("off", single.server().streamableUrl()).enabled(false).build());
    mcp.server().clearRequests();

    for (String name : Arrays.asList(null, "", "nope", "off", "wiki2")) {
      ConfigOutcome r = manager.retryHostServer(name);
      assertThat(r.code()).as(name).isEqualTo(ConfigOutcome.NOT_FOUND);
      assertThat(r.message()).isEqualTo("No enabled host MCP server is named '" + name + "'.");
      assertThat(manager.hostBreakerState(name)).as(name).isEmpty();
    }
    assertThat(manager.hostBreakerState("wiki")).as("never connected").isEmpty();
    assertThat(mcp.server().requests()).isEmpty();
    assertThat(single.server().requests()).isEmpty();
  }

  @Test
  void withoutAChangeFeedAnotherProcesssNewServerShowsOnceTheConfigTtlHasPassedAndNotBefore() {
    // A store that announces nothing: what another process writes reaches this one through the TTL alone.
    McpRegistrationStore silent = new ForwardingStore(memory) {};
    manager = builder(silent).configTtl(Duration.ofSeconds(10)).build();
    assertThat(manager.sourcesFor(G1)).isEmpty();

    registerNotes();
    scheduler.advance(Duration.ofMillis(9_999));
    assertThat(manager.sourcesFor(G1)).as("cached for the TTL").isEmpty();

    scheduler.advance(Duration.ofMillis(1));
    assertThat(Sources.offering(manager.sourcesFor(G1))).containsExactly("notes");
  }

  @Test
  void theDefaultConfigTtlIsOneMinute() {
    McpRegistrationStore silent = new ForwardingStore(memory) {};
    manager = builder(silent).build();
    assertThat(manager.sourcesFor(G1)).isEmpty();
    registerNotes();

    scheduler.advance(GuildMcpManager.DEFAULT_CONFIG_TTL.minusMillis(1));
    List<ToolSource> cached = manager.sourcesFor(G1);
    scheduler.advance(Duration.ofMillis(1));

    assertThat(GuildMcpManager.DEFAULT_CONFIG_TTL).isEqualTo(Duration.ofMinutes(1));
    assertThat(cached).isEmpty();
    assertThat(Sources.offering(manager.sourcesFor(G1))).containsExactly("notes");
  }

  @Test
  void aBuilderRefusesWhatItCannotUseAndSaysWhat() {
    NetworkGuard guard = NetworkGuard.of(NetworkPolicy.development());
    assertThatThrownBy(() -> GuildMcpManager.builder(null, guard)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a manager needs a store and a network guard");
    assertThatThrownBy(() -> GuildMcpManager.builder(memory, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a manager needs a store and a network guard");
    GuildMcpManager.Builder b = GuildMcpManager.builder(memory, guard);
    for (Duration ttl : Arrays.asList(null, Duration.ZERO, Duration.ofMillis(-1))) {
      assertThatThrownBy(() -> b.configTtl(ttl)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("configTtl must be positive, but was " + ttl);
    }
    assertThat(b.configTtl(Duration.ofMillis(1))).isSameAs(b);
    assertThatThrownBy(() -> b.settings(null)).hasMessage("settings must not be null");
    assertThatThrownBy(() -> b.clock(null)).hasMessage("clock must not be null");
    assertThatThrownBy(() -> b.executor(null)).hasMessage("executor must not be null");
    assertThatThrownBy(() -> b.scheduler(null)).hasMessage("scheduler must not be null");
    assertThatThrownBy(() -> b.listener(null)).hasMessage("listener must not be null");
    assertThatThrownBy(() -> b.progressListener(null)).hasMessage("progressListener must not be null");
    assertThatThrownBy(() -> b.hostServers(null)).hasMessage("hostServers must not be null");
    assertThatThrownBy(() -> b.hostServers(Arrays.asList(HostMcpServer.http("a", "http://127.0.0.1/mcp").build(), null)))
        .hasMessage("hostServers must not hold null");
    assertThatThrownBy(() -> b.hostServers(List.of(HostMcpServer.http("Wiki", "http://127.0.0.1/a").build(),
        HostMcpServer.http("wiki", "http://127.0.0.1/b").build())))
        .hasMessage("hostServers holds two servers named 'wiki'; names are unique ignoring case");
    // A refused list leaves the builder as it was: the manager it builds has no host server.
    try (GuildMcpManager none = b.build()) {
      assertThat(none.sourcesFor(DM)).isEmpty();
      assertThat(Optional.of(none.retryHostServer("Wiki").code())).contains(ConfigOutcome.NOT_FOUND);
    }
  }

  @Test
  void aQuarantinedServerRemovedByAnotherProcessIsForgottenAtItsProbeAndNeverContactedAgain() {
    McpRegistrationStore silent = new ForwardingStore(memory) {};
    manager = builder(silent).configTtl(Duration.ofSeconds(10)).build();
    McpRegistration r = registerNotes();
    mcp.server().inject(new McpFault.HttpStatus(500));
    manager.sourcesFor(G1);
    assertThat(events.awaitBreaker(manager, "g1", r.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);

    assertThat(memory.remove("g1", r.id())).isTrue(); // elsewhere: nothing announces it here
    mcp.server().clearFaults(); // were it asked, it would answer and close the breaker
    mcp.server().clearRequests();
    scheduler.advance(settings.failureCooldown());

    assertThat(manager.breakerState("g1", r.id())).as("the probe found no registration and forgot the server")
        .isEmpty();
    assertThat(manager.sourcesFor(G1)).isEmpty();
    assertThat(mcp.server().requests()).isEmpty();
  }

  @Test
  void aTurnAfterTheCooldownStartsTheProbeWhenTheSchedulerHasNotAndDoesNotWaitForIt() {
    manager(HostMcpServer.http("wiki", mcp.server().streamableUrl()).build());
    mcp.server().inject(new McpFault.HttpStatus(500));
    manager.sourcesFor(DM);
    assertThat(events.await(() -> manager.hostBreakerState("wiki"), s -> s.isPresent() && s.get() == BreakerState.OPEN))
        .contains(BreakerState.OPEN);
    mcp.server().clearFaults();

    // The clock moves, the scheduler does not (a host whose scheduler is late or busy).
    clock.advance(settings.failureCooldown().minusMillis(1));
    assertThat(Sources.hiddenBecause(manager.sourcesFor(DM), "wiki")).contains(McpFailureCodes.QUARANTINED);
    assertThat(manager.hostBreakerState("wiki")).as("a turn before the cooldown's end starts nothing")
        .contains(BreakerState.OPEN);
    long before = initializes(mcp.server());

    clock.advance(Duration.ofMillis(1));
    List<ToolSource> due = manager.sourcesFor(DM);

    assertThat(Sources.hiddenBecause(due, "wiki")).as("the turn did not wait for the probe it started")
        .contains(McpFailureCodes.QUARANTINED);
    assertThat(events.await(() -> manager.hostBreakerState("wiki"), s -> s.isPresent() && s.get() == BreakerState.CLOSED))
        .contains(BreakerState.CLOSED);
    assertThat(initializes(mcp.server())).isEqualTo(before + 1);
    assertThat(Sources.offering(manager.sourcesFor(DM))).containsExactly("wiki");
  }

  @Test
  void aProbeThatCannotReadTheRegistrationTriesAgainAfterTheNextCooldownAndThenConnects() {
    AtomicBoolean away = new AtomicBoolean();
    McpRegistrationStore flaky = new ForwardingStore(memory) {
      @Override
      public List<McpRegistration> list(String guildId) {
        if (away.get()) {
          throw new StoreException("the database is away", null);
        }
        return super.list(guildId);
      }
    };
    // The configuration expires before the cooldown ends, so the probe has to read the store.
    manager = builder(flaky).configTtl(Duration.ofSeconds(10)).build();
    McpRegistration r = registerNotes();
    mcp.server().inject(new McpFault.HttpStatus(500));
    manager.sourcesFor(G1);
    assertThat(events.awaitBreaker(manager, "g1", r.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);
    mcp.server().clearFaults();

    away.set(true);
    scheduler.advance(settings.failureCooldown());

    assertThat(events.awaitTransitions(3)).extracting(BreakerTransition::to)
        .as("the probe failed like a connect: open again, neither forgotten nor left half-open")
        .containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.OPEN);
    assertThat(manager.breakerState("g1", r.id())).contains(BreakerState.OPEN);
    assertThat(initializes(mcp.server())).as("only the first connect asked the server").isEqualTo(1);

    away.set(false);
    scheduler.advance(settings.failureCooldown().multipliedBy(2).minusMillis(1));
    assertThat(manager.breakerState("g1", r.id())).as("the next cooldown is doubled").contains(BreakerState.OPEN);
    scheduler.advance(Duration.ofMillis(1));

    assertThat(events.awaitBreaker(manager, "g1", r.id(), BreakerState.CLOSED)).contains(BreakerState.CLOSED);
    assertThat(Sources.offering(manager.sourcesFor(G1))).containsExactly("notes");
  }
}
