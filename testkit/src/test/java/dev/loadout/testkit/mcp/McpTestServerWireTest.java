package dev.loadout.testkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** What goes over the wire, read by hand: task support, progress order, and what the request log keeps. */
@Timeout(60)
class McpTestServerWireTest {
  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(McpTestServer.builder().name("wire")
      .tool("deferred", "Runs only as a task.", args -> McpReply.text("never"))
      .tool("maybe", "May run as a task.", args -> McpReply.text("ran plainly"))
      .tool("plain", "No task support declared.", args -> McpReply.text("plain"))
      .taskSupport("deferred", "required")
      .taskSupport("maybe", "optional"));

  static RawMcp open(McpTestServer server, String path) throws Exception {
    return path.equals(McpTestServer.SSE_PATH) ? RawMcp.sse(server) : RawMcp.streamable(server);
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void toolsListDeclaresTaskSupportAndTheHandshakeTheTasksCapability(String path) throws Exception {
    try (RawMcp raw = open(mcp.server(), path)) {
      JsonNode init = raw.initialize();
      assertThat(init.path("capabilities").path("tools").path("listChanged").asBoolean()).isTrue();
      assertThat(init.path("capabilities").path("tasks").path("requests").path("tools").path("call").isObject()).isTrue();
      JsonNode tools = raw.request(2, "tools/list", null).path("result").path("tools");
      assertThat(tools).extracting(t -> t.path("name").asString()).containsExactly("deferred", "maybe", "plain");
      assertThat(tools.get(0).path("execution").path("taskSupport").asString()).isEqualTo("required");
      assertThat(tools.get(1).path("execution").path("taskSupport").asString()).isEqualTo("optional");
      assertThat(tools.get(2).has("execution")).isFalse();
      assertThat(tools.get(0).path("inputSchema").path("type").asString()).as("the rest is the SDK's").isEqualTo("object");
    }
  }

  @Test
  void aToolThatRequiresTasksRefusesAPlainCallWithMethodNotFound() throws Exception {
    try (RawMcp raw = RawMcp.streamable(mcp.server())) {
      raw.initialize();
      JsonNode refused = raw.request(3, "tools/call", "{\"name\":\"deferred\",\"arguments\":{}}");
      assertThat(refused.path("error").path("code").asInt()).isEqualTo(-32601);
      assertThat(refused.path("error").path("message").asString()).contains("requires task augmentation");
      JsonNode optional = raw.request(4, "tools/call", "{\"name\":\"maybe\",\"arguments\":{}}");
      assertThat(optional.path("result").path("content").get(0).path("text").asString()).isEqualTo("ran plainly");
    }
    try (RawMcp raw = RawMcp.sse(mcp.server())) {
      raw.initialize();
      JsonNode refused = raw.request(3, "tools/call", "{\"name\":\"deferred\",\"arguments\":{}}");
      assertThat(refused.path("result").path("isError").asBoolean()).isTrue();
      assertThat(refused.path("result").path("content").get(0).path("text").asString()).startsWith("MCP error -32601: ");
    }
  }

  @Test
  void aServerWithoutTaskSupportLeavesTheSdksAnswersAlone() throws Exception {
    try (McpTestServer plain = McpTestServer.builder().tool("plain", "Plain.", a -> McpReply.text("p")).build().start();
        RawMcp raw = RawMcp.streamable(plain)) {
      assertThat(raw.initialize().path("capabilities").has("tasks")).isFalse();
      assertThat(raw.request(2, "tools/list", null).path("result").path("tools").get(0).has("execution")).isFalse();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {McpTestServer.STREAMABLE_PATH, McpTestServer.SSE_PATH})
  void progressNotificationsTravelInOrderBeforeTheAnswer(String path) throws Exception {
    mcp.server().progress("plain", 3);
    try (RawMcp raw = open(mcp.server(), path)) {
      raw.initialize();
      List<JsonNode> messages = raw.exchange(5, "tools/call",
          "{\"name\":\"plain\",\"arguments\":{},\"_meta\":{\"progressToken\":7}}");
      assertThat(messages).hasSize(4);
      assertThat(messages.subList(0, 3)).allSatisfy(m -> {
        assertThat(m.path("method").asString()).isEqualTo("notifications/progress");
        assertThat(m.path("params").path("progressToken").asInt()).isEqualTo(7);
        assertThat(m.path("params").path("total").asDouble()).isEqualTo(3.0);
      });
      assertThat(messages.subList(0, 3)).extracting(m -> m.path("params").path("progress").asDouble())
          .containsExactly(1.0, 2.0, 3.0);
      assertThat(messages.subList(0, 3)).extracting(m -> m.path("params").path("message").asString())
          .containsExactly("step 1", "step 2", "step 3");
      assertThat(messages.get(3).path("result").path("content").get(0).path("text").asString()).isEqualTo("plain");
    }
  }

  @Test
  void theLogKeepsEachMessagesIdAndParamsSoACancellationCanBeTiedToItsCall() throws Exception {
    McpTestServer server = mcp.server();
    try (RawMcp raw = RawMcp.streamable(server)) {
      raw.initialize();
      raw.request(42, "tools/call", "{\"name\":\"plain\",\"arguments\":{\"n\":[1,null]},\"_meta\":{\"progressToken\":\"p-1\"}}");
      raw.notify("notifications/cancelled", "{\"requestId\":42,\"reason\":\"gave up\"}");
    }
    RecordedRequest init = server.requests().stream().filter(r -> r.isJsonRpc("initialize")).findFirst().orElseThrow();
    RecordedRequest call = server.requests().stream().filter(r -> r.isJsonRpc("tools/call")).findFirst().orElseThrow();
    RecordedRequest cancel = server.requests().stream().filter(r -> r.isJsonRpc("notifications/cancelled"))
        .findFirst().orElseThrow();
    assertThat(init.jsonRpcId()).contains("init");
    assertThat(call.jsonRpcId()).contains(42);
    assertThat(cancel.jsonRpcId()).as("a notification has no id").isEmpty();
    assertThat(cancel.param("requestId")).isEqualTo(call.jsonRpcId());
    assertThat(cancel.param("reason")).contains("gave up");
    assertThat(call.param("name")).contains("plain");
    assertThat(call.param("_meta", "progressToken")).contains("p-1");
    assertThat(call.param("arguments", "n")).contains(java.util.Arrays.asList(1, null));
    assertThat(call.param("name", "deeper")).as("a step that is not an object").isEmpty();
    assertThat(call.param("missing")).isEmpty();
    assertThatThrownBy(() -> call.params().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    @SuppressWarnings("unchecked")
    Map<String, Object> meta = (Map<String, Object>) call.params().get("_meta");
    assertThatThrownBy(() -> meta.clear()).as("read-only all the way down").isInstanceOf(UnsupportedOperationException.class);
    RecordedRequest initialized = server.requests().stream().filter(r -> r.isJsonRpc("notifications/initialized"))
        .findFirst().orElseThrow();
    assertThat(initialized.params()).isEmpty();
    assertThat(new RecordedRequest("GET", "/sse", Optional.empty(), Map.of(), "127.0.0.1").params())
        .as("the record's earlier shape still compiles and has no id or params").isEmpty();
  }
}
