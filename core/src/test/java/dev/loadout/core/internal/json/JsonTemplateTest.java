package dev.loadout.core.internal.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

class JsonTemplateTest {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static List<String> scanned(String json) {
    List<String> out = new ArrayList<>();
    JsonTemplate.scan(JsonTemplate.read(json), new JsonTemplate.Visitor() {
      @Override
      public void placeholder(String path, String token, String body, String value, boolean whole) {
        out.add(path + " " + token + " [" + body + "]" + (whole ? " whole" : ""));
      }

      @Override
      public void placeholderInKey(String path, String key) {
        out.add("key " + path + " " + key);
      }
    });
    return out;
  }

  @Test
  void scanReportsPlaceholdersInValuesAndKeysInDocumentOrder() {
    assertThat(scanned("{\"a\":\"{{ x }}\",\"b\":[1,\"p {{y}} q {{ z:w }}\"],\"{{k}}\":{\"c\":\"no {{\"}}"))
        .containsExactly("/a {{ x }} [x] whole", "/b/1 {{y}} [y]", "/b/1 {{ z:w }} [z:w]", "key / {{k}}");
  }

  @Test
  void aWholePlaceholderTakesTheFilledNodeAndAnInnerOneItsText() {
    JsonNode tree = JsonTemplate.read("{\"w\":\"{{width}}\",\"p\":\"art, {{prompt}} at {{width}}\",\"k{{x}}\":\"{{obj}}\"}");
    Map<String, JsonNode> values = Map.of("width", NODES.numberNode(1024), "prompt", NODES.stringNode("\"}, {\"evil\":1"),
        "obj", NODES.objectNode().put("a", 1));

    JsonNode filled = JsonTemplate.fill(tree, values::get);

    assertThat(JsonTemplate.write(filled))
        .isEqualTo("{\"w\":1024,\"p\":\"art, \\\"}, {\\\"evil\\\":1 at 1024\",\"k{{x}}\":{\"a\":1}}");
    assertThat(JsonTemplate.write(tree)).as("the template is unchanged").contains("{{width}}");
    assertThat(filled.get("k{{x}}")).as("a filled node is copied, never shared").isNotSameAs(values.get("obj"));
  }

  @Test
  void aReplacementWithDollarsAndBackslashesIsTakenLiterally() {
    JsonNode filled = JsonTemplate.fill(JsonTemplate.read("{\"a\":\"x {{v}} y\"}"), b -> NODES.stringNode("$1 \\ $0"));

    assertThat(filled.get("a").stringValue()).isEqualTo("x $1 \\ $0 y");
  }

  @Test
  void anExceptionFromTheResolverPassesThroughUnchanged() {
    IllegalStateException boom = new IllegalStateException("no value");

    assertThatThrownBy(() -> JsonTemplate.fill(JsonTemplate.read("{\"a\":[\"{{v}}\"]}"), b -> {
      throw boom;
    })).isSameAs(boom);
  }

  @Test
  void deeplyNestedTextIsRefusedAtParseTimeNotWithAStackOverflow() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);

    assertThatThrownBy(() -> JsonTemplate.read("{\"a\":" + deep + "}")).isInstanceOf(JacksonException.class)
        .hasMessageContaining("nesting depth");
    String justFits = "{\"a\":" + "[".repeat(JsonTemplate.MAX_DEPTH - 1) + "\"{{v}}\"" + "]".repeat(JsonTemplate.MAX_DEPTH - 1)
        + "}";
    assertThat(JsonTemplate.fill(JsonTemplate.read(justFits), b -> NODES.numberNode(1)).toString()).contains("[1]");
  }

  @Test
  void aDeepTreeBuiltInCodeIsRefusedOnEveryWalk() {
    JsonNode deep = NODES.stringNode("{{v}}");
    for (int i = 0; i < 10_000; i++) {
      deep = NODES.arrayNode().add(deep);
    }
    JsonNode tree = deep;

    assertThatThrownBy(() -> JsonTemplate.fill(tree, b -> NODES.nullNode())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the template nests deeper than 64 levels");
    assertThatThrownBy(() -> JsonTemplate.scan(tree, new JsonTemplate.Visitor() {
      @Override
      public void placeholder(String path, String token, String body, String value, boolean whole) {}

      @Override
      public void placeholderInKey(String path, String key) {}
    })).isInstanceOf(IllegalArgumentException.class).hasMessage("the template nests deeper than 64 levels");
  }

  @Test
  void aHugeTemplateIsRefusedAtParseTime() {
    String huge = "{\"a\":\"" + "x".repeat(JsonTemplate.MAX_TEMPLATE_CHARS) + "\"}";

    assertThatThrownBy(() -> JsonTemplate.read(huge)).isInstanceOf(JacksonException.class)
        .hasMessageContaining("Document length");
  }

  @Test
  void manyCopiesOfALongValueCannotMultiplyIntoAHugeFill() {
    String many = "{\"a\":\"" + "{{m}}".repeat(5_000) + "\"}";
    String value = "y".repeat(1_000);

    assertThatThrownBy(() -> JsonTemplate.fill(JsonTemplate.read(many), b -> NODES.stringNode(value)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the filled template would substitute more than 4000000 characters");
    assertThat(JsonTemplate.fill(JsonTemplate.read(many), b -> NODES.stringNode("y")).get("a").stringValue())
        .hasSize(5_000);
  }
}
