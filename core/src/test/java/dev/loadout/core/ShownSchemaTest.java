package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** What the model was shown is what is checked: per dialect, with Gemini's coercions, and dropped properties refused. */
class ShownSchemaTest {
  private final AtomicReference<JsonNode> received = new AtomicReference<>();
  private Loadout loadout;

  @AfterEach
  void close() {
    if (loadout != null) {
      loadout.close();
    }
  }

  private PreparedTurn turn(ToolSpec spec, boolean nullMeansAbsent) {
    BaseTool tool = Tools.FnTool.of(spec, (call, ctx) -> {
      received.set(call.argumentsJson());
      return CompletableFuture.completedFuture(ToolResult.text("ok"));
    });
    loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).nullMeansAbsent(nullMeansAbsent).build();
    return loadout.prepare(Tools.context().build());
  }

  private PreparedTurn turn(ToolSpec spec) {
    return turn(spec, true);
  }

  private static ToolResult run(PreparedTurn turn, ToolCall call) {
    return turn.execute(call).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
  }

  private static String code(ToolResult r) {
    return r instanceof ToolResult.Failure ? ((ToolResult.Failure) r).code() : "ok";
  }

  private static ToolSpec spec(String schema) {
    return ToolSpec.builder("pick", Tools.schema(schema)).description("Picks.").build();
  }

  /** A Gemini response calling {@code pick} with these args. */
  private static ToolCall gemini(String args) {
    return Dialect.GEMINI.parseToolCalls("{\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"pick\",\"args\":"
        + args + "}}]}}]}").get(0);
  }

  @Test
  void aGeminiModelThatSendsTheShownStringOfAnIntegerEnumIsAcceptedAndTheToolGetsTheInteger() {
    PreparedTurn turn = turn(spec("{\"type\":\"object\",\"properties\":{\"level\":{\"type\":\"integer\",\"enum\":[1,2,3]}},"
        + "\"required\":[\"level\"]}"));
    assertThat(turn.render(Dialect.GEMINI).json()).contains("\"enum\":[\"1\",\"2\",\"3\"]").doesNotContain("x-loadout");
    assertThat(code(run(turn, gemini("{\"level\":\"2\"}")))).isEqualTo("ok");
    assertThat(received.get().get("level").isInt()).isTrue();
    assertThat(received.get().get("level").intValue()).isEqualTo(2);
    // What Gemini was shown is strings: the integer and an unknown string are refused.
    assertThat(code(run(turn, gemini("{\"level\":2}")))).isEqualTo("invalid_arguments");
    assertThat(code(run(turn, gemini("{\"level\":\"4\"}")))).isEqualTo("invalid_arguments");
    // For OpenAI, the same string breaks the schema it was shown.
    assertThat(code(run(turn, ToolCall.of("c", "pick", "{\"level\":\"2\"}", Dialect.OPENAI_CHAT)))).isEqualTo("invalid_arguments");
    assertThat(code(run(turn, ToolCall.of("c", "pick", "{\"level\":2}", Dialect.OPENAI_CHAT)))).isEqualTo("ok");
  }

  @Test
  void constAndBooleanEnumsAndNestedOnesAreCoercedToo() {
    PreparedTurn turn = turn(spec("{\"type\":\"object\",\"properties\":{\"confirm\":{\"const\":true},"
        + "\"steps\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"n\":{\"enum\":[0.5,1.5]}}}}}}"));
    assertThat(code(run(turn, gemini("{\"confirm\":\"true\",\"steps\":[{\"n\":\"1.5\"},{\"n\":\"0.5\"}]}")))).isEqualTo("ok");
    assertThat(received.get().toString()).isEqualTo("{\"confirm\":true,\"steps\":[{\"n\":1.5},{\"n\":0.5}]}");
  }

  @Test
  void aTurnRenderedOnlyForGeminiChecksHandBuiltCallsTheGeminiWay() {
    PreparedTurn turn = turn(spec("{\"type\":\"object\",\"properties\":{\"level\":{\"type\":\"integer\",\"enum\":[1,2]}}}"));
    assertThat(code(run(turn, ToolCall.of("c", "pick", "{\"level\":\"2\"}")))).as("never rendered").isEqualTo("invalid_arguments");
    turn.render(Dialect.GEMINI);
    assertThat(code(run(turn, ToolCall.of("c", "pick", "{\"level\":\"2\"}")))).isEqualTo("ok");
    turn.render(Dialect.OPENAI_CHAT);
    // Shown both ways, a call that does not say where it came from is checked against the tool's own schema.
    assertThat(code(run(turn, ToolCall.of("c", "pick", "{\"level\":\"2\"}")))).isEqualTo("invalid_arguments");
    assertThat(code(run(turn, gemini("{\"level\":\"2\"}")))).isEqualTo("ok");
  }

  @Test
  void aRootOneOfEveryDialectFlattensIsNotEnforcedOnceShown() {
    PreparedTurn turn = turn(spec("{\"type\":\"object\",\"oneOf\":["
        + "{\"properties\":{\"page_id\":{\"type\":\"string\"}},\"required\":[\"page_id\"]},"
        + "{\"properties\":{\"database_id\":{\"type\":\"string\"}},\"required\":[\"database_id\"]}]}"));
    String both = "{\"page_id\":\"p\",\"database_id\":\"d\"}";
    assertThat(code(run(turn, ToolCall.of("c", "pick", both)))).as("own schema, never rendered").isEqualTo("invalid_arguments");
    assertThat(turn.render(Dialect.ANTHROPIC).json()).doesNotContain("oneOf");
    assertThat(code(run(turn, ToolCall.of("c", "pick", both)))).isEqualTo("ok");
    // What the flattened schema still says is still checked.
    assertThat(code(run(turn, ToolCall.of("c", "pick", "{\"page_id\":7}")))).isEqualTo("invalid_arguments");
  }

  @Test
  void aDroppedPropertyIsRefusedWhateverTheSchemaSaysAboutAdditionalProperties() {
    ToolSpec base = spec("{\"type\":\"object\",\"properties\":{\"prompt\":{\"type\":\"string\"},\"seed\":{\"type\":\"integer\"},"
        + "\"options\":{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"string\"},\"style\":{\"type\":\"string\"}}}}}");
    ToolSpec variant = base.edit().dropProperties("seed", "options/size").build();
    BaseTool tool = Tools.FnTool.echo(base).assembling(ctx -> Optional.of(variant));
    loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    PreparedTurn turn = loadout.prepare(Tools.context().build());
    for (Dialect d : new Dialect[] {null, Dialect.OPENAI_CHAT, Dialect.GEMINI}) {
      ToolResult r = run(turn, ToolCall.of("c", "pick", "{\"prompt\":\"x\",\"seed\":7,\"options\":{\"size\":\"l\"}}", d));
      assertThat(code(r)).as(String.valueOf(d)).isEqualTo("invalid_arguments");
      assertThat(((ToolResult.Failure) r).message()).contains("'seed'").contains("'size'");
      assertThat(code(run(turn, ToolCall.of("c", "pick", "{\"prompt\":\"x\",\"options\":{\"style\":\"y\"}}", d)))).isEqualTo("ok");
    }
    assertThat(variant.argumentViolations(Json.parse("{\"seed\":1}"))).singleElement().asString().startsWith("/seed:");
    assertThat(base.argumentViolations(Json.parse("{\"seed\":1}"))).isEmpty();
    // A variant of the variant (an operator's description) still refuses them.
    ToolSpec described = variant.edit().description("Other words.").build();
    assertThat(described.argumentViolations(Json.parse("{\"seed\":1}"))).isNotEmpty();
  }

  @Test
  void aNullForAnOptionalPropertyMeansItWasNotGivenUnlessTheHostRefusesIt() {
    ToolSpec s = spec("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"},\"limit\":{\"type\":\"integer\"},"
        + "\"assignee\":{\"type\":[\"string\",\"null\"]}},\"required\":[\"q\"]}");
    PreparedTurn lenient = turn(s);
    assertThat(code(run(lenient, ToolCall.of("c", "pick", "{\"q\":\"x\",\"limit\":null,\"assignee\":null}")))).isEqualTo("ok");
    assertThat(received.get().toString()).isEqualTo("{\"q\":\"x\",\"assignee\":null}");
    assertThat(code(run(lenient, ToolCall.of("c", "pick", "{\"q\":null}")))).as("required").isEqualTo("invalid_arguments");
    assertThat(code(run(lenient, ToolCall.of("c", "pick", "{\"q\":\"x\",\"limit\":\"ten\"}")))).isEqualTo("invalid_arguments");
    loadout.close();
    PreparedTurn strict = turn(s, false);
    assertThat(code(run(strict, ToolCall.of("c", "pick", "{\"q\":\"x\",\"limit\":null}")))).isEqualTo("invalid_arguments");
  }

  @Test
  void geminiNullableAndExclusiveBoundsMeanWhatWasShown() {
    PreparedTurn turn = turn(spec("{\"type\":\"object\",\"properties\":{\"note\":{\"type\":[\"string\",\"null\"]},"
        + "\"n\":{\"type\":\"integer\",\"exclusiveMinimum\":0}},\"required\":[\"note\"]}"));
    turn.render(Dialect.GEMINI);
    assertThat(code(run(turn, gemini("{\"note\":null,\"n\":1}")))).isEqualTo("ok");
    assertThat(code(run(turn, gemini("{\"note\":\"x\",\"n\":0}")))).isEqualTo("invalid_arguments");
    assertThat(List.of(code(run(turn, gemini("{\"n\":1}"))))).containsExactly("invalid_arguments");
  }
}
