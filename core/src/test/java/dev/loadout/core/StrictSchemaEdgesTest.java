package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.echo;
import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.object;
import static dev.loadout.core.RenderFixtures.run;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link StrictSchema} at its edges: each of OpenAI's limits at its value and one past, every malformed piece refused
 * naming its place, which optional properties already admit null (and are left alone), how the others are made
 * nullable, and which nulls a call's arguments lose.
 */
class StrictSchemaEdgesTest {
  private static final String STRING = "{'type':'string'}";

  private static StrictSchema.Outcome of(String schema) {
    return StrictSchema.of(object(schema));
  }

  private static String refusal(String schema) {
    return of(schema).refusal();
  }

  private static ObjectNode shown(String schema) {
    StrictSchema.Outcome o = of(schema);
    assertThat(o.refusal()).as(schema).isNull();
    return StrictSchema.withoutMarks(o.annotated());
  }

  /** The shown form of the one optional property {@code v} with the given schema. */
  private static ObjectNode shownProperty(String property) {
    return (ObjectNode) shown("{'type':'object','properties':{'v':" + property + "}}").get("properties").get("v");
  }

  /** What the tool receives for a strict call's arguments. */
  private static ObjectNode received(String schema, String arguments) {
    return StrictSchema.coerce(object(arguments), of(schema).annotated());
  }

  private static String root(String property) {
    return "{'type':'object','properties':{'n':" + property + "},'required':['n']}";
  }

  private static String wrapped(String wrapper, int times, String leaf) {
    String s = leaf;
    for (int i = 0; i < times; i++) {
      s = wrapper.replace("X", s);
    }
    return s;
  }

  // ---- limits, at the limit and one past

  @Test
  void tenLevelsOfPropertiesAreAllowedAndElevenAreNot() {
    String object = "{'type':'object','properties':{'n':X},'required':['n']}";
    assertThat(refusal(wrapped(object, 9, STRING))).isNull();
    assertThat(refusal(wrapped(object, 10, STRING))).isEqualTo("it nests deeper than 10 levels, strict mode's limit");
  }

  @Test
  void itemsCountAsALevelEach() {
    String array = "{'type':'array','items':X}";
    assertThat(refusal(root(wrapped(array, 8, STRING)))).isNull();
    assertThat(refusal(root(wrapped(array, 9, STRING)))).isEqualTo("it nests deeper than 10 levels, strict mode's limit");
  }

  @Test
  void anyOfBranchesCountAsALevelEach() {
    String anyOf = "{'anyOf':[X]}";
    assertThat(refusal(root(wrapped(anyOf, 8, STRING)))).isNull();
    assertThat(refusal(root(wrapped(anyOf, 9, STRING)))).isEqualTo("it nests deeper than 10 levels, strict mode's limit");
  }

  @Test
  void aDefinitionStartsOneLevelBelowTheRoot() {
    String object = "{'type':'object','properties':{'n':X},'required':['n']}";
    assertThat(refusal("{'type':'object','properties':{},'$defs':{'d':" + wrapped(object, 8, STRING) + "}}")).isNull();
    assertThat(refusal("{'type':'object','properties':{},'$defs':{'d':" + wrapped(object, 9, STRING) + "}}"))
        .isEqualTo("it nests deeper than 10 levels, strict mode's limit");
  }

  private static ObjectNode withEnums(int first, int second) {
    ObjectNode schema = object("{'type':'object','properties':{'a':{'type':'integer'},'b':{'type':'integer'}},"
        + "'required':['a','b']}");
    ArrayNode a = ((ObjectNode) schema.get("properties").get("a")).putArray("enum");
    ArrayNode b = ((ObjectNode) schema.get("properties").get("b")).putArray("enum");
    for (int i = 0; i < first; i++) {
      a.add(i);
    }
    for (int i = 0; i < second; i++) {
      b.add(i);
    }
    return schema;
  }

  @Test
  void aThousandEnumValuesAreAllowedCountedAcrossTheSchemaAndOneMoreIsNot() {
    assertThat(StrictSchema.of(withEnums(500, 500)).refusal()).isNull();
    assertThat(StrictSchema.of(withEnums(500, 501)).refusal())
        .isEqualTo("it has more than 1000 enum values, strict mode's limit");
    assertThat(StrictSchema.of(withEnums(1001, 0)).refusal())
        .isEqualTo("it has more than 1000 enum values, strict mode's limit");
  }

  private static ObjectNode withProperties(int inner) {
    ObjectNode schema = object("{'type':'object','properties':{'o':{'type':'object','properties':{}}},'required':['o']}");
    ObjectNode props = (ObjectNode) schema.get("properties").get("o").get("properties");
    for (int i = 0; i < inner; i++) {
      props.putObject("p" + i).put("type", "string");
    }
    return schema;
  }

  @Test
  void fiveThousandPropertiesAreAllowedCountedAtEveryDepthAndOneMoreIsNot() {
    StrictSchema.Outcome atLimit = StrictSchema.of(withProperties(4_999));
    assertThat(atLimit.refusal()).isNull();
    assertThat(atLimit.annotated().get("properties").get("o").get("required")).hasSize(4_999);
    assertThat(StrictSchema.of(withProperties(5_000)).refusal())
        .isEqualTo("it has more than 5000 properties, strict mode's limit");
  }

  // ---- malformed pieces, refused naming their place

  @Test
  void aTypeStrictModeDoesNotKnowIsRefused() {
    for (String type : new String[] {"5", "[]", "['string',1]", "'date'", "{'type':'string'}"}) {
      assertThat(refusal("{'type':'object','properties':{'v':{'type':" + type + "}}}")).as(type)
          .isEqualTo("the type at /properties/v is not a type strict mode knows");
    }
    assertThat(shownProperty("{'type':['string','integer']}")).isEqualTo(json("{'type':['string','integer','null']}"));
  }

  @Test
  void onlyTheFormatsOpenAiListsAreAllowed() {
    assertThat(shownProperty("{'type':'string','format':'date-time'}"))
        .isEqualTo(json("{'type':['string','null'],'format':'date-time'}"));
    assertThat(refusal("{'type':'object','properties':{'u':{'type':'string','format':5}}}"))
        .isEqualTo("format '5' at /properties/u is not supported in strict mode");
  }

  @Test
  void anEnumThatIsNotAnArrayIsRefused() {
    assertThat(refusal("{'type':'object','properties':{'e':{'enum':'a'}}}"))
        .isEqualTo("the enum at /properties/e is not an array");
  }

  @Test
  void anyOfMustBeANonEmptyListOfSchemasAndNotAtTheRoot() {
    assertThat(refusal("{'type':'object','properties':{'v':{'anyOf':{'type':'string'}}}}"))
        .isEqualTo("the anyOf at /properties/v is not a list of schemas");
    assertThat(refusal("{'type':'object','properties':{'v':{'anyOf':[]}}}"))
        .isEqualTo("the anyOf at /properties/v is not a list of schemas");
    assertThat(refusal("{'type':'object','properties':{'v':{'anyOf':[5]}}}"))
        .isEqualTo("the schema at /properties/v/anyOf/0 is not an object");
    assertThat(refusal("{'anyOf':[{'type':'object','properties':{}}]}"))
        .isEqualTo("'anyOf' at the root is not supported in strict mode");
  }

  @Test
  void everyAnyOfBranchIsCheckedNotOnlyTheFirst() {
    assertThat(refusal("{'type':'object','properties':{'v':{'anyOf':[{'type':'string'},{'type':'string','minLength':1}]}}}"))
        .isEqualTo("'minLength' at /properties/v/anyOf/1 is not supported in strict mode");
  }

  @Test
  void propertiesThatAreNotAnObjectAreRefused() {
    assertThat(refusal("{'type':'object','properties':[]}")).isEqualTo("the properties at the root are not an object");
  }

  @Test
  void definitionsMustBeAnObjectAndEveryOneIsChecked() {
    assertThat(refusal("{'type':'object','properties':{},'$defs':5}")).isEqualTo("'$defs' is not an object");
    assertThat(refusal("{'type':'object','properties':{},'definitions':['x']}")).isEqualTo("'definitions' is not an object");
    assertThat(refusal("{'type':'object','properties':{},'$defs':{'ok':{'type':'string'},'bad':{'type':'string',"
        + "'minLength':1}}}")).isEqualTo("'minLength' at /$defs/bad is not supported in strict mode");
  }

  @Test
  void aBadDefinitionIsRefusedWhicheverOfDefsAndDefinitionsHoldsIt() {
    assertThat(refusal("{'type':'object','properties':{},'$defs':{'bad':{'type':'string','minLength':1}},"
        + "'definitions':{'ok':{'type':'string'}}}")).isEqualTo("'minLength' at /$defs/bad is not supported in strict mode");
    assertThat(refusal("{'type':'object','properties':{},'definitions':{'bad':{'type':'string','minLength':1}},"
        + "'$defs':{'ok':{'type':'string'}}}")).isEqualTo("'minLength' at /definitions/bad is not supported in strict mode");
  }

  // ---- which optional properties admit null already

  @Test
  void anOptionalAnyOfWithANullBranchIsLeftAloneAndItsNullReachesTheTool() {
    String schema = "{'type':'object','properties':{'v':{'anyOf':[{'type':'string'},{'type':'null'}]}}}";
    assertThat(shown(schema).get("properties").get("v")).isEqualTo(json("{'anyOf':[{'type':'string'},{'type':'null'}]}"));
    assertThat(received(schema, "{'v':null}")).isEqualTo(json("{'v':null}"));
  }

  @Test
  void anOptionalEnumListingNullIsLeftAloneAndItsNullReachesTheTool() {
    String schema = "{'type':'object','properties':{'v':{'enum':['a',null]}}}";
    assertThat(shown(schema).get("properties").get("v")).isEqualTo(json("{'enum':['a',null]}"));
    assertThat(received(schema, "{'v':null}")).isEqualTo(json("{'v':null}"));
  }

  @Test
  void anEnumListingNullUnderATypeWithoutNullDoesNotAdmitNullSoItsNullMeansNotGiven() {
    String schema = "{'type':'object','properties':{'v':{'type':'string','enum':['a',null]}}}";
    assertThat(shown(schema).get("properties").get("v").get("type")).isEqualTo(json("['string','null']"));
    assertThat(received(schema, "{'v':null}")).isEqualTo(json("{}"));
  }

  @Test
  void anEnumListingNullBesideAnAnyOfWithoutNullDoesNotAdmitNullSoItsNullMeansNotGiven() {
    String schema = "{'type':'object','properties':{'v':{'anyOf':[{'type':'string'}],'enum':['a',null]}}}";
    assertThat(shown(schema).get("properties").get("v"))
        .isEqualTo(json("{'anyOf':[{'anyOf':[{'type':'string'}],'enum':['a',null]},{'type':'null'}]}"));
    assertThat(received(schema, "{'v':null}")).isEqualTo(json("{}"));
  }

  // ---- how the others are made nullable

  @Test
  void anOptionalAnyOfGainsANullBranchBesideItsOwnKeepingItsDescriptionOutside() {
    assertThat(shownProperty("{'anyOf':[{'type':'string'},{'type':'integer'}]}"))
        .isEqualTo(json("{'anyOf':[{'type':'string'},{'type':'integer'},{'type':'null'}]}"));
    assertThat(shownProperty("{'description':'d','title':'t','anyOf':[{'type':'string'},{'type':'integer'}]}"))
        .isEqualTo(json("{'description':'d','title':'t','anyOf':[{'type':'string'},{'type':'integer'},{'type':'null'}]}"));
  }

  @Test
  void anOptionalTypedPropertyGainsNullInItsTypeAndEnum() {
    assertThat(shownProperty("{'type':'integer','enum':[1,2]}")).isEqualTo(json("{'type':['integer','null'],'enum':[1,2,null]}"));
  }

  @Test
  void anOptionalPropertyWithATypeAndAnAnyOfIsMadeNullableAsAWholeSoItsNullMeansNotGiven() {
    String schema = "{'type':'object','properties':{'v':{'type':'string','anyOf':[{'type':'string','pattern':'^a'},"
        + "{'type':'string','pattern':'^b'}]}}}";
    assertThat(shown(schema).get("properties").get("v")).isEqualTo(json("{'anyOf':[{'type':'string','anyOf':["
        + "{'type':'string','pattern':'^a'},{'type':'string','pattern':'^b'}]},{'type':'null'}]}"));
    PreparedTurn turn = turn(echo(spec("t", "T", schema)));
    turn.renderStrict(Dialect.OPENAI_CHAT);
    assertThat(run(turn, ToolCall.of("c1", "t", "{\"v\":null}", Dialect.OPENAI_CHAT))).isEqualTo(ToolResult.success(json("{}")));
    assertThat(run(turn, ToolCall.of("c1", "t", "{\"v\":\"b1\"}", Dialect.OPENAI_CHAT)))
        .isEqualTo(ToolResult.success(json("{'v':'b1'}")));
    assertThat(run(turn, ToolCall.of("c1", "t", "{\"v\":\"c\"}", Dialect.OPENAI_CHAT)).isSuccess()).isFalse();
  }

  // ---- which nulls a call loses

  private static final String POINT = "{'type':'object','$defs':{'p':{'type':'object','properties':{'x':{'type':'number'}}}},"
      + "'properties':{'a':{'$ref':'#/$defs/p'}},'required':['a']}";

  @Test
  void argumentsWithoutSuchNullsAreReceivedAsTheSameObject() {
    ObjectNode arguments = object("{'a':{'x':1}}");
    assertThat(StrictSchema.coerce(arguments, of(POINT).annotated())).isSameAs(arguments);
    ObjectNode flat = object("{'q':'cats','n':3}");
    assertThat(StrictSchema.coerce(flat, of("{'type':'object','properties':{'q':{'type':'string'},'n':{'type':'integer'}}}")
        .annotated())).isSameAs(flat);
  }

  @Test
  void aNullBehindARefIsDroppedFromACopy() {
    ObjectNode arguments = object("{'a':{'x':null}}");
    assertThat(StrictSchema.coerce(arguments, of(POINT).annotated())).isEqualTo(json("{'a':{}}"));
    assertThat(arguments).isEqualTo(json("{'a':{'x':null}}"));
  }

  @Test
  void aNullInsideAnAnyOfBranchIsDropped() {
    String schema = "{'type':'object','properties':{'o':{'anyOf':[{'type':'object','properties':{'k':{'type':'string'}}},"
        + "{'type':'string'}]}},'required':['o']}";
    assertThat(received(schema, "{'o':{'k':null}}")).isEqualTo(json("{'o':{}}"));
    assertThat(received(schema, "{'o':'s'}")).isEqualTo(json("{'o':'s'}"));
  }

  @Test
  void aSchemaWhoseAnyOfRefersBackToItselfIsFollowedOnlySoFar() {
    String schema = "{'type':'object','$defs':{'a':{'anyOf':[{'$ref':'#/$defs/a'},{'type':'string'}]}},"
        + "'properties':{'x':{'$ref':'#/$defs/a'}},'required':['x']}";
    ObjectNode arguments = object("{'x':'s'}");
    assertThat(StrictSchema.coerce(arguments, of(schema).annotated())).isSameAs(arguments);
  }
}
