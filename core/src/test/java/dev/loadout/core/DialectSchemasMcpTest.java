package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.spec;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * Schemas as real MCP servers send them (zod-to-json-schema, pydantic, Notion), rendered through a
 * spec in every dialect; each output must also pass the dialect's rules.
 */
class DialectSchemasMcpTest {
  /** zod-to-json-schema output, as the MCP TypeScript SDK emits it. */
  static final String ZOD = "{'type':'object','properties':{"
      + "'path':{'type':'string','description':'File path'},"
      + "'encoding':{'type':'string','enum':['utf8','base64'],'default':'utf8'},"
      + "'limit':{'type':'integer','exclusiveMinimum':0},"
      + "'tags':{'type':'array','items':{'type':'string'}},"
      + "'options':{'type':'object','properties':{'recursive':{'type':'boolean'}},'additionalProperties':false}},"
      + "'required':['path'],'additionalProperties':false,'$schema':'http://json-schema.org/draft-07/schema#'}";

  /** pydantic (FastMCP) output: titles, $defs, Optional as anyOf with null, an IntEnum. */
  static final String PYDANTIC = "{'$defs':{"
      + "'Priority':{'enum':[1,2,3],'title':'Priority','type':'integer'},"
      + "'Filter':{'properties':{'field':{'title':'Field','type':'string'},"
      + "'value':{'anyOf':[{'type':'string'},{'type':'number'},{'type':'null'}],'default':null,'title':'Value'}},"
      + "'required':['field'],'title':'Filter','type':'object'}},"
      + "'properties':{'query':{'title':'Query','type':'string'},"
      + "'priority':{'$ref':'#/$defs/Priority','default':2},"
      + "'filters':{'anyOf':[{'items':{'$ref':'#/$defs/Filter'},'type':'array'},{'type':'null'}],'default':null,'title':'Filters'}},"
      + "'required':['query'],'title':'searchArguments','type':'object'}";

  /** Notion MCP (2026-08-05): root-level anyOf, const discriminators, type arrays. */
  static final String NOTION = "{'type':'object','properties':{'content':{'type':'string'},"
      + "'icon':{'type':['string','null']}},'required':['content'],"
      + "'anyOf':[{'properties':{'parent':{'type':'object','properties':{'type':{'const':'page_id'},"
      + "'page_id':{'type':'string'}},'required':['type','page_id']}},'required':['parent']},"
      + "{'properties':{'database_id':{'type':'string'}},'required':['database_id']}]}";

  static JsonNode render(Dialect dialect, String schema) {
    JsonNode definition = ToolRenderer.definition(dialect, spec("mcp_tool", "An MCP tool", schema));
    assertThat(DialectRulesOracle.violations(dialect, definition)).as("%s rules", dialect).isEmpty();
    return definition;
  }

  static JsonNode schemaOf(Dialect dialect, JsonNode definition) {
    switch (dialect) {
      case OPENAI_CHAT:
        return definition.get("function").get("parameters");
      case ANTHROPIC:
        return definition.get("input_schema");
      default:
        return definition.get("parameters");
    }
  }

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"OPENAI_CHAT", "OPENAI_RESPONSES", "ANTHROPIC"})
  void aZodSchemaOnlyLosesItsSchemaKeywordOutsideGemini(Dialect dialect) {
    JsonNode expected = json(ZOD);
    ((tools.jackson.databind.node.ObjectNode) expected).remove("$schema");
    assertThat(schemaOf(dialect, render(dialect, ZOD))).isEqualTo(expected);
  }

  @Test
  void aZodSchemaForGeminiLosesAdditionalPropertiesAndGetsTheInclusiveBoundThatAdmitsTheSameIntegers() {
    assertThat(render(Dialect.GEMINI, ZOD)).isEqualTo(json("{'name':'mcp_tool','description':'An MCP tool',"
        + "'parameters':{'type':'object','properties':{"
        + "'path':{'type':'string','description':'File path'},"
        + "'encoding':{'type':'string','enum':['utf8','base64'],'default':'utf8'},"
        + "'limit':{'type':'integer','minimum':1},"
        + "'tags':{'type':'array','items':{'type':'string'}},"
        + "'options':{'type':'object','properties':{'recursive':{'type':'boolean'}}}},"
        + "'required':['path']}}"));
  }

  @Test
  void aPydanticSchemaForGeminiHasRefsInlinedNullableUnionsAndStringEnums() {
    String filter = "{'title':'Filter','type':'object','properties':{'field':{'title':'Field','type':'string'},"
        + "'value':{'default':null,'title':'Value','nullable':true,'anyOf':[{'type':'string'},{'type':'number'}]}},"
        + "'required':['field']}";
    assertThat(schemaOf(Dialect.GEMINI, render(Dialect.GEMINI, PYDANTIC))).isEqualTo(json("{'title':'searchArguments',"
        + "'type':'object','properties':{'query':{'title':'Query','type':'string'},"
        + "'priority':{'default':2,'title':'Priority','type':'string','enum':['1','2','3']},"
        + "'filters':{'default':null,'title':'Filters','nullable':true,'type':'array','items':" + filter + "}},"
        + "'required':['query']}"));
  }

  @Test
  void aPydanticSchemaKeepsItsDefsAndRefsForAnthropic() {
    JsonNode expected = json(PYDANTIC);
    assertThat(schemaOf(Dialect.ANTHROPIC, render(Dialect.ANTHROPIC, PYDANTIC))).isEqualTo(expected);
  }

  @Test
  void aNotionRootAnyOfIsFlattenedForAnthropic() {
    assertThat(schemaOf(Dialect.ANTHROPIC, render(Dialect.ANTHROPIC, NOTION))).isEqualTo(json("{'type':'object',"
        + "'properties':{'content':{'type':'string'},'icon':{'type':['string','null']},"
        + "'parent':{'type':'object','properties':{'type':{'const':'page_id'},'page_id':{'type':'string'}},"
        + "'required':['type','page_id']},'database_id':{'type':'string'}},'required':['content']}"));
  }

  @Test
  void aNotionRootAnyOfIsFlattenedAndSanitisedForGemini() {
    assertThat(schemaOf(Dialect.GEMINI, render(Dialect.GEMINI, NOTION))).isEqualTo(json("{'type':'object',"
        + "'properties':{'content':{'type':'string'},'icon':{'type':'string','nullable':true},"
        + "'parent':{'type':'object','properties':{'type':{'enum':['page_id'],'type':'string'},'page_id':{'type':'string'}},"
        + "'required':['type','page_id']},'database_id':{'type':'string'}},'required':['content']}"));
  }

  @Test
  void aRecursiveRefRendersOnceUnrolledForGeminiAndAsWrittenElsewhere() {
    String tree = "{'type':'object','properties':{'root':{'$ref':'#/$defs/Node'}},'required':['root'],"
        + "'$defs':{'Node':{'type':'object','properties':{'label':{'type':'string'},"
        + "'left':{'$ref':'#/$defs/Node'},'right':{'$ref':'#/$defs/Node'}},'required':['label']}}}";
    assertThat(schemaOf(Dialect.OPENAI_CHAT, render(Dialect.OPENAI_CHAT, tree))).isEqualTo(json(tree));
    assertThat(schemaOf(Dialect.GEMINI, render(Dialect.GEMINI, tree))).isEqualTo(json("{'type':'object','properties':{"
        + "'root':{'type':'object','properties':{'label':{'type':'string'},'left':{'type':'object'},"
        + "'right':{'type':'object'}},'required':['label']}},'required':['root']}"));
  }

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"OPENAI_CHAT", "OPENAI_RESPONSES", "ANTHROPIC"})
  void aToolWithoutParametersGetsAnEmptyObjectSchemaOutsideGemini(Dialect dialect) {
    for (String none : new String[] {"{}", "{'type':'object'}", "{'type':'object','properties':{}}"}) {
      assertThat(schemaOf(dialect, render(dialect, none))).isEqualTo(json("{'type':'object','properties':{}}"));
    }
  }

  @Test
  void aToolWithoutParametersIsDeclaredWithoutParametersForGemini() {
    for (String none : new String[] {"{}", "{'type':'object'}", "{'type':'object','properties':{},'additionalProperties':false}",
        "{'$schema':'http://json-schema.org/draft-07/schema#','type':'object','properties':{},'required':[]}"}) {
      assertThat(render(Dialect.GEMINI, none)).isEqualTo(json("{'name':'mcp_tool','description':'An MCP tool'}"));
    }
  }
}
