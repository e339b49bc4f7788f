package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link ShownSchema} of Gemini's OpenAPI rewrite, read directly: which calls the shown schema admits once
 * {@code nullable} is read back at every depth, and which shown strings are turned back into typed enum values.
 */
class ShownSchemaCoercionTest {

  private static ShownSchema gemini(String schema) {
    return ShownSchema.of(Dialect.GEMINI, ToolSpec.builder("pick", Tools.schema(schema)).description("Picks.").build());
  }

  private static boolean admits(ShownSchema shown, String arguments) {
    return shown.validator().violations(Json.parse(arguments)).isEmpty();
  }

  private static String coerced(ShownSchema shown, String arguments) {
    return Json.compact(shown.coerce((ObjectNode) Json.parse(arguments)));
  }

  // ---- nullable, wherever Gemini shows it

  @Test
  void nullableArrayItemsAdmitNull() {
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"xs\":{\"type\":\"array\",\"items\":"
        + "{\"type\":[\"string\",\"null\"]}}}}");
    assertThat(admits(shown, "{\"xs\":[\"a\",null]}")).isTrue();
    assertThat(admits(shown, "{\"xs\":[1]}")).isFalse();
  }

  @Test
  void aNullablePropertyInsideAnAnyOfMemberAdmitsNull() {
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"u\":{\"anyOf\":[{\"type\":\"object\",\"properties\":"
        + "{\"a\":{\"type\":[\"string\",\"null\"]}}},{\"type\":\"integer\"}]}}}");
    assertThat(admits(shown, "{\"u\":{\"a\":null}}")).isTrue();
    assertThat(admits(shown, "{\"u\":{\"a\":\"x\"}}")).isTrue();
    assertThat(admits(shown, "{\"u\":3}")).isTrue();
    assertThat(admits(shown, "{\"u\":{\"a\":5}}")).isFalse();
  }

  @Test
  void aNullableUnionAndANullableEnumAdmitNullAndNothingElseNew() {
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":[\"integer\",\"null\"],"
        + "\"enum\":[1,2,null]},\"u\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"},{\"type\":\"null\"}]}}}");
    assertThat(admits(shown, "{\"n\":null,\"u\":null}")).isTrue();
    assertThat(admits(shown, "{\"n\":\"1\",\"u\":\"x\"}")).isTrue();
    assertThat(admits(shown, "{\"u\":true}")).isFalse();
    assertThat(admits(shown, "{\"n\":\"3\"}")).isFalse();
    assertThat(coerced(shown, "{\"n\":\"2\",\"u\":\"2\"}")).isEqualTo("{\"n\":2,\"u\":\"2\"}");
  }

  // ---- typed enums, wherever they are

  @Test
  void typedEnumsOnlyInArrayItemsAreTurnedBack() {
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"xs\":{\"type\":\"array\",\"items\":{\"enum\":[1,2]}}}}");
    assertThat(coerced(shown, "{\"xs\":[\"2\",\"1\"]}")).isEqualTo("{\"xs\":[2,1]}");
  }

  @Test
  void typedEnumsOnlyInsideAnAnyOfAreTurnedBackByTheMemberOfTheValuesKind() {
    // Members in this order: a scalar's, an object's, an array's; each value must reach its own.
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"u\":{\"anyOf\":[{\"type\":\"integer\",\"enum\":[1,2]},"
        + "{\"type\":\"object\",\"properties\":{\"k\":{\"enum\":[3,4]}}},{\"type\":\"array\",\"items\":{\"enum\":[5]}}]}}}");
    assertThat(coerced(shown, "{\"u\":\"2\"}")).isEqualTo("{\"u\":2}");
    assertThat(coerced(shown, "{\"u\":{\"k\":\"4\"}}")).isEqualTo("{\"u\":{\"k\":4}}");
    assertThat(coerced(shown, "{\"u\":[\"5\",\"5\"]}")).isEqualTo("{\"u\":[5,5]}");
    assertThat(coerced(shown, "{\"u\":\"9\"}")).isEqualTo("{\"u\":\"9\"}");
  }

  @Test
  void theFirstAnyOfMemberThatChangesAScalarIsTheOneItWasMeantFor() {
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"u\":{\"anyOf\":[{\"type\":\"string\"},"
        + "{\"type\":\"integer\",\"enum\":[7]}]}}}");
    assertThat(coerced(shown, "{\"u\":\"7\"}")).isEqualTo("{\"u\":7}");
    assertThat(coerced(shown, "{\"u\":\"x\"}")).isEqualTo("{\"u\":\"x\"}");
  }

  @Test
  void anObjectIsCoercedByTheFirstObjectMemberOnly() {
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"u\":{\"anyOf\":["
        + "{\"type\":\"object\",\"properties\":{\"a\":{\"enum\":[1]}}},"
        + "{\"type\":\"object\",\"properties\":{\"b\":{\"enum\":[2]}}}]}}}");
    assertThat(coerced(shown, "{\"u\":{\"a\":\"1\",\"b\":\"2\"}}")).isEqualTo("{\"u\":{\"a\":1,\"b\":\"2\"}}");
  }

  @Test
  void aScalarPassesAnArrayMemberByToReachItsOwn() {
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"u\":{\"anyOf\":["
        + "{\"type\":\"array\",\"items\":{\"enum\":[5]}},{\"type\":\"integer\",\"enum\":[7]}]}}}");
    assertThat(coerced(shown, "{\"u\":\"7\"}")).isEqualTo("{\"u\":7}");
    assertThat(coerced(shown, "{\"u\":[\"5\"]}")).isEqualTo("{\"u\":[5]}");
  }

  @Test
  void theCallersArgumentsAreNeverChangedByCoercion() {
    ShownSchema shown = gemini("{\"type\":\"object\",\"properties\":{\"n\":{\"enum\":[1]}}}");
    ObjectNode arguments = (ObjectNode) Json.parse("{\"n\":\"1\"}");
    assertThat(Json.compact(shown.coerce(arguments))).isEqualTo("{\"n\":1}");
    assertThat(Json.compact(arguments)).isEqualTo("{\"n\":\"1\"}");
  }

  @Test
  void argumentsAreHandedOnAsTheyAreWhenNoEnumWasShownAsStrings() {
    for (String schema : new String[] {
        "{\"type\":\"object\",\"properties\":{\"s\":{\"enum\":[\"a\",\"b\"]},\"xs\":{\"type\":\"array\",\"items\":"
            + "{\"type\":\"string\"}}}}",
        "{\"type\":\"object\",\"properties\":{\"u\":{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}]}}}",
        "{\"type\":\"object\"}"}) {
      ObjectNode arguments = (ObjectNode) Json.parse("{\"s\":\"a\",\"u\":\"1\"}");
      assertThat(gemini(schema).coerce(arguments)).as(schema).isSameAs(arguments);
    }
    ObjectNode arguments = (ObjectNode) Json.parse("{\"n\":2}");
    ShownSchema openAi = ShownSchema.of(Dialect.OPENAI_CHAT,
        ToolSpec.builder("pick", Tools.schema("{\"type\":\"object\",\"properties\":{\"n\":{\"enum\":[1,2]}}}"))
            .description("Picks.").build());
    assertThat(openAi.coerce(arguments)).isSameAs(arguments);
  }
}
