package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The oracle must catch what it claims to catch; otherwise every property built on it passes vacuously. */
class DialectRulesOracleTest {

  @Test
  void acceptsAPlainDefinitionInEveryDialect() {
    String schema = "{'type':'object','properties':{'city':{'type':'string'}},'required':['city']}";
    assertThat(DialectRulesOracle.violations(Dialect.OPENAI_CHAT,
        json("{'type':'function','function':{'name':'get_weather','description':'d','parameters':" + schema + "}}"))).isEmpty();
    assertThat(DialectRulesOracle.violations(Dialect.OPENAI_RESPONSES,
        json("{'type':'function','name':'get_weather','description':'d','parameters':" + schema + ",'strict':false}"))).isEmpty();
    assertThat(DialectRulesOracle.violations(Dialect.ANTHROPIC,
        json("{'name':'get_weather','description':'d','input_schema':" + schema + "}"))).isEmpty();
    assertThat(DialectRulesOracle.violations(Dialect.GEMINI,
        json("{'name':'get_weather','description':'d','parameters':" + schema + "}"))).isEmpty();
  }

  @Test
  void flagsNamesEachProviderRefuses() {
    assertThat(DialectRulesOracle.violations(Dialect.ANTHROPIC,
        json("{'name':'notes.search','input_schema':{'type':'object','properties':{}}}"))).hasSize(1);
    assertThat(DialectRulesOracle.violations(Dialect.OPENAI_CHAT,
        json("{'type':'function','function':{'name':'" + "a".repeat(65) + "','parameters':{'type':'object','properties':{}}}}")))
        .hasSize(1);
    assertThat(DialectRulesOracle.violations(Dialect.GEMINI, json("{'name':'1abc'}"))).hasSize(1);
    assertThat(DialectRulesOracle.violations(Dialect.GEMINI, json("{'name':'_1abc'}"))).isEmpty();
  }

  @Test
  void flagsRootCompositionAndNonObjectRootsForOpenAiAndAnthropic() {
    String bad = "{'anyOf':[{'properties':{'a':{}}}],'enum':[1],'not':{}}";
    assertThat(DialectRulesOracle.violations(Dialect.OPENAI_CHAT,
        json("{'type':'function','function':{'name':'t','parameters':" + bad + "}}")))
        .containsExactlyInAnyOrder("parameters: root type must be \"object\", but was null",
            "parameters: no anyOf at the top level", "parameters: no top-level enum", "parameters: no top-level not",
            "parameters: root properties must be present");
    assertThat(DialectRulesOracle.violations(Dialect.ANTHROPIC, json("{'name':'t','input_schema':" + bad + "}")))
        .containsExactlyInAnyOrder("input_schema: root type must be \"object\", but was null",
            "input_schema: no anyOf at the top level");
  }

  @Test
  void flagsAResponsesDefinitionWithoutStrictFalse() {
    String parameters = "'parameters':{'type':'object','properties':{}}";
    assertThat(DialectRulesOracle.violations(Dialect.OPENAI_RESPONSES, json("{'type':'function','name':'t'," + parameters + "}")))
        .containsExactly("strict must be present (the Responses API defaults it to true)");
    assertThat(DialectRulesOracle.violations(Dialect.OPENAI_RESPONSES,
        json("{'type':'function','name':'t','strict':true," + parameters + "}"))).containsExactly("strict must be false");
  }

  @Test
  void flagsEveryGeminiRejectionFromTheReferenceAtAnyDepth() {
    String nested = "{'type':'object','properties':{'outer':{'type':'object','properties':{'inner':"
        + "{'type':['string','null'],'const':'x','enum':[1],'additionalProperties':false,'$ref':'#/$defs/A',"
        + "'exclusiveMinimum':0,'oneOf':[],'allOf':[],'$defs':{},'anyOf':[{'description':'no type'}]},"
        + "'empty':{'type':'object','properties':{}}}}}}";
    assertThat(DialectRulesOracle.violations(Dialect.GEMINI, json("{'name':'t','parameters':" + nested + "}")))
        .anyMatch(v -> v.contains("type arrays are rejected"))
        .anyMatch(v -> v.endsWith("Gemini rejects const"))
        .anyMatch(v -> v.endsWith("Gemini rejects additionalProperties"))
        .anyMatch(v -> v.endsWith("Gemini rejects $ref"))
        .anyMatch(v -> v.endsWith("Gemini rejects $defs"))
        .anyMatch(v -> v.endsWith("Gemini rejects exclusiveMinimum"))
        .anyMatch(v -> v.endsWith("Gemini rejects oneOf"))
        .anyMatch(v -> v.endsWith("Gemini rejects allOf"))
        .anyMatch(v -> v.contains("enum values must all be strings"))
        .anyMatch(v -> v.contains("enum: only allowed for STRING type"))
        .anyMatch(v -> v.contains("anyOf members need a type"))
        .anyMatch(v -> v.contains("properties.empty.properties should be non-empty"));
  }

  @Test
  void flagsGeminiFieldValuesOfTheWrongJsonTypeAndUndefinedRequiredNames() {
    String schema = "{'type':'object','properties':{'a':{'type':'string','description':5,'minLength':-1,"
        + "'nullable':'yes','minimum':'0'}},'required':['a','ghost'],'propertyOrdering':['ghost']}";
    assertThat(DialectRulesOracle.violations(Dialect.GEMINI, json("{'name':'t','parameters':" + schema + "}")))
        .containsExactlyInAnyOrder("parameters.properties.a.description must be a string",
            "parameters.properties.a.minLength must be a non-negative integer",
            "parameters.properties.a.nullable must be a boolean", "parameters.properties.a.minimum must be a number",
            "parameters.required: property is not defined: \"ghost\"",
            "parameters.propertyOrdering: property is not defined: \"ghost\"");
  }

  @Test
  void flagsGeminiParameterNamesOutsideTheDocumentedRule() {
    assertThat(DialectRulesOracle.violations(Dialect.GEMINI,
        json("{'name':'t','parameters':{'type':'object','properties':{'file-path':{'type':'string'}}}}")))
        .containsExactly("parameters: parameter name 'file-path' must match ^[a-zA-Z_][a-zA-Z0-9_]{0,63}$");
  }
}
