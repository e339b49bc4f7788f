package dev.loadout.testkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The in-JVM server against the SDK's own client, over both transports, with every kind of misbehaviour. */
@Timeout(60)
class McpTestServerTest {
  static final String TEXT_SCHEMA = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}";

  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(McpTestServer.builder().name("kit")
      .tool("echo", "Echoes text.", TEXT_SCHEMA, args -> McpReply.text("echo: " + args.get("text")))
      .tool("picture", "A 1x1 image.", args -> McpReply.image("iVBORw0KGgo=", "image/png", "a picture"))
      .tool("throws", "Throws.", args -> {
        throw new IllegalStateException("handler bug");
      }));

  static McpSyncClient client(McpTestServer server, String path, Duration timeout) {
    String base = "http://127.0.0.1:" + server.port();
    var auth = (io.modelcontextprotocol.client.transport.customizer.McpSyncHttpClientRequestCustomizer)
        (builder, method, endpoint, body, context) -> builder.header("Authorization", "Bearer kit-token");
    var transport = path.equals(McpTestServer.SSE_PATH) ? sse(base, auth)
        : HttpClientStreamableHttpTransport.builder(base).endpoint(path).httpRequestCustomizer(auth).build();
    return McpClient.sync(transport).requestTimeout(timeout).initializationTimeout(timeout).build();
  }

  @SuppressWarnings("deprecation")
  static io.modelcontextprotocol.spec.McpClientTransport sse(String base,
      io.modelcontextprotocol.client.transport.customizer.McpSyncHttpClientRequestCustomizer auth) {
    return HttpClientSseClientTransport.builder(base).sseEndpoint(McpTestServer.SSE_PATH).httpRequestCustomizer(auth).build();
  }

  static McpSchema.CallToolResult call(McpSyncClient c, String tool, Map<String, Object> args) {
    return c.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
  }

  static String text(McpSchema.CallToolResult r) {
    return ((McpSchema.TextContent) r.content().get(r.content().size() - 1)).text();
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void bothTransportsServeTheDeclaredToolsOnLoopbackAndRecordWhatTheyReceived(String path) {
    McpTestServer server = mcp.server();
    try (McpSyncClient c = client(server, path, Duration.ofSeconds(10))) {
      assertThat(c.listTools().tools()).extracting(McpSchema.Tool::name).containsExactly("echo", "picture", "throws");
      assertThat(text(call(c, "echo", Map.of("text", "hi")))).isEqualTo("echo: hi");
      McpSchema.CallToolResult picture = call(c, "picture", Map.of());
      assertThat(picture.content().get(0)).isInstanceOf(McpSchema.ImageContent.class);
    }
    assertThat(server.url("/x")).startsWith("http://127.0.0.1:");
    assertThat(server.requests()).isNotEmpty().allSatisfy(r -> {
      assertThat(r.remoteAddress()).isEqualTo("127.0.0.1");
      assertThat(r.header("AUTHORIZATION")).contains("Bearer kit-token");
    });
    assertThat(server.requests()).filteredOn(r -> r.isJsonRpc("tools/call")).hasSize(2)
        .allSatisfy(r -> assertThat(r.httpMethod()).isEqualTo("POST"));
    assertThat(server.requests()).filteredOn(r -> r.isJsonRpc("initialize")).hasSize(1);
  }

  @Test
  void aThrowingHandlerAnswersAnErrorResultInsteadOfBreakingTheResponse() {
    try (McpSyncClient c = client(mcp.server(), McpTestServer.STREAMABLE_PATH, Duration.ofSeconds(10))) {
      McpSchema.CallToolResult r = call(c, "throws", Map.of());
      assertThat(r.isError()).isTrue();
      assertThat(text(r)).contains("handler bug");
      assertThat(text(call(c, "echo", Map.of("text", "after")))).isEqualTo("echo: after");
    }
  }

  @Test
  void toolsMisbehaveOneByOneWhileTheOthersStayHealthy() {
    McpTestServer server = mcp.server();
    server.failing("picture", "no pictures today");
    server.protocolError("throws", McpSchema.ErrorCodes.INVALID_PARAMS, "bad params");
    server.slow("echo", Duration.ofSeconds(30));
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH, Duration.ofSeconds(10))) {
      McpSchema.CallToolResult failing = call(c, "picture", Map.of());
      assertThat(failing.isError()).isTrue();
      assertThat(text(failing)).isEqualTo("no pictures today");
      Throwable protocol = catchThrowable(() -> call(c, "throws", Map.of()));
      assertThat(protocol).isInstanceOf(McpError.class);
      assertThat(((McpError) protocol).getJsonRpcError().code()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
      assertThat(((McpError) protocol).getJsonRpcError().message()).isEqualTo("bad params");
    }
    // A short request timeout only once the server is warm: its first handshake can take longer than that.
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH, Duration.ofMillis(700))) {
      c.initialize();
      assertThatThrownBy(() -> call(c, "echo", Map.of("text", "slow"))).hasRootCauseInstanceOf(java.util.concurrent.TimeoutException.class);
      server.clearFaults();
      assertThat(text(call(c, "echo", Map.of("text", "fast")))).isEqualTo("echo: fast");
    }
  }

  @Test
  void aProtocolErrorOverSseArrivesAsAnErrorResultNamingTheCode() {
    mcp.server().protocolError("echo", -32602, "bad params");
    try (McpSyncClient c = client(mcp.server(), McpTestServer.SSE_PATH, Duration.ofSeconds(10))) {
      McpSchema.CallToolResult r = call(c, "echo", Map.of("text", "x"));
      assertThat(r.isError()).isTrue();
      assertThat(text(r)).isEqualTo("MCP error -32602: bad params");
    }
  }

  @Test
  void hangingAtToolsListLetsTheHandshakeSucceedAndHoldsDiscovery() throws Exception {
    McpTestServer server = mcp.server();
    server.inject(McpFault.hangAtToolsList());
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH, Duration.ofSeconds(3))) {
      c.initialize();
      assertThat(c.isInitialized()).isTrue();
      assertThatThrownBy(c::listTools).hasRootCauseInstanceOf(java.util.concurrent.TimeoutException.class);
    }
    assertThat(server.awaitRequest(r -> r.isJsonRpc("tools/list"), Duration.ofSeconds(1))).isPresent();
  }

  @Test
  void hangingAtInitializeHoldsTheHandshake() {
    mcp.server().inject(McpFault.hangAtInitialize());
    try (McpSyncClient c = client(mcp.server(), McpTestServer.SSE_PATH, Duration.ofMillis(600))) {
      assertThatThrownBy(c::initialize).hasRootCauseInstanceOf(java.util.concurrent.TimeoutException.class);
    }
    assertThat(mcp.server().requests()).anySatisfy(r -> assertThat(r.path()).isEqualTo(McpTestServer.SSE_PATH))
        .anySatisfy(r -> assertThat(r.isJsonRpc("initialize")).isTrue());
  }

  @Test
  void statusAndNonJsonFaultsAnswerEveryRequestWithoutTheSdk() {
    McpTestServer server = mcp.server();
    server.inject(new McpFault.HttpStatus(503));
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH, Duration.ofSeconds(5))) {
      assertThatThrownBy(c::initialize).hasStackTraceContaining("503");
    }
    server.inject(new McpFault.NonJsonBody());
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH, Duration.ofSeconds(5))) {
      assertThatThrownBy(c::initialize).isInstanceOf(RuntimeException.class);
    }
    assertThat(server.requests()).filteredOn(r -> r.isJsonRpc("initialize")).hasSize(2);
  }

  @Test
  void aRestartKeepsThePortAndDropsEverySession() {
    McpTestServer server = mcp.server();
    int port = server.port();
    try (McpSyncClient before = client(server, McpTestServer.SSE_PATH, Duration.ofSeconds(5))) {
      assertThat(text(call(before, "echo", Map.of("text", "1")))).isEqualTo("echo: 1");
      server.restart();
      assertThat(server.port()).isEqualTo(port);
      assertThatThrownBy(() -> call(before, "echo", Map.of("text", "2"))).hasStackTraceContaining("404");
    }
    try (McpSyncClient after = client(server, McpTestServer.SSE_PATH, Duration.ofSeconds(5))) {
      assertThat(text(call(after, "echo", Map.of("text", "3")))).isEqualTo("echo: 3");
    }
  }

  @Test
  void aStoppedServerLeavesNoThreadThatKeepsTheJvmAlive() {
    try (McpSyncClient c = client(mcp.server(), McpTestServer.STREAMABLE_PATH, Duration.ofSeconds(5))) {
      call(c, "echo", Map.of("text", "warm"));
    }
    assertThat(Thread.getAllStackTraces().keySet()).filteredOn(t -> t.getName().startsWith("mcp-test-server"))
        .isNotEmpty().allSatisfy(t -> assertThat(t.isDaemon()).isTrue());
    mcp.server().stop();
    assertThat(Thread.getAllStackTraces().keySet()).filteredOn(Thread::isAlive).filteredOn(t -> !t.isDaemon())
        .extracting(Thread::getName).noneMatch(n -> n.contains("sweeper") || n.startsWith("mcp-test-server"));
  }

  @Test
  void misconfigurationIsRefusedWithTheCulpritNamed() {
    assertThatThrownBy(() -> McpTestServer.builder().tool("t", "d", "[1]", a -> McpReply.text("x")))
        .hasMessageContaining("input schema of tool [t]");
    assertThatThrownBy(() -> mcp.server().slow("nope", Duration.ZERO)).hasMessageContaining("no tool [nope]")
        .hasMessageContaining("echo");
    assertThatThrownBy(() -> new McpFault.HttpStatus(200)).hasMessageContaining("400-599");
    assertThatThrownBy(() -> McpTestServer.builder().build().port()).hasMessageContaining("not been started");
    assertThatThrownBy(() -> mcp.server().start()).hasMessageContaining("already running");
  }
}
