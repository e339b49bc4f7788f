package dev.loadout.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.service.AiServices;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.TestContexts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** AiServices with {@link LoadoutToolProvider}, images in results, and streaming, on a loopback server. */
class AiServicesTest {
  interface Assistant {
    String chat(String message);
  }

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

  @Test
  void aiServicesShowsTheTurnsToolsAndRunsCallsThroughIt() {
    AtomicInteger prepared = new AtomicInteger();
    scripted.enqueueToolCalls(ToolCall.of("call_w", "get_weather", "{\"city\":\"Oslo\"}"),
        ToolCall.of("call_x", "get_weather", "{\"city\":7}"));
    scripted.enqueueText("Sunny.");
    Assistant bot = AiServices.builder(Assistant.class).chatModel(model)
        .toolProvider(LoadoutToolProvider.of(request -> {
          prepared.incrementAndGet();
          return loadout.prepare(TestContexts.turn().build());
        }))
        .build();

    assertThat(bot.chat("Weather?")).isEqualTo("Sunny.");

    assertThat(prepared).hasValue(1);
    JsonNode first = json(scripted.takeRequest());
    assertThat(first.get("tools")).isEqualTo(json(turn.render(Dialect.OPENAI_CHAT).json()));
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages.get(2).get("tool_call_id").asString()).isEqualTo("call_w");
    assertThat(messages.get(2).get("content").asString()).isEqualTo("Sunny in Oslo");
    // Validated against the schema the model was shown: a number for a string is Loadout's failure, as a value.
    assertThat(messages.get(3).get("tool_call_id").asString()).isEqualTo("call_x");
    assertThat(messages.get(3).get("content").asString()).startsWith("Error (invalid_arguments)");
  }

  @Test
  void aCallWithoutAnIdIsRunUnderCoresMadeUpId() {
    scripted.enqueueRaw("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"gpt-test\","
        + "\"choices\":[{\"index\":0,\"finish_reason\":\"tool_calls\",\"message\":{\"role\":\"assistant\","
        + "\"content\":null,\"tool_calls\":[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
        + "\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"}}]}}]}");
    scripted.enqueueText("Sunny.");
    Assistant bot = AiServices.builder(Assistant.class).chatModel(model).toolProvider(LoadoutToolProvider.of(turn))
        .build();

    assertThat(bot.chat("Weather?")).isEqualTo("Sunny.");

    scripted.takeRequest();
    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages.get(2).get("content").asString()).isEqualTo("Sunny in Oslo");
  }

  @Test
  void imagesInResultsFollowTheToolMessagesInAUserMessage() {
    scripted.enqueueToolCalls(ToolCall.of("call_p", "snapshot", "{\"camera\":\"door\"}"));
    scripted.enqueueText("A door.");
    LangChain4jTools tools = LangChain4jTools.of(turn);
    List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from("look")));

    ChatResponse reply = model.chat(ChatRequest.builder().messages(messages)
        .toolSpecifications(tools.specifications()).build());
    assertThat(tools.appendResults(reply, messages)).isTrue();
    model.chat(ChatRequest.builder().messages(messages).toolSpecifications(tools.specifications()).build());

    assertThat(messages).hasSize(4);
    scripted.takeRequest();
    JsonNode sent = json(scripted.takeRequest()).get("messages");
    assertThat(sent).hasSize(4);
    assertThat(sent.get(2)).isEqualTo(json("{\"role\":\"tool\",\"tool_call_id\":\"call_p\",\"content\":\"One frame.\"}"));
    // The user message core writes for any host: one place decides what the model reads.
    List<ToolOutcome> outcomes = List.of(new ToolOutcome(tools.toolCalls(reply.aiMessage()).get(0),
        turn.execute(tools.toolCalls(reply.aiMessage()).get(0)).toCompletableFuture().join()));
    JsonNode core = Dialect.OPENAI_CHAT.historyMessages(outcomes).get(1);
    assertThat(sent.get(3).get("role").asString()).isEqualTo("user");
    assertThat(sent.get(3).get("content").get(0).get("text")).isEqualTo(core.get("content").get(0).get("text"));
    assertThat(sent.get(3).get("content").get(1).get("image_url").get("url").asString())
        .isEqualTo("data:image/png;base64," + Fixture.PNG);
  }

  @Test
  void aStreamedRequestCarriesLoadoutsToolsAndItsCallsComeBackWhole() throws Exception {
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
    StreamingChatModel streaming = OpenAiStreamingChatModel.builder().apiKey("k").baseUrl(server.url("/v1"))
        .modelName("gpt-test").httpClientBuilder(LoadoutHttpClient.wrap(JdkHttpClient.builder())).build();
    LangChain4jTools tools = LangChain4jTools.of(turn);
    CompletableFuture<ChatResponse> done = new CompletableFuture<>();

    streaming.chat(ChatRequest.builder().messages(UserMessage.from("hi")).toolSpecifications(tools.specifications())
        .build(), new StreamingChatResponseHandler() {
          @Override
          public void onPartialResponse(String partial) {}

          @Override
          public void onCompleteResponse(ChatResponse response) {
            done.complete(response);
          }

          @Override
          public void onError(Throwable error) {
            done.completeExceptionally(error);
          }
        });
    ChatResponse response = done.get(30, TimeUnit.SECONDS);

    JsonNode sent = json(scripted.takeRequest());
    assertThat(sent.get("stream").asBoolean()).isTrue();
    assertThat(sent.get("tools")).isEqualTo(json(turn.render(Dialect.OPENAI_CHAT).json()));
    List<ToolCall> calls = tools.toolCalls(response.aiMessage());
    assertThat(calls).extracting(ToolCall::id).containsExactly("call_a", "call_b");
    assertThat(calls).extracting(ToolCall::arguments)
        .containsExactly("{\"city\":\"Z\\u00fcrich\"}", "{\"query\":\"loadout\"}");
    assertThat(turn.execute(calls.get(0)).toCompletableFuture().join().modelText()).isEqualTo("Sunny in Zürich");
  }

  /** One SSE event of a Chat Completions stream, as OpenAI sends it. */
  private static String chunk(String delta, String finishReason) {
    return "data: {\"id\":\"chatcmpl-s\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\","
        + "\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finishReason + "}]}\n\n";
  }
}
