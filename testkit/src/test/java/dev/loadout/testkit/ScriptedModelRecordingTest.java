package dev.loadout.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The verify half of script → run → verify: what the model was asked, and what happens off-script. */
class ScriptedModelRecordingTest {

  @Test
  void recordsEveryRequestInOrder() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.ANTHROPIC).enqueueText("one").enqueueText("two");

    model.respond("{\"n\":1}");
    model.respond("{\"n\":2}");

    assertThat(model.requests()).containsExactly("{\"n\":1}", "{\"n\":2}");
    assertThat(model.requestCount()).isEqualTo(2);
    assertThat(model.queuedResponses()).isZero();
  }

  @Test
  void takeRequestWalksTheRequestsOneAtATimeWithoutForgettingThem() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.GEMINI).enqueueText("one").enqueueText("two");
    model.respond("first");
    model.respond("second");

    assertThat(model.takeRequest()).isEqualTo("first");
    assertThat(model.takeRequest()).isEqualTo("second");
    assertThat(model.requests()).containsExactly("first", "second");
  }

  @Test
  void takeRequestFailsWhenEveryRequestWasTaken() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.GEMINI).enqueueText("one");
    model.respond("first");
    model.takeRequest();

    assertThatThrownBy(model::takeRequest)
        .isInstanceOf(AssertionError.class)
        .hasMessage("ScriptedModel has no request left to take; received 1 request and all were taken");
  }

  @Test
  void failsClearlyWhenTheScriptIsExhaustedAndStillRecordsTheExtraRequest() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.OPENAI_CHAT).enqueueText("only answer");
    model.respond("first");

    assertThatThrownBy(() -> model.respond("second"))
        .isInstanceOf(AssertionError.class)
        .hasMessage("ScriptedModel has no more responses queued; received 2 requests (1 scripted)");
    assertThat(model.requests()).containsExactly("first", "second");
  }

  @Test
  void anEmptyScriptFailsOnTheFirstRequest() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.OPENAI_RESPONSES);

    assertThatThrownBy(() -> model.respond("{}"))
        .isInstanceOf(AssertionError.class)
        .hasMessage("ScriptedModel has no more responses queued; received 1 request (0 scripted)");
  }

  @Test
  void rejectsAScriptThatCannotBeAnswered() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.ANTHROPIC);

    assertThatThrownBy(() -> ScriptedModel.speaking(null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("dialect must not be null");
    assertThatThrownBy(model::enqueueToolCalls)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool calls must be at least one call and no nulls, but were []");
    assertThatThrownBy(() -> model.enqueueText(null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("text must not be null");
    assertThatThrownBy(() -> model.respond(null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("request body must not be null");
    assertThat(model.queuedResponses()).isZero();
    assertThat(model.requestCount()).isZero();
  }

  @Test
  void drivesAWholeRoundOfAHostsToolLoop() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.ANTHROPIC)
        .enqueueToolCalls(ToolCall.of("toolu_1", "echo", "{\"text\":\"hi\"}"))
        .enqueueText("You said hi.");

    try (Loadout loadout = TestTools.loadout()) {
      PreparedTurn turn = loadout.prepare(TestContexts.turn().build());
      ObjectNode request = TestTools.JSON.createObjectNode();
      request.set("tools", turn.render(Dialect.ANTHROPIC).toJsonNode());
      ArrayNode messages = request.putArray("messages");
      messages.addObject().put("role", "user").put("content", "say hi");

      List<ToolCall> calls = Dialect.ANTHROPIC.parseToolCalls(model.respond(request.toString()));
      List<ToolOutcome> outcomes = turn.executeAll(new ArrayList<>(calls)).toCompletableFuture().join();
      messages.addAll(Dialect.ANTHROPIC.historyMessages(outcomes));
      String answer = model.respond(request.toString());

      assertThat(Dialect.ANTHROPIC.parseToolCalls(answer)).isEmpty();
    }
    assertThat(model.takeRequest()).contains("\"name\":\"echo\"").doesNotContain("tool_result");
    assertThat(model.takeRequest()).contains("\"tool_result\"", "\"tool_use_id\":\"toolu_1\"", "hi");
    assertThat(model.queuedResponses()).isZero();
  }
}
