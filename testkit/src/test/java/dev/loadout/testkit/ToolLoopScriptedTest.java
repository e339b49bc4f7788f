package dev.loadout.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.ModelReply;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolLoop;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/** {@link ToolLoop} with the testkit's {@link ScriptedModel} as the host's model call, in every dialect. */
class ToolLoopScriptedTest {
  private final Loadout loadout = TestTools.loadout();

  @AfterEach
  void close() {
    loadout.close();
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aScriptedModelCallsATwiceThenAnswersAndSeesEachResult(Dialect dialect) {
    ScriptedModel model = ScriptedModel.speaking(dialect)
        .enqueueToolCalls(ToolCall.of("", "echo", "{\"text\":\"one\"}"))
        .enqueueToolCalls(ToolCall.of("", "echo", "{\"text\":\"two\"}"), ToolCall.of("", "nope", "{}"))
        .enqueueText("Done.");
    PreparedTurn turn = loadout.prepare(TestContexts.turn().build());
    JsonNode user = TestTools.JSON.readTree("{\"role\":\"user\",\"content\":\"Echo twice\"}");

    ToolLoop.Result result = ToolLoop.builder(dialect).build().run(turn, List.of(user), request ->
        CompletableFuture.completedFuture(ModelReply.body(model.respond(
            "{\"messages\":" + request.messages() + ",\"tools\":" + request.tools().json() + "}"))))
        .toCompletableFuture().join();

    assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
    assertThat(result.rounds()).hasSize(2);
    assertThat(model.queuedResponses()).isZero();
    assertThat(model.takeRequest()).contains("Echo twice").doesNotContain("one\\\"");
    assertThat(model.takeRequest()).contains("one");
    String third = model.takeRequest();
    assertThat(third).contains("two", "tool_not_available");
    assertThat(result.rounds().get(1).outcomes()).extracting(o -> o.result().isSuccess()).containsExactly(true, false);
    assertThat(result.messages().toString()).contains("Done.");
  }
}
