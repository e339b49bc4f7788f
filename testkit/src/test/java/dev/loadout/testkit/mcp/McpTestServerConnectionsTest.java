package dev.loadout.testkit.mcp;

import static dev.loadout.testkit.mcp.SdkClients.call;
import static dev.loadout.testkit.mcp.SdkClients.client;
import static dev.loadout.testkit.mcp.SdkClients.lastText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** Connections reset under a running server, and tools that come and go while clients are connected. */
@Timeout(60)
class McpTestServerConnectionsTest {
  static final Duration WAIT = Duration.ofSeconds(20);

  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(McpTestServer.builder().name("conn")
      .tool("wait", "Answers when released.", args -> McpReply.text("released"))
      .tool("echo", "Echoes.", args -> McpReply.text("echo")));

  @Test
  void droppingConnectionsResetsTheOpenStreamAndThePendingPostWhileTheServerServesNewRequests() throws Exception {
    McpTestServer server = mcp.server();
    HeldTool held = server.hold("wait");
    HttpClient http = HttpClient.newHttpClient();
    // An SSE stream, open and idle, as a session's GET is between messages.
    Stream<String> stream = http.send(HttpRequest.newBuilder(URI.create(server.sseUrl())).GET().build(),
        HttpResponse.BodyHandlers.ofLines()).body();
    CompletableFuture<Long> streamEnd = CompletableFuture.supplyAsync(stream::count);
    // A POST waiting for its answer.
    RawMcp raw = RawMcp.streamable(server);
    raw.initialize();
    CompletableFuture<Object> pending = CompletableFuture.supplyAsync(() -> {
      try {
        return raw.request(9, "tools/call", "{\"name\":\"wait\",\"arguments\":{}}");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    assertThat(held.awaitHeld(WAIT)).isTrue();

    assertThat(server.dropConnections()).as("the stream and the pending POST at least").isGreaterThanOrEqualTo(2);

    Throwable postFailure = catchThrowable(() -> pending.get(WAIT.toSeconds(), TimeUnit.SECONDS));
    assertThat(postFailure).isInstanceOf(ExecutionException.class).hasRootCauseInstanceOf(IOException.class);
    Throwable streamFailure = catchThrowable(() -> streamEnd.get(WAIT.toSeconds(), TimeUnit.SECONDS));
    assertThat(streamFailure).as("the stream breaks off; it does not end cleanly").isInstanceOf(ExecutionException.class)
        .hasRootCauseInstanceOf(IOException.class);
    assertThat(server.isRunning()).isTrue();

    held.release();
    // The Streamable session outlives its connections: the same session id is served on a new one.
    JsonNode after = raw.request(10, "tools/call", "{\"name\":\"echo\",\"arguments\":{}}");
    assertThat(after.path("result").path("content").get(0).path("text").asString()).isEqualTo("echo");
    try (McpSyncClient c = client(server, McpTestServer.SSE_PATH)) {
      assertThat(lastText(call(c, "wait", Map.of()))).isEqualTo("released");
    }
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH)) {
      assertThat(lastText(call(c, "echo", Map.of()))).isEqualTo("echo");
    }
  }

  @Test
  void aClientOfTheSdkSeesItsCallInFlightFailWhenTheConnectionDrops() throws Exception {
    McpTestServer server = mcp.server();
    HeldTool held = server.hold("wait");
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH, spec -> spec.requestTimeout(Duration.ofMinutes(5)))) {
      CompletableFuture<McpSchema.CallToolResult> pending = CompletableFuture.supplyAsync(() -> call(c, "wait", Map.of()));
      assertThat(held.awaitHeld(WAIT)).isTrue();
      server.dropConnections();
      // Far below the client's own five-minute deadline: the drop, not a timeout, ends the call.
      assertThatThrownBy(() -> pending.get(WAIT.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
    }
  }

  @Test
  void aStoppedServerHasNoConnectionToDrop() {
    mcp.server().stop();
    assertThat(mcp.server().dropConnections()).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void toolsAddedAndRemovedAtRunTimeAreAnnouncedToConnectedSessions(String path) throws Exception {
    McpTestServer server = mcp.server();
    BlockingQueue<List<String>> announced = new LinkedBlockingQueue<>();
    try (McpSyncClient c = client(server, path, spec -> spec.toolsChangeConsumer(
        tools -> announced.add(tools.stream().map(McpSchema.Tool::name).toList())))) {
      assertThat(c.getServerCapabilities().tools().listChanged()).isTrue();
      if (path.equals(McpTestServer.STREAMABLE_PATH)) {
        // Streamable notifications travel on the session's standing GET, which the client opens after the
        // handshake: a change announced before it arrives reaches no one.
        assertThat(server.awaitRequest(r -> r.httpMethod().equals("GET") && r.path().equals(path), WAIT)).isPresent();
      }
      c.listTools();

      server.addTool("late", "Added at run time.", "{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}}}",
          args -> McpReply.text("late " + args.get("x")));
      assertThat(announced.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).containsExactly("wait", "echo", "late");
      assertThat(lastText(call(c, "late", Map.of("x", "1")))).isEqualTo("late 1");
      assertThat(server.toolNames()).containsExactly("wait", "echo", "late");

      server.removeTool("echo");
      assertThat(announced.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).containsExactly("wait", "late");
      Throwable gone = catchThrowable(() -> call(c, "echo", Map.of()));
      if (gone == null) {
        assertThat(call(c, "echo", Map.of()).isError()).as("a removed tool does not answer").isTrue();
      }
    }
    assertThat(server.requests()).filteredOn(r -> r.isJsonRpc("tools/list")).hasSizeGreaterThanOrEqualTo(3);
  }

  @Test
  void aRestartKeepsTheChangedToolsAndResetPutsTheDeclaredOnesBack() {
    McpTestServer server = mcp.server();
    server.addTool("late", "Added.", args -> McpReply.text("late"));
    server.removeTool("wait");
    server.restart();
    try (McpSyncClient c = client(server, McpTestServer.SSE_PATH)) {
      assertThat(c.listTools().tools()).extracting(McpSchema.Tool::name).containsExactly("echo", "late");
    }
    server.reset();
    assertThat(server.toolNames()).containsExactly("wait", "echo");
    try (McpSyncClient c = client(server, McpTestServer.STREAMABLE_PATH)) {
      assertThat(c.listTools().tools()).extracting(McpSchema.Tool::name).containsExactly("wait", "echo");
      assertThat(lastText(call(c, "wait", Map.of()))).isEqualTo("released");
    }
  }

  @Test
  void toolChangesThatCannotBeAreRefusedWithTheCulpritNamed() {
    McpTestServer server = mcp.server();
    assertThatThrownBy(() -> server.addTool("echo", "Again.", a -> McpReply.text("x")))
        .hasMessageContaining("already has a tool [echo]");
    assertThatThrownBy(() -> server.removeTool("nope")).hasMessageContaining("no tool [nope]");
    assertThatThrownBy(() -> server.addTool("bad", "Bad schema.", "[1]", a -> McpReply.text("x")))
        .hasMessageContaining("input schema of tool [bad]");
    McpTestServer bare = McpTestServer.builder().withoutToolsCapability().build();
    assertThatThrownBy(() -> bare.addTool("t", "d", a -> McpReply.text("x"))).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no tools capability");
    assertThatThrownBy(() -> McpTestServer.builder().taskSupport("nope", "required"))
        .hasMessageContaining("no [nope]");
    assertThatThrownBy(() -> McpTestServer.builder().tool("t", "d", a -> McpReply.text("x")).taskSupport("t", "always"))
        .hasMessageContaining("must be one of").hasMessageContaining("[always]");
  }
}
