package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Server faults through the manager, over real HTTP, with short deadlines: each one is bounded by its
 * deadline and quarantines (or fails the call) as specified, while a healthy server in the same guild keeps
 * working. The hang of a whole server, a slow tool, a server killed mid-call and a restart are in
 * {@link GuildMcpManagerTest} and {@link RestartTest}. No elapsed time is asserted (the benchmark measures it):
 * a server that holds every request forever can only be ended by Loadout's deadline, so the failure's code says
 * which bound ended it, and what proves a quarantined server is skipped is that no request of the next gather
 * reaches it.
 */
@Timeout(60)
class FaultServerTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  /** How long a wait may last before the test is taken to hang (not a measurement). */
  static final Duration HANG_GUARD = Duration.ofSeconds(5);

  @RegisterExtension
  static final McpTestServerExtension HEALTHY = McpTestServerExtension.of(TestServers.standard("healthy"));
  @RegisterExtension
  static final McpTestServerExtension FAULTY = McpTestServerExtension.of(TestServers.standard("faulty"));

  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofMillis(800))
      .executionTimeout(Duration.ofMillis(800)).build();
  final McpEvents events = new McpEvents();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).listener(events).build();

  /** A cold server's first handshake can outlast 800 ms; the faults under test must not race warm-up. */
  @BeforeAll
  static void warmUp() {
    McpSettings generous = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(20)).build();
    try (GuildMcpManager warm = GuildMcpManager.builder(new InMemoryMcpRegistrationStore(),
        NetworkGuard.of(NetworkPolicy.development())).settings(generous).build()) {
      for (McpTestServer s : List.of(HEALTHY.server(), FAULTY.server())) {
        assertThat(warm.configOperations().probe(s.streamableUrl(), null).succeeded()).isTrue();
        assertThat(warm.configOperations().probe(s.sseUrl(), null).succeeded()).isTrue();
      }
    }
  }

  @AfterEach
  void close() {
    manager.close();
  }

  McpRegistration register(String name, String url) {
    return store.insert(McpRegistration.draft("g1", name, url, null, ServerType.GENERAL, null)).orElseThrow();
  }

  static BaseTool tool(List<ToolSource> sources, String label, String name) {
    return sources.stream().filter(s -> s.label().equals(label)).flatMap(s -> s.tools().stream())
        .filter(t -> t.spec().name().equals(name)).findFirst().orElseThrow();
  }

  static ToolResult call(BaseTool tool, String args) throws Exception {
    return tool.execute(ToolCall.of("c1", tool.spec().name(), args), G1).toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  static long initializes(McpTestServer server) {
    return server.requests().stream().filter(r -> r.isJsonRpc("initialize")).count();
  }

  static Stream<Arguments> connectFaults() {
    Stream.Builder<Arguments> b = Stream.builder();
    for (String path : List.of(McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH)) {
      b.add(Arguments.of(McpFault.hangAtInitialize(), path));
      b.add(Arguments.of(McpFault.hangAtToolsList(), path));
      b.add(Arguments.of(new McpFault.HttpStatus(500), path));
      b.add(Arguments.of(new McpFault.HttpStatus(503), path));
      b.add(Arguments.of(new McpFault.NonJsonBody(), path));
    }
    return b.build();
  }

  @ParameterizedTest(name = "{0} at {1}")
  @MethodSource("connectFaults")
  void aFaultyServerIsBoundedQuarantinedAndSkippedWhileTheHealthyOneServes(McpFault fault, String path) throws Exception {
    FAULTY.server().inject(fault);
    register("healthy", HEALTHY.server().streamableUrl());
    McpRegistration faulty = register("faulty", FAULTY.server().url(path));

    List<ToolSource> first = manager.sourcesFor(G1);
    assertThat(Sources.offering(first)).containsExactly("healthy");
    assertThat(Sources.hiddenBecause(first, "faulty").orElse("")).isIn(McpFailureCodes.QUARANTINED, McpFailureCodes.CONNECTING);
    assertThat(events.awaitBreaker(manager, "g1", faulty.id(), BreakerState.OPEN)).contains(BreakerState.OPEN);
    // What bounded the connect: Loadout's own deadline for a server that never answers, the answer otherwise.
    assertThat(events.connects()).filteredOn(c -> c.registrationId() == faulty.id()).last()
        .extracting(McpEvents.Connect::failureCode).satisfies(code -> {
          if (fault instanceof McpFault.HangAt) {
            assertThat(code).isEqualTo(McpFailureCodes.TIMEOUT);
          } else {
            assertThat(code).isNotNull().isNotEqualTo(McpFailureCodes.TIMEOUT);
          }
        });
    if (fault.equals(McpFault.hangAtToolsList())) {
      // The handshake succeeded: it is discovery that hung.
      assertThat(FAULTY.server().awaitRequest(r -> r.isJsonRpc("tools/list"), HANG_GUARD)).isPresent();
    }

    // A failed client's close may still send a request; a new attempt would send a new initialize.
    long attempts = initializes(FAULTY.server());
    List<ToolSource> second = manager.sourcesFor(G1);
    assertThat(Sources.offering(second)).containsExactly("healthy");
    assertThat(Sources.hiddenBecause(second, "faulty")).contains(McpFailureCodes.QUARANTINED);
    assertThat(initializes(FAULTY.server())).as("a quarantined server is skipped, not asked").isEqualTo(attempts);
    ToolResult echo = call(tool(first, "healthy", "echo"), "{\"text\":\"still here\"}");
    assertThat(((ToolResult.Success) echo).summary()).contains("echo: still here");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("connectFaults")
  void addingAFaultyServerFailsWithinTheDeadlineAndStoresNothing(McpFault fault, String path) {
    FAULTY.server().inject(fault);
    ConfigOutcome out = manager.configOperations().add("g1", "faulty", FAULTY.server().url(path), "tok-fault", null);
    // A server that never answers is unreachable, ended by the connect deadline; one that answers something else is
    // no MCP server.
    assertThat(out.code()).isEqualTo(fault instanceof McpFault.HangAt ? ConfigOutcome.UNREACHABLE
        : ConfigOutcome.NOT_AN_MCP_SERVER);
    if (fault instanceof McpFault.HangAt) {
      assertThat(out.message()).contains(McpFailureCodes.TIMEOUT);
    }
    assertThat(out.message()).doesNotContain("tok-fault");
    assertThat(store.list("g1")).isEmpty();
  }

  @Test
  void aToolCallWhosePostNeverAnswersEndsAtTheExecutionDeadlineAndNothingElseSuffers() throws Exception {
    register("healthy", HEALTHY.server().streamableUrl());
    McpRegistration faulty = register("faulty", FAULTY.server().streamableUrl());
    List<ToolSource> sources = manager.sourcesFor(G1);
    assertThat(Sources.offering(sources)).containsExactlyInAnyOrder("healthy", "faulty");
    FAULTY.server().inject(McpFault.hangAtToolsCall());

    // The server holds the call forever: only the execution deadline can end it, and its code says so.
    ToolResult hung = call(tool(sources, "faulty", "echo"), "{\"text\":\"lost\"}");
    assertThat(((ToolResult.Failure) hung).code()).isEqualTo(ToolResult.TIMEOUT);
    assertThat(((ToolResult.Failure) hung).retryable()).isTrue();
    assertThat(FAULTY.server().requests()).filteredOn(r -> r.isJsonRpc("tools/call")).hasSize(1);
    assertThat(call(tool(sources, "healthy", "echo"), "{\"text\":\"fine\"}").isSuccess()).isTrue();

    // A call timing out is not a failed connect: no quarantine, and the same session answers once the fault goes.
    assertThat(manager.breakerState("g1", faulty.id())).contains(BreakerState.CLOSED);
    FAULTY.server().clearFaults();
    ToolResult after = call(tool(manager.sourcesFor(G1), "faulty", "echo"), "{\"text\":\"back\"}");
    assertThat(((ToolResult.Success) after).summary()).contains("echo: back");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', value = {
      "-32602 | Unknown tool: echo   | mcp_unknown_tool",
      "-32602 | text must be a string | mcp_invalid_params",
      "-32603 | database on fire      | mcp_server_error",
      "-32601 | Method not found      | mcp_protocol_error"})
  void aJsonRpcErrorBecomesAFailureWithAClearCode(int code, String message, String expected) throws Exception {
    register("faulty", FAULTY.server().streamableUrl());
    List<ToolSource> sources = manager.sourcesFor(G1);
    FAULTY.server().protocolError("echo", code, message);
    ToolResult r = call(tool(sources, "faulty", "echo"), "{\"text\":\"x\"}");
    assertThat(((ToolResult.Failure) r).code()).isEqualTo(expected);
    assertThat(((ToolResult.Failure) r).message()).contains(message);
  }
}
