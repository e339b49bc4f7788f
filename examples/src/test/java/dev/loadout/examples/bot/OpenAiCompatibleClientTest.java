package dev.loadout.examples.bot;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolLoop;
import dev.loadout.core.ToolOutcome;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The minimal OpenAI-compatible client against a fake chat completions server on 127.0.0.1 that streams SSE the way
 * OpenAI does: a tool call whose name and arguments arrive in separate chunks, then a text answer in pieces.
 */
class OpenAiCompatibleClientTest {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T12:00:03Z"), ZoneOffset.UTC);

  /** Each answer is a list of SSE data payloads, sent as separate writes. */
  final Deque<List<String>> answers = new ArrayDeque<>();
  final List<String> requests = new CopyOnWriteArrayList<>();
  final List<String> authorizations = new CopyOnWriteArrayList<>();
  final HttpServer server = start();
  final Loadout loadout = Loadout.builder(ToolRegistry.builder().register(SampleTools.rollDice()).build()).build();

  HttpServer start() {
    try {
      HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      s.createContext("/v1/chat/completions", exchange -> {
        requests.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        List<String> events = answers.poll();
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(events == null ? 500 : 200, 0);
        try (OutputStream os = exchange.getResponseBody()) {
          for (String e : events == null ? List.of("{\"error\":\"no answer scripted\"}") : events) {
            os.write(("data: " + e + "\n\n").getBytes(StandardCharsets.UTF_8));
            os.flush();
          }
        }
      });
      s.start();
      return s;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @AfterEach
  void stop() {
    server.stop(0);
    loadout.close();
  }

  @Test
  void aToolCallSplitAcrossChunksRunsAndTheStreamedAnswerArrivesInPieces() throws Exception {
    answers.add(List.of(
        "{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null,"
            + "\"tool_calls\":[{\"index\":0,\"id\":\"call_a\",\"type\":\"function\",\"function\":{\"name\":\"roll_dice\","
            + "\"arguments\":\"\"}}]}}]}",
        "{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"function\":{\"arguments\":\"{\\\"si\"}}]}}]}",
        "{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"function\":{\"arguments\":\"des\\\": 6}\"}}]}}]}",
        "{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
        "[DONE]"));
    answers.add(List.of(
        "{\"id\":\"chatcmpl-2\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"You rolled \"}}]}",
        "{\"id\":\"chatcmpl-2\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a 4.\"}}]}",
        "{\"id\":\"chatcmpl-2\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}",
        "[DONE]"));
    List<String> pieces = new CopyOnWriteArrayList<>();
    OpenAiCompatibleClient client = new OpenAiCompatibleClient(HttpClient.newHttpClient(),
        "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/", "local-model", "sk-test", pieces::add);
    PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "local-model").clock(CLOCK).build());
    List<JsonNode> messages = List.of(ChatSession.object().put("role", "user").put("content", "roll a d6"));

    ToolLoop.Result result = ToolLoop.builder(Dialect.OPENAI_CHAT).build().run(turn, messages, client)
        .toCompletableFuture().get();

    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
    ToolOutcome outcome = result.rounds().get(0).outcomes().get(0);
    assertThat(outcome.call().id()).isEqualTo("call_a");
    assertThat(outcome.call().arguments()).isEqualTo("{\"sides\": 6}");
    assertThat(outcome.result()).isEqualTo(ToolResult.text("Rolled a d6: 4"));
    assertThat(pieces).containsExactly("You rolled ", "a 4.");
    assertThat(result.messages().get(result.messages().size() - 1).path("content").asString()).isEqualTo("You rolled a 4.");

    assertThat(requests).hasSize(2);
    JsonNode first = ChatSession.JSON.readTree(requests.get(0));
    assertThat(first.get("tools")).isEqualTo(ChatSession.JSON.readTree(turn.render(Dialect.OPENAI_CHAT).json()));
    assertThat(first.get("model").asString()).isEqualTo("local-model");
    assertThat(first.get("stream").asBoolean()).isTrue();
    assertThat(authorizations).containsOnly("Bearer sk-test");
    JsonNode second = ChatSession.JSON.readTree(requests.get(1)).get("messages");
    assertThat(second.get(1).at("/tool_calls/0/id").asString()).isEqualTo("call_a");
    assertThat(second.get(1).at("/tool_calls/0/function/arguments").asString()).isEqualTo("{\"sides\": 6}");
    assertThat(second.get(2).get("role").asString()).isEqualTo("tool");
    assertThat(second.get(2).get("tool_call_id").asString()).isEqualTo("call_a");
    assertThat(second.get(2).get("content").asString()).contains("Rolled a d6: 4");
  }

  @Test
  void anErrorStatusFailsTheLoopWithTheStatusAndNeverTheKey() {
    OpenAiCompatibleClient client = new OpenAiCompatibleClient(HttpClient.newHttpClient(),
        "http://127.0.0.1:" + server.getAddress().getPort() + "/v1", "local-model", "sk-secret", piece -> {});
    PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "local-model").clock(CLOCK).build());

    var stage = ToolLoop.builder(Dialect.OPENAI_CHAT).build()
        .run(turn, List.of(ChatSession.object().put("role", "user").put("content", "hi")), client).toCompletableFuture();

    assertThat(stage).failsWithin(java.time.Duration.ofSeconds(30)).withThrowableThat()
        .withMessageContaining("HTTP 500").withMessageContaining("no answer scripted")
        .withMessageNotContaining("sk-secret");
  }
}
