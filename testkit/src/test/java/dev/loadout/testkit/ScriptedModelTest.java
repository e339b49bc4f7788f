package dev.loadout.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

class ScriptedModelTest {
  private static final ToolCall ECHO = ToolCall.of("call_1", "echo", "{\"text\":\"hi\"}");
  private static final ToolCall IMAGE =
      ToolCall.of("call_2", "generate_image", "{\"prompt\":\"a cat\",\"style\":\"photo\",\"n\":2}");

  private final Loadout loadout = TestTools.loadout();

  @AfterEach
  void close() {
    loadout.close();
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void toolCallsRoundTripThroughTheDialectsOwnParser(Dialect dialect) {
    ScriptedModel model = ScriptedModel.speaking(dialect).enqueueToolCalls(ECHO, IMAGE);

    List<ToolCall> parsed = dialect.parseToolCalls(model.respond("{}"));

    if (dialect == Dialect.GEMINI) {
      // Gemini sends no ids: the parser makes them up from the body and the position.
      assertThat(parsed).extracting(ToolCall::name, ToolCall::arguments).containsExactly(
          org.assertj.core.groups.Tuple.tuple("echo", ECHO.arguments()),
          org.assertj.core.groups.Tuple.tuple("generate_image", IMAGE.arguments()));
      assertThat(parsed.get(0).id()).matches("gemini_call_[0-9a-f]{12}_0");
      assertThat(parsed.get(1).id()).matches("gemini_call_[0-9a-f]{12}_1");
    } else {
      assertThat(parsed).containsExactly(ECHO, IMAGE);
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void malformedArgumentsReachTheParserVerbatimAndFailAsInvalidArguments(Dialect dialect) {
    ScriptedModel model = ScriptedModel.speaking(dialect).enqueueToolCalls(ToolCall.of("c1", "echo", "{\"text\": oops"));
    PreparedTurn turn = loadout.prepare(TestContexts.turn().build());

    ToolCall parsed = dialect.parseToolCalls(model.respond("{}")).get(0);
    ToolResult result = turn.execute(parsed).toCompletableFuture().join();

    assertThat(parsed.name()).isEqualTo("echo");
    assertThat(parsed.arguments()).isEqualTo("{\"text\": oops");
    assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class,
        f -> assertThat(f.code()).isEqualTo(ToolResult.INVALID_ARGUMENTS));
  }

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"ANTHROPIC", "GEMINI"})
  void objectDialectsGiveArgumentsBackAsCompactJsonAndKeepNonObjectsAsText(Dialect dialect) {
    ScriptedModel model = ScriptedModel.speaking(dialect)
        .enqueueToolCalls(ToolCall.of("c1", "echo", "{ \"text\" : \"hi\" }"), ToolCall.of("c2", "echo", "[1, 2]"),
            ToolCall.of("c3", "echo", ""));

    List<ToolCall> parsed = dialect.parseToolCalls(model.respond("{}"));

    assertThat(parsed).extracting(ToolCall::arguments).containsExactly("{\"text\":\"hi\"}", "[1, 2]", "{}");
  }

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"OPENAI_CHAT", "OPENAI_RESPONSES"})
  void openAiDialectsSendArgumentsTextVerbatim(Dialect dialect) {
    ScriptedModel model = ScriptedModel.speaking(dialect).enqueueToolCalls(ToolCall.of("c1", "echo", "{ \"text\" : \"hi\" }"));

    assertThat(dialect.parseToolCalls(model.respond("{}")).get(0).arguments()).isEqualTo("{ \"text\" : \"hi\" }");
  }

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"OPENAI_CHAT", "OPENAI_RESPONSES", "ANTHROPIC"})
  void callsScriptedWithoutAnIdGetAProviderStyleId(Dialect dialect) {
    ScriptedModel model = ScriptedModel.speaking(dialect).enqueueText("first")
        .enqueueToolCalls(ToolCall.of("", "echo", "{\"text\":\"a\"}"), ToolCall.of(null, "echo", "{\"text\":\"b\"}"));
    model.respond("{}");

    List<ToolCall> parsed = dialect.parseToolCalls(model.respond("{}"));

    String prefix = dialect == Dialect.ANTHROPIC ? "toolu_scripted_2_" : "call_scripted_2_";
    assertThat(parsed).extracting(ToolCall::id).containsExactly(prefix + "0", prefix + "1");
  }

  @Test
  void geminiCallsToolsWhoseNameStartsWithADigitByTheirDeclaredWireName() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.GEMINI).enqueueToolCalls(ToolCall.of("", "3d_render", "{}"));

    String body = model.respond("{}");

    assertThat(TestTools.JSON.readTree(body).at("/candidates/0/content/parts/0/functionCall/name").stringValue())
        .isEqualTo("_3d_render");
    assertThat(Dialect.GEMINI.parseToolCalls(body)).extracting(ToolCall::name).containsExactly("3d_render");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void toolCallBodiesHaveEachProvidersShape(Dialect dialect) {
    String body = ScriptedModel.speaking(dialect).enqueueToolCalls(ECHO).respond("{}");
    JsonNode root = TestTools.JSON.readTree(body);

    Map<String, String> expected = shapeOf(dialect);
    expected.forEach((pointer, value) -> assertThat(root.at(pointer).stringValue()).as(pointer).isEqualTo(value));
    if (dialect == Dialect.OPENAI_CHAT) {
      assertThat(root.at("/choices/0/message/content").isNull()).isTrue();
    }
    if (dialect == Dialect.GEMINI) {
      assertThat(root.at("/candidates/0/content/parts/0/functionCall").has("id")).isFalse();
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void textAnswersCarryTheTextAndNoToolCalls(Dialect dialect) {
    String body = ScriptedModel.speaking(dialect).enqueueText("Done.").respond("{}");

    Map<Dialect, String> textAt = Map.of(Dialect.OPENAI_CHAT, "/choices/0/message/content",
        Dialect.OPENAI_RESPONSES, "/output/0/content/0/text", Dialect.ANTHROPIC, "/content/0/text",
        Dialect.GEMINI, "/candidates/0/content/parts/0/text");
    assertThat(TestTools.JSON.readTree(body).at(textAt.get(dialect)).stringValue()).isEqualTo("Done.");
    assertThat(dialect.parseToolCalls(body)).isEmpty();
  }

  @Test
  void rawBodiesAreReturnedExactlyAsQueued() {
    ScriptedModel model = ScriptedModel.speaking(Dialect.OPENAI_CHAT).enqueueRaw("<html>502 Bad Gateway</html>");

    String body = model.respond("{}");

    assertThat(body).isEqualTo("<html>502 Bad Gateway</html>");
    assertThatThrownBy(() -> Dialect.OPENAI_CHAT.parseToolCalls(body))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not valid JSON");
  }

  /** JSON pointers into a body answering with {@code ECHO}, and the string each must hold. */
  private static Map<String, String> shapeOf(Dialect dialect) {
    switch (dialect) {
      case OPENAI_CHAT:
        return Map.of("/choices/0/finish_reason", "tool_calls", "/choices/0/message/role", "assistant",
            "/choices/0/message/tool_calls/0/type", "function",
            "/choices/0/message/tool_calls/0/function/arguments", ECHO.arguments());
      case OPENAI_RESPONSES:
        return Map.of("/output/0/type", "function_call", "/output/0/call_id", "call_1",
            "/output/0/arguments", ECHO.arguments());
      case ANTHROPIC:
        return Map.of("/stop_reason", "tool_use", "/content/0/type", "tool_use", "/content/0/input/text", "hi");
      case GEMINI:
        return Map.of("/candidates/0/content/role", "model",
            "/candidates/0/content/parts/0/functionCall/args/text", "hi");
      default:
        throw new AssertionError(dialect);
    }
  }
}
