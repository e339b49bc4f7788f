package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.echo;
import static dev.loadout.core.RenderFixtures.run;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One call beyond a JSON limit costs that call, not the body: the body is still read, every call comes back
 * with its arguments exactly as sent, and executing the offending one is its {@code invalid_arguments} result.
 */
class ToolCallParserLimitsTest {
  private static final PreparedTurn TURN = turn(echo(spec("ping", "Ping", "{'type':'object'}")));

  /** A body with two calls to {@code ping}: the first with {@code args} as its arguments value, the second {@code {}}. */
  private static String body(Dialect dialect, String args) {
    String quoted = "\"" + args.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    switch (dialect) {
      case OPENAI_CHAT:
        return "{\"choices\":[{\"message\":{\"tool_calls\":[{\"id\":\"a\",\"function\":{\"name\":\"ping\",\"arguments\":"
            + args + "}},{\"id\":\"b\",\"function\":{\"name\":\"ping\",\"arguments\":\"{}\"}}]}}]}";
      case OPENAI_RESPONSES:
        return "{\"output\":[{\"type\":\"function_call\",\"call_id\":\"a\",\"name\":\"ping\",\"arguments\":" + quoted
            + "},{\"type\":\"function_call\",\"call_id\":\"b\",\"name\":\"ping\",\"arguments\":\"{}\"}]}";
      case ANTHROPIC:
        return "{\"content\":[{\"type\":\"tool_use\",\"id\":\"a\",\"name\":\"ping\",\"input\":" + args
            + "},{\"type\":\"tool_use\",\"id\":\"b\",\"name\":\"ping\",\"input\":{}}]}";
      default:
        return "{\"candidates\":[{\"content\":{\"parts\":[{\"functionCall\":{\"id\":\"a\",\"name\":\"ping\",\"args\":" + args
            + "}},{\"functionCall\":{\"id\":\"b\",\"name\":\"ping\",\"args\":{}}}]}}]}";
    }
  }

  /** Reads trees as a host might with its own limits raised: deep, long numbers, long names. */
  private static final tools.jackson.databind.json.JsonMapper PERMISSIVE = tools.jackson.databind.json.JsonMapper.builder(
      tools.jackson.core.json.JsonFactory.builder().streamReadConstraints(tools.jackson.core.StreamReadConstraints.builder()
          .maxNestingDepth(100_000).maxNumberLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE).build()).build())
      .build();

  private static void onlyTheFirstCallFails(Dialect dialect, String args, String expectedMessage) {
    String body = body(dialect, args);
    onlyTheFirstCallFails(dialect.parseToolCalls(body), args, expectedMessage);
    onlyTheFirstCallFails(dialect.parseToolCalls(body.getBytes(java.nio.charset.StandardCharsets.UTF_8)), args, expectedMessage);
    // From a tree there is no text as sent: an argument object comes back as its compact JSON, with the same result.
    List<ToolCall> fromTree = dialect.parseToolCalls(PERMISSIVE.readTree(body));
    String compact = dialect == Dialect.OPENAI_RESPONSES ? args : Json.compact(PERMISSIVE.readTree(args));
    onlyTheFirstCallFails(fromTree, compact, expectedMessage);
  }

  private static void onlyTheFirstCallFails(List<ToolCall> calls, String args, String expectedMessage) {
    assertThat(calls).extracting(ToolCall::id).containsExactly("a", "b");
    assertThat(calls.get(0).arguments()).isEqualTo(args);
    ToolResult first = run(TURN, calls.get(0));
    assertThat(first).isInstanceOf(ToolResult.Failure.class);
    assertThat(((ToolResult.Failure) first).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(((ToolResult.Failure) first).message()).isEqualTo(expectedMessage);
    assertThat(run(TURN, calls.get(1)).isSuccess()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void argumentsNestedDeeperThanFiveHundredCostOnlyTheirCall(Dialect dialect) {
    onlyTheFirstCallFails(dialect, "{\"v\":" + "[".repeat(600) + "]".repeat(600) + "}",
        "Arguments for 'ping' nest deeper than 64 levels, the limit; send flatter arguments.");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aThousandAndOneDigitNumberCostsOnlyItsCall(Dialect dialect) {
    onlyTheFirstCallFails(dialect, "{\"n\": " + "7".repeat(1_001) + "}",
        "Arguments for 'ping' hold a number longer than 1000 characters, the limit.");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aFiftyThousandCharacterNameCostsOnlyItsCall(Dialect dialect) {
    onlyTheFirstCallFails(dialect, "{\"" + "k".repeat(60_000) + "\": 1}",
        "Arguments for 'ping' hold a property name longer than 1000 characters, the limit.");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void argumentsKeepTheirTextExactlyAsSent(Dialect dialect) {
    String args = "{ \"city\" : \"Oslo\",\n  \"days\": 2.50e0 }";
    List<ToolCall> calls = dialect.parseToolCalls(body(dialect, args));
    assertThat(calls.get(0).arguments()).isEqualTo(args);
    assertThat(dialect.parseToolCalls(body(dialect, args).getBytes(java.nio.charset.StandardCharsets.UTF_8)).get(0).arguments())
        .isEqualTo(args);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void onlyABodyThatIsNotOneJsonDocumentIsRefusedWhole(Dialect dialect) {
    assertThatThrownBy(() -> dialect.parseToolCalls(body(dialect, "{}") + " {}"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(dialect.name()).hasMessageContaining("not valid JSON");
    assertThatThrownBy(() -> dialect.parseToolCalls((body(dialect, "{}") + " {}").getBytes(java.nio.charset.StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(dialect.name()).hasMessageContaining("not valid JSON");
    String tooDeep = "[".repeat(ResponseBody.MAX_BODY_DEPTH + 1) + "]".repeat(ResponseBody.MAX_BODY_DEPTH + 1);
    assertThatThrownBy(() -> dialect.parseToolCalls(tooDeep))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nests deeper than 100000 levels")
        .hasMessageNotContaining("[[");
    // Just inside the body's own limit, the body still reads (and has no calls).
    String deep = "[".repeat(ResponseBody.MAX_BODY_DEPTH) + "]".repeat(ResponseBody.MAX_BODY_DEPTH);
    assertThat(dialect.parseToolCalls(deep)).isEmpty();
  }
}
