package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.echo;
import static dev.loadout.core.RenderFixtures.json;
import static dev.loadout.core.RenderFixtures.run;
import static dev.loadout.core.RenderFixtures.spec;
import static dev.loadout.core.RenderFixtures.turn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link Dialect#parseToolCalls(String)} on each provider's real response shapes. */
class ToolCallParserTest {

  /** Parses a body written with single quotes; inner JSON strings use \" as usual. */
  private static List<ToolCall> parse(Dialect dialect, String singleQuoted) {
    return dialect.parseToolCalls(singleQuoted.replace('\'', '"'));
  }

  /** The id documented for a call sent without one: prefix, 12 hex digits of the body's SHA-256, position. */
  static String madeUp(String prefix, String singleQuotedBody, int position) {
    try {
      byte[] d = java.security.MessageDigest.getInstance("SHA-256")
          .digest(singleQuotedBody.replace('\'', '"').getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return prefix + java.util.HexFormat.of().formatHex(d, 0, 6) + "_" + position;
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  // ---- OpenAI Chat Completions

  @Test
  void openAiChatReadsEveryCallOfTheFirstChoiceInOrder() {
    assertThat(parse(Dialect.OPENAI_CHAT, "{'id':'chatcmpl-1','object':'chat.completion','choices':[{'index':0,"
        + "'message':{'role':'assistant','content':null,'tool_calls':["
        + "{'id':'call_a','type':'function','function':{'name':'get_weather','arguments':'{\\'city\\':\\'Oslo\\'}'}},"
        + "{'id':'call_b','type':'function','function':{'name':'ping','arguments':'{}'}}]},"
        + "'finish_reason':'tool_calls'}],'usage':{'total_tokens':9}}"))
        .containsExactly(ToolCall.of("call_a", "get_weather", "{\"city\":\"Oslo\"}"), ToolCall.of("call_b", "ping", "{}"));
  }

  @Test
  void openAiChatAcceptsABareAssistantMessage() {
    assertThat(parse(Dialect.OPENAI_CHAT, "{'role':'assistant','tool_calls':[{'id':'call_1','type':'function',"
        + "'function':{'name':'ping','arguments':''}}]}"))
        .containsExactly(ToolCall.of("call_1", "ping", ""));
  }

  @Test
  void openAiChatKeepsArgumentsSentAsAnObjectAsTheirJsonText() {
    assertThat(parse(Dialect.OPENAI_CHAT, "{'role':'assistant','tool_calls':[{'id':'call_1','type':'function',"
        + "'function':{'name':'get_weather','arguments':{'city':'Oslo','days':2}}}]}"))
        .containsExactly(ToolCall.of("call_1", "get_weather", "{\"city\":\"Oslo\",\"days\":2}"));
  }

  @Test
  void openAiChatGivesCallsWithoutAnIdOneMadeFromTheBodyAndPosition() {
    String body = "{'choices':[{'message':{'tool_calls':["
        + "{'id':'call_x','function':{'name':'a','arguments':'{}'}},{'function':{'name':'b','arguments':'{}'}},"
        + "{'id':'','function':{'name':'c'}}]}}]}";
    assertThat(parse(Dialect.OPENAI_CHAT, body)).containsExactly(ToolCall.of("call_x", "a", "{}"),
        ToolCall.of(madeUp("call_", body, 1), "b", "{}"), ToolCall.of(madeUp("call_", body, 2), "c", ""));
  }

  @Test
  void openAiChatWithoutToolCallsGivesNoCalls() {
    assertThat(parse(Dialect.OPENAI_CHAT, "{'choices':[{'message':{'role':'assistant','content':'Hello!'}}]}")).isEmpty();
    assertThat(parse(Dialect.OPENAI_CHAT, "{'choices':[]}")).isEmpty();
  }

  // ---- OpenAI Responses

  @Test
  void openAiResponsesReadsFunctionCallItemsAmongMessagesAndReasoning() {
    String body = "{'id':'resp_1','object':'response','output':["
        + "{'type':'reasoning','id':'rs_1','summary':[]},"
        + "{'type':'message','id':'msg_1','role':'assistant','content':[{'type':'output_text','text':'Checking.'}]},"
        + "{'type':'function_call','id':'fc_1','call_id':'call_a','name':'get_weather','arguments':'{\\'city\\':\\'Oslo\\'}',"
        + "'status':'completed'},"
        + "{'type':'function_call','id':'fc_2','name':'ping','arguments':'{}'}]}";
    assertThat(parse(Dialect.OPENAI_RESPONSES, body)).containsExactly(
        ToolCall.of("call_a", "get_weather", "{\"city\":\"Oslo\"}"), ToolCall.of(madeUp("call_", body, 3), "ping", "{}"));
  }

  @Test
  void openAiResponsesAcceptsTheBareOutputList() {
    assertThat(parse(Dialect.OPENAI_RESPONSES, "[{'type':'function_call','call_id':'call_a','name':'ping','arguments':'{}'}]"))
        .containsExactly(ToolCall.of("call_a", "ping", "{}"));
  }

  // ---- Anthropic

  @Test
  void anthropicReadsToolUseBlocksBesideText() {
    assertThat(parse(Dialect.ANTHROPIC, "{'id':'msg_1','type':'message','role':'assistant','content':["
        + "{'type':'text','text':'Let me check.'},"
        + "{'type':'tool_use','id':'toolu_01','name':'get_weather','input':{'city':'Oslo'}},"
        + "{'type':'tool_use','id':'toolu_02','name':'ping','input':{}}],'stop_reason':'tool_use'}"))
        .containsExactly(ToolCall.of("toolu_01", "get_weather", "{\"city\":\"Oslo\"}"), ToolCall.of("toolu_02", "ping", "{}"));
  }

  @Test
  void anthropicAcceptsTheBareContentListAndNumbersMissingIds() {
    String body = "[{'type':'text','text':'hi'},{'type':'tool_use','name':'ping','input':{}}]";
    assertThat(parse(Dialect.ANTHROPIC, body)).containsExactly(ToolCall.of(madeUp("toolu_", body, 1), "ping", "{}"));
  }

  // ---- Gemini

  @Test
  void geminiReadsFunctionCallPartsAndNumbersThoseWithoutAnIdByPart() {
    String body = "{'candidates':[{'content':{'role':'model','parts':["
        + "{'text':'Checking.'},"
        + "{'functionCall':{'name':'get_weather','args':{'city':'Oslo'}}},"
        + "{'functionCall':{'id':'fc-7','name':'ping'}}]},'finishReason':'STOP'}],'usageMetadata':{}}";
    assertThat(parse(Dialect.GEMINI, body)).containsExactly(
        ToolCall.of(madeUp("gemini_call_", body, 1), "get_weather", "{\"city\":\"Oslo\"}"), ToolCall.of("fc-7", "ping", ""));
  }

  @Test
  void geminiAcceptsABareContentAndMapsPrefixedNamesBack() {
    String body = "{'role':'model','parts':[{'functionCall':{'name':'_1abc','args':{}}},"
        + "{'functionCall':{'name':'__1abc','args':{}}},{'functionCall':{'name':'_private','args':{}}}]}";
    assertThat(parse(Dialect.GEMINI, body)).containsExactly(ToolCall.of(madeUp("gemini_call_", body, 0), "1abc", "{}"),
        ToolCall.of(madeUp("gemini_call_", body, 1), "_1abc", "{}"), ToolCall.of(madeUp("gemini_call_", body, 2), "_private", "{}"));
  }

  // ---- broken input

  @Test
  void malformedArgumentsStayRawAndExecuteToInvalidArguments() {
    List<ToolCall> calls = parse(Dialect.OPENAI_CHAT, "{'choices':[{'message':{'tool_calls':["
        + "{'id':'call_1','function':{'name':'get_weather','arguments':'{\\'city\\': '}},"
        + "{'id':'call_2','function':{'name':'get_weather','arguments':'[1,2]'}},"
        + "{'id':'call_3','function':{'name':'get_weather','arguments':'{\\'city\\':\\'Oslo\\'}'}}]}}]}");
    assertThat(calls).extracting(ToolCall::arguments).containsExactly("{\"city\": ", "[1,2]", "{\"city\":\"Oslo\"}");
    PreparedTurn turn = turn(echo(spec("get_weather", "Weather", "{'type':'object','properties':{'city':{'type':'string'}}}")));
    ToolResult broken = run(turn, calls.get(0));
    ToolResult notAnObject = run(turn, calls.get(1));
    assertThat(broken).isInstanceOf(ToolResult.Failure.class);
    assertThat(((ToolResult.Failure) broken).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(((ToolResult.Failure) notAnObject).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(run(turn, calls.get(2))).isEqualTo(ToolResult.success(json("{'city':'Oslo'}")));
  }

  @Test
  void aCallWithoutANameStillParsesAndIsRefusedWhenExecuted() {
    List<ToolCall> calls = parse(Dialect.ANTHROPIC, "{'content':[{'type':'tool_use','id':'toolu_1','input':{}}]}");
    assertThat(calls).containsExactly(ToolCall.of("toolu_1", "", "{}"));
    ToolResult result = run(turn(echo(spec("ping", "Ping", "{}"))), calls.get(0));
    assertThat(((ToolResult.Failure) result).code()).isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aBodyThatIsNotJsonIsAnIllegalArgumentNamingTheDialect(Dialect dialect) {
    assertThatThrownBy(() -> dialect.parseToolCalls("<html>502 Bad Gateway</html>"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(dialect.name());
    assertThatThrownBy(() -> dialect.parseToolCalls("")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(dialect.name());
    assertThatThrownBy(() -> dialect.parseToolCalls((String) null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(dialect.name());
    assertThatThrownBy(() -> dialect.parseToolCalls("{\"choices\":")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(dialect.name());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void jsonOfTheWrongShapeGivesNoCalls(Dialect dialect) {
    for (String body : List.of("null", "42", "\"text\"", "[]", "{}", "[1,null,\"x\"]", "{\"choices\":[{\"message\":7}]}",
        "{\"output\":{\"type\":\"function_call\"}}", "{\"content\":\"hello\"}", "{\"candidates\":[{\"content\":null}]}")) {
      assertThat(dialect.parseToolCalls(body)).as(body).isEmpty();
    }
  }
}
