package dev.loadout.springai;

import dev.loadout.core.internal.wire.RenderIndex;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.TestContexts;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** ChatClient's tool loop on Spring AI's real OpenAiChatModel, against a loopback server. */
class SpringAiToolsTest {
  private Loadout loadout;
  private PreparedTurn turn;
  private ScriptedModel scripted;
  private LoopbackHttpServer server;
  private OpenAiChatModel model;

  @BeforeEach
  void start() throws Exception {
    loadout = Fixture.loadout();
    turn = loadout.prepare(TestContexts.turn().build());
    scripted = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
    server = LoopbackHttpServer.serving(scripted);
    model = model(true);
  }

  private OpenAiChatModel model(boolean loadoutManager) {
    OpenAiChatModel.Builder builder = OpenAiChatModel.builder().options(OpenAiChatOptions.builder().apiKey("k")
        .baseUrl(server.url("/v1")).model("gpt-test").maxRetries(0).build());
    return (loadoutManager ? builder.toolCallingManager(LoadoutToolCallingManager.create()) : builder).build();
  }

  static OpenAiChatModel intercepted(LoopbackHttpServer server) {
    return OpenAiChatModel.builder().options(OpenAiChatOptions.builder().apiKey("k").baseUrl(server.url("/v1"))
        .model("gpt-test").maxRetries(0).build())
        .httpClientBuilderCustomizer(http -> http.interceptor(LoadoutToolsInterceptor.create())).build();
  }

  @AfterEach
  void stop() {
    server.close();
    loadout.close();
  }

  private static JsonNode json(String text) {
    return JsonMapper.shared().readTree(text);
  }

  /** ChatClient runs the tool loop in its ToolCallingAdvisor; Loadout's manager goes there. */
  private static ChatClient client(OpenAiChatModel chatModel, boolean loadoutManager) {
    ChatClient.Builder builder = ChatClient.builder(chatModel);
    if (loadoutManager) {
      builder.defaultAdvisors(ToolCallingAdvisor.builder().toolCallingManager(LoadoutToolCallingManager.create())
          .build());
    }
    return builder.build();
  }

  private String chat(OpenAiChatModel chatModel) {
    return client(chatModel, chatModel == model).prompt().user("hi").toolCallbacks(SpringAiTools.of(turn).callbacks())
        .call().content();
  }

  /**
   * What Spring AI's OpenAI model does to the render, and nothing else: it adds {@code "strict": false} to each
   * function, drops every {@code null} value ({@code "default": null}), and writes {@code type} after
   * {@code function}.
   */
  static JsonNode asSpringAiSends(JsonNode render) {
    JsonNode copy = render.deepCopy();
    for (JsonNode tool : copy) {
      ((ObjectNode) tool.get("function")).put("strict", false);
      dropNulls(tool);
    }
    return copy;
  }

  private static void dropNulls(JsonNode node) {
    if (node.isObject()) {
      ObjectNode object = (ObjectNode) node;
      List<String> nulls = object.properties().stream().filter(e -> e.getValue().isNull()).map(e -> e.getKey())
          .toList();
      nulls.forEach(object::remove);
      object.forEach(SpringAiToolsTest::dropNulls);
    } else if (node.isArray()) {
      node.forEach(SpringAiToolsTest::dropNulls);
    }
  }

  @Test
  void theWireToolsAreLoadoutsRenderWithSpringAisDocumentedChangesOnly() {
    scripted.enqueueText("ok");

    chat(model);

    JsonNode sent = json(scripted.takeRequest()).get("tools");
    JsonNode rendered = json(turn.render(Dialect.OPENAI_CHAT).json());
    assertThat(sent).isEqualTo(asSpringAiSends(rendered));
    assertThat(sent).extracting(t -> t.get("function").get("name").asString())
        .containsExactly("get_weather", "search", "snapshot");
    assertThat(rendered.get(0).at("/function/parameters/properties/days").has("default")).isTrue();
    assertThat(sent.get(0).at("/function/parameters/properties/days").has("default")).isFalse();
  }

  @Test
  void withTheInterceptorTheWireToolsAreLoadoutsRenderByteForByte() {
    scripted.enqueueToolCalls(ToolCall.of("call_w", "get_weather", "{\"city\":\"Oslo\"}"));
    scripted.enqueueText("Sunny.");

    assertThat(client(intercepted(server), true).prompt().user("hi")
        .toolCallbacks(SpringAiTools.of(turn).callbacks()).call().content()).isEqualTo("Sunny.");

    String render = turn.render(Dialect.OPENAI_CHAT).json();
    assertThat(scripted.takeRequest()).contains("\"tools\":" + render);
    String second = scripted.takeRequest();
    assertThat(second).contains("\"tools\":" + render);
    assertThat(json(second).get("messages").get(2).get("content").asString()).isEqualTo("Sunny in Oslo");
  }

  @Test
  void theInterceptorLeavesARequestWithToolsLoadoutDidNotRenderAlone() {
    RenderIndex empty = new RenderIndex(4, true);
    String body = "{\"model\":\"m\",\"tools\":[{\"function\":{\"name\":\"x\",\"parameters\":{}},\"type\":\"function\"}]}";

    assertThat(new LoadoutToolsInterceptor(empty).rewrite(body)).isNull();
    assertThat(new LoadoutToolsInterceptor(empty).rewrite("{\"model\":\"m\"}")).isNull();
    assertThat(new LoadoutToolsInterceptor(empty).rewrite("\"tools\" {")).isNull();
  }

  @Test
  void imagesInResultsFollowTheToolMessagesInAUserMessage() {
    scripted.enqueueToolCalls(ToolCall.of("call_p", "snapshot", "{\"camera\":\"door\"}"));
    scripted.enqueueText("A door.");

    assertThat(chat(model)).isEqualTo("A door.");

    scripted.takeRequest();
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages).hasSize(4);
    assertThat(messages.get(2).get("tool_call_id").asString()).isEqualTo("call_p");
    assertThat(messages.get(2).get("content").asString()).isEqualTo("One frame.");
    assertThat(messages.get(3).get("role").asString()).isEqualTo("user");
    JsonNode content = messages.get(3).get("content");
    assertThat(content.toString()).contains("Images returned by tool snapshot (call call_p):")
        .contains("data:image/png;base64," + Fixture.PNG);
  }

  @Test
  void aWarmTurnReusesTheDefinitionsButNotTheTurn() {
    PreparedTurn again = loadout.prepare(TestContexts.turn().build());
    assertThat(again.render(Dialect.OPENAI_CHAT)).isSameAs(turn.render(Dialect.OPENAI_CHAT));

    var first = SpringAiTools.of(turn).callbacks();
    var second = SpringAiTools.of(again).callbacks();
    assertThat(second.get(0).getToolDefinition()).isSameAs(first.get(0).getToolDefinition());
    assertThat(((LoadoutToolCallback) second.get(0)).turn()).isSameAs(again);
  }

  @Test
  void parallelCallsRoundTripWithTheirIds() {
    scripted.enqueueToolCalls(ToolCall.of("call_w", "get_weather", "{\"city\":\"Oslo\"}"),
        ToolCall.of("call_s", "search", "{\"query\":\"loadout\"}"));
    scripted.enqueueText("Done.");

    assertThat(chat(model)).isEqualTo("Done.");

    scripted.takeRequest();
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages).hasSize(4);
    assertThat(messages.get(1).get("tool_calls")).extracting(c -> c.get("id").asString())
        .containsExactly("call_w", "call_s");
    assertThat(messages.get(2).get("tool_call_id").asString()).isEqualTo("call_w");
    assertThat(messages.get(2).get("content").asString()).isEqualTo("Sunny in Oslo");
    assertThat(messages.get(3).get("tool_call_id").asString()).isEqualTo("call_s");
    assertThat(messages.get(3).get("content").asString()).isEqualTo("{\"query\":\"loadout\",\"hits\":2}");
  }

  @Test
  void callsSentWithoutIdsGetMadeUpIdsThatTheirResultsAnswer() {
    scripted.enqueueRaw("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"gpt-test\","
        + "\"choices\":[{\"index\":0,\"finish_reason\":\"tool_calls\",\"message\":{\"role\":\"assistant\","
        + "\"content\":null,\"tool_calls\":["
        + "{\"id\":\"\",\"type\":\"function\",\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}},"
        + "{\"id\":\"\",\"type\":\"function\",\"function\":{\"name\":\"search\",\"arguments\":\"{\\\"query\\\":\\\"x\\\"}\"}}"
        + "]}}]}");
    scripted.enqueueText("Done.");

    assertThat(chat(model)).isEqualTo("Done.");

    scripted.takeRequest();
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    List<String> ids = List.of(messages.get(1).get("tool_calls").get(0).get("id").asString(),
        messages.get(1).get("tool_calls").get(1).get("id").asString());
    assertThat(ids).allSatisfy(id -> assertThat(id).startsWith("call_")).doesNotHaveDuplicates();
    assertThat(messages.get(2).get("tool_call_id").asString()).isEqualTo(ids.get(0));
    assertThat(messages.get(3).get("tool_call_id").asString()).isEqualTo(ids.get(1));
  }

  @Test
  void aToolTheTurnDidNotShowIsARefusedResultNotAnException() {
    scripted.enqueueToolCalls(ToolCall.of("call_q", "drop_database", "{}"));
    scripted.enqueueText("Cannot.");

    assertThat(chat(model)).isEqualTo("Cannot.");

    scripted.takeRequest();
    JsonNode tool = json(scripted.takeRequest()).get("messages").get(2);
    assertThat(tool.get("tool_call_id").asString()).isEqualTo("call_q");
    assertThat(tool.get("content").asString()).startsWith("Error (tool_not_available)");
  }

  @Test
  void argumentsAreCheckedAgainstTheSchemaShownEvenUnderSpringAisOwnManager() {
    scripted.enqueueToolCalls(ToolCall.of("call_x", "get_weather", "{\"city\":7}"));
    scripted.enqueueText("Sorry.");

    assertThat(chat(model(false))).isEqualTo("Sorry.");

    scripted.takeRequest();
    JsonNode tool = json(scripted.takeRequest()).get("messages").get(2);
    assertThat(tool.get("tool_call_id").asString()).isEqualTo("call_x");
    assertThat(tool.get("content").asString()).startsWith("Error (invalid_arguments)");
  }

  @Test
  void aStreamedRoundRunsThroughTheTurnToo() {
    scripted.enqueueRaw(String.join("",
        chunk("{\"role\":\"assistant\",\"content\":\"\"}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\","
            + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\\\"Z\\\\u00\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"fcrich\\\"}\"}}]}", null),
        chunk("{}", "\"tool_calls\""),
        "data: [DONE]\n\n"));
    scripted.enqueueRaw(String.join("", chunk("{\"role\":\"assistant\",\"content\":\"Sunny.\"}", null),
        chunk("{}", "\"stop\""), "data: [DONE]\n\n"));

    List<String> parts = client(model, true).prompt().user("hi")
        .toolCallbacks(SpringAiTools.of(turn).callbacks()).stream().content().collectList().block();

    assertThat(String.join("", parts)).isEqualTo("Sunny.");
    JsonNode first = json(scripted.takeRequest());
    assertThat(first.get("tools")).isEqualTo(asSpringAiSends(json(turn.render(Dialect.OPENAI_CHAT).json())));
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages.get(2).get("tool_call_id").asString()).isEqualTo("call_a");
    assertThat(messages.get(2).get("content").asString()).isEqualTo("Sunny in Zürich");
  }

  @Test
  void aStreamedRequestThroughTheInterceptorCarriesTheRenderByteForByte() {
    scripted.enqueueRaw(String.join("", chunk("{\"role\":\"assistant\",\"content\":\"Hi.\"}", null),
        chunk("{}", "\"stop\""), "data: [DONE]\n\n"));

    List<String> parts = client(intercepted(server), true).prompt().user("hi")
        .toolCallbacks(SpringAiTools.of(turn).callbacks()).stream().content().collectList().block();

    assertThat(String.join("", parts)).isEqualTo("Hi.");
    String sent = scripted.takeRequest();
    assertThat(json(sent).get("stream").asBoolean()).isTrue();
    assertThat(sent).contains("\"tools\":" + turn.render(Dialect.OPENAI_CHAT).json());
  }

  /** One SSE event of a Chat Completions stream, as OpenAI sends it. */
  private static String chunk(String delta, String finishReason) {
    return "data: {\"id\":\"chatcmpl-s\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\","
        + "\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finishReason + "}]}\n\n";
  }
}
