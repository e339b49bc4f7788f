package dev.loadout.openai;

import static org.assertj.core.api.Assertions.assertThat;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
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
class OpenAiChatToolsTest {
  private Loadout loadout;
  private PreparedTurn turn;
  private ScriptedModel scripted;
  private LoopbackHttpServer server;
  private OpenAIClient client;

  @BeforeEach
  void start() throws Exception {
    loadout = Fixture.loadout();
    turn = loadout.prepare(TestContexts.turn().build());
    scripted = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
    server = LoopbackHttpServer.serving(scripted);
    client = OpenAIOkHttpClient.builder().apiKey("sk-test").baseUrl(server.url("/v1")).maxRetries(0).build();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
    loadout.close();
  }

  private static ChatCompletionCreateParams.Builder params() {
    return ChatCompletionCreateParams.builder().model("gpt-test").addUserMessage("Weather in Oslo, and search loadout?");
  }

  private static JsonNode json(String body) {
    return JsonMapper.shared().readTree(body);
  }

  @Test
  void theWireRequestCarriesLoadoutsRenderByteForByte() {
    scripted.enqueueText("Hello.");
    OpenAiChatTools tools = OpenAiChatTools.of(turn);

    client.chat().completions().create(tools.applyTo(params()).build());

    String wire = scripted.takeRequest();
    String rendered = turn.render(Dialect.OPENAI_CHAT).json();
    assertThat(turn.visibleNames()).containsExactly("get_weather", "search", "snapshot");
    assertThat(json(wire).get("tools")).isEqualTo(json(rendered));
    // Not just equal as JSON: the very bytes, key order, escapes and numbers included.
    assertThat(wire).contains("\"tools\":" + rendered);
    assertThat(server.requests().stream().map(ReceivedRequest::line).toList()).containsExactly("POST /v1/chat/completions");
  }

  @Test
  void aTurnWithoutToolsSendsNoToolsField() {
    scripted.enqueueText("Hello.");
    try (Loadout empty = Loadout.builder(dev.loadout.core.ToolRegistry.builder().build()).build()) {
      PreparedTurn none = empty.prepare(TestContexts.turn().build());

      client.chat().completions().create(OpenAiChatTools.of(none).applyTo(params()).build());
    }

    assertThat(json(scripted.takeRequest()).has("tools")).isFalse();
  }

  @Test
  void aNamedToolChoiceIsLoadoutsRender() {
    scripted.enqueueText("Hello.");
    OpenAiChatTools tools = OpenAiChatTools.of(turn);

    client.chat().completions().create(tools.applyTo(params(), ToolChoice.tool("search")).build());

    assertThat(json(scripted.takeRequest()).get("tool_choice"))
        .isEqualTo(turn.toolChoice(Dialect.OPENAI_CHAT, ToolChoice.tool("search")));
  }

  @Test
  void aChoiceOfAToolNotShownIsRefusedAndLeavesTheBuilderAlone() {
    scripted.enqueueText("Hello.");
    var params = params();

    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> OpenAiChatTools.of(turn).applyTo(params, ToolChoice.tool("ban_member")))
        .withMessageContaining("'ban_member'");
    client.chat().completions().create(params.build());

    JsonNode wire = json(scripted.takeRequest());
    assertThat(wire.has("tools")).isFalse();
    assertThat(wire.has("tool_choice")).isFalse();
  }

  @Test
  void parallelCallsRoundTripWithTheirIds() {
    scripted.enqueueToolCalls(ToolCall.of("call_w", "get_weather", "{\"city\":\"Oslo\"}"),
        ToolCall.of("call_s", "search", "{\"query\":\"loadout\"}"));
    scripted.enqueueText("Sunny, and two hits.");
    OpenAiChatTools tools = OpenAiChatTools.of(turn);

    // The README's integration, line for line.
    ChatCompletionCreateParams.Builder params = tools.applyTo(params());
    ChatCompletion reply = client.chat().completions().create(params.build());
    int rounds = 0;
    while (tools.appendResults(reply, params)) {
      reply = client.chat().completions().create(params.build());
      rounds++;
    }

    assertThat(rounds).isEqualTo(1);
    assertThat(reply.choices().get(0).message().content()).contains("Sunny, and two hits.");
    scripted.takeRequest();
    JsonNode second = json(scripted.takeRequest());
    assertThat(second.get("tools")).isEqualTo(json(turn.render(Dialect.OPENAI_CHAT).json()));
    JsonNode messages = second.get("messages");
    assertThat(messages).hasSize(4);
    assertThat(messages.get(1).get("role").asString()).isEqualTo("assistant");
    assertThat(messages.get(1).get("tool_calls").get(0).get("id").asString()).isEqualTo("call_w");
    assertThat(messages.get(1).get("tool_calls").get(0).get("function").get("arguments").asString())
        .isEqualTo("{\"city\":\"Oslo\"}");
    assertThat(messages.get(1).get("tool_calls").get(1).get("id").asString()).isEqualTo("call_s");
    assertThat(messages.get(2)).isEqualTo(json(
        "{\"role\":\"tool\",\"tool_call_id\":\"call_w\",\"content\":\"Sunny in Oslo\"}"));
    assertThat(messages.get(3)).isEqualTo(json(
        "{\"role\":\"tool\",\"tool_call_id\":\"call_s\",\"content\":\"{\\\"query\\\":\\\"loadout\\\",\\\"hits\\\":2}\"}"));
  }

  @Test
  void callsSentWithoutIdsGetMadeUpIdsThatTheirResultsAnswer() {
    scripted.enqueueRaw("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"gpt-test\","
        + "\"choices\":[{\"index\":0,\"finish_reason\":\"tool_calls\",\"message\":{\"role\":\"assistant\","
        + "\"content\":null,\"tool_calls\":["
        + "{\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}},"
        + "{\"id\":\"\",\"type\":\"function\",\"function\":{\"name\":\"search\",\"arguments\":\"{\\\"query\\\":\\\"x\\\"}\"}}"
        + "]}}]}");
    scripted.enqueueText("Done.");
    OpenAiChatTools tools = OpenAiChatTools.of(turn);
    ChatCompletionCreateParams.Builder params = tools.applyTo(params());

    ChatCompletion reply = client.chat().completions().create(params.build());
    List<ToolCall> calls = tools.toolCalls(reply);
    assertThat(tools.appendResults(reply, params)).isTrue();
    client.chat().completions().create(params.build());

    assertThat(calls).extracting(ToolCall::id).allSatisfy(id -> assertThat(id).startsWith("call_"))
        .doesNotHaveDuplicates();
    assertThat(tools.toolCalls(reply)).as("stable for the same response").isEqualTo(calls);
    scripted.takeRequest();
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    for (int i = 0; i < 2; i++) {
      assertThat(messages.get(1).get("tool_calls").get(i).get("id").asString()).isEqualTo(calls.get(i).id());
      assertThat(messages.get(2 + i).get("tool_call_id").asString()).isEqualTo(calls.get(i).id());
    }
  }

  @Test
  void imagesInResultsFollowTheToolMessagesInAUserMessage() {
    scripted.enqueueToolCalls(ToolCall.of("call_p", "snapshot", "{\"camera\":\"door\"}"));
    scripted.enqueueText("A door.");
    OpenAiChatTools tools = OpenAiChatTools.of(turn);
    ChatCompletionCreateParams.Builder params = tools.applyTo(params());

    ChatCompletion reply = client.chat().completions().create(params.build());
    List<ToolOutcome> outcomes = turn.executeAll(tools.toolCalls(reply)).toCompletableFuture().join();
    params.addMessage(tools.assistantMessage(null, tools.toolCalls(reply)));
    tools.historyMessages(outcomes).forEach(params::addMessage);
    client.chat().completions().create(params.build());

    scripted.takeRequest();
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages).hasSize(4);
    assertThat(messages.get(2)).isEqualTo(json("{\"role\":\"tool\",\"tool_call_id\":\"call_p\",\"content\":\"One frame.\"}"));
    assertThat(messages.get(3)).isEqualTo(json("{\"role\":\"user\",\"content\":["
        + "{\"type\":\"text\",\"text\":\"Images returned by tool snapshot (call call_p):\"},"
        + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64," + Fixture.PNG + "\"}}]}"));
    // The same entries core writes for any host: one place decides what the model reads.
    assertThat(messages.get(2)).isEqualTo(Dialect.OPENAI_CHAT.historyMessages(outcomes).get(0));
    assertThat(messages.get(3)).isEqualTo(Dialect.OPENAI_CHAT.historyMessages(outcomes).get(1));
  }

  @Test
  void malformedArgumentsComeBackAsAFailedResultNotAnException() {
    scripted.enqueueToolCalls(ToolCall.of("call_x", "get_weather", "{\"city\":"));
    scripted.enqueueText("Sorry.");
    OpenAiChatTools tools = OpenAiChatTools.of(turn);
    ChatCompletionCreateParams.Builder params = tools.applyTo(params());

    assertThat(tools.appendResults(client.chat().completions().create(params.build()), params)).isTrue();
    client.chat().completions().create(params.build());

    scripted.takeRequest();
    JsonNode tool = json(scripted.takeRequest()).get("messages").get(2);
    assertThat(tool.get("tool_call_id").asString()).isEqualTo("call_x");
    assertThat(tool.get("content").asString()).startsWith("Error (invalid_arguments)");
  }

  @Test
  void aStreamHandsOutEachCallWhenItIsCompleteAndTheRoundGoesBack() {
    scripted.enqueueRaw(String.join("",
        chunk("{\"role\":\"assistant\",\"content\":\"Let me check.\"}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\","
            + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\\\"Z\\\\u00\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"fcrich\\\"}\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":1,\"id\":\"call_b\",\"type\":\"function\","
            + "\"function\":{\"name\":\"search\",\"arguments\":\"{\\\"query\\\"\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":1,\"function\":{\"arguments\":\":\\\"loadout\\\"}\"}}]}", null),
        chunk("{}", "\"tool_calls\""),
        "data: [DONE]\n\n"));
    scripted.enqueueText("Sunny in Zürich.");
    OpenAiChatTools tools = OpenAiChatTools.of(turn);
    ChatCompletionCreateParams.Builder params = tools.applyTo(params());
    OpenAiChatStream stream = tools.stream();

    List<List<String>> perChunk = new ArrayList<>();
    List<ToolOutcome> outcomes = new ArrayList<>();
    try (StreamResponse<ChatCompletionChunk> chunks = client.chat().completions().createStreaming(params.build())) {
      chunks.stream().forEach(c -> {
        List<ToolCall> done = stream.accept(c);
        perChunk.add(done.stream().map(ToolCall::id).toList());
        done.forEach(call -> outcomes.add(new ToolOutcome(call, turn.execute(call).toCompletableFuture().join())));
      });
    }
    AccumulatedCalls end = stream.finish();
    stream.appendTo(params, outcomes);
    client.chat().completions().create(params.build());

    // The first call is handed out as the second begins, before the stream ends; the second at finish_reason.
    assertThat(perChunk).containsExactly(List.of(), List.of(), List.of(), List.of(), List.of("call_a"), List.of(),
        List.of("call_b"));
    assertThat(end.isComplete()).isTrue();
    assertThat(end.calls()).extracting(ToolCall::arguments)
        .containsExactly("{\"city\":\"Z\\u00fcrich\"}", "{\"query\":\"loadout\"}");
    assertThat(stream.text()).isEqualTo("Let me check.");
    JsonNode streamed = json(scripted.takeRequest());
    assertThat(streamed.get("stream").asBoolean()).isTrue();
    assertThat(streamed.get("tools")).isEqualTo(json(turn.render(Dialect.OPENAI_CHAT).json()));
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages.get(1).get("content").asString()).isEqualTo("Let me check.");
    assertThat(messages.get(1).get("tool_calls")).extracting(c -> c.get("id").asString())
        .containsExactly("call_a", "call_b");
    assertThat(messages.get(2).get("tool_call_id").asString()).isEqualTo("call_a");
    assertThat(messages.get(2).get("content").asString()).isEqualTo("Sunny in Zürich");
    assertThat(messages.get(3).get("tool_call_id").asString()).isEqualTo("call_b");
  }

  @Test
  void aStreamCutOffMidCallNeverHandsThatCallOut() {
    scripted.enqueueRaw(String.join("",
        chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\","
            + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\"}}]}", null)));
    OpenAiChatTools tools = OpenAiChatTools.of(turn);
    OpenAiChatStream stream = tools.stream();
    ChatCompletionCreateParams.Builder params = tools.applyTo(params());

    List<ToolCall> handedOut = new ArrayList<>();
    try (StreamResponse<ChatCompletionChunk> chunks = client.chat().completions().createStreaming(params.build())) {
      chunks.stream().forEach(c -> handedOut.addAll(stream.accept(c)));
    }
    AccumulatedCalls end = stream.finish();

    assertThat(handedOut).isEmpty();
    assertThat(end.calls()).isEmpty();
    assertThat(end.incomplete()).extracting(AccumulatedCalls.Incomplete::id).containsExactly("call_a");
  }

  /** One SSE event of a Chat Completions stream, as OpenAI sends it. */
  private static String chunk(String delta, String finishReason) {
    return "data: {\"id\":\"chatcmpl-s\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\","
        + "\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finishReason + "}]}\n\n";
  }
}
