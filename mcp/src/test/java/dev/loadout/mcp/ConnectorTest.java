package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.RecordedRequest;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Transport fallback, deadlines and failure classification against a real in-JVM MCP server. */
@Timeout(60)
class ConnectorTest {
  static final String TOKEN = "tok-SECRET-42";
  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("injvm"));
  @RegisterExtension
  static final McpTestServerExtension FAULTY = McpTestServerExtension.of(TestServers.standard("faulty"));
  static final ExecutorService blocking = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "mcp-test-blocking");
    t.setDaemon(true);
    return t;
  });

  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5)).build();
  final Connector connector = new Connector(NetworkGuard.of(NetworkPolicy.development()), settings, blocking);

  @AfterAll
  static void stop() {
    blocking.shutdownNow();
  }

  @Test
  void streamableHttpConnectsFirstDiscoversEveryToolAndSendsTheBearerToken() throws Exception {
    Connector.Connected c = connector.connect(MCP.server().streamableUrl(), TOKEN);
    try {
      assertThat(c.transport()).isEqualTo(Connector.STREAMABLE);
      assertThat(c.tools()).extracting(McpSchema.Tool::name)
          .containsExactlyInAnyOrder("echo", "fails", "picture", "wait", "fetch", "dotted.name");
      assertThat(MCP.server().requests()).isNotEmpty()
          .allSatisfy(r -> assertThat(r.header("Authorization")).contains("Bearer " + TOKEN));
    } finally {
      c.client().close();
    }
  }

  @Test
  void anSseOnlyEndpointFallsBackToSseWithAFreshClient() throws Exception {
    Connector.Connected c = connector.connect(MCP.server().sseUrl(), null);
    try {
      assertThat(c.transport()).isEqualTo(Connector.SSE);
      assertThat(c.tools()).hasSize(TestServers.TOOL_COUNT);
    } finally {
      c.client().close();
    }
  }

  @Test
  void aServerWithoutTheToolsCapabilityConnectsWithZeroToolsAndIsNeverAskedForThem() throws Exception {
    McpTestServer promptsOnly = McpTestServer.builder().name("prompts-only").withoutToolsCapability().build().start();
    try {
      Connector.Connected c = connector.connect(promptsOnly.streamableUrl(), null);
      try {
        assertThat(c.transport()).isEqualTo(Connector.STREAMABLE);
        assertThat(c.tools()).isEmpty();
        assertThat(promptsOnly.requests()).extracting(r -> r.jsonRpcMethod().orElse(""))
            .contains("initialize").doesNotContain("tools/list");
      } finally {
        c.client().close();
      }
    } finally {
      promptsOnly.stop();
    }
  }

  @Test
  void aServerThatInitialisedOverStreamableHttpIsNotRetriedOverSse() {
    FAULTY.server().inject(new McpFault.HangAt("tools/list"));
    Connector quick = new Connector(NetworkGuard.of(NetworkPolicy.development()),
        McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(2)).build(), blocking);

    Connector.ConnectFailed f = catchThrowableOfType(() -> quick.connect(FAULTY.server().streamableUrl(), null),
        Connector.ConnectFailed.class);

    assertThat(f.getMessage()).contains("StreamableHTTP: timeout").doesNotContain("SSE");
    assertThat(FAULTY.server().requests()).extracting(RecordedRequest::path)
        .noneMatch(p -> p.startsWith(McpTestServer.SSE_PATH) || p.startsWith(McpTestServer.MESSAGE_PATH));
  }

  @Test
  void aServerThatNeverAnswersEndsAtLoadoutsDeadlineAndBothAttemptsShareIt() {
    FAULTY.server().inject(new McpFault.HangEveryRequest());
    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(FAULTY.server().streamableUrl(), TOKEN),
        Connector.ConnectFailed.class);
    assertThat(f.code).isEqualTo(McpFailureCodes.TIMEOUT);
    // The first attempt spent the whole budget, so the fallback was not given a deadline of its own.
    assertThat(f.getMessage()).startsWith("All MCP transports failed for 'http://127.0.0.1:" + FAULTY.server().port() + "'")
        .contains("StreamableHTTP: timeout").contains("SSE: not tried, the connect deadline had passed")
        .doesNotContain(TOKEN);
    assertThat(FAULTY.server().requests()).extracting(RecordedRequest::path)
        .noneMatch(p -> p.startsWith(McpTestServer.SSE_PATH) || p.startsWith(McpTestServer.MESSAGE_PATH));
  }

  @Test
  void a500NamesEachTransportsFailure() {
    FAULTY.server().inject(new McpFault.HttpStatus(500));
    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(FAULTY.server().streamableUrl(), TOKEN),
        Connector.ConnectFailed.class);
    assertThat(f.getMessage()).contains("StreamableHTTP: mcp_http_error").contains("SSE: ").doesNotContain(TOKEN)
        .hasSizeLessThanOrEqualTo(500);
  }

  @Test
  void aNonJsonBodyFailsBothTransportsWithoutWaitingForever() {
    FAULTY.server().inject(new McpFault.NonJsonBody());
    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(FAULTY.server().url("/mcp?key=zzz"), TOKEN),
        Connector.ConnectFailed.class);
    assertThat(f.getMessage()).contains("StreamableHTTP: ").contains("SSE").doesNotContain("zzz").doesNotContain(TOKEN);
  }

  @Test
  void aClosedPortIsUnreachable() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    int closed = port;
    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect("http://127.0.0.1:" + closed + "/mcp", null),
        Connector.ConnectFailed.class);
    assertThat(f.getMessage()).contains("StreamableHTTP: mcp_unreachable");
  }

  @Test
  void theNetworkGuardIsAskedAgainAtEveryConnect() {
    Connector production = new Connector(NetworkGuard.of(NetworkPolicy.production()), settings, blocking);
    String token = "tok-production-only";
    assertThatThrownBy(() -> production.connect(MCP.server().streamableUrl(), token))
        .isInstanceOfSatisfying(Connector.ConnectFailed.class, f -> assertThat(f.code).isEqualTo(McpFailureCodes.BLOCKED));
    assertThat(MCP.server().requests()).noneSatisfy(r -> assertThat(r.header("Authorization")).contains("Bearer " + token));
  }
}
