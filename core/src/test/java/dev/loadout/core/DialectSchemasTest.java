package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.object;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * The root rules every dialect shares, one test per sentence of {@link Dialect}'s Javadoc. Expected
 * values are written from the rule, not copied from output.
 */
class DialectSchemasTest {
  private static final EnumSet<Dialect> AS_WRITTEN = EnumSet.of(Dialect.OPENAI_CHAT, Dialect.OPENAI_RESPONSES, Dialect.ANTHROPIC);

  static JsonNode rewrite(Dialect dialect, String singleQuotedSchema) {
    return DialectSchemas.forDialect(dialect, object(singleQuotedSchema));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void rootSchemaAndIdAreRemovedInEveryDialect(Dialect dialect) {
    assertThat(rewrite(dialect, "{'$schema':'https://json-schema.org/draft/2020-12/schema','$id':'urn:tool:q',"
        + "'type':'object','properties':{'q':{'type':'string'}}}"))
        .isEqualTo(json("{'type':'object','properties':{'q':{'type':'string'}}}"));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void rootAnyOfIsFlattenedAndOnlyNamesEveryBranchRequiresStayRequired(Dialect dialect) {
    assertThat(rewrite(dialect, "{'type':'object','anyOf':["
        + "{'properties':{'page_id':{'type':'string'},'title':{'type':'string'}},'required':['page_id','title']},"
        + "{'properties':{'page_id':{'type':'string'},'icon':{'type':'string'}},'required':['page_id']}]}"))
        .isEqualTo(json("{'type':'object','properties':{'page_id':{'type':'string'},'title':{'type':'string'},"
            + "'icon':{'type':'string'}},'required':['page_id']}"));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void rootOneOfIsFlattenedAfterTheRootsOwnProperties(Dialect dialect) {
    assertThat(rewrite(dialect, "{'type':'object','properties':{'content':{'type':'string'}},'required':['content'],"
        + "'oneOf':[{'properties':{'content':{'type':'integer'},'a':{'type':'string'}},'required':['a']},"
        + "{'properties':{'b':{'type':'string'}},'required':['b']}]}"))
        .isEqualTo(json("{'type':'object','properties':{'content':{'type':'string'},'a':{'type':'string'},"
            + "'b':{'type':'string'}},'required':['content']}"));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void rootAllOfKeepsEveryRequiredName(Dialect dialect) {
    assertThat(rewrite(dialect, "{'allOf':[{'properties':{'a':{'type':'string'}},'required':['a']},"
        + "{'properties':{'b':{'type':'integer'}},'required':['b']}]}"))
        .isEqualTo(json("{'type':'object','properties':{'a':{'type':'string'},'b':{'type':'integer'}},'required':['a','b']}"));
  }

  @Test
  void aRootBranchThatIsALocalRefIsResolvedBeforeFlattening() {
    String defs = "{'ByUrl':{'type':'object','properties':{'url':{'type':'string'}},'required':['url']},"
        + "'ById':{'type':'object','properties':{'id':{'type':'string'}},'required':['id']}}";
    String schema = "{'type':'object','oneOf':[{'$ref':'#/$defs/ByUrl'},{'$ref':'#/$defs/ById'}],'$defs':" + defs + "}";
    for (Dialect dialect : AS_WRITTEN) {
      assertThat(rewrite(dialect, schema)).as("%s", dialect)
          .isEqualTo(json("{'type':'object','properties':{'url':{'type':'string'},'id':{'type':'string'}},'$defs':" + defs + "}"));
    }
    assertThat(rewrite(Dialect.GEMINI, schema))
        .isEqualTo(json("{'type':'object','properties':{'url':{'type':'string'},'id':{'type':'string'}}}"));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void rootNotEnumConstIfThenElseAreDropped(Dialect dialect) {
    assertThat(rewrite(dialect, "{'type':'object','properties':{'a':{'type':'string'}},'not':{'required':['b']},"
        + "'enum':[{'a':'x'}],'const':{'a':'x'},'if':{'required':['a']},'then':{'required':['b']},'else':{}}"))
        .isEqualTo(json("{'type':'object','properties':{'a':{'type':'string'}}}"));
  }

  @Test
  void aMissingRootTypeAndPropertiesAreAdded() {
    for (Dialect dialect : AS_WRITTEN) {
      assertThat(rewrite(dialect, "{}")).as("%s", dialect).isEqualTo(json("{'type':'object','properties':{}}"));
      assertThat(rewrite(dialect, "{'properties':true}")).as("%s", dialect).isEqualTo(json("{'type':'object','properties':{}}"));
    }
    // Gemini then removes the empty properties again (its own rule), and the tool is declared without parameters.
    assertThat(rewrite(Dialect.GEMINI, "{}")).isEqualTo(json("{'type':'object'}"));
  }

  @Test
  void aRootRefToALocalDefinitionIsReplacedByThatDefinition() {
    // zod-to-json-schema with a name option emits exactly this shape.
    String definitions = "{'SearchArgs':{'type':'object','properties':{'query':{'type':'string'}},'required':['query'],"
        + "'additionalProperties':false}}";
    String schema = "{'$schema':'http://json-schema.org/draft-07/schema#','$ref':'#/definitions/SearchArgs',"
        + "'definitions':" + definitions + "}";
    for (Dialect dialect : AS_WRITTEN) {
      assertThat(rewrite(dialect, schema)).as("%s", dialect)
          .isEqualTo(json("{'type':'object','properties':{'query':{'type':'string'}},'required':['query'],"
              + "'additionalProperties':false,'definitions':" + definitions + "}"));
    }
    assertThat(rewrite(Dialect.GEMINI, schema))
        .isEqualTo(json("{'type':'object','properties':{'query':{'type':'string'}},'required':['query']}"));
  }

  @Test
  void aRootRefKeepsTheRootsOwnKeywordsAndJoinsPropertiesAndRequiredNames() {
    String defs = "{'Base':{'type':'object','description':'Base','properties':{'id':{'type':'string'},"
        + "'extra':{'type':'string'}},'required':['id']}}";
    assertThat(rewrite(Dialect.ANTHROPIC, "{'$ref':'#/$defs/Base','description':'Root',"
        + "'properties':{'extra':{'type':'boolean'}},'required':['extra'],'$defs':" + defs + "}"))
        .isEqualTo(json("{'type':'object','description':'Root','properties':{'extra':{'type':'boolean'},"
            + "'id':{'type':'string'}},'required':['extra','id'],'$defs':" + defs + "}"));
  }

  @Test
  void aRootRefThatCannotBeResolvedIsDroppedAndTheRootStaysAnObject() {
    assertThat(rewrite(Dialect.OPENAI_CHAT, "{'$ref':'https://example.com/args.json'}"))
        .isEqualTo(json("{'type':'object','properties':{}}"));
    assertThat(rewrite(Dialect.OPENAI_CHAT, "{'$ref':'#/$defs/Missing'}"))
        .isEqualTo(json("{'type':'object','properties':{}}"));
  }

  @Test
  void nestedSchemasAreLeftAsWrittenOutsideGemini() {
    String nested = "{'maybe':{'anyOf':[{'type':'string'},{'type':'null'}]},'kind':{'const':'page'},"
        + "'tags':{'type':['array','null'],'items':{'type':'string','format':'email'}},"
        + "'count':{'type':'integer','enum':[1,2],'exclusiveMinimum':0},"
        + "'node':{'$ref':'#/$defs/Node'},'meta':{'type':'object','additionalProperties':false,'properties':{}}}";
    String defs = "{'Node':{'type':'object','properties':{'next':{'$ref':'#/$defs/Node'}}}}";
    String schema = "{'type':'object','properties':" + nested + ",'additionalProperties':false,'$defs':" + defs + "}";
    for (Dialect dialect : AS_WRITTEN) {
      assertThat(rewrite(dialect, schema)).as("%s", dialect).isEqualTo(json(schema));
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void rewritingNeverChangesTheSchemaItWasGiven(Dialect dialect) {
    String schema = "{'$schema':'x','$ref':'#/$defs/A','anyOf':[{'$ref':'#/$defs/A'}],"
        + "'properties':{'p':{'allOf':[{'$ref':'#/$defs/A'}],'type':['string','null'],'enum':[1,null]}},"
        + "'$defs':{'A':{'type':'object','properties':{'a':{'$ref':'#/$defs/A'}}}}}";
    var input = object(schema);
    DialectSchemas.forDialect(dialect, input);
    assertThat(input).isEqualTo(json(schema));
  }
}
