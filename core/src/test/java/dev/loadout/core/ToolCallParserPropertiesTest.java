package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Nothing a provider or a model sends makes parsing throw anything but IllegalArgumentException. */
class ToolCallParserPropertiesTest {
  /** The keys every dialect's parser looks at, so random trees reach the deep paths. */
  private static final List<String> KEYS = List.of("choices", "message", "tool_calls", "function", "arguments", "id",
      "name", "type", "output", "call_id", "content", "input", "candidates", "parts", "functionCall", "args", "role");
  private static final List<String> WORDS = List.of("function_call", "tool_use", "function", "_1abc", "__9", "ping", "",
      "{\"a\":1}", "{\"a\":", "[1]", "null", "\ud800", "gemini_call_0");

  @Provide
  Arbitrary<String> bodies() {
    Arbitrary<String> text = Arbitraries.strings().ofMaxLength(60);
    Arbitrary<String> jsonish = Arbitraries.strings().withChars("{}[]\":,0123456789.-eE nulltrfasx\\u").ofMaxLength(60);
    Arbitrary<String> trees = tree(3).map(JsonNode::toString);
    Arbitrary<String> truncatedTrees = Combinators.combine(trees, Arbitraries.integers().between(0, 400))
        .as((t, cut) -> t.substring(0, Math.min(cut, t.length())));
    Arbitrary<String> deep = Arbitraries.integers().between(400, 1200).map(n -> "[".repeat(n) + "]".repeat(n));
    return Arbitraries.oneOf(text, jsonish, trees, truncatedTrees, deep, shaped(), shaped());
  }

  /** Each dialect's real response shape with random values in every hole ($ of the templates). */
  private static Arbitrary<String> shaped() {
    Arbitrary<String> hole = tree(2).map(JsonNode::toString);
    Arbitrary<String> template = Arbitraries.of(
        "{'choices':[{'message':{'tool_calls':[{'id':$,'function':{'name':$,'arguments':$}},$]}}]}",
        "{'role':'assistant','tool_calls':[{'id':$,'type':'function','function':$}]}",
        "{'output':[$,{'type':'function_call','call_id':$,'name':$,'arguments':$}]}",
        "{'content':[{'type':'text','text':$},{'type':'tool_use','id':$,'name':$,'input':$}]}",
        "{'candidates':[{'content':{'parts':[$,{'functionCall':{'id':$,'name':$,'args':$}}]}}]}",
        "{'parts':[{'functionCall':$}]}").map(t -> t.replace('\'', '"'));
    return Combinators.combine(template, hole.list().ofSize(5)).as((t, holes) -> {
      String out = t;
      for (String h : holes) {
        out = out.replaceFirst("\\$", java.util.regex.Matcher.quoteReplacement(h));
      }
      return out.replace("$", "null");
    });
  }

  private static Arbitrary<JsonNode> tree(int depth) {
    Arbitrary<JsonNode> leaf = Arbitraries.oneOf(
        Arbitraries.of(WORDS).map(w -> (JsonNode) Json.NODES.stringNode(w)),
        Arbitraries.of(Json.NODES.nullNode(), Json.NODES.booleanNode(true), Json.NODES.numberNode(7),
            Json.NODES.numberNode(1e300)));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<JsonNode> child = tree(depth - 1);
    Arbitrary<JsonNode> object = Arbitraries.maps(Arbitraries.of(KEYS), child).ofMaxSize(4).map(m -> {
      ObjectNode o = Json.object();
      m.forEach(o::set);
      return o;
    });
    Arbitrary<JsonNode> array = child.list().ofMaxSize(3).map(l -> {
      ArrayNode a = Json.array();
      l.forEach(a::add);
      return a;
    });
    return Arbitraries.oneOf(leaf, object, object, array);
  }

  @Property(tries = 500)
  void anyBodyEitherParsesOrThrowsIllegalArgument(@ForAll("bodies") String body) {
    for (Dialect dialect : Dialect.values()) {
      List<ToolCall> calls;
      try {
        calls = dialect.parseToolCalls(body);
      } catch (IllegalArgumentException expected) {
        assertThat(expected).hasMessageContaining(dialect.name());
        continue;
      }
      assertThat(calls).doesNotContainNull().allSatisfy(call -> {
        assertThat(call.id()).isNotNull();
        assertThat(call.name()).isNotNull();
        assertThat(call.arguments()).isNotNull();
      });
    }
  }

  @Property(tries = 300)
  void bytesAndTreesReadTheCallsTheTextReads(@ForAll("bodies") String body) {
    for (Dialect dialect : Dialect.values()) {
      List<ToolCall> fromText;
      try {
        fromText = dialect.parseToolCalls(body);
      } catch (IllegalArgumentException notJson) {
        assertThatThrownBy(() -> dialect.parseToolCalls(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
            .isInstanceOf(IllegalArgumentException.class);
        continue;
      }
      if (java.nio.charset.StandardCharsets.UTF_8.newEncoder().canEncode(body)) { // a lone surrogate has no UTF-8 form
        assertThat(dialect.parseToolCalls(body.getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEqualTo(fromText);
      }
      JsonNode tree;
      try {
        tree = BODY_ORACLE.readTree(body);
      } catch (RuntimeException e) {
        continue;
      }
      List<ToolCall> fromTree = dialect.parseToolCalls(tree);
      assertThat(fromTree).extracting(ToolCall::name).isEqualTo(fromText.stream().map(ToolCall::name).toList());
      assertThat(fromTree).extracting(ToolCall::id).doesNotHaveDuplicates();
    }
  }

  @Property(tries = 300)
  void anyStringAtAllEitherParsesOrThrowsIllegalArgument(@ForAll String body) {
    for (Dialect dialect : Dialect.values()) {
      try {
        assertThat(dialect.parseToolCalls(body)).doesNotContainNull();
      } catch (IllegalArgumentException expected) {
        assertThat(expected).hasMessageContaining(dialect.name());
      }
    }
  }

  @Property(tries = 200)
  void everyCallParsedFromATreeRunsToAResultNeverAnException(@ForAll("bodies") String body) {
    PreparedTurn turn = RenderFixtures.turn(RenderFixtures.echo(RenderFixtures.spec("ping", "Ping",
        "{'type':'object','properties':{'a':{'type':'integer'}}}")));
    for (Dialect dialect : Dialect.values()) {
      List<ToolCall> calls;
      try {
        calls = dialect.parseToolCalls(body);
      } catch (IllegalArgumentException notJson) {
        continue;
      }
      for (ToolCall call : calls) {
        assertThat(RenderFixtures.run(turn, ToolCall.of(call.id(), "ping", call.arguments()))).isNotNull();
      }
    }
  }

  private static final tools.jackson.databind.json.JsonMapper BODY_ORACLE = tools.jackson.databind.json.JsonMapper.builder(
      tools.jackson.core.json.JsonFactory.builder().streamReadConstraints(tools.jackson.core.StreamReadConstraints.builder()
          .maxNestingDepth(ResponseBody.MAX_BODY_DEPTH).maxNumberLength(Integer.MAX_VALUE)
          .maxNameLength(Integer.MAX_VALUE).build()).build())
      .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

  @Property(tries = 100)
  void aBodyThatIsNotJsonIsRefusedByEveryDialect(@ForAll("bodies") String body) {
    boolean json;
    try {
      // The oracle: one JSON document within the body's documented limits (depth only; no length limits).
      BODY_ORACLE.readTree(body);
      json = !body.isBlank();
    } catch (RuntimeException e) {
      json = false;
    }
    for (Dialect dialect : Dialect.values()) {
      if (!json) {
        assertThatThrownBy(() -> dialect.parseToolCalls(body)).isInstanceOf(IllegalArgumentException.class);
      }
    }
  }
}
