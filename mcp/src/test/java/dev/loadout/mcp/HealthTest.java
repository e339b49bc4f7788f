package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.TurnContext;
import dev.loadout.core.capabilities.ReviewCapabilities;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.HeldTool;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import dev.loadout.testkit.mcp.RecordedRequest;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Faults switched on in the middle of a healthy session, as a bot meets them: one model for all of them. Every
 * transport-level failure counts toward the threshold, the third quarantines, a quarantined server costs no turn a
 * request (proven by the server's request log), and it comes back through a background probe when the test's own
 * clock and scheduler say the cooldown is over.
 */
@Timeout(60)
class HealthTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();

  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(TestServers.standard("flaky"));

  final TestClock clock = TestClock.at(Instant.parse("2026-06-01T10:00:00Z"));
  final TestScheduler scheduler = TestScheduler.on(clock);
  final McpEvents events = new McpEvents();
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(3))
      .executionTimeout(Duration.ofMillis(600)).failureCooldown(Duration.ofSeconds(30))
      .maxFailureCooldown(Duration.ofMinutes(2)).build();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).clock(clock).scheduler(scheduler).listener(events).build();

  @AfterEach
  void close() {
    manager.close();
    assertThat(scheduler.failures()).isEmpty();
  }

  McpTestServer server() {
    return mcp.server();
  }

  McpRegistration register(String path) {
    return store.insert(McpRegistration.draft("g1", "flaky", server().url(path), null, ServerType.GENERAL, null))
        .orElseThrow();
  }

  static BaseTool tool(List<ToolSource> sources, String name) {
    return sources.stream().flatMap(s -> s.tools().stream()).filter(t -> t.spec().name().equals(name)).findFirst()
        .orElseThrow();
  }

  static ToolResult call(BaseTool tool, String args) throws Exception {
    return start(tool, args).get(10, TimeUnit.SECONDS);
  }

  static CompletableFuture<ToolResult> start(BaseTool tool, String args) {
    return tool.execute(ToolCall.of("c1", tool.spec().name(), args), G1).toCompletableFuture();
  }

  static String code(ToolResult r) {
    return r instanceof ToolResult.Failure ? ((ToolResult.Failure) r).code() : "success";
  }

  static Stream<Arguments> midSessionFaults() {
    Stream.Builder<Arguments> b = Stream.builder();
    for (String path : List.of(McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH)) {
      b.add(Arguments.of("html", new McpFault.NonJsonBody(), path));
      b.add(Arguments.of("silence", McpFault.hangAtToolsCall(), path));
      b.add(Arguments.of("http 500", new McpFault.HttpStatus(500), path));
    }
    return b.build();
  }

  @ParameterizedTest(name = "{0} at {2}")
  @MethodSource("midSessionFaults")
  void aFaultThatStartsMidSessionQuarantinesAfterThreeFailedCallsAndThenCostsNoTurnARequest(String kind, McpFault fault,
      String path) throws Exception {
    McpRegistration r = register(path);
    BaseTool echo = tool(manager.sourcesFor(G1), "echo");
    assertThat(code(call(echo, "{\"text\":\"healthy\"}"))).isEqualTo("success");

    server().inject(fault);
    for (int i = 1; i <= 3; i++) {
      ToolResult failed = call(echo, "{\"text\":\"call " + i + "\"}");
      assertThat(failed.isSuccess()).as(kind + " call " + i + ": " + failed).isFalse();
      assertThat(manager.breakerState("g1", r.id())).as("after call " + i)
          .contains(i < 3 ? BreakerState.CLOSED : BreakerState.OPEN);
    }

    server().clearRequests();
    for (int turn = 0; turn < 20; turn++) {
      List<ToolSource> sources = manager.sourcesFor(G1);
      assertThat(Sources.offering(sources)).isEmpty();
      assertThat(Sources.hiddenBecause(sources, "flaky")).contains(McpFailureCodes.QUARANTINED);
    }
    ToolResult refused = call(echo, "{\"text\":\"while quarantined\"}");
    assertThat(code(refused)).isEqualTo(McpFailureCodes.UNAVAILABLE);
    // The last failed call's cancellation and the dropped connection's DELETE may arrive late; nothing else does.
    assertThat(server().requests()).as("a quarantined server is not asked, by turns or calls")
        .allMatch(q -> q.httpMethod().equals("DELETE") || q.isJsonRpc(Link.CANCELLED));
  }

  @Test
  void aCallThatGetsNoAnswerIsCancelledWithTheServerNamingTheRequestItGaveUpOn() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    BaseTool echo = tool(manager.sourcesFor(G1), "echo");
    server().inject(McpFault.hangAtToolsCall());

    ToolResult timedOut = call(echo, "{\"text\":\"lost\"}");

    assertThat(code(timedOut)).isEqualTo(ToolResult.TIMEOUT);
    RecordedRequest sent = server().awaitRequest(q -> q.isJsonRpc("tools/call"), Duration.ofSeconds(5)).orElseThrow();
    RecordedRequest cancelled = server().awaitRequest(q -> q.isJsonRpc(Link.CANCELLED), Duration.ofSeconds(5))
        .orElseThrow();
    assertThat(cancelled.param("requestId")).isEqualTo(sent.jsonRpcId());
    assertThat(cancelled.param("reason").map(String::valueOf)).hasValueSatisfying(s -> assertThat(s).contains("600 ms"));
    assertThat(sent.param("_meta", "progressToken").map(String::valueOf)).hasValueSatisfying(
        t -> assertThat(t).startsWith("loadout-"));
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void aDroppedConnectionFailsEveryCallInFlightAtOnceAndTheServerReconnectsInTheBackground(String path) throws Exception {
    McpRegistration r = register(path);
    List<ToolSource> healthy = manager.sourcesFor(G1);
    HeldTool held = server().hold("wait");
    CompletableFuture<ToolResult> first = start(tool(healthy, "wait"), "{}");
    CompletableFuture<ToolResult> second = start(tool(healthy, "wait"), "{}");
    assertThat(held.awaitHeld(2, Duration.ofSeconds(5))).isTrue();

    assertThat(server().dropConnections()).isPositive();

    for (CompletableFuture<ToolResult> pending : List.of(first, second)) {
      ToolResult lost = pending.get(10, TimeUnit.SECONDS);
      assertThat(code(lost)).as(lost.toString()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
      assertThat(((ToolResult.Failure) lost).retryable()).isTrue();
    }
    held.release();
    // The server is alive: the background reconnect brings its tools back, no cooldown, no operator.
    assertThat(Sources.offering(awaitTurnOffering())).containsExactly("flaky");
    assertThat(code(call(tool(manager.sourcesFor(G1), "echo"), "{\"text\":\"again\"}"))).isEqualTo("success");
    assertThat(manager.breakerState("g1", r.id())).contains(BreakerState.CLOSED);
  }

  @Test
  void aQuarantinedServerIsProbedInTheBackgroundWithADoublingCooldownAndComesBackWithoutAnOperator() throws Exception {
    McpRegistration r = register(McpTestServer.STREAMABLE_PATH);
    server().inject(new McpFault.HttpStatus(503));
    Instant start = clock.instant();
    assertThat(Sources.hiddenBecause(manager.sourcesFor(G1), "flaky").orElse("")).isIn(McpFailureCodes.QUARANTINED,
        McpFailureCodes.CONNECTING);
    assertThat(events.awaitBreaker(manager, "g1", r.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);
    long initializes = initializes();

    scheduler.advance(Duration.ofSeconds(29));
    assertThat(initializes()).as("nothing before the cooldown ends").isEqualTo(initializes);

    scheduler.advance(Duration.ofSeconds(1)); // the probe, off every turn
    List<BreakerTransition> transitions = events.awaitTransitions(3);
    assertThat(initializes()).isGreaterThan(initializes);
    assertThat(transitions).extracting(BreakerTransition::to)
        .containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.OPEN);
    assertThat(transitions.get(1).at()).isEqualTo(start.plusSeconds(30));

    server().clearFaults();
    scheduler.advance(Duration.ofSeconds(59));
    assertThat(manager.breakerState("g1", r.id())).as("the second cooldown is twice the first").contains(BreakerState.OPEN);
    scheduler.advance(Duration.ofSeconds(1));
    assertThat(events.awaitBreaker(manager, "g1", r.id(), BreakerState.CLOSED)).contains(BreakerState.CLOSED);
    assertThat(events.transitions().get(3).at()).isEqualTo(start.plusSeconds(90));
    assertThat(Sources.offering(manager.sourcesFor(G1))).containsExactly("flaky");
  }

  @Test
  void aTurnNeverWaitsForTheBackgroundProbeOfAServerThatHangs() throws Exception {
    McpRegistration r = register(McpTestServer.STREAMABLE_PATH);
    server().inject(new McpFault.HangEveryRequest());
    manager.sourcesFor(G1); // the first connect: the only wait a turn ever pays, bounded by the connect timeout
    assertThat(events.awaitBreaker(manager, "g1", r.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);
    server().clearRequests();

    scheduler.advance(settings.failureCooldown());
    assertThat(server().awaitRequest(q -> q.isJsonRpc("initialize"), Duration.ofSeconds(5))).as("the probe runs")
        .isPresent();
    List<ToolSource> during = manager.sourcesFor(G1);

    // The turn is back while the probe still hangs on its connect: it did not wait for it.
    assertThat(manager.breakerState("g1", r.id())).contains(BreakerState.HALF_OPEN);
    assertThat(Sources.hiddenBecause(during, "flaky")).contains(McpFailureCodes.QUARANTINED);
    assertThat(during.get(0).hidden().get(0).reasons().get(0).message()).contains("retried in the background");
  }

  @Test
  void theCapabilityReportTellsTheGuildWhyAQuarantinedServersToolsAreMissing() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    ToolRegistry registry = ToolRegistry.builder().register(ReviewCapabilities.builder().build()).build();
    try (Loadout loadout = Loadout.builder(registry).externalTools(manager).build()) {
      assertThat(loadout.prepare(G1).visibleNames()).contains("echo");
      server().inject(new McpFault.HttpStatus(500));
      BaseTool echo = tool(manager.sourcesFor(G1), "echo");
      for (int i = 0; i < 3; i++) {
        call(echo, "{\"text\":\"x\"}");
      }

      PreparedTurn turn = loadout.prepare(G1);
      ToolResult report = turn.execute(ToolCall.of("c", ReviewCapabilities.NAME, "{\"capability_type\":\"settings\"}"))
          .toCompletableFuture().get(10, TimeUnit.SECONDS);

      assertThat(turn.visibleNames()).doesNotContain("echo");
      assertThat(((ToolResult.Success) report).summary()).hasValueSatisfying(text -> assertThat(text)
          .contains("- echo: the MCP server [flaky] is quarantined because a call failed with mcp_http_error"));
    }
  }

  @Test
  void anOperatorsRetryClearsAQuarantineAtOnce() {
    McpRegistration r = register(McpTestServer.STREAMABLE_PATH);
    server().inject(new McpFault.HttpStatus(500));
    manager.sourcesFor(G1);
    assertThat(events.awaitBreaker(manager, "g1", r.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);

    ConfigOutcome still = manager.configOperations().retryNow("g1", r.id());
    assertThat(still.code()).isEqualTo(ConfigOutcome.CONNECTION_FAILED);
    assertThat(still.message()).contains("stays quarantined");

    server().clearFaults();
    ConfigOutcome back = manager.configOperations().retryNow("g1", r.id());

    assertThat(back.code()).isEqualTo(ConfigOutcome.CONNECTED);
    assertThat(back.toolNames()).hasSize(TestServers.TOOL_COUNT);
    assertThat(Sources.offering(manager.sourcesFor(G1))).containsExactly("flaky");
    assertThat(manager.configOperations().retryNow("g1", 999).code()).isEqualTo(ConfigOutcome.NOT_FOUND);
  }

  @Test
  void aServerThatDiesOnEveryCallIsQuarantinedAlthoughEachReconnectSucceeds() throws Exception {
    McpRegistration r = register(McpTestServer.SSE_PATH);
    for (int i = 1; i <= 3; i++) {
      List<ToolSource> sources = awaitTurnOffering();
      HeldTool held = server().hold("wait");
      CompletableFuture<ToolResult> pending = start(tool(sources, "wait"), "{}");
      assertThat(held.awaitHeld(Duration.ofSeconds(5))).isTrue();
      server().dropConnections();
      assertThat(code(pending.get(10, TimeUnit.SECONDS))).isEqualTo(McpFailureCodes.CONNECTION_LOST);
      held.release();
    }
    assertThat(manager.breakerState("g1", r.id())).contains(BreakerState.OPEN);
    assertThat(Sources.hiddenBecause(manager.sourcesFor(G1), "flaky")).contains(McpFailureCodes.QUARANTINED);
  }

  long initializes() {
    return server().requests().stream().filter(q -> q.isJsonRpc("initialize")).count();
  }

  /** A turn, and another after each connect or breaker event, until one offers the server's tools. */
  List<ToolSource> awaitTurnOffering() {
    return events.await(() -> manager.sourcesFor(G1), sources -> !Sources.offering(sources).isEmpty());
  }
}
