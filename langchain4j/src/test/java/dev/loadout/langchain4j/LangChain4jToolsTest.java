package dev.loadout.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.TestContexts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The low-level ChatModel path against LangChain4j's real OpenAiChatModel on a loopback server. */
class LangChain4jToolsTest {
  private Loadout loadout;
  private PreparedTurn turn;
  private ScriptedModel scripted;
  private LoopbackHttpServer server;
  private ChatModel model;

  @BeforeEach
  void start() throws Exception {
    loadout = Fixture.loadout();
    turn = loadout.prepare(TestContexts.turn().build());
    scripted = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
    server = LoopbackHttpServer.serving(scripted);
    model = OpenAiChatModel.builder().apiKey("k").baseUrl(server.url("/v1")).modelName("gpt-test")
        .maxRetries(0).httpClientBuilder(LoadoutHttpClient.wrap(JdkHttpClient.builder())).build();
  }

  @AfterEach
  void stop() {
    server.close();
    loadout.close();
  }

  private static JsonNode json(String text) {
    return JsonMapper.shared().readTree(text);
  }

  private ChatResponse send(LangChain4jTools tools, List<ChatMessage> messages) {
    return model.chat(ChatRequest.builder().messages(messages).toolSpecifications(tools.specifications()).build());
  }

  @Test
  void theWireRequestCarriesLoadoutsRenderByteForByte() {
    scripted.enqueueText("ok");
    LangChain4jTools tools = LangChain4jTools.of(turn);

    send(tools, new ArrayList<>(List.of(UserMessage.from("hi"))));

    String body = scripted.takeRequest();
    assertThat(body).contains("\"tools\":" + turn.render(Dialect.OPENAI_CHAT).json());
    assertThat(body).as("compact, not LangChain4j's pretty-printed body").doesNotContain("\n");
    assertThat(json(body).get("tools")).isEqualTo(json(turn.render(Dialect.OPENAI_CHAT).json()));
  }

  @Test
  void withoutTheWrapperLangChain4jChangesOnlyWhatItsRootSchemaCannotHold() throws Exception {
    ChatModel plain = OpenAiChatModel.builder().apiKey("k").baseUrl(server.url("/v1")).modelName("gpt-test")
        .maxRetries(0).build();
    scripted.enqueueText("ok");
    LangChain4jTools tools = LangChain4jTools.of(turn);

    plain.chat(ChatRequest.builder().messages(UserMessage.from("hi")).toolSpecifications(tools.specifications())
        .build());

    JsonNode sent = json(scripted.takeRequest()).get("tools");
    JsonNode rendered = json(turn.render(Dialect.OPENAI_CHAT).json());
    assertThat(sent).hasSize(rendered.size());
    for (int i = 0; i < rendered.size(); i++) {
      JsonNode want = rendered.get(i).get("function");
      JsonNode got = sent.get(i).get("function");
      assertThat(got.get("name")).isEqualTo(want.get("name"));
      assertThat(got.get("description")).isEqualTo(want.get("description"));
      // The properties travel as raw schemas: unchanged, defaults (null too) and bounds included.
      assertThat(got.get("parameters").get("properties")).isEqualTo(want.get("parameters").get("properties"));
    }
    // The root title is one keyword LangChain4j's object schema has no place for.
    assertThat(rendered.get(0).get("function").get("parameters").has("title")).isTrue();
    assertThat(sent.get(0).get("function").get("parameters").has("title")).isFalse();
  }

  @Test
  void aWarmTurnReusesWhatTheFirstDerivedFromTheSameRender() {
    PreparedTurn again = loadout.prepare(TestContexts.turn().build());
    assertThat(again.render(Dialect.OPENAI_CHAT)).isSameAs(turn.render(Dialect.OPENAI_CHAT));

    assertThat(LangChain4jTools.of(again).specifications()).isSameAs(LangChain4jTools.of(turn).specifications());
  }

  @Test
  void parallelCallsRoundTripWithTheirIds() {
    scripted.enqueueToolCalls(ToolCall.of("call_w", "get_weather", "{\"city\":\"Oslo\"}"),
        ToolCall.of("call_s", "search", "{\"query\":\"loadout\"}"));
    scripted.enqueueText("Done.");
    LangChain4jTools tools = LangChain4jTools.of(turn);
    List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from("hi")));

    ChatResponse reply = send(tools, messages);
    assertThat(tools.appendResults(reply, messages)).isTrue();
    ChatResponse answer = send(tools, messages);

    assertThat(tools.appendResults(answer, messages)).isFalse();
    assertThat(answer.aiMessage().text()).isEqualTo("Done.");
    scripted.takeRequest();
    JsonNode sent = json(scripted.takeRequest()).get("messages");
    assertThat(sent).hasSize(4);
    assertThat(sent.get(1).get("tool_calls")).extracting(c -> c.get("id").asString())
        .containsExactly("call_w", "call_s");
    assertThat(sent.get(2).get("tool_call_id").asString()).isEqualTo("call_w");
    assertThat(sent.get(2).get("content").asString()).isEqualTo("Sunny in Oslo");
    assertThat(sent.get(3).get("tool_call_id").asString()).isEqualTo("call_s");
    assertThat(sent.get(3).get("content").asString()).isEqualTo("{\"query\":\"loadout\",\"hits\":2}");
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
    LangChain4jTools tools = LangChain4jTools.of(turn);
    List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from("hi")));

    ChatResponse reply = send(tools, messages);
    List<ToolCall> calls = tools.toolCalls(reply.aiMessage());
    assertThat(tools.appendResults(reply, messages)).isTrue();
    send(tools, messages);

    assertThat(calls).extracting(ToolCall::id).allSatisfy(id -> assertThat(id).startsWith("call_"))
        .doesNotHaveDuplicates();
    assertThat(tools.toolCalls(reply.aiMessage())).as("stable for the same message").isEqualTo(calls);
    scripted.takeRequest();
    JsonNode sent = json(scripted.takeRequest()).get("messages");
    for (int i = 0; i < 2; i++) {
      assertThat(sent.get(1).get("tool_calls").get(i).get("id").asString()).isEqualTo(calls.get(i).id());
      assertThat(sent.get(2 + i).get("tool_call_id").asString()).isEqualTo(calls.get(i).id());
    }
  }

  @Test
  void malformedArgumentsComeBackAsAFailedResultNotAnException() {
    scripted.enqueueToolCalls(ToolCall.of("call_x", "get_weather", "{\"city\":"));
    scripted.enqueueText("Sorry.");
    LangChain4jTools tools = LangChain4jTools.of(turn);
    List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from("hi")));

    assertThat(tools.appendResults(send(tools, messages), messages)).isTrue();
    send(tools, messages);

    assertThat(((dev.langchain4j.data.message.ToolExecutionResultMessage) messages.get(2)).isError()).isTrue();
    scripted.takeRequest();
    JsonNode tool = json(scripted.takeRequest()).get("messages").get(2);
    assertThat(tool.get("tool_call_id").asString()).isEqualTo("call_x");
    assertThat(tool.get("content").asString()).startsWith("Error (invalid_arguments)");
  }

  @Test
  void aToolTheTurnDidNotShowIsRefusedAsAResult() {
    scripted.enqueueToolCalls(ToolCall.of("call_q", "drop_database", "{}"));
    LangChain4jTools tools = LangChain4jTools.of(turn);
    List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from("hi")));

    assertThat(tools.appendResults(send(tools, messages), messages)).isTrue();

    assertThat(messages.get(1)).isInstanceOf(AiMessage.class);
    var result = (dev.langchain4j.data.message.ToolExecutionResultMessage) messages.get(2);
    assertThat(result.isError()).isTrue();
    assertThat(result.text()).startsWith("Error (tool_not_available)");
  }
}
