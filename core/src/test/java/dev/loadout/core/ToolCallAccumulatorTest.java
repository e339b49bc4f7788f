package dev.loadout.core;

import static dev.loadout.core.StreamFixtures.q;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolCallStreamException.Problem;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ToolCallAccumulator} on event sequences written by hand after each provider's documented stream shapes
 * (OpenAI Chat chunks, Responses semantic events, Anthropic content blocks, Gemini chunks).
 */
class ToolCallAccumulatorTest {

  /** Feeds events in order, recording after which event each call came out; shared with StreamEventsTest. */
  static List<String> feed(ToolCallAccumulator acc, String... events) {
    List<String> log = new ArrayList<>();
    for (int i = 0; i < events.length; i++) {
      for (ToolCall c : acc.accept(events[i])) {
        log.add(i + ":" + c.id() + ":" + c.name() + ":" + c.arguments());
      }
    }
    return log;
  }

  private static String chatDelta(String toolCall) {
    return q("{'id':'chatcmpl-9','object':'chat.completion.chunk','created':1,'model':'gpt-x','choices':[{'index':0,"
        + "'delta':{'tool_calls':[" + toolCall + "]},'finish_reason':null}]}");
  }

  private static String chatArgs(int index, String fragment) {
    return q("{'id':'chatcmpl-9','choices':[{'index':0,'delta':{'tool_calls':[{'index':" + index
        + ",'function':{'arguments':") + Json.text(Json.NODES.stringNode(fragment)) + "}}]}}]}";
  }

  private static final String CHAT_ROLE = q("{'id':'chatcmpl-9','choices':[{'index':0,'delta':{'role':'assistant',"
      + "'content':null},'finish_reason':null}]}");
  private static final String CHAT_FINISH = q("{'id':'chatcmpl-9','choices':[{'index':0,'delta':{},"
      + "'finish_reason':'tool_calls'}],'usage':null}");

  // ---- OpenAI Chat Completions

  @Test
  void chatHandsOutEachCallWhenTheNextBeginsAndTheLastAtFinishReason() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc, CHAT_ROLE,
        chatDelta("{'index':0,'id':'call_w','type':'function','function':{'name':'get_weather','arguments':''}}"),
        chatArgs(0, "{\"city\""), chatArgs(0, ": \"Oslo\"}"),
        chatDelta("{'index':1,'id':'call_t','type':'function','function':{'name':'get_time','arguments':''}}"),
        chatArgs(1, "{\"tz\":\"CET\"}"),
        CHAT_FINISH, "[DONE]");
    assertThat(log).containsExactly("4:call_w:get_weather:{\"city\": \"Oslo\"}", "6:call_t:get_time:{\"tz\":\"CET\"}");
    AccumulatedCalls end = acc.finish();
    assertThat(end.isComplete()).isTrue();
    assertThat(end.calls()).extracting(ToolCall::id).containsExactly("call_w", "call_t");
    assertThat(end.calls().get(0).dialect()).contains(Dialect.OPENAI_CHAT);
  }

  @Test
  void chatInterleavedParallelCallsKeepTheirOwnFragments() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc,
        chatDelta("{'index':0,'id':'call_a','function':{'name':'search','arguments':'{\\'q\\':'}}"),
        chatDelta("{'index':1,'id':'call_b','function':{'name':'search','arguments':'{\\'q\\':'}}"),
        chatArgs(1, "\"cats\""), chatArgs(0, "\"dogs\""), chatArgs(0, "}"), chatArgs(1, "}"),
        CHAT_FINISH);
    // call_a became whole while call_b was open: out at once; call_b is the last call, so it waits for finish_reason.
    assertThat(log).containsExactly("4:call_a:search:{\"q\":\"dogs\"}", "6:call_b:search:{\"q\":\"cats\"}");
  }

  @Test
  void chatArgumentsSplitMidEscapeJoinAsIfNeverSplit() {
    String args = "{\"say\":\"a \\\"quote\\\", caf\\u00e9, \\ud83d\\ude00\"}";
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> events = new ArrayList<>();
    events.add(chatDelta("{'index':0,'id':'c1','function':{'name':'echo','arguments':''}}"));
    // Cut inside \", inside \u00e9 and between the two escaped halves of the emoji.
    int[] cuts = {args.indexOf("\\\"") + 1, args.indexOf("\\u00") + 4, args.indexOf("\\ude00")};
    int from = 0;
    for (int cut : cuts) {
      events.add(chatArgs(0, args.substring(from, cut)));
      from = cut;
    }
    events.add(chatArgs(0, args.substring(from)));
    events.add(CHAT_FINISH);
    feed(acc, events.toArray(new String[0]));
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("c1", "echo", args));
  }

  @Test
  void chatFragmentsThatSplitASurrogatePairEscapedInTheEventJoin() {
    // The event's own JSON string carries half an emoji each: \ud83d then \ude00.
    String first = q("{'choices':[{'index':0,'delta':{'tool_calls':[{'index':0,'function':{'arguments':'{\\'e\\':\\'") + "\\ud83d"
        + q("'}}]}}]}");
    String second = q("{'choices':[{'index':0,'delta':{'tool_calls':[{'index':0,'function':{'arguments':'") + "\\ude00"
        + q("\\'}'}}]}}]}");
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'id':'c1','function':{'name':'echo','arguments':''}}"), first, second, CHAT_FINISH);
    assertThat(acc.finish().calls().get(0).arguments()).isEqualTo("{\"e\":\"😀\"}");
  }

  @Test
  void chatArgumentsSplitMidUtf8AcrossByteEventsDecodeOnceWhole() {
    String args = "{\"price\":\"5 €\",\"mood\":\"😀\"}";
    byte[] utf8 = args.getBytes(StandardCharsets.UTF_8);
    int euro = args.indexOf('€');
    int euroByte = new String(args.substring(0, euro)).getBytes(StandardCharsets.UTF_8).length;
    int emojiByte = args.substring(0, args.indexOf("😀")).getBytes(StandardCharsets.UTF_8).length;
    int[] cuts = {euroByte + 2, emojiByte + 1}; // inside € (3 bytes) and inside 😀 (4 bytes)
    StreamFixtures.Around around = StreamFixtures.call(Dialect.OPENAI_CHAT, 0, "c1", "echo", false, args).fragment();
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    acc.accept(StreamFixtures.call(Dialect.OPENAI_CHAT, 0, "c1", "echo", false, args).start()
        .getBytes(StandardCharsets.UTF_8));
    int from = 0;
    for (int cut : new int[] {cuts[0], cuts[1], utf8.length}) {
      byte[] piece = java.util.Arrays.copyOfRange(utf8, from, cut);
      assertThat(acc.accept(around.bytes(piece))).isEmpty();
      from = cut;
    }
    acc.accept(CHAT_FINISH.getBytes(StandardCharsets.UTF_8));
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("c1", "echo", args));
  }

  @Test
  void bytesThatNeverCompleteACharacterBecomeReplacementCharacters() {
    StreamFixtures.Around around = StreamFixtures.call(Dialect.OPENAI_CHAT, 0, "c1", "echo", false, "").fragment();
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    acc.accept(StreamFixtures.call(Dialect.OPENAI_CHAT, 0, "c1", "echo", false, "").start());
    ByteArrayOutputStream piece = new ByteArrayOutputStream();
    piece.writeBytes("{\"a\":\"x".getBytes(StandardCharsets.UTF_8));
    piece.write(0xE2); // a three-byte lead with one continuation, then the string ends
    piece.write(0x82);
    acc.accept(around.bytes(piece.toByteArray()));
    acc.accept(around.bytes("\"}".getBytes(StandardCharsets.UTF_8)));
    acc.accept(CHAT_FINISH);
    assertThat(acc.finish().calls().get(0).arguments()).isEqualTo("{\"a\":\"x\ufffd\"}");
  }

  @Test
  void aChatStreamCutOffMidCallHandsOutNothingHalfDoneAndSaysWhatWasOpen() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc,
        chatDelta("{'index':0,'id':'call_a','function':{'name':'ping','arguments':'{}'}}"),
        chatDelta("{'index':1,'id':'call_b','function':{'name':'search','arguments':''}}"),
        chatArgs(1, "{\"q\":\"half"));
    assertThat(log).containsExactly("1:call_a:ping:{}");
    AccumulatedCalls end = acc.finish();
    assertThat(end.ended()).isFalse();
    assertThat(end.isComplete()).isFalse();
    assertThat(end.calls()).extracting(ToolCall::id).containsExactly("call_a");
    assertThat(end.incomplete()).containsExactly(
        new AccumulatedCalls.Incomplete(1, "call_b", "search", 10, AccumulatedCalls.Reason.CUT_OFF));
  }

  @Test
  void chatCallsThatReuseIndexZeroWithTheirOwnIdsStaySeparate() {
    // Ollama's OpenAI-compatible stream: every call at index 0, each whole in one delta, told apart by id.
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc,
        chatDelta("{'index':0,'id':'call_1','function':{'name':'file_write','arguments':'{\\'path\\':\\'a.py\\'}'}}"),
        chatDelta("{'index':0,'id':'call_2','function':{'name':'file_write','arguments':'{\\'path\\':\\'b.py\\'}'}}"),
        CHAT_FINISH);
    assertThat(log).containsExactly("1:call_1:file_write:{\"path\":\"a.py\"}", "2:call_2:file_write:{\"path\":\"b.py\"}");
  }

  @Test
  void aFreshIdOnEveryDeltaOfOneGrowingCallKeepsTheFirst() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'id':'x1','function':{'name':'search','arguments':'{\\'q\\':'}}"),
        chatDelta("{'index':0,'id':'x2','function':{'arguments':'\\'cats\\'}'}}"), CHAT_FINISH);
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("x1", "search", "{\"q\":\"cats\"}"));
  }

  @Test
  void chatCallsWithoutIdsGetIdsStableForTheStreamAndUniqueAcrossResponses() {
    String first = q("{'id':'chatcmpl-A','choices':[{'index':0,'delta':{'tool_calls':[{'index':0,'function':{'name':'ping',"
        + "'arguments':'{}'}},{'index':1,'id':'','function':{'name':'ping','arguments':'{}'}}]}}]}");
    String other = first.replace("chatcmpl-A", "chatcmpl-B");
    List<String> ids = run(first);
    assertThat(ids).hasSize(2).doesNotHaveDuplicates().allMatch(id -> id.matches("call_[0-9a-f]{12}_[01]"));
    assertThat(run(first)).isEqualTo(ids);
    assertThat(run(other)).doesNotContainAnyElementsOf(ids);
  }

  private static List<String> run(String firstEvent) {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    acc.accept(firstEvent);
    acc.accept(CHAT_FINISH);
    return acc.finish().calls().stream().map(ToolCall::id).toList();
  }

  @Test
  void argumentsAfterACallWasHandedOutAreAnErrorButSpacingIsNot() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'id':'a','function':{'name':'ping','arguments':'{}'}}"),
        chatDelta("{'index':1,'id':'b','function':{'name':'ping','arguments':''}}"));
    assertThat(acc.completed()).extracting(ToolCall::id).containsExactly("a");
    assertThat(acc.accept(chatArgs(0, " \n"))).isEmpty();
    assertThatThrownBy(() -> acc.accept(chatArgs(0, ",\"x\":1")))
        .isInstanceOfSatisfying(ToolCallStreamException.class, e -> assertThat(e.problem()).isEqualTo(Problem.MALFORMED_EVENT))
        .hasMessage("OPENAI_CHAT stream event 4 continues the arguments of the call at position 0, which was already complete");
    acc.accept(chatArgs(1, "{}"));
    acc.accept(CHAT_FINISH);
    assertThat(acc.finish().calls()).extracting(ToolCall::id, ToolCall::arguments)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("a", "{}"), org.assertj.core.groups.Tuple.tuple("b", "{}"));
  }

  // ---- malformed events and limits (every dialect)

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"OPENAI_CHAT", "OPENAI_RESPONSES", "ANTHROPIC"})
  void aMalformedEventIsAnErrorNamingTheEventAndLosesNoCall(Dialect dialect) {
    StreamFixtures.CallEvents a = StreamFixtures.call(dialect, 0, "id_a", "ping", true, "{}");
    StreamFixtures.CallEvents b = StreamFixtures.call(dialect, 1, "id_b", "ping", true, "{\"n\":1}");
    ToolCallAccumulator acc = ToolCallAccumulator.of(dialect);
    acc.accept(a.start());
    acc.accept(a.fragment().text("{}"));
    if (a.end() != null) {
      acc.accept(a.end());
    }
    acc.accept(b.start());
    for (String broken : List.of("{\"secret\": \"tok", "[1,2]", "\"text\"")) {
      assertThatThrownBy(() -> acc.accept(broken)).isInstanceOfSatisfying(ToolCallStreamException.class, e -> {
        assertThat(e.problem()).isEqualTo(Problem.MALFORMED_EVENT);
        assertThat(e.completedCalls()).isEmpty();
      }).hasMessageStartingWith(dialect + " stream event ").hasMessageNotContaining("secret");
    }
    acc.accept(b.fragment().text("{\"n\":1}"));
    if (b.end() != null) {
      acc.accept(b.end());
    }
    acc.accept(StreamFixtures.end(dialect));
    AccumulatedCalls end = acc.finish();
    assertThat(end.isComplete()).isTrue();
    assertThat(end.calls()).containsExactly(ToolCall.of("id_a", "ping", "{}"), ToolCall.of("id_b", "ping", "{\"n\":1}"));
  }

  /** Feeds a whole call: start, one fragment, end where the dialect has one. */
  private static void whole(ToolCallAccumulator acc, StreamFixtures.CallEvents c, String arguments) {
    acc.accept(c.start());
    acc.accept(c.fragment().text(arguments));
    if (c.end() != null) {
      acc.accept(c.end());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"OPENAI_CHAT", "OPENAI_RESPONSES", "ANTHROPIC"})
  void argumentsBeyondTheCapStopTheAccumulatorAndKeepWhatCompleted(Dialect dialect) {
    StreamFixtures.CallEvents a = StreamFixtures.call(dialect, 0, "id_a", "ping", false, "");
    StreamFixtures.CallEvents b = StreamFixtures.call(dialect, 1, "id_b", "ping", false, "");
    ToolCallAccumulator acc = ToolCallAccumulator.builder(dialect).maxArgumentsChars(10).build();
    whole(acc, a, "{}");
    acc.accept(b.start());
    acc.accept(b.fragment().text("{\"n\":"));
    assertThatThrownBy(() -> acc.accept(b.fragment().text("12345}")))
        .isInstanceOfSatisfying(ToolCallStreamException.class,
            e -> assertThat(e.problem()).isEqualTo(Problem.ARGUMENTS_TOO_LONG))
        .hasMessageEndingWith(": the arguments of the call at position 1 passed maxArgumentsChars (10)");
    assertThatThrownBy(() -> acc.accept(StreamFixtures.end(dialect))).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("stopped at a limit");
    AccumulatedCalls end = acc.finish();
    assertThat(end.calls()).containsExactly(ToolCall.of("id_a", "ping", "{}"));
    assertThat(end.incomplete()).containsExactly(
        new AccumulatedCalls.Incomplete(1, "id_b", "ping", 5, AccumulatedCalls.Reason.ARGUMENTS_TOO_LONG));
  }

  @Test
  void aCallBeyondTheCapStopsTheAccumulatorAndTheErrorCarriesTheCallsItsEventCompleted() {
    ToolCallAccumulator acc = ToolCallAccumulator.builder(Dialect.OPENAI_CHAT).maxCalls(1).build();
    acc.accept(chatDelta("{'index':0,'id':'a','function':{'name':'ping','arguments':'{}'}}"));
    // The second call's first delta completes the first (whole, and a later call begins) before it is refused.
    assertThatThrownBy(() -> acc.accept(chatDelta("{'index':1,'id':'b','function':{'name':'ping','arguments':''}}")))
        .isInstanceOfSatisfying(ToolCallStreamException.class, e -> {
          assertThat(e.problem()).isEqualTo(Problem.TOO_MANY_CALLS);
          assertThat(e.completedCalls()).containsExactly(ToolCall.of("a", "ping", "{}"));
        }).hasMessage("OPENAI_CHAT stream event 2: a call beyond maxCalls (1) began");
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("a", "ping", "{}"));
  }

  @Test
  void callsStillOpenWhenALimitStopsTheAccumulatorAreReportedAsStopped() {
    ToolCallAccumulator acc = ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxCalls(2).build();
    acc.accept(StreamFixtures.call(Dialect.ANTHROPIC, 0, "a", "ping", false, "").start());
    acc.accept(StreamFixtures.call(Dialect.ANTHROPIC, 0, "a", "ping", false, "").fragment().text("{\"x\""));
    acc.accept(StreamFixtures.call(Dialect.ANTHROPIC, 1, "b", "ping", false, "").start());
    assertThatThrownBy(() -> acc.accept(StreamFixtures.call(Dialect.ANTHROPIC, 2, "c", "ping", false, "").start()))
        .isInstanceOf(ToolCallStreamException.class);
    assertThat(acc.finish().incomplete()).containsExactly(
        new AccumulatedCalls.Incomplete(0, "a", "ping", 4, AccumulatedCalls.Reason.STOPPED),
        new AccumulatedCalls.Incomplete(1, "b", "ping", 0, AccumulatedCalls.Reason.STOPPED));
  }

  @Test
  void limitsAreCheckedWhenSetNamingTheSetting() {
    assertThatThrownBy(() -> ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxArgumentsChars(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxArgumentsChars must be from 1 to 2147483639, but was 0");
    assertThatThrownBy(() -> ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxCalls(10_001))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxCalls must be from 1 to 10000, but was 10001");
    assertThatThrownBy(() -> ToolCallAccumulator.of(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("dialect must not be null");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void afterFinishNoEventIsTakenAndFinishGivesTheSameResult(Dialect dialect) {
    ToolCallAccumulator acc = ToolCallAccumulator.of(dialect);
    AccumulatedCalls end = acc.finish();
    assertThat(end.calls()).isEmpty();
    assertThat(end.ended()).isFalse();
    assertThat(acc.finish()).isSameAs(end);
    assertThatThrownBy(() -> acc.accept("{}")).isInstanceOf(IllegalStateException.class)
        .hasMessage(dialect + " stream was already finished; use a new accumulator per response");
    assertThatThrownBy(() -> ToolCallAccumulator.of(dialect).accept((String) null)).isInstanceOf(IllegalArgumentException.class);
    assertThat(ToolCallAccumulator.of(dialect).accept("  ")).isEmpty();
  }

  @Test
  void providerErrorsInsideTheStreamAreReportedByTheirCodeOnly() {
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.ANTHROPIC).accept(q("{'type':'error','error':"
        + "{'type':'overloaded_error','message':'Overloaded for user 42'}}")))
        .isInstanceOfSatisfying(ToolCallStreamException.class, e -> assertThat(e.problem()).isEqualTo(Problem.PROVIDER_ERROR))
        .hasMessage("ANTHROPIC stream event 1 is an error event (overloaded_error)");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.OPENAI_CHAT).accept(q("{'error':{'message':'x','type':"
        + "'server_error','code':null}}"))).hasMessage("OPENAI_CHAT stream event 1 is an error (no code)");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES).accept(q("{'type':'response.failed',"
        + "'response':{'error':{'code':'server_error','message':'m'}}}")))
        .hasMessage("OPENAI_RESPONSES stream event 1 says the response failed (server_error)");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.GEMINI).accept(q("{'error':{'code':503,'message':'m',"
        + "'status':'UNAVAILABLE'}}"))).hasMessage("GEMINI stream event 1 is an error (503)");
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void treesGiveWhatTheirTextGives(Dialect dialect) {
    List<String> events = new ArrayList<>();
    if (dialect == Dialect.GEMINI) {
      events.add(StreamFixtures.geminiChunk(List.<String[]>of(new String[] {"g1", "ping", "{\"a\": 1}"})));
    } else {
      StreamFixtures.CallEvents c = StreamFixtures.call(dialect, 0, "id_a", "ping", true, "{\"a\": 1}");
      events.add(c.start());
      events.add(c.fragment().text("{\"a\": "));
      events.add(c.fragment().text("1}"));
      if (c.end() != null) {
        events.add(c.end());
      }
    }
    events.add(StreamFixtures.end(dialect));
    ToolCallAccumulator text = ToolCallAccumulator.of(dialect);
    ToolCallAccumulator tree = ToolCallAccumulator.of(dialect);
    for (String e : events) {
      text.accept(e);
      tree.accept(Json.parse(e));
    }
    String expected = dialect == Dialect.GEMINI ? "{\"a\":1}" : "{\"a\": 1}"; // Gemini's object: compact from a tree
    assertThat(tree.finish().calls()).extracting(ToolCall::arguments).containsExactly(expected);
    assertThat(text.finish().calls()).extracting(ToolCall::arguments).containsExactly("{\"a\": 1}");
    assertThatThrownBy(() -> ToolCallAccumulator.of(dialect).accept(Json.NODES.arrayNode()))
        .isInstanceOf(ToolCallStreamException.class).hasMessage(dialect + " stream event 1 is not a JSON object");
  }

  // ---- OpenAI Responses

  @Test
  void responsesHandsOutEachFunctionCallAtItsArgumentsDone() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc,
        q("{'type':'response.created','sequence_number':0,'response':{'id':'resp_1','status':'in_progress','output':[]}}"),
        q("{'type':'response.output_item.added','sequence_number':1,'output_index':0,'item':{'type':'reasoning','id':'rs_1'}}"),
        q("{'type':'response.output_item.added','sequence_number':2,'output_index':1,'item':{'type':'function_call',"
            + "'id':'fc_1','call_id':'call_w','name':'get_weather','arguments':'','status':'in_progress'}}"),
        q("{'type':'response.function_call_arguments.delta','sequence_number':3,'item_id':'fc_1','output_index':1,"
            + "'delta':'{\\'city\\':'}"),
        q("{'type':'response.function_call_arguments.delta','sequence_number':4,'item_id':'fc_1','output_index':1,"
            + "'delta':'\\'Oslo\\'}'}"),
        q("{'type':'response.function_call_arguments.done','sequence_number':5,'item_id':'fc_1','output_index':1,"
            + "'arguments':'{\\'city\\':\\'Oslo\\'}'}"),
        q("{'type':'response.output_item.done','sequence_number':6,'output_index':1,'item':{'type':'function_call',"
            + "'id':'fc_1','call_id':'call_w','name':'get_weather','arguments':'{\\'city\\':\\'Oslo\\'}',"
            + "'status':'completed'}}"),
        q("{'type':'response.output_item.added','sequence_number':7,'output_index':2,'item':{'type':'function_call',"
            + "'id':'fc_2','name':'ping','arguments':''}}"),
        q("{'type':'response.output_item.done','sequence_number':8,'output_index':2,'item':{'type':'function_call',"
            + "'id':'fc_2','name':'ping','arguments':'{}'}}"),
        q("{'type':'response.completed','sequence_number':9,'response':{'id':'resp_1','status':'completed'}}"));
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).isEqualTo("5:call_w:get_weather:{\"city\":\"Oslo\"}");
    assertThat(log.get(1)).matches("8:call_[0-9a-f]{12}_2:ping:\\{\\}");
    assertThat(acc.finish().isComplete()).isTrue();
  }

  @Test
  void aResponsesStreamCutOffMidArgumentsReportsTheCall() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    StreamFixtures.CallEvents c = StreamFixtures.call(Dialect.OPENAI_RESPONSES, 0, "call_a", "search", true, "");
    acc.accept(c.start());
    acc.accept(c.fragment().text("{\"q\":"));
    AccumulatedCalls end = acc.finish();
    assertThat(end.calls()).isEmpty();
    assertThat(end.incomplete()).containsExactly(
        new AccumulatedCalls.Incomplete(0, "call_a", "search", 5, AccumulatedCalls.Reason.CUT_OFF));
  }

  // ---- Anthropic

  @Test
  void anthropicHandsOutEachToolUseBlockAtItsStop() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    List<String> log = feed(acc,
        q("{'type':'message_start','message':{'id':'msg_1','type':'message','role':'assistant','content':[],"
            + "'stop_reason':null}}"),
        q("{'type':'content_block_start','index':0,'content_block':{'type':'text','text':''}}"),
        q("{'type':'content_block_delta','index':0,'delta':{'type':'text_delta','text':'Checking.'}}"),
        q("{'type':'content_block_stop','index':0}"),
        q("{'type':'content_block_start','index':1,'content_block':{'type':'tool_use','id':'toolu_01','name':'get_weather',"
            + "'input':{}}}"),
        q("{'type':'content_block_delta','index':1,'delta':{'type':'input_json_delta','partial_json':''}}"),
        q("{'type':'content_block_delta','index':1,'delta':{'type':'input_json_delta','partial_json':'{\\'city\\': \\'Os'}}"),
        q("{'type':'ping'}"),
        q("{'type':'content_block_delta','index':1,'delta':{'type':'input_json_delta','partial_json':'lo\\'}'}}"),
        q("{'type':'content_block_stop','index':1}"),
        q("{'type':'content_block_start','index':2,'content_block':{'type':'tool_use','id':'toolu_02','name':'ping',"
            + "'input':{}}}"),
        q("{'type':'content_block_stop','index':2}"),
        q("{'type':'message_delta','delta':{'stop_reason':'tool_use'},'usage':{'output_tokens':40}}"),
        q("{'type':'message_stop'}"));
    assertThat(log).containsExactly("9:toolu_01:get_weather:{\"city\": \"Oslo\"}", "11:toolu_02:ping:{}");
    assertThat(acc.finish().isComplete()).isTrue();
  }

  @Test
  void anAnthropicStreamCutOffInsideABlockReportsIt() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    feed(acc, q("{'type':'content_block_start','index':0,'content_block':{'type':'tool_use','id':'toolu_01','name':'ping',"
        + "'input':{}}}"), q("{'type':'content_block_delta','index':0,'delta':{'type':'input_json_delta','partial_json':'{'}}"));
    assertThat(acc.finish().incomplete()).containsExactly(
        new AccumulatedCalls.Incomplete(0, "toolu_01", "ping", 1, AccumulatedCalls.Reason.CUT_OFF));
  }

  // ---- Gemini

  @Test
  void geminiHandsOutEveryCallOfAChunkAtOnceWithWireNamesMappedBack() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.GEMINI);
    List<String> log = feed(acc,
        q("{'candidates':[{'content':{'role':'model','parts':[{'text':'Checking.'}]}}],'responseId':'r1'}"),
        q("{'candidates':[{'content':{'role':'model','parts':[{'functionCall':{'name':'_1abc','args':{'x': 1}}},"
            + "{'functionCall':{'id':'fc-7','name':'ping'}}]}}]}"),
        q("{'candidates':[{'content':{'role':'model','parts':[]},'finishReason':'STOP'}],'usageMetadata':{}}"));
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).matches("1:gemini_call_[0-9a-f]{12}_1:1abc:\\{\"x\": 1\\}");
    assertThat(log.get(1)).isEqualTo("1:fc-7:ping:");
    assertThat(acc.finish().isComplete()).isTrue();
  }

  @Test
  void geminiStreamedArgumentsAreRefusedNotGuessed() {
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.GEMINI).accept(q("{'candidates':[{'content':{'parts':["
        + "{'functionCall':{'name':'ping','partialArgs':[{'jsonPath':'$.a','stringValue':'x'}],'willContinue':true}}]}}]}")))
        .isInstanceOfSatisfying(ToolCallStreamException.class,
            e -> assertThat(e.problem()).isEqualTo(Problem.UNSUPPORTED_EVENT))
        .hasMessageContaining("partialArgs");
  }
}
