package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An ordinary session logs no warning and no error on the client side: connect, call and close over both
 * transports, and a failed connect, which is logged once by Loadout with its reason and never by the SDK with a
 * stack trace. The test's SLF4J binding writes to standard error, which the test reads; lines of the in-JVM
 * server (its own SDK server classes and Jetty) are not the client's and are left out.
 */
@Timeout(60)
class QuietLogsTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();

  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("quiet"));

  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5)).build();

  /** The client-side lines of what ran, at WARN or ERROR. */
  static List<String> warnings(Runnable run) {
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      run.run();
    } finally {
      System.setErr(original);
    }
    return Arrays.stream(captured.toString(StandardCharsets.UTF_8).split("\n"))
        .filter(l -> l.contains(" WARN ") || l.contains(" ERROR ") || l.startsWith("\tat "))
        .filter(l -> !l.contains("io.modelcontextprotocol.server") && !l.contains("ServerSession")
            && !l.contains("org.eclipse.jetty"))
        .toList();
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void anOrdinaryConnectCallAndCloseWarnOfNothing(String path) {
    List<String> warnings = warnings(() -> {
      InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
      store.insert(McpRegistration.draft("g1", "quiet", MCP.server().url(path), null, ServerType.GENERAL, null));
      GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
          .settings(settings).build();
      try {
        BaseTool echo = manager.sourcesFor(G1).get(0).tools().stream().filter(t -> t.spec().name().equals("echo"))
            .findFirst().orElseThrow();
        ToolResult r = echo.execute(ToolCall.of("c", "echo", "{\"text\":\"hi\"}"), G1).toCompletableFuture()
            .get(10, TimeUnit.SECONDS);
        assertThat(r.isSuccess()).isTrue();
        assertThat(manager.configOperations().probe(MCP.server().url(path), null).succeeded()).isTrue();
      } catch (Exception e) {
        throw new AssertionError(e);
      } finally {
        manager.close();
      }
    });

    assertThat(warnings).isEmpty();
  }

  @Test
  void aFailedConnectIsOneLineOfLoadoutsWithItsReasonAndNoStackTrace() {
    MCP.server().inject(new McpFault.HttpStatus(503));
    List<String> warnings = warnings(() -> {
      InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
      store.insert(McpRegistration.draft("g1", "down", MCP.server().streamableUrl(), null, ServerType.GENERAL, null));
      try (GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
          .settings(settings).build()) {
        manager.sourcesFor(G1);
      }
    });

    assertThat(warnings).singleElement().satisfies(line -> assertThat(line).contains("dev.loadout.mcp.Pool")
        .contains("could not connect").contains("mcp_http_error"));
  }

  @Test
  void aListenerThatThrowsIsContainedAndLoggedOncePerEvent() {
    MCP.server().inject(new McpFault.HttpStatus(503));
    McpEventListener broken = new McpEventListener() {
      @Override
      public void onConnect(String guildId, long registrationId, String transport, String failureCode) {
        throw new IllegalStateException("listener bug");
      }

      @Override
      public void onBreakerTransition(BreakerTransition transition) {
        throw new IllegalStateException("listener bug");
      }
    };
    List<String> outcomes = new java.util.ArrayList<>();
    List<String> warnings = warnings(() -> {
      InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
      McpRegistration down = store.insert(McpRegistration.draft("g1", "down", MCP.server().streamableUrl(), null,
          ServerType.GENERAL, null)).orElseThrow();
      try (GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
          .settings(settings).listener(broken).build()) {
        manager.sourcesFor(G1);
        outcomes.add(manager.configOperations().retryNow("g1", down.id()).code());
        MCP.server().clearFaults();
        outcomes.add(manager.configOperations().retryNow("g1", down.id()).code());
      }
    });

    assertThat(outcomes).as("the manager went on as if the listener had returned")
        .containsExactly(ConfigOutcome.CONNECTION_FAILED, ConfigOutcome.CONNECTED);
    assertThat(warnings.stream().filter(l -> l.contains("threw from onConnect"))).hasSize(1);
    assertThat(warnings.stream().filter(l -> l.contains("threw from onBreakerTransition"))).hasSize(1);
  }
}
