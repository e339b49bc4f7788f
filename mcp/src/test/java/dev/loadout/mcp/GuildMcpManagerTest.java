package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.HeldTool;
import dev.loadout.testkit.time.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Gathering, calls, the breaker and snapshots against a real in-JVM MCP server. */
@Timeout(60)
class GuildMcpManagerTest {
  // Replacement servers' tools need the web_search flag (GuildMcpManager.REPLACEMENT_FLAG); general tools ignore it.
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").flag("web_search", true).build();
  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("injvm"));
  @RegisterExtension
  static final McpTestServerExtension FAULTY = McpTestServerExtension.of(TestServers.standard("faulty"));

  final TestClock clock = TestClock.at(Instant.parse("2026-03-01T12:00:00Z"));
  final WatchedStore store = new WatchedStore();
  final McpEvents events = new McpEvents();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(4))
      .executionTimeout(Duration.ofSeconds(1)).build();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).clock(clock).listener(events).build();

  @AfterEach
  void closeManager() {
    manager.close();
  }

  McpRegistration register(String name, String path, ServerType type) {
    return registerUrl(name, MCP.server().url(path), type);
  }

  McpRegistration registerUrl(String name, String url, ServerType type) {
    return store.insert(McpRegistration.draft("g1", name, url, null, type, null)).orElseThrow();
  }

  static BaseTool tool(List<ToolSource> sources, String name) {
    return sources.stream().flatMap(s -> s.tools().stream()).filter(t -> t.spec().name().equals(name)).findFirst().orElseThrow();
  }

  static ToolResult call(BaseTool tool, String args) throws Exception {
    return tool.execute(ToolCall.of("c1", tool.spec().name(), args), G1).toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void addRunsARealTestConnectionAndStoresTheDiscoveredNames() {
    ConfigOutcome out = manager.configOperations().add("g1", "in jvm", MCP.server().streamableUrl(), "tok-1", "general");
    assertThat(out.code()).isEqualTo(ConfigOutcome.ADDED);
    assertThat(out.toolNames()).containsExactlyInAnyOrder("echo", "fails", "picture", "wait", "fetch", "dotted.name");
    assertThat(manager.connectionCount()).isZero();
  }

  @Test
  void probeConnectsLikeAddButStoresNothing() {
    ProbeResult ok = manager.configOperations().probe(MCP.server().sseUrl(), "tok-probe");
    assertThat(ok.succeeded()).isTrue();
    assertThat(ok.transport()).contains(Connector.SSE);
    assertThat(ok.snapshot()).hasSize(TestServers.TOOL_COUNT);
    assertThat(ok.message()).doesNotContain("tok-probe");
    ProbeResult refused = manager.configOperations().probe("http://169.254.169.254/", null);
    assertThat(refused.code()).isEqualTo(ConfigOutcome.BLOCKED_ADDRESS);
    FAULTY.server().inject(new McpFault.HttpStatus(500));
    ProbeResult failed = manager.configOperations().probe(FAULTY.server().streamableUrl(), "tok-probe");
    assertThat(failed.code()).isEqualTo(ConfigOutcome.NOT_AN_MCP_SERVER);
    assertThat(failed.message()).doesNotContain("tok-probe");
    assertThat(store.list("g1")).isEmpty();
  }

  @Test
  void addReportsASanitisedConnectionFailure() {
    FAULTY.server().inject(new McpFault.HttpStatus(500));
    ConfigOutcome out = manager.configOperations().add("g1", "bad", FAULTY.server().url("/mcp?key=hush"), "tok-hush", null);
    assertThat(out.code()).isEqualTo(ConfigOutcome.NOT_AN_MCP_SERVER);
    assertThat(out.message()).contains("StreamableHTTP").doesNotContain("hush");
    assertThat(store.list("g1")).isEmpty();
  }

  @Test
  void nothingConnectsUntilAGuildsToolsAreGatheredAndThenTheConnectionIsPooled() {
    register("a", "/mcp", ServerType.GENERAL);
    assertThat(manager.connectionCount()).isZero();
    assertThat(manager.sourcesFor(TurnContext.builder("openai", "m").build())).isEmpty();
    List<ToolSource> first = manager.sourcesFor(G1);
    assertThat(first).hasSize(1);
    assertThat(first.get(0).label()).isEqualTo("a");
    assertThat(first.get(0).replacementFamily()).isEmpty();
    assertThat(first.get(0).tools()).extracting(t -> t.spec().name())
        .contains("echo", "wait").contains(ToolNames.providerSafe("dotted.name"));
    assertThat(manager.sourcesFor(G1)).isSameAs(first);
    assertThat(manager.connectionCount()).isEqualTo(1);
  }

  @Test
  void callsMapTextErrorsAndMediaToToolResults() throws Exception {
    register("a", "/mcp", ServerType.GENERAL);
    List<ToolSource> sources = manager.sourcesFor(G1);
    ToolResult echo = call(tool(sources, "echo"), "{\"text\":\"hi\"}");
    assertThat(echo.isSuccess()).isTrue();
    assertThat(((ToolResult.Success) echo).summary()).contains("echo: hi");
    ToolResult fails = call(tool(sources, "fails"), "{\"text\":\"x\"}");
    assertThat(((ToolResult.Failure) fails).code()).isEqualTo(McpFailureCodes.TOOL_ERROR);
    assertThat(((ToolResult.Failure) fails).message()).isEqualTo("it went wrong: x");
    ToolResult picture = call(tool(sources, "picture"), "{}");
    assertThat(((ToolResult.Success) picture).media()).hasSize(1);
    assertThat(((ToolResult.Success) picture).media().get(0).mimeType()).isEqualTo("image/png");
    ToolResult dotted = call(tool(sources, ToolNames.providerSafe("dotted.name")), "{}");
    assertThat(((ToolResult.Success) dotted).summary()).contains("dotted");
  }

  @Test
  void aSlowToolEndsAtLoadoutsExecutionDeadlineAndTheSessionStaysUsable() throws Exception {
    register("a", "/mcp", ServerType.GENERAL);
    List<ToolSource> sources = manager.sourcesFor(G1);
    HeldTool held = MCP.server().hold("wait"); // answers only when the test releases it, and it never does here
    ToolResult slow = call(tool(sources, "wait"), "{}");
    assertThat(((ToolResult.Failure) slow).code()).isEqualTo(ToolResult.TIMEOUT);
    assertThat(held.awaitHeld(McpEvents.HANG_GUARD)).as("the server still holds the call: the deadline ended it")
        .isTrue();
    assertThat(call(tool(sources, "echo"), "{\"text\":\"again\"}").isSuccess()).isTrue();
    held.release();
  }

  @Test
  void aHangingServerIsBoundedQuarantinedAndSkippedWhileAHealthyOneKeepsWorking() {
    FAULTY.server().inject(new McpFault.HangEveryRequest());
    McpRegistration hang = registerUrl("hang", FAULTY.server().streamableUrl(), ServerType.GENERAL);
    register("ok", "/mcp", ServerType.GENERAL);
    List<ToolSource> first = manager.sourcesFor(G1);
    // Back although the server never answers its initialize: the turn's wait is bounded (a hang fails by @Timeout).
    assertThat(FAULTY.server().requests()).as("the hanging server was asked").anyMatch(q -> q.isJsonRpc("initialize"));
    assertThat(Sources.offering(first)).containsExactly("ok");
    assertThat(Sources.hiddenBecause(first, "hang").orElse("")).isIn(McpFailureCodes.QUARANTINED, McpFailureCodes.CONNECTING);
    assertThat(events.awaitBreaker(manager, "g1", hang.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);

    // Skipped at once: the quarantined server is not even asked (no timing assertion needed).
    int asked = FAULTY.server().requests().size();
    List<ToolSource> second = manager.sourcesFor(G1);
    assertThat(Sources.offering(second)).containsExactly("ok");
    assertThat(Sources.hiddenBecause(second, "hang")).contains(McpFailureCodes.QUARANTINED);
    assertThat(FAULTY.server().requests()).hasSize(asked);

    clock.advance(settings.failureCooldown());
    manager.sourcesFor(G1);
    // The half-open trial fails in the background after the gather's deadline; its event follows the swap.
    assertThat(events.awaitTransitions(3)).extracting(BreakerTransition::to)
        .containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.OPEN);
  }

  @Test
  void disablingClosesTheConnectionClearsTheQuarantineAndRefusesCalls() throws Exception {
    McpRegistration a = register("a", "/mcp", ServerType.GENERAL);
    BaseTool echo = tool(manager.sourcesFor(G1), "echo");
    assertThat(manager.configOperations().setEnabled("g1", a.id(), false).code()).isEqualTo(ConfigOutcome.UPDATED);
    assertThat(manager.connectionCount()).isZero();
    assertThat(manager.sourcesFor(G1)).isEmpty();
    ToolResult r = call(echo, "{\"text\":\"hi\"}");
    assertThat(((ToolResult.Failure) r).code()).isEqualTo(McpFailureCodes.UNAVAILABLE);
  }

  @Test
  void replacementTypesDeclareTheirFamilyAndTheirUrlArgumentsPassTheGuard() throws Exception {
    register("fetcher", "/mcp", ServerType.URL_FETCHER);
    List<ToolSource> sources = manager.sourcesFor(G1);
    assertThat(sources.get(0).replacementFamily()).contains("url_fetch");
    ToolResult refused = call(tool(sources, "fetch"), "{\"url\":\"http://169.254.169.254/latest/meta-data\"}");
    assertThat(((ToolResult.Failure) refused).code()).isEqualTo(McpFailureCodes.URL_REFUSED);
    ToolResult fine = call(tool(sources, "fetch"), "{\"url\":\"http://127.0.0.1/x\"}");
    assertThat(fine.isSuccess()).isTrue();
  }

  @Test
  void anInterruptedTurnGetsItsSourcesBackAtOnceWithTheFirstConnectsPendingAndKeepsItsInterrupt() {
    FAULTY.server().inject(new McpFault.HangEveryRequest());
    registerUrl("slow", FAULTY.server().streamableUrl(), ServerType.GENERAL);
    registerUrl("slower", FAULTY.server().sseUrl(), ServerType.GENERAL);

    // A bot shutting down interrupts its turn threads; a turn must not sit out the connect timeout on either server.
    Thread.currentThread().interrupt();
    List<ToolSource> sources;
    boolean stillInterrupted;
    try {
      sources = manager.sourcesFor(G1);
    } finally {
      stillInterrupted = Thread.interrupted();
    }

    assertThat(stillInterrupted).as("the interrupt is kept for the bot's own code").isTrue();
    assertThat(sources).extracting(ToolSource::label).containsExactly("slow", "slower");
    assertThat(Sources.hiddenBecause(sources, "slow")).contains(McpFailureCodes.CONNECTING);
    assertThat(Sources.hiddenBecause(sources, "slower")).contains(McpFailureCodes.CONNECTING);
  }

  @Test
  void anExecutorThatRefusesTheConnectCostsTheTurnNothingAndTheNextTurnConnects() throws Exception {
    java.util.concurrent.atomic.AtomicBoolean refusing = new java.util.concurrent.atomic.AtomicBoolean(true);
    java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newCachedThreadPool();
    // A host's bounded executor at its limit, or one shutting down.
    java.util.concurrent.Executor host = task -> {
      if (refusing.get()) {
        throw new java.util.concurrent.RejectedExecutionException("saturated");
      }
      threads.execute(task);
    };
    register("a", "/mcp", ServerType.GENERAL);
    try (GuildMcpManager m = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
        .settings(settings).clock(clock).executor(host).build()) {
      MCP.server().clearRequests();

      List<ToolSource> refused = m.sourcesFor(G1);

      assertThat(Sources.hiddenBecause(refused, "a")).contains(McpFailureCodes.CONNECTING);
      assertThat(MCP.server().requests()).as("nothing was sent").isEmpty();
      refusing.set(false);
      List<ToolSource> next = m.sourcesFor(G1);
      assertThat(Sources.offering(next)).as("the refused connect left nothing behind").containsExactly("a");
      assertThat(call(tool(next, "echo"), "{\"text\":\"served\"}").isSuccess()).isTrue();
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void aSuccessfulConnectRefreshesTheSnapshotInTheBackground() throws Exception {
    McpRegistration a = register("a", "/mcp", ServerType.GENERAL);
    assertThat(a.toolNames()).isEmpty();
    manager.sourcesFor(G1);
    assertThat(store.awaitToolNames(names -> true)).as("the background snapshot write").isPresent();
    assertThat(store.list("g1").get(0).toolNames().orElseThrow()).hasSize(TestServers.TOOL_COUNT).contains("dotted.name");
  }

  @Test
  void concurrentGatherersShareOneConnectAndNeitherGetsNothing() throws Exception {
    List<String> connects = new CopyOnWriteArrayList<>();
    try (GuildMcpManager counted = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
        .settings(settings).clock(clock).listener(new McpEventListener() {
          @Override
          public void onConnect(String guildId, long registrationId, String transport, String failureCode) {
            connects.add(transport);
          }
        }).build()) {
      register("a", "/mcp", ServerType.GENERAL);
      java.util.concurrent.ExecutorService two = java.util.concurrent.Executors.newFixedThreadPool(2);
      try {
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.Callable<List<ToolSource>> gather = () -> {
          go.await();
          return counted.sourcesFor(G1);
        };
        var f1 = two.submit(gather);
        var f2 = two.submit(gather);
        go.countDown();
        assertThat(f1.get(10, TimeUnit.SECONDS)).hasSize(1);
        assertThat(f2.get(10, TimeUnit.SECONDS)).hasSize(1);
      } finally {
        two.shutdownNow();
      }
      assertThat(connects).containsExactly(Connector.STREAMABLE);
    }
  }

  @Test
  void aFailedSnapshotWriteKeepsTheLiveConnectionAndThePriorSnapshot() throws Exception {
    McpRegistrationStore failingSnapshots = new ForwardingStore(store) {
      @Override
      public boolean updateToolNames(String guildId, long id, List<String> toolNames) {
        throw new dev.loadout.core.store.StoreException("secret marker: password=hunter2", null);
      }
    };
    store.insert(McpRegistration.draft("g1", "a", MCP.server().streamableUrl(), null, ServerType.GENERAL, List.of("old"))).orElseThrow();
    try (GuildMcpManager m = GuildMcpManager.builder(failingSnapshots, NetworkGuard.of(NetworkPolicy.development()))
        .settings(settings).clock(clock).build()) {
      List<ToolSource> sources = m.sourcesFor(G1);
      assertThat(call(tool(sources, "echo"), "{\"text\":\"still\"}").isSuccess()).isTrue();
      assertThat(m.connectionCount()).isEqualTo(1);
      assertThat(store.list("g1").get(0).toolNames()).contains(List.of("old"));
    }
  }

  @Test
  void aNameOfferedByTwoServersIsHiddenFromBothAndTheRestStayVisible() throws Exception {
    register("a", "/mcp", ServerType.GENERAL);
    register("b", "/sse", ServerType.GENERAL);
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().build()).externalTools(manager).build()) {
      PreparedTurn turn = loadout.prepare(G1);
      assertThat(turn.visibleNames()).doesNotContain("echo");
      assertThat(turn.hidden("echo").orElseThrow().hasReason("name_ambiguous")).isTrue();
    }
  }

  @Test
  void aUrlFetcherServerReplacesTheBuiltInFetchUrl() throws Exception {
    register("fetcher", "/mcp", ServerType.URL_FETCHER);
    dev.loadout.core.ToolSpec builtIn = dev.loadout.core.ToolSpec.builder("fetch_url",
        "{\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\"}}}").description("Fetches a URL.")
        .family("url_fetch").build();
    ToolRegistry registry = ToolRegistry.builder().register(BaseTool.of(builtIn, (c, ctx) -> ToolResult.text("built-in")))
        .build();
    try (Loadout loadout = Loadout.builder(registry).externalTools(manager).build()) {
      PreparedTurn turn = loadout.prepare(G1);
      assertThat(turn.visibleNames()).contains("fetch", "echo").doesNotContain("fetch_url");
      assertThat(turn.hidden("fetch_url").orElseThrow().hasReason("replaced_by_source")).isTrue();
    }
  }

  @Test
  void idleConnectionsAreClosedAfterTheTtlByTheInjectedClock() {
    register("a", "/mcp", ServerType.GENERAL);
    manager.sourcesFor(G1);
    assertThat(manager.connectionCount()).isEqualTo(1);
    clock.advance(settings.connectionTtl().plusSeconds(1));
    manager.cleanUp();
    assertThat(manager.connectionCount()).isZero();
  }

  @Test
  void loadoutShowsAGuildsMcpToolsOnItsTurn() throws Exception {
    register("a", "/mcp", ServerType.GENERAL);
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().build()).externalTools(manager).build()) {
      PreparedTurn turn = loadout.prepare(G1);
      assertThat(turn.visibleNames()).contains("echo", "fetch");
      ToolResult r = turn.execute(ToolCall.of("1", "echo", "{\"text\":\"via loadout\"}")).toCompletableFuture()
          .get(10, TimeUnit.SECONDS);
      assertThat(((ToolResult.Success) r).summary()).contains("echo: via loadout");
    }
  }
}
