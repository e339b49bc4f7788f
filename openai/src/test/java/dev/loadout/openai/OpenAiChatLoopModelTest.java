package dev.loadout.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolLoop;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.net.ReceivedRequest;
import dev.loadout.testkit.TestContexts;
import com.sun.net.httpserver.HttpServer;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The tool loop on the SDK's streaming client, against a loopback provider that records every request. */
class OpenAiChatLoopModelTest {
  private Loadout loadout;
  private PreparedTurn turn;
  private ScriptedModel scripted;
  private LoopbackHttpServer server;
  private OpenAIClient client;
  private final List<String> pieces = new CopyOnWriteArrayList<>();
  private final List<JsonNode> history = List.of(
      JsonMapper.shared().createObjectNode().put("role", "system").put("content", "Be brief."),
      JsonMapper.shared().createObjectNode().put("role", "user").put("content", "Weather in Zürich?"));

  @BeforeEach
  void start() throws Exception {
    loadout = Fixture.loadout();
    turn = loadout.prepare(TestContexts.turn().build());
    scripted = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
    server = LoopbackHttpServer.serving(scripted);
    client = OpenAIOkHttpClient.builder().apiKey("sk-loop-secret").baseUrl(server.url("/v1")).maxRetries(0).build();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
    loadout.close();
  }

  private ToolLoop.Result run(OpenAiChatLoopModel model) {
    return ToolLoop.builder(Dialect.OPENAI_CHAT).build().run(turn, history, model).toCompletableFuture().join();
  }

  private OpenAiChatLoopModel model() {
    return OpenAiChatLoopModel.builder(client, "gpt-test").onText(pieces::add)
        .params(p -> p.temperature(0.5).model("not-this-one")).build();
  }

  private static JsonNode json(String body) {
    return JsonMapper.shared().readTree(body);
  }

  @Test
  void aCallStreamedInPiecesRunsAndItsResultGoesBackInTheNextRequestWhileTheAnswerStreamsToTheHost() {
    scripted.enqueueRaw(String.join("",
        chunk("{\"role\":\"assistant\",\"content\":\"Checking. \"}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_w\",\"type\":\"function\","
            + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"city\\\":\\\"Z\\\\u00\"}}]}", null),
        chunk("{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"fcrich\\\"}\"}}]}", null),
        chunk("{}", "\"tool_calls\""), "data: [DONE]\n\n"));
    scripted.enqueueRaw(String.join("", chunk("{\"content\":\"Sunny \"}", null),
        chunk("{\"content\":\"in Zürich.\"}", null), chunk("{}", "\"stop\""), "data: [DONE]\n\n"));

    ToolLoop.Result result = run(model());

    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
    assertThat(result.rounds()).hasSize(1);
    assertThat(result.rounds().get(0).outcomes().get(0).result().modelText()).isEqualTo("Sunny in Zürich");
    assertThat(pieces).containsExactly("Checking. ", "Sunny ", "in Zürich.");
    JsonNode answer = result.messages().get(result.messages().size() - 1);
    assertThat(answer.get("role").asString()).isEqualTo("assistant");
    assertThat(answer.get("content").asString()).isEqualTo("Sunny in Zürich.");

    JsonNode first = json(scripted.takeRequest());
    assertThat(first.get("model").asString()).isEqualTo("gpt-test");
    assertThat(first.get("temperature").asDouble()).isEqualTo(0.5);
    assertThat(first.get("stream").asBoolean()).isTrue();
    assertThat(first.get("tools")).isEqualTo(json(turn.render(Dialect.OPENAI_CHAT).json()));
    assertThat(first.get("messages")).extracting(m -> m.get("content").asString())
        .containsExactly("Be brief.", "Weather in Zürich?");

    JsonNode messages = json(scripted.takeRequest()).get("messages");
    assertThat(messages).hasSize(4);
    assertThat(messages.get(2).get("content").asString()).isEqualTo("Checking. ");
    assertThat(messages.get(2).at("/tool_calls/0/id").asString()).isEqualTo("call_w");
    assertThat(messages.get(2).at("/tool_calls/0/function/arguments").asString())
        .isEqualTo("{\"city\":\"Z\\u00fcrich\"}");
    assertThat(messages.get(3).get("role").asString()).isEqualTo("tool");
    assertThat(messages.get(3).get("tool_call_id").asString()).isEqualTo("call_w");
    assertThat(messages.get(3).get("content").asString()).isEqualTo("Sunny in Zürich");
    assertThat(server.requests().stream().map(ReceivedRequest::line).toList()).containsExactly("POST /v1/chat/completions", "POST /v1/chat/completions");
  }

  @Test
  void aStreamThatEndsInsideACallFailsTheRoundAndTheCallNeverRuns() {
    scripted.enqueueRaw(chunk("{\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\","
        + "\"function\":{\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\"}}]}", null));

    assertThatThrownBy(() -> run(model())).isInstanceOf(CompletionException.class)
        .cause().isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ended inside 1 tool call(s), never run: [get_weather");
    assertThat(scripted.requestCount()).isEqualTo(1);
  }

  @Test
  void anHttpErrorFailsTheLoopWithTheStatusAndWithoutTheKey() {
    // Nothing scripted: the loopback provider answers HTTP 500.
    assertThatThrownBy(() -> run(model())).isInstanceOf(CompletionException.class)
        .satisfies(e -> assertThat(e.getCause().toString()).contains("500").doesNotContain("sk-loop-secret"));
  }

  @Test
  void aTextConsumerThatThrowsDoesNotStopTheStream() {
    scripted.enqueueRaw(String.join("", chunk("{\"content\":\"All \"}", null),
        chunk("{\"content\":\"fine.\"}", null), chunk("{}", "\"stop\""), "data: [DONE]\n\n"));
    OpenAiChatLoopModel model = OpenAiChatLoopModel.builder(client, "gpt-test").onText(piece -> {
      throw new IllegalStateException("console closed");
    }).build();

    ToolLoop.Result result = run(model);

    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
    assertThat(result.messages().get(2).get("content").asString()).isEqualTo("All fine.");
  }

  @Test
  void aTurnWithoutToolsSendsNoToolsAndEachMessageGoesOutAsTheLoopHoldsIt() {
    scripted.enqueueRaw(String.join("", chunk("{\"content\":\"Hi.\"}", null), chunk("{}", "\"stop\""),
        "data: [DONE]\n\n"));
    loadout.close();
    loadout = Loadout.builder(dev.loadout.core.ToolRegistry.builder().build()).build();
    PreparedTurn none = loadout.prepare(TestContexts.turn().build());
    JsonNode vendor = JsonMapper.shared().readTree("{\"role\":\"user\",\"content\":\"Hi\",\"x_cache\":{\"ttl\":3}}");

    ToolLoop.Result result = ToolLoop.builder(Dialect.OPENAI_CHAT).build()
        .run(none, List.of(history.get(0), vendor), model()).toCompletableFuture().join();

    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
    JsonNode sent = json(scripted.takeRequest());
    assertThat(sent.has("tools")).isFalse();
    assertThat(sent.get("messages").get(1)).isEqualTo(vendor);
  }

  @Test
  void theLoopsDeadlineEndsTheRoundAtOnceWithoutWaitingForASilentProviderAndNoTextComesAfter() throws Exception {
    CompletableFuture<Void> release = new CompletableFuture<>();
    CompletableFuture<String> provider = new CompletableFuture<>();
    HttpServer slow = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    slow.createContext("/", exchange -> {
      exchange.getRequestBody().readAllBytes();
      exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
      exchange.sendResponseHeaders(200, 0);
      OutputStream out = exchange.getResponseBody();
      try {
        out.write(chunk("{\"content\":\"Hel\"}", null).getBytes(StandardCharsets.UTF_8));
        out.flush();
        try {
          release.get(20, TimeUnit.SECONDS);
          provider.complete("released");
        } catch (TimeoutException e) {
          provider.complete("never released"); // the test thread was stuck in the cancel
        }
        out.write((chunk("{\"content\":\"lo\"}", null) + chunk("{}", "\"stop\"") + "data: [DONE]\n\n")
            .getBytes(StandardCharsets.UTF_8));
        out.flush();
      } catch (Exception e) {
        provider.complete("write failed: " + e); // the client may have gone; either way the test reads no text
      } finally {
        exchange.close();
      }
    });
    slow.start();
    TestClock clock = TestClock.create();
    TestScheduler ticks = TestScheduler.on(clock);
    CompletableFuture<String> first = new CompletableFuture<>();
    OpenAIClient c = OpenAIOkHttpClient.builder().apiKey("sk-test").maxRetries(0)
        .baseUrl("http://127.0.0.1:" + slow.getAddress().getPort() + "/v1").build();
    try {
      OpenAiChatLoopModel model = OpenAiChatLoopModel.builder(c, "gpt-test").onText(piece -> {
        pieces.add(piece);
        first.complete(piece);
      }).build();
      CompletableFuture<ToolLoop.Result> run = ToolLoop.builder(Dialect.OPENAI_CHAT).deadline(Duration.ofSeconds(30))
          .clock(clock).scheduler(ticks).build().run(turn, history, model).toCompletableFuture();
      assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("Hel");

      // The provider holds its next write back: the deadline's cancel (the SDK's close waits for a read in flight)
      // must not wait for it on the timer's thread.
      ticks.advance(Duration.ofSeconds(30));
      assertThat(run.get(10, TimeUnit.SECONDS).stop()).isEqualTo(ToolLoop.Stop.DEADLINE);
      release.complete(null);

      assertThat(provider.get(10, TimeUnit.SECONDS)).startsWith("released");
      // The held-back "lo" may reach the SDK's reader after this line; whenever it does, the round is over for onText.
      assertThat(pieces).containsExactly("Hel");
    } finally {
      c.close();
      slow.stop(0);
    }
  }

  @Test
  void theBuilderRefusesAMissingClientAndABlankModel() {
    assertThatThrownBy(() -> OpenAiChatLoopModel.builder((OpenAIClient) null, "m"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("client must not be null");
    assertThatThrownBy(() -> OpenAiChatLoopModel.builder(client, " "))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("model must not be blank, but was \" \"");
    assertThatThrownBy(() -> OpenAiChatLoopModel.builder(client, "m").onText(null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("onText must not be null");
    assertThat(OpenAiChatLoopModel.builder(client, "gpt-test").build()).hasToString("OpenAiChatLoopModel{gpt-test}");
  }

  /** One SSE event of a Chat Completions stream, as OpenAI sends it. */
  private static String chunk(String delta, String finishReason) {
    return "data: {\"id\":\"chatcmpl-s\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"gpt-test\","
        + "\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finishReason + "}]}\n\n";
  }
}
