package dev.loadout.examples.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolLoop;
import dev.loadout.core.ToolOutcome;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
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

  final FakeChatServer server = new FakeChatServer();
  final Loadout loadout = Loadout.builder(ToolRegistry.builder().register(SampleTools.rollDice()).build()).build();

  @AfterEach
  void stop() {
    server.close();
    loadout.close();
  }

  @Test
  void aToolCallSplitAcrossChunksRunsAndTheStreamedAnswerArrivesInPieces() throws Exception {
    server.answers.add(FakeChatServer.rollDiceCall("call_a"));
    server.answers.add(FakeChatServer.text("You rolled ", "a 4."));
    List<String> pieces = new CopyOnWriteArrayList<>();
    OpenAiCompatibleClient client = new OpenAiCompatibleClient(HttpClient.newHttpClient(),
        server.baseUrl() + "/", "local-model", "sk-test", pieces::add);
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

    assertThat(server.requests).hasSize(2);
    JsonNode first = ChatSession.JSON.readTree(server.requests.get(0));
    assertThat(first.get("tools")).isEqualTo(ChatSession.JSON.readTree(turn.render(Dialect.OPENAI_CHAT).json()));
    assertThat(first.get("model").asString()).isEqualTo("local-model");
    assertThat(first.get("stream").asBoolean()).isTrue();
    assertThat(server.authorizations).containsOnly("Bearer sk-test");
    JsonNode second = ChatSession.JSON.readTree(server.requests.get(1)).get("messages");
    assertThat(second.get(1).at("/tool_calls/0/id").asString()).isEqualTo("call_a");
    assertThat(second.get(1).at("/tool_calls/0/function/arguments").asString()).isEqualTo("{\"sides\": 6}");
    assertThat(second.get(2).get("role").asString()).isEqualTo("tool");
    assertThat(second.get(2).get("tool_call_id").asString()).isEqualTo("call_a");
    assertThat(second.get(2).get("content").asString()).contains("Rolled a d6: 4");
  }

  @Test
  void anErrorStatusFailsTheLoopWithTheStatusAndNeverTheKey() {
    OpenAiCompatibleClient client = new OpenAiCompatibleClient(HttpClient.newHttpClient(),
        server.baseUrl(), "local-model", "sk-secret", piece -> {});
    PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "local-model").clock(CLOCK).build());

    var stage = ToolLoop.builder(Dialect.OPENAI_CHAT).build()
        .run(turn, List.of(ChatSession.object().put("role", "user").put("content", "hi")), client).toCompletableFuture();

    assertThat(stage).failsWithin(java.time.Duration.ofSeconds(30)).withThrowableThat()
        .withMessageContaining("HTTP 500").withMessageContaining("no answer scripted")
        .withMessageNotContaining("sk-secret");
  }
}
