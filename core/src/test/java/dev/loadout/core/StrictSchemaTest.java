package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.echo;
import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.object;
import static dev.loadout.core.RenderFixtures.run;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/** OpenAI strict mode: the rewrite, the refusals that name their place, the render, and calls checked as shown. */
class StrictSchemaTest {
  private static final String SEARCH = "{'type':'object','properties':{'query':{'type':'string','description':'q'},"
      + "'limit':{'type':'integer','minimum':1},'sort':{'enum':['new','top']},'filter':{'type':'object','properties':"
      + "{'lang':{'type':'string'}},'required':['lang']},'tags':{'type':'array','items':{'type':'string'}},"
      + "'note':{'type':['string','null']}},'required':['query']}";

  private static JsonNode strict(String schema) {
    StrictSchema.Outcome o = spec("t", "", schema).strict();
    assertThat(o.refusal()).isNull();
    return StrictSchema.withoutMarks(o.annotated());
  }

  private static String refusal(String schema) {
    return spec("t", "", schema).strict().refusal();
  }

  @Test
  void everyPropertyIsRequiredOptionalOnesNullableAndNoOthersAllowed() {
    assertThat(strict(SEARCH)).isEqualTo(json("{'type':'object','properties':{"
        + "'query':{'type':'string','description':'q'},"
        + "'limit':{'type':['integer','null'],'minimum':1},"
        + "'sort':{'enum':['new','top',null]},"
        + "'filter':{'type':['object','null'],'properties':{'lang':{'type':'string'}},'required':['lang'],"
        + "'additionalProperties':false},"
        + "'tags':{'type':['array','null'],'items':{'type':'string'}},"
        + "'note':{'type':['string','null']}},"
        + "'required':['query','limit','sort','filter','tags','note'],'additionalProperties':false}"));
  }

  @Test
  void anOptionalEnumThatListsNullButWhoseTypeRefusesItGetsNullOnceInEach() {
    assertThat(strict("{'type':'object','properties':{'sort':{'type':'string','enum':['new',null]}}}"))
        .isEqualTo(json("{'type':'object','properties':{'sort':{'type':['string','null'],'enum':['new',null]}},"
            + "'required':['sort'],'additionalProperties':false}"));
  }

  @Test
  void refsAndConstsAreWrappedAndDefinitionsRewrittenToo() {
    assertThat(strict("{'type':'object','$defs':{'pt':{'type':'object','properties':{'x':{'type':'number'}}}},"
        + "'properties':{'a':{'$ref':'#/$defs/pt','description':'point'},'b':{'const':'k'}}}"))
        .isEqualTo(json("{'type':'object','$defs':{'pt':{'type':'object','properties':{'x':{'type':['number','null']}},"
            + "'required':['x'],'additionalProperties':false}},'properties':{"
            + "'a':{'description':'point','anyOf':[{'$ref':'#/$defs/pt'},{'type':'null'}]},"
            + "'b':{'anyOf':[{'const':'k'},{'type':'null'}]}},'required':['a','b'],'additionalProperties':false}"));
  }

  @Test
  void aToolWithoutParametersIsStrictAsAnEmptyObject() {
    assertThat(strict("{'type':'object'}")).isEqualTo(json("{'type':'object','properties':{},'required':[],"
        + "'additionalProperties':false}"));
  }

  @Test
  void whatStrictModeCannotSayIsRefusedNamingThePlace() {
    assertThat(refusal("{'type':'object','properties':{'q':{'type':'string','minLength':1}}}"))
        .isEqualTo("'minLength' at /properties/q is not supported in strict mode");
    assertThat(refusal("{'type':'object','properties':{'q':{'type':'string'}},'additionalProperties':true}"))
        .isEqualTo("the object at the root allows additional properties, which strict mode cannot express");
    assertThat(refusal("{'type':'object','properties':{'m':{'type':'object','additionalProperties':{'type':'string'}}}}"))
        .isEqualTo("the object at /properties/m allows additional properties, which strict mode cannot express");
    assertThat(refusal("{'type':'object','properties':{'m':{'type':'object'}}}"))
        .isEqualTo("the object at /properties/m has no properties (a free-form map), which strict mode cannot express");
    assertThat(refusal("{'type':'object','properties':{'v':{}}}")).isEqualTo("the schema at /properties/v has no type");
    assertThat(refusal("{'type':'object','properties':{'v':{'allOf':[{'type':'string'}]}}}"))
        .isEqualTo("'allOf' at /properties/v is not supported in strict mode");
    assertThat(refusal("{'type':'object','properties':{'v':{'type':'array'}}}"))
        .isEqualTo("the array at /properties/v has no single items schema");
    assertThat(refusal("{'type':'object','properties':{'v':{'type':'array','prefixItems':[{'type':'string'}]}}}"))
        .isEqualTo("'prefixItems' at /properties/v is not supported in strict mode");
    assertThat(refusal("{'type':'object','properties':{'u':{'type':'string','format':'uri'}}}"))
        .isEqualTo("format '\"uri\"' at /properties/u is not supported in strict mode");
    assertThat(refusal("{'type':'object','properties':{'d':{'type':'string','default':'x'}}}"))
        .isEqualTo("'default' at /properties/d is not supported in strict mode");
    String deep = "{'type':'string'}";
    for (int i = 0; i < 10; i++) {
      deep = "{'type':'object','properties':{'n':" + deep + "},'required':['n']}";
    }
    assertThat(refusal(deep)).isEqualTo("it nests deeper than 10 levels, strict mode's limit");
  }

  @Test
  void theRootCompositionsDialectsFlattenAreFlattenedBeforeStrictMode() {
    // Every dialect flattens a root oneOf; the strict form is of what OpenAI is shown.
    assertThat(strict("{'oneOf':[{'type':'object','properties':{'a':{'type':'string'}},'required':['a']},"
        + "{'type':'object','properties':{'b':{'type':'string'}}}]}").get("required"))
        .isEqualTo(json("['a','b']"));
  }

  // ---- the render

  @Test
  void openAiChatMarksStrictToolsInsideTheFunctionAndReportsTheOthers() {
    PreparedTurn turn = turn(echo(spec("search", "Search", SEARCH)),
        echo(spec("fetch", "Fetch", "{'type':'object','properties':{'url':{'type':'string','format':'uri'}}}")));
    StrictTools strict = turn.renderStrict(Dialect.OPENAI_CHAT);
    JsonNode tools = strict.tools().toJsonNode();
    assertThat(turn.visibleNames()).containsExactly("fetch", "search");
    assertThat(tools.get(1).get("function").get("strict").booleanValue()).isTrue();
    assertThat(tools.get(1).get("function").get("parameters")).isEqualTo(strict(SEARCH));
    assertThat(tools.get(0)).isEqualTo(turn.render(Dialect.OPENAI_CHAT).toJsonNode().get(0));
    assertThat(strict.notStrict()).containsExactly(new StrictTools.NotStrict("fetch",
        "format '\"uri\"' at /properties/url is not supported in strict mode"));
    assertThat(turn.renderStrict(Dialect.OPENAI_CHAT).tools().json()).isEqualTo(strict.tools().json());
  }

  @Test
  void openAiResponsesSetsStrictTrueOrLeavesStrictFalse() {
    PreparedTurn turn = turn(echo(spec("search", "Search", SEARCH)),
        echo(spec("fetch", "Fetch", "{'type':'object','properties':{'m':{'type':'object'}}}")));
    JsonNode tools = turn.renderStrict(Dialect.OPENAI_RESPONSES).tools().toJsonNode();
    assertThat(tools.get(1).get("strict").booleanValue()).isTrue();
    assertThat(tools.get(1).get("parameters")).isEqualTo(strict(SEARCH));
    assertThat(tools.get(0).get("strict").booleanValue()).isFalse();
  }

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"ANTHROPIC", "GEMINI"})
  void strictModeIsOpenAisOnly(Dialect dialect) {
    assertThatThrownBy(() -> turn(echo(spec("search", "Search", SEARCH))).renderStrict(dialect))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("strict mode is OpenAI's (OPENAI_CHAT, OPENAI_RESPONSES), but the dialect was " + dialect);
  }

  // ---- calls checked as shown

  private static ToolResult call(PreparedTurn turn, String arguments) {
    return run(turn, ToolCall.of("c1", "search", arguments, Dialect.OPENAI_CHAT));
  }

  @Test
  void aStrictCallsNullsForOptionalPropertiesReachTheToolAsNotGiven() {
    PreparedTurn turn = turn(echo(spec("search", "Search", SEARCH)));
    turn.renderStrict(Dialect.OPENAI_CHAT);
    ToolResult r = call(turn, "{\"query\":\"cats\",\"limit\":null,\"sort\":null,\"filter\":{\"lang\":\"en\"},"
        + "\"tags\":null,\"note\":null}");
    // note admitted null in the tool's own schema, so its null is the tool's value, not "not given".
    assertThat(r).isEqualTo(ToolResult.success(json("{'query':'cats','filter':{'lang':'en'},'note':null}")));
  }

  @Test
  void aStrictCallIsCheckedAgainstTheStrictSchemaItWasShown() {
    PreparedTurn turn = turn(echo(spec("search", "Search", SEARCH)));
    turn.renderStrict(Dialect.OPENAI_CHAT);
    ToolResult missing = call(turn, "{\"query\":\"cats\"}");
    assertThat(((ToolResult.Failure) missing).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(((ToolResult.Failure) missing).message()).contains("limit");
    ToolResult extra = call(turn, "{\"query\":\"cats\",\"limit\":1,\"sort\":\"new\",\"filter\":null,\"tags\":[],"
        + "\"note\":\"n\",\"x\":1}");
    assertThat(((ToolResult.Failure) extra).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
  }

  @Test
  void aTurnRenderedBothWaysChecksThePlainSchema() {
    PreparedTurn turn = turn(echo(spec("search", "Search", SEARCH)));
    turn.renderStrict(Dialect.OPENAI_CHAT);
    turn.render(Dialect.OPENAI_CHAT);
    assertThat(call(turn, "{\"query\":\"cats\"}").isSuccess()).isTrue();
  }

  @Test
  void aToolThatCouldNotBeStrictIsCheckedAsPlainlyShown() {
    PreparedTurn turn = turn(echo(spec("search", "Search", "{'type':'object','properties':{'q':{'type':'string',"
        + "'minLength':2}}}")));
    turn.renderStrict(Dialect.OPENAI_CHAT);
    assertThat(run(turn, ToolCall.of("c1", "search", "{}", Dialect.OPENAI_CHAT)).isSuccess()).isTrue();
    assertThat(run(turn, ToolCall.of("c1", "search", "{\"q\":\"a\"}", Dialect.OPENAI_CHAT)).isSuccess()).isFalse();
  }

  @Test
  void nullsInsideArraysAndDefinitionsAreDroppedToo() {
    PreparedTurn turn = turn(echo(spec("search", "Search", "{'type':'object','$defs':{'f':{'type':'object',"
        + "'properties':{'k':{'type':'string'},'v':{'type':'string'}},'required':['k']}},'properties':{'fs':"
        + "{'type':'array','items':{'$ref':'#/$defs/f'}}},'required':['fs']}")));
    turn.renderStrict(Dialect.OPENAI_RESPONSES);
    ToolResult r = run(turn, ToolCall.of("c1", "search", "{\"fs\":[{\"k\":\"a\",\"v\":null},{\"k\":\"b\",\"v\":\"x\"}]}",
        Dialect.OPENAI_RESPONSES));
    assertThat(r).isEqualTo(ToolResult.success(json("{'fs':[{'k':'a'},{'k':'b','v':'x'}]}")));
    assertThat(object("{}")).isEmpty();
    assertThat(List.of()).isEmpty();
  }
}
