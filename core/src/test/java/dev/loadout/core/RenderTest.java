package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.echo;
import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.run;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/** {@link PreparedTurn#render(Dialect)}: the wrapper each provider expects, through a real Loadout. */
class RenderTest {
  static final String WEATHER = "{'type':'object','properties':{'city':{'type':'string'}},'required':['city']}";
  static final ToolSpec GET_WEATHER = spec("get_weather", "Weather now", WEATHER);
  static final ToolSpec PING = spec("ping", "Checks the bot is alive", "{}");

  private static JsonNode rendered(Dialect dialect, BaseTool... tools) {
    RenderedTools out = turn(tools).render(dialect);
    assertThat(out.dialect()).isEqualTo(dialect);
    JsonNode tree = out.toJsonNode();
    assertThat(json(out.json().replace('"', '\''))).as("json() and toJsonNode() agree").isEqualTo(tree);
    JsonNode definitions = dialect == Dialect.GEMINI ? tree.get(0).get("functionDeclarations") : tree;
    for (JsonNode definition : definitions) {
      assertThat(DialectRulesOracle.violations(dialect, definition)).as("%s rules", dialect).isEmpty();
    }
    return tree;
  }

  @Test
  void openAiChatWrapsEachToolAsAFunction() {
    assertThat(rendered(Dialect.OPENAI_CHAT, echo(GET_WEATHER))).isEqualTo(json("[{'type':'function','function':"
        + "{'name':'get_weather','description':'Weather now','parameters':" + WEATHER + "}}]"));
  }

  @Test
  void openAiResponsesFlattensTheFunctionAndTurnsStrictModeOff() {
    assertThat(rendered(Dialect.OPENAI_RESPONSES, echo(GET_WEATHER))).isEqualTo(json("[{'type':'function',"
        + "'name':'get_weather','description':'Weather now','parameters':" + WEATHER + ",'strict':false}]"));
  }

  @Test
  void anthropicCallsTheSchemaInputSchema() {
    assertThat(rendered(Dialect.ANTHROPIC, echo(GET_WEATHER))).isEqualTo(json("[{'name':'get_weather',"
        + "'description':'Weather now','input_schema':" + WEATHER + "}]"));
  }

  @Test
  void geminiPutsAllToolsInOneFunctionDeclarationsEntry() {
    assertThat(rendered(Dialect.GEMINI, echo(GET_WEATHER), echo(PING))).isEqualTo(json("[{'functionDeclarations':["
        + "{'name':'get_weather','description':'Weather now','parameters':" + WEATHER + "},"
        + "{'name':'ping','description':'Checks the bot is alive'}]}]"));
  }

  @Test
  void severalToolsRenderInTurnOrderWithTheExactBytesOfEachDefinition() {
    RenderedTools out = turn(echo(PING), echo(GET_WEATHER)).render(Dialect.OPENAI_CHAT);
    assertThat(out.json()).isEqualTo("[" + new String(Json.bytes(ToolRenderer.definition(Dialect.OPENAI_CHAT, GET_WEATHER)))
        + "," + new String(Json.bytes(ToolRenderer.definition(Dialect.OPENAI_CHAT, PING))) + "]");
    assertThat(out.json()).startsWith("[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\"");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aTurnWithoutToolsRendersAnEmptyList(Dialect dialect) {
    RenderedTools out = turn().render(dialect);
    assertThat(out.json()).isEqualTo("[]");
    assertThat(out.size()).isEqualTo(2);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aWarmRenderIsByteIdenticalToTheFirst(Dialect dialect) {
    PreparedTurn turn = turn(echo(GET_WEATHER), echo(PING));
    assertThat(turn.render(dialect).bytes()).isEqualTo(turn.render(dialect).bytes());
    assertThat(turn(echo(GET_WEATHER), echo(PING)).render(dialect).json()).isEqualTo(turn.render(dialect).json());
  }

  @Test
  void aToolNameStartingWithADigitGetsALeadingUnderscoreOnGeminiOnly() {
    ToolSpec digit = spec("1abc", "Starts with a digit", WEATHER);
    assertThat(rendered(Dialect.GEMINI, echo(digit)).get(0).get("functionDeclarations").get(0).get("name").stringValue())
        .isEqualTo("_1abc");
    assertThat(rendered(Dialect.ANTHROPIC, echo(digit)).get(0).get("name").stringValue()).isEqualTo("1abc");
    assertThat(rendered(Dialect.OPENAI_CHAT, echo(digit)).get(0).get("function").get("name").stringValue()).isEqualTo("1abc");
  }

  @Test
  void geminiWireNamesAreReversibleEvenForNamesThatAlreadyLookPrefixed() {
    List<String[]> pairs = List.of(new String[] {"1abc", "_1abc"}, new String[] {"_1abc", "__1abc"},
        new String[] {"-x", "_-x"}, new String[] {"__9", "___9"}, new String[] {"_private", "_private"},
        new String[] {"__init", "__init"}, new String[] {"_", "_"}, new String[] {"abc1", "abc1"});
    for (String[] pair : pairs) {
      assertThat(ToolRenderer.geminiWireName(pair[0])).as(pair[0]).isEqualTo(pair[1]);
      assertThat(ToolRenderer.fromGeminiWireName(pair[1])).as(pair[1]).isEqualTo(pair[0]);
    }
  }

  @Test
  void aGeminiCallToAPrefixedNameRunsTheToolItStandsFor() {
    BaseTool digit = RenderFixtures.tool(spec("1abc", "digit", "{}"), call -> ToolResult.success(json("'digit'")));
    BaseTool underscored = RenderFixtures.tool(spec("_1abc", "underscore", "{}"), call -> ToolResult.success(json("'underscore'")));
    PreparedTurn turn = turn(digit, underscored);
    assertThat(turn.render(Dialect.GEMINI).json()).isEqualTo("[{\"functionDeclarations\":["
        + "{\"name\":\"_1abc\",\"description\":\"digit\"},{\"name\":\"__1abc\",\"description\":\"underscore\"}]}]");
    List<ToolCall> calls = Dialect.GEMINI.parseToolCalls(json("{'candidates':[{'content':{'role':'model','parts':["
        + "{'functionCall':{'name':'_1abc','args':{}}},{'functionCall':{'name':'__1abc','args':{}}}]}}]}").toString());
    assertThat(calls).extracting(ToolCall::name).containsExactly("1abc", "_1abc");
    assertThat(run(turn, calls.get(0))).isEqualTo(ToolResult.success(json("'digit'")));
    assertThat(run(turn, calls.get(1))).isEqualTo(ToolResult.success(json("'underscore'")));
  }

  @Test
  void a64CharacterNameThatNeedsThePrefixIsTheOneNameGeminiCannotTake() {
    // Documented limit: Gemini names start with a letter or _ and have at most 64 characters, so fewer
    // wire names exist than tool names; no reversible mapping can fit every 64-character name.
    String name = "9" + "a".repeat(63);
    JsonNode definition = ToolRenderer.definition(Dialect.GEMINI, spec(name, "long", "{}"));
    assertThat(definition.get("name").stringValue()).isEqualTo("_" + name).hasSize(65);
    assertThat(DialectRulesOracle.violations(Dialect.GEMINI, definition)).hasSize(1);
    assertThat(ToolRenderer.fromGeminiWireName("_" + name)).isEqualTo(name);
  }

  @Test
  void aVariantRendersItsOwnSchemaNotTheFullSpecs() {
    ToolSpec full = spec("mode", "Switch mode", "{'type':'object','properties':{'mode':{'type':'string','enum':['a','b']}}}");
    BaseTool narrowing = new BaseTool() {
      @Override
      public ToolSpec spec() {
        return full;
      }

      @Override
      public java.util.Optional<ToolSpec> assembleForContext(TurnContext context) {
        return java.util.Optional.of(full.toBuilderWith(RenderFixtures.object(
            "{'type':'object','properties':{'mode':{'type':'string','enum':['a']}}}")).description("Switch mode").build());
      }

      @Override
      public java.util.concurrent.CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        return java.util.concurrent.CompletableFuture.completedFuture(ToolResult.success(null));
      }
    };
    assertThat(rendered(Dialect.ANTHROPIC, narrowing)).isEqualTo(json("[{'name':'mode','description':'Switch mode',"
        + "'input_schema':{'type':'object','properties':{'mode':{'type':'string','enum':['a']}}}}]"));
  }
}
