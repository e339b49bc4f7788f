package dev.loadout.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import dev.loadout.core.AccumulatedCalls;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolChoice;
import dev.loadout.core.ToolOutcome;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.net.ReceivedRequest;
import dev.loadout.testkit.TestContexts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The adapter against the real SDK, talking to a loopback provider that records every request. */
class AnthropicToolsTest {
  private Loadout loadout;
  private PreparedTurn turn;
  private ScriptedModel scripted;
  private LoopbackHttpServer server;
  private AnthropicClient client;

  @BeforeEach
  void start() throws Exception {
    loadout = Fixture.loadout();
    turn = loadout.prepare(TestContexts.turn().build());
    scripted = ScriptedModel.speaking(Dialect.ANTHROPIC);
    server = LoopbackHttpServer.serving(scripted);
    client = AnthropicOkHttpClient.builder().apiKey("test-key").baseUrl(server.baseUrl()).maxRetries(0).build();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
    loadout.close();
  }

  private static MessageCreateParams.Builder params() {
    return MessageCreateParams.builder().model("claude-test").maxTokens(256)
        .addUserMessage("Weather in Oslo, and search loadout?");
  }

  private static JsonNode json(String body) {
    return JsonMapper.shared().readTree(body);
  }

  @Test
  void theWireRequestCarriesLoadoutsRenderByteForByte() {
    scripted.enqueueText("Hello.");
    AnthropicTools tools = AnthropicTools.of(turn);

    client.messages().create(tools.applyTo(params()).build());

    String wire = scripted.takeRequest();
    String rendered = turn.render(Dialect.ANTHROPIC).json();
    assertThat(turn.visibleNames()).containsExactly("get_weather", "search", "snapshot");
    assertThat(json(wire).get("tools")).isEqualTo(json(rendered));
    // Not just equal as JSON: the very bytes, key order, escapes and numbers included.
    assertThat(wire).contains("\"tools\":" + rendered);
    assertThat(server.requests().stream().map(ReceivedRequest::line).toList()).containsExactly("POST /v1/messages");
  }

  @Test
  void aTurnWithoutToolsSendsNoToolsField() {
    scripted.enqueueText("Hello.");
    try (Loadout empty = Loadout.builder(dev.loadout.core.ToolRegistry.builder().build()).build()) {
      PreparedTurn none = empty.prepare(TestContexts.turn().build());

      client.messages().create(AnthropicTools.of(none).applyTo(params()).build());
    }

    assertThat(json(scripted.takeRequest()).has("tools")).isFalse();
  }

  @Test
  void aNamedToolChoiceIsLoadoutsRender() {
    scripted.enqueueText("Hello.");
    AnthropicTools tools = AnthropicTools.of(turn);

    client.messages().create(tools.applyTo(params(), ToolChoice.tool("search")).build());

    assertThat(json(scripted.takeRequest()).get("tool_choice"))
        .isEqualTo(turn.toolChoice(Dialect.ANTHROPIC, ToolChoice.tool("search")));
  }

  @Test
  void aChoiceOfAToolNotShownIsRefusedAndLeavesTheBuilderAlone() {
    scripted.enqueueText("Hello.");
    var params = params();

    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> AnthropicTools.of(turn).applyTo(params, ToolChoice.tool("ban_member")))
        .withMessageContaining("'ban_member'");
    client.messages().create(params.build());

    JsonNode wire = json(scripted.takeRequest());
    assertThat(wire.has("tools")).isFalse();
    assertThat(wire.has("tool_choice")).isFalse();
  }

  @Test
  void parallelCallsRoundTripWithTheirIds() {
    scripted.enqueueToolCalls(ToolCall.of("toolu_w", "get_weather", "{\"city\":\"Oslo\"}"),
        ToolCall.of("toolu_s", "search", "{\"query\":\"loadout\"}"));
    scripted.enqueueText("Sunny, and two hits.");
    AnthropicTools tools = AnthropicTools.of(turn);

    // The README's integration, line for line.
    MessageCreateParams.Builder params = tools.applyTo(params());
    Message reply = client.messages().create(params.build());
    int rounds = 0;
    while (tools.appendResults(reply, params)) {
      reply = client.messages().create(params.build());
      rounds++;
    }

    assertThat(rounds).isEqualTo(1);
    assertThat(reply.content().get(0).asText().text()).isEqualTo("Sunny, and two hits.");
    scripted.takeRequest();
    JsonNode second = json(scripted.takeRequest());
    assertThat(second.get("tools")).isEqualTo(json(turn.render(Dialect.ANTHROPIC).json()));
    JsonNode messages = second.get("messages");
    assertThat(messages).hasSize(3);
    JsonNode assistant = messages.get(1);
    assertThat(assistant.get("role").asString()).isEqualTo("assistant");
    assertThat(assistant.get("content")).isEqualTo(json("["
        + "{\"type\":\"tool_use\",\"id\":\"toolu_w\",\"name\":\"get_weather\",\"input\":{\"city\":\"Oslo\"}},"
        + "{\"type\":\"tool_use\",\"id\":\"toolu_s\",\"name\":\"search\",\"input\":{\"query\":\"loadout\"}}]"));
    assertThat(messages.get(2)).isEqualTo(json("{\"role\":\"user\",\"content\":["
        + "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_w\",\"content\":[{\"type\":\"text\",\"text\":\"Sunny in Oslo\"}]},"
        + "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_s\",\"content\":[{\"type\":\"text\","
        + "\"text\":\"{\\\"query\\\":\\\"loadout\\\",\\\"hits\\\":2}\"}]}]}"));
  }

  @Test
  void blocksSentWithoutIdsGetMadeUpIdsThatTheirResultsAnswer() {
    scripted.enqueueRaw("{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-test\","
        + "\"stop_reason\":\"tool_use\",\"stop_sequence\":null,\"usage\":{\"input_tokens\":1,\"output_tokens\":1},"
        + "\"content\":[{\"type\":\"text\",\"text\":\"On it.\"},"
        + "{\"type\":\"tool_use\",\"name\":\"get_weather\",\"input\":{\"city\":\"Oslo\"}},"
        + "{\"type\":\"tool_use\",\"id\":\"\",\"name\":\"search\",\"input\":{\"query\":\"x\"}}]}");
    scripted.enqueueText("Done.");
    AnthropicTools tools = AnthropicTools.of(turn);
    MessageCreateParams.Builder params = tools.applyTo(params());

    Message reply = client.messages().create(params.build());
    List<ToolCall> calls = tools.toolCalls(reply);
    assertThat(tools.appendResults(reply, params)).isTrue();
    client.messages().create(params.build());

    assertThat(calls).extracting(ToolCall::id).allSatisfy(id -> assertThat(id).startsWith("toolu_"))
        .doesNotHaveDuplicates();
    assertThat(tools.toolCalls(reply)).as("stable for the same response").isEqualTo(calls);
    scripted.takeRequest();
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    JsonNode assistant = messages.get(1).get("content");
    assertThat(assistant.get(0)).isEqualTo(json("{\"type\":\"text\",\"text\":\"On it.\"}"));
    for (int i = 0; i < 2; i++) {
      assertThat(assistant.get(1 + i).get("id").asString()).isEqualTo(calls.get(i).id());
      assertThat(messages.get(2).get("content").get(i).get("tool_use_id").asString()).isEqualTo(calls.get(i).id());
    }
  }

  @Test
  void imagesInResultsTravelInsideTheirToolResultBlock() {
    scripted.enqueueToolCalls(ToolCall.of("toolu_p", "snapshot", "{\"camera\":\"door\"}"));
    scripted.enqueueText("A door.");
    AnthropicTools tools = AnthropicTools.of(turn);
    MessageCreateParams.Builder params = tools.applyTo(params());

    Message reply = client.messages().create(params.build());
    List<ToolOutcome> outcomes = turn.executeAll(tools.toolCalls(reply)).toCompletableFuture().join();
    params.addMessage(tools.assistantMessage(reply)).addMessage(tools.resultMessage(outcomes));
    client.messages().create(params.build());

    scripted.takeRequest();
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages).hasSize(3);
    assertThat(messages.get(2)).isEqualTo(json("{\"role\":\"user\",\"content\":[{\"type\":\"tool_result\","
        + "\"tool_use_id\":\"toolu_p\",\"content\":[{\"type\":\"text\",\"text\":\"One frame.\"},"
        + "{\"type\":\"image\",\"source\":{\"type\":\"base64\",\"media_type\":\"image/png\",\"data\":\"" + Fixture.PNG
        + "\"}}]}]}"));
    // The same entry core writes for any host: one place decides what the model reads.
    assertThat(messages.get(2)).isEqualTo(Dialect.ANTHROPIC.historyMessages(outcomes).get(0));
  }

  @Test
  void malformedInputComesBackAsAFailedResultNotAnException() {
    scripted.enqueueToolCalls(ToolCall.of("toolu_x", "get_weather", "{\"days\":\"many\"}"));
    scripted.enqueueText("Sorry.");
    AnthropicTools tools = AnthropicTools.of(turn);
    MessageCreateParams.Builder params = tools.applyTo(params());

    assertThat(tools.appendResults(client.messages().create(params.build()), params)).isTrue();
    client.messages().create(params.build());

    scripted.takeRequest();
    JsonNode result = json(scripted.takeRequest()).get("messages").get(2).get("content").get(0);
    assertThat(result.get("tool_use_id").asString()).isEqualTo("toolu_x");
    assertThat(result.get("is_error").asBoolean()).isTrue();
    assertThat(result.get("content").get(0).get("text").asString()).startsWith("Error (invalid_arguments)");
  }

  @Test
  void aStreamHandsOutEachCallAtItsBlockStopAndTheRoundGoesBack() {
    scripted.enqueueRaw(String.join("",
        event("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_s\",\"type\":\"message\","
            + "\"role\":\"assistant\",\"model\":\"claude-test\",\"content\":[],\"stop_reason\":null,"
            + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":10,\"output_tokens\":1}}}"),
        event("content_block_start", "{\"type\":\"content_block_start\",\"index\":0,"
            + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"),
        event("ping", "{\"type\":\"ping\"}"),
        event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,"
            + "\"delta\":{\"type\":\"text_delta\",\"text\":\"Checking.\"}}"),
        event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"),
        event("content_block_start", "{\"type\":\"content_block_start\",\"index\":1,\"content_block\":"
            + "{\"type\":\"tool_use\",\"id\":\"toolu_a\",\"name\":\"get_weather\",\"input\":{}}}"),
        inputDelta(1, ""),
        inputDelta(1, "{\\\"city\\\": \\\"Z\\\\u00"),
        inputDelta(1, "fcrich\\\"}"),
        event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":1}"),
        event("content_block_start", "{\"type\":\"content_block_start\",\"index\":2,\"content_block\":"
            + "{\"type\":\"tool_use\",\"id\":\"toolu_b\",\"name\":\"search\",\"input\":{}}}"),
        inputDelta(2, "{\\\"query\\\":"),
        inputDelta(2, "\\\"loadout\\\"}"),
        event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":2}"),
        event("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"tool_use\","
            + "\"stop_sequence\":null},\"usage\":{\"output_tokens\":40}}"),
        event("message_stop", "{\"type\":\"message_stop\"}")));
    scripted.enqueueText("Sunny in Zürich.");
    AnthropicTools tools = AnthropicTools.of(turn);
    MessageCreateParams.Builder params = tools.applyTo(params());
    AnthropicStream stream = tools.stream();

    List<String> handedOut = new ArrayList<>();
    List<ToolOutcome> outcomes = new ArrayList<>();
    try (StreamResponse<RawMessageStreamEvent> events = client.messages().createStreaming(params.build())) {
      events.stream().forEach(e -> {
        List<ToolCall> done = stream.accept(e);
        handedOut.add(e.isContentBlockStop() ? "stop:" + done.stream().map(ToolCall::id).toList() : "" + done.size());
        done.forEach(call -> outcomes.add(new ToolOutcome(call, turn.execute(call).toCompletableFuture().join())));
      });
    }
    AccumulatedCalls end = stream.finish();
    stream.appendTo(params, outcomes);
    client.messages().create(params.build());

    // Each call comes out at its own content_block_stop, the first while the second is still to come.
    assertThat(handedOut).containsExactly("0", "0", "0", "stop:[]", "0", "0", "0", "0", "stop:[toolu_a]", "0", "0",
        "0", "stop:[toolu_b]", "0", "0");
    assertThat(end.isComplete()).isTrue();
    assertThat(end.calls()).extracting(ToolCall::arguments)
        .containsExactly("{\"city\": \"Z\\u00fcrich\"}", "{\"query\":\"loadout\"}");
    assertThat(stream.text()).isEqualTo("Checking.");
    JsonNode streamed = json(scripted.takeRequest());
    assertThat(streamed.get("stream").asBoolean()).isTrue();
    assertThat(streamed.get("tools")).isEqualTo(json(turn.render(Dialect.ANTHROPIC).json()));
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages.get(1).get("content")).isEqualTo(json("[{\"type\":\"text\",\"text\":\"Checking.\"},"
        + "{\"type\":\"tool_use\",\"id\":\"toolu_a\",\"name\":\"get_weather\",\"input\":{\"city\":\"Zürich\"}},"
        + "{\"type\":\"tool_use\",\"id\":\"toolu_b\",\"name\":\"search\",\"input\":{\"query\":\"loadout\"}}]"));
    JsonNode results = messages.get(2).get("content");
    assertThat(results.get(0).get("tool_use_id").asString()).isEqualTo("toolu_a");
    assertThat(results.get(0).get("content").get(0).get("text").asString()).isEqualTo("Sunny in Zürich");
    assertThat(results.get(1).get("tool_use_id").asString()).isEqualTo("toolu_b");
  }

  @Test
  void aStreamCutOffBeforeTheBlockStopNeverHandsThatCallOut() {
    scripted.enqueueRaw(String.join("",
        event("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_c\",\"type\":\"message\","
            + "\"role\":\"assistant\",\"model\":\"claude-test\",\"content\":[],\"stop_reason\":null,"
            + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":10,\"output_tokens\":1}}}"),
        event("content_block_start", "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":"
            + "{\"type\":\"tool_use\",\"id\":\"toolu_a\",\"name\":\"get_weather\",\"input\":{}}}"),
        inputDelta(0, "{\\\"city\\\": \\\"Os")));
    AnthropicTools tools = AnthropicTools.of(turn);
    AnthropicStream stream = tools.stream();
    MessageCreateParams.Builder params = tools.applyTo(params());

    List<ToolCall> handedOut = new ArrayList<>();
    try (StreamResponse<RawMessageStreamEvent> events = client.messages().createStreaming(params.build())) {
      events.stream().forEach(e -> handedOut.addAll(stream.accept(e)));
    }
    AccumulatedCalls end = stream.finish();

    assertThat(handedOut).isEmpty();
    assertThat(end.calls()).isEmpty();
    assertThat(end.incomplete()).extracting(AccumulatedCalls.Incomplete::id).containsExactly("toolu_a");
  }

  /** One SSE event as Anthropic sends it. */
  private static String event(String type, String data) {
    return "event: " + type + "\ndata: " + data + "\n\n";
  }

  private static String inputDelta(int index, String partialJson) {
    return event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":" + index
        + ",\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"" + partialJson + "\"}}");
  }
}
