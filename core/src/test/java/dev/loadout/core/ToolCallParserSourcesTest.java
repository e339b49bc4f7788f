package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.echo;
import static dev.loadout.core.RenderFixtures.run;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link Dialect#parseToolCalls(byte[])} and {@link Dialect#parseToolCalls(JsonNode)} read what the text form
 * reads, and calls without an id get ids that are stable and unique within a turn.
 */
class ToolCallParserSourcesTest {

  /** A body per dialect with two calls, the second without an id, and text outside ASCII. */
  static String body(Dialect dialect, String responseId) {
    String q;
    switch (dialect) {
      case OPENAI_CHAT:
        q = "{'id':'" + responseId + "','choices':[{'message':{'tool_calls':["
            + "{'id':'call_a','function':{'name':'get_weather','arguments':'{\\'city\\': \\'Zürich 🌧\\'}'}},"
            + "{'function':{'name':'ping','arguments':'{}'}}]}}]}";
        break;
      case OPENAI_RESPONSES:
        q = "{'id':'" + responseId + "','output':[{'type':'function_call','call_id':'call_a','name':'get_weather',"
            + "'arguments':'{\\'city\\': \\'Zürich 🌧\\'}'},{'type':'function_call','name':'ping','arguments':'{}'}]}";
        break;
      case ANTHROPIC:
        q = "{'id':'" + responseId + "','content':[{'type':'tool_use','id':'call_a','name':'get_weather',"
            + "'input':{'city': 'Zürich 🌧'}},{'type':'tool_use','name':'ping','input':{}}]}";
        break;
      default:
        q = "{'responseId':'" + responseId + "','candidates':[{'content':{'parts':[{'functionCall':{'id':'call_a',"
            + "'name':'get_weather','args':{'city': 'Zürich 🌧'}}},{'functionCall':{'name':'ping','args':{}}}]}}]}";
    }
    return q.replace('\'', '"');
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void bytesGiveExactlyTheCallsOfTheSameText(Dialect dialect) {
    String body = body(dialect, "r1");
    List<ToolCall> fromText = dialect.parseToolCalls(body);
    assertThat(fromText).hasSize(2);
    assertThat(dialect.parseToolCalls(body.getBytes(StandardCharsets.UTF_8))).isEqualTo(fromText);
    byte[] withBom = ("\uFEFF" + body).getBytes(StandardCharsets.UTF_8);
    assertThat(dialect.parseToolCalls(withBom)).isEqualTo(fromText);
    assertThat(dialect.parseToolCalls(withBom).get(0).dialect()).contains(dialect);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void bytesThatAreNotUtf8AreRefusedNamingTheDialectNotTheContent(Dialect dialect) {
    byte[] body = body(dialect, "r1").getBytes(StandardCharsets.UTF_8);
    byte[] broken = java.util.Arrays.copyOf(body, body.length);
    int at = new String(body, StandardCharsets.UTF_8).indexOf("ping");
    broken[at] = (byte) 0xC3; // a lead byte followed by 'i': malformed
    assertThatThrownBy(() -> dialect.parseToolCalls(broken)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(dialect + " response is not valid UTF-8 (" + body.length + " bytes)");
    assertThatThrownBy(() -> dialect.parseToolCalls((byte[]) null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(dialect + " response must not be null");
    assertThatThrownBy(() -> dialect.parseToolCalls(new byte[0])).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(dialect + " response is empty");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aTreeGivesTheSameCallsWithArgumentObjectsAsCompactJson(Dialect dialect) {
    String body = body(dialect, "r1");
    JsonNode tree = Json.parse(body);
    String before = tree.toString();
    List<ToolCall> fromTree = dialect.parseToolCalls(tree);
    assertThat(tree.toString()).as("the host's tree is not modified").isEqualTo(before);
    assertThat(fromTree).extracting(ToolCall::name).containsExactly("get_weather", "ping");
    assertThat(fromTree.get(0).id()).isEqualTo("call_a");
    assertThat(fromTree.get(0).arguments()).isEqualTo(dialect == Dialect.OPENAI_CHAT || dialect == Dialect.OPENAI_RESPONSES
        ? "{\"city\": \"Zürich 🌧\"}" : "{\"city\":\"Zürich 🌧\"}");
    assertThat(fromTree.get(1).arguments()).isEqualTo("{}");
    assertThat(fromTree.get(0).dialect()).contains(dialect);
    assertThat(dialect.parseToolCalls(Json.parse(body))).as("stable").isEqualTo(fromTree);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aTreeOfAnyDepthIsReadWithoutRecursionAndItsCallFailsAlone(Dialect dialect) {
    // Deeper than Jackson's own writer (500), toString or deepCopy can go on a small stack.
    ObjectNode args = Json.object();
    ObjectNode cur = args;
    for (int i = 0; i < 50_000; i++) {
      cur = cur.putObject("a");
    }
    String q;
    switch (dialect) {
      case OPENAI_CHAT:
        q = "{'choices':[{'message':{'tool_calls':[{'id':'a','function':{'name':'ping','arguments':0}},"
            + "{'id':'b','function':{'name':'ping','arguments':'{}'}}]}}]}";
        break;
      case OPENAI_RESPONSES:
        q = "{'output':[{'type':'function_call','call_id':'a','name':'ping','arguments':0},"
            + "{'type':'function_call','call_id':'b','name':'ping','arguments':'{}'}]}";
        break;
      case ANTHROPIC:
        q = "{'content':[{'type':'tool_use','id':'a','name':'ping','arguments':0},{'type':'tool_use','id':'b','name':'ping','input':{}}]}";
        break;
      default:
        q = "{'candidates':[{'content':{'parts':[{'functionCall':{'id':'a','name':'ping','arguments':0}},"
            + "{'functionCall':{'id':'b','name':'ping','args':{}}}]}}]}";
    }
    JsonNode tree = Json.parse(q.replace('\'', '"'));
    ObjectNode holder = (ObjectNode) tree.findParent("arguments");
    holder.remove("arguments");
    holder.set(dialect == Dialect.ANTHROPIC ? "input" : dialect == Dialect.GEMINI ? "args" : "arguments", args);
    List<ToolCall> calls = dialect.parseToolCalls(tree);
    assertThat(calls).hasSize(2);
    assertThat(calls.get(0).arguments()).startsWith("{\"a\":{\"a\":").hasSize(50_000 * 6 + 2);
    PreparedTurn turn = turn(echo(spec("ping", "Ping", "{'type':'object'}")));
    ToolResult first = run(turn, ToolCall.of(calls.get(0).id(), "ping", calls.get(0).arguments()));
    assertThat(((ToolResult.Failure) first).message()).isEqualTo(
        "Arguments for 'ping' nest deeper than 64 levels, the limit; send flatter arguments.");
    assertThat(run(turn, calls.get(1)).isSuccess()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aTreeThatIsNullOrMissingIsRefused(Dialect dialect) {
    assertThatThrownBy(() -> dialect.parseToolCalls((JsonNode) null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(dialect + " response must not be null");
    assertThatThrownBy(() -> dialect.parseToolCalls(Json.NODES.missingNode())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(dialect + " response is empty");
    assertThat(dialect.parseToolCalls(Json.NODES.nullNode())).isEmpty();
    assertThat(dialect.parseToolCalls(Json.NODES.stringNode("hello"))).isEmpty();
  }

  // ---- ids for calls that came without one

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aMissingIdIsStableForTheSameBodyAndDiffersBetweenResponses(Dialect dialect) {
    String madeUp = dialect.parseToolCalls(body(dialect, "r1")).get(1).id();
    String prefix = dialect == Dialect.ANTHROPIC ? "toolu_" : dialect == Dialect.GEMINI ? "gemini_call_" : "call_";
    assertThat(madeUp).matches(java.util.regex.Pattern.quote(prefix) + "[0-9a-f]{12}_1");
    assertThat(dialect.parseToolCalls(body(dialect, "r1")).get(1).id()).isEqualTo(madeUp);
    assertThat(dialect.parseToolCalls(body(dialect, "r1").getBytes(StandardCharsets.UTF_8)).get(1).id()).isEqualTo(madeUp);
    // The next round of the same turn: the same call again, in a response the provider numbered differently.
    assertThat(dialect.parseToolCalls(body(dialect, "r2")).get(1).id()).isNotEqualTo(madeUp).startsWith(prefix);
    // The id the provider sent is kept.
    assertThat(dialect.parseToolCalls(body(dialect, "r2")).get(0).id()).isEqualTo("call_a");
  }

  @Test
  void anEmptyOrNonStringIdCountsAsMissing() {
    String body = "{\"choices\":[{\"message\":{\"tool_calls\":[{\"id\":\"\",\"function\":{\"name\":\"a\"}},"
        + "{\"id\":7,\"function\":{\"name\":\"b\"}},{\"id\":null,\"function\":{\"name\":\"c\"}}]}}]}";
    List<ToolCall> calls = Dialect.OPENAI_CHAT.parseToolCalls(body);
    assertThat(calls).extracting(ToolCall::id).allMatch(id -> id.matches("call_[0-9a-f]{12}_[0-2]")).doesNotHaveDuplicates();
  }

  @Test
  void aMadeUpIdThatClashesWithASentOneGainsUnderscoresUntilUnique() {
    byte[] zeros = new byte[32];
    List<ToolCall> calls = ToolCallParser.assignIds(Dialect.OPENAI_CHAT, List.of(
        new ToolCallParser.Read(null, "a", "{}", 0),
        new ToolCallParser.Read("call_000000000000_0", "b", "{}", 1),
        new ToolCallParser.Read("call_000000000000_0_", "c", "{}", 2),
        new ToolCallParser.Read(null, "d", "{}", 3)), () -> zeros);
    assertThat(calls).extracting(ToolCall::id).containsExactly("call_000000000000_0__", "call_000000000000_0",
        "call_000000000000_0_", "call_000000000000_3");
  }

  @Test
  void theDigestIsNotComputedWhenEveryIdWasSent() {
    List<ToolCall> calls = ToolCallParser.assignIds(Dialect.ANTHROPIC, List.of(new ToolCallParser.Read("x", "a", "{}", 0)),
        () -> {
          throw new AssertionError("digest asked for");
        });
    assertThat(calls).extracting(ToolCall::id).containsExactly("x");
  }
}
