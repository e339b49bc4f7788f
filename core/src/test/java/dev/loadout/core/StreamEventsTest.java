package dev.loadout.core;

import static dev.loadout.core.StreamFixtures.q;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.AccumulatedCalls.Incomplete;
import dev.loadout.core.AccumulatedCalls.Reason;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How each dialect's stream events grow calls, read through {@link ToolCallAccumulator}: which events count, which
 * are read past, how indexes and error codes are read, on both sides of each rule.
 */
class StreamEventsTest {

  private static List<String> feed(ToolCallAccumulator acc, String... events) {
    return ToolCallAccumulatorTest.feed(acc, events);
  }

  private static String chat(String choices) {
    return q("{'id':'chatcmpl-7','object':'chat.completion.chunk','choices':" + choices + "}");
  }

  private static String chatDelta(String toolCall) {
    return chat(q("[{'index':0,'delta':{'tool_calls':[" + toolCall + "]},'finish_reason':null}]"));
  }

  private static String chatArgs(String index, String fragment) {
    return chatDelta(q("{" + (index == null ? "" : "'index':" + index + ",") + "'function':{'arguments':")
        + Json.text(Json.NODES.stringNode(fragment)) + "}}");
  }

  private static final String CHAT_FINISH = chat(q("[{'index':0,'delta':{},'finish_reason':'tool_calls'}]"));

  private static String anthropicStart(String index, String id) {
    return q("{'type':'content_block_start'," + (index == null ? "" : "'index':" + index + ",")
        + "'content_block':{'type':'tool_use','id':'" + id + "','name':'ping','input':{}}}");
  }

  // ---- OpenAI Chat Completions

  @Test
  void doneEndsAChatStreamHandingOutTheOpenCallsWithoutAFinishReason() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc, chatDelta("{'index':0,'id':'c1','function':{'name':'ping','arguments':'{}'}}"),
        " [DONE]\n");
    assertThat(log).containsExactly("1:c1:ping:{}");
    AccumulatedCalls end = acc.finish();
    assertThat(end.ended()).isTrue();
    assertThat(end.isComplete()).isTrue();
  }

  @ParameterizedTest
  @EnumSource(value = Dialect.class, names = {"OPENAI_RESPONSES", "ANTHROPIC", "GEMINI"})
  void doneMeansNothingOutsideOpenAiChat(Dialect dialect) {
    ToolCallAccumulator acc = ToolCallAccumulator.of(dialect);
    if (dialect != Dialect.GEMINI) {
      acc.accept(StreamFixtures.call(dialect, 0, "id_a", "ping", false, "").start());
    }
    assertThat(acc.accept("[DONE]")).isEmpty();
    AccumulatedCalls end = acc.finish();
    assertThat(end.ended()).isFalse();
    assertThat(end.calls()).isEmpty();
    if (dialect != Dialect.GEMINI) {
      assertThat(end.incomplete()).extracting(Incomplete::reason).containsExactly(Reason.CUT_OFF);
    }
  }

  @Test
  void aFinishReasonEndsTheStreamAndNullOrAbsentDoesNot() {
    ToolCallAccumulator open = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(open, chatDelta("{'index':0,'id':'c1','function':{'name':'ping','arguments':'{}'}}"),
        chat(q("[{'index':0,'delta':{},'finish_reason':null}]")), chat(q("[{'index':0,'delta':{}}]")),
        chat(q("[{'index':0,'delta':{},'finish_reason':7}]")));
    AccumulatedCalls cut = open.finish();
    assertThat(cut.ended()).isFalse();
    assertThat(cut.calls()).isEmpty();
    assertThat(cut.incomplete()).containsExactly(new Incomplete(0, "c1", "ping", 2, Reason.CUT_OFF));

    ToolCallAccumulator ended = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(ended, chatDelta("{'index':0,'id':'c1','function':{'name':'ping','arguments':'{}'}}"),
        chat(q("[{'index':0,'delta':{},'finish_reason':'stop'}]")));
    assertThat(log).containsExactly("1:c1:ping:{}");
    assertThat(ended.finish().ended()).isTrue();
  }

  @Test
  void onlyTheFirstChoiceIsReadAsParseToolCallsDoes() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc,
        chat(q("[{'index':1,'delta':{'tool_calls':[{'index':0,'id':'other','function':{'name':'nope','arguments':'{}'}}]},"
            + "'finish_reason':'tool_calls'}]")),
        chat(q("[{'delta':{'tool_calls':[{'index':0,'id':'mine','function':{'name':'ping','arguments':'{}'}}]}}]")));
    assertThat(log).isEmpty();
    AccumulatedCalls end = acc.finish();
    assertThat(end.ended()).isFalse(); // the second choice's finish_reason ends nothing
    assertThat(end.incomplete()).containsExactly(new Incomplete(0, "mine", "ping", 2, Reason.CUT_OFF));
  }

  @Test
  void aChoiceWhoseIndexIsNotANumberCountsAsTheFirst() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc,
        chat(q("[{'index':'1','delta':{'tool_calls':[{'index':0,'id':'c1','function':{'name':'ping','arguments':'{}'}}]},"
            + "'finish_reason':'tool_calls'}]")));
    assertThat(log).containsExactly("0:c1:ping:{}");
  }

  @Test
  void aDeltaWithoutAnIndexContinuesTheLastCall() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'id':'a','function':{'name':'first','arguments':'{\\'x\\':'}}"),
        chatDelta("{'index':1,'id':'b','function':{'name':'second','arguments':'{\\'y\\':'}}"),
        chatArgs(null, "2}"), chatArgs("0", "1}"), CHAT_FINISH);
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("a", "first", "{\"x\":1}"),
        ToolCall.of("b", "second", "{\"y\":2}"));
  }

  @Test
  void aFirstDeltaWithoutAnIndexBeginsACall() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'id':'a','function':{'name':'ping','arguments':'{\\'x\\':'}}"), chatArgs(null, "1}"),
        CHAT_FINISH);
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("a", "ping", "{\"x\":1}"));
  }

  @Test
  void indexesThatAreNotPlainNonNegativeNumbersContinueTheLastCall() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'id':'a','function':{'name':'ping','arguments':''}}"),
        chatArgs("-1", "{"), chatArgs("'0'", "\"s\":1"), chatArgs("1.0", ",\"f\":2"), chatArgs("1000000000", ",\"t\":3"),
        chatArgs("true", ",\"b\":4"), chatArgs("null", ",\"n\":5"), chatArgs("[0]", ",\"l\":6"), chatArgs("1e2", "}"),
        CHAT_FINISH);
    assertThat(acc.finish().calls()).containsExactly(
        ToolCall.of("a", "ping", "{\"s\":1,\"f\":2,\"t\":3,\"b\":4,\"n\":5,\"l\":6}"));
  }

  @Test
  void nineDigitIndexesAreIndexesOfTheirOwn() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'id':'a','function':{'name':'ping','arguments':'{\\'a\\':'}}"),
        chatDelta("{'index':999999999,'id':'b','function':{'name':'ping','arguments':'{\\'b\\':'}}"),
        chatDelta("{'index':90,'id':'c','function':{'name':'ping','arguments':'{\\'c\\':'}}"),
        chatArgs("0", "0}"), chatArgs("999999999", "9}"), chatArgs("90", "90}"), CHAT_FINISH);
    assertThat(acc.finish().calls()).extracting(ToolCall::id, ToolCall::arguments).containsExactly(
        org.assertj.core.groups.Tuple.tuple("a", "{\"a\":0}"), org.assertj.core.groups.Tuple.tuple("b", "{\"b\":9}"),
        org.assertj.core.groups.Tuple.tuple("c", "{\"c\":90}"));
  }

  @Test
  void aNameAtAnIndexWhoseCallIsWholeBeginsAnotherCallButAnEmptyNameDoesNot() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc, chatDelta("{'index':0,'function':{'name':'first','arguments':'{}'}}"),
        chatDelta("{'index':0,'function':{'name':'','arguments':' '}}"),
        chatDelta("{'index':0,'function':{'name':'second','arguments':'{}'}}"), CHAT_FINISH);
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).matches("2:call_[0-9a-f]{12}_0:first:\\{\\} ");
    assertThat(log.get(1)).matches("3:call_[0-9a-f]{12}_1:second:\\{\\}");
  }

  @Test
  void aNameAtAnIndexWhoseCallIsStillGrowingIsTheServerRepeatingItself() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'id':'a','function':{'name':'first','arguments':'{\\'x\\':'}}"),
        chatDelta("{'index':0,'function':{'name':'again','arguments':'1}'}}"), CHAT_FINISH);
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("a", "first", "{\"x\":1}"));
  }

  @Test
  void theSameIdAgainAtAWholeCallsIndexContinuesItAndIdsArriveLate() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'function':{'name':'ping','arguments':'{}'}}"),
        chatDelta("{'index':0,'id':'late','function':{'arguments':' '}}"),
        chatDelta("{'index':0,'id':'late','function':{'arguments':'\\n'}}"), CHAT_FINISH);
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("late", "ping", "{} \n"));
  }

  @Test
  void aDifferentIdAtAWholeCallsIndexBeginsAnotherCallAndCompletesTheWholeOne() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc, chatDelta("{'index':0,'id':'a','function':{'name':'ping','arguments':'{}'}}"),
        chatDelta("{'index':0,'id':'b','function':{'name':'pong','arguments':'{\\'x\\':'}}"), chatArgs("0", "1}"),
        CHAT_FINISH);
    assertThat(log).containsExactly("1:a:ping:{}", "3:b:pong:{\"x\":1}");
  }

  @Test
  void aNewCallCompletesEveryWholeCallButNotOneStillGrowing() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    List<String> log = feed(acc, chatDelta("{'index':0,'id':'a','function':{'name':'ping','arguments':'{\\'x\\':'}}"),
        chatDelta("{'index':1,'id':'b','function':{'name':'ping','arguments':'{}'}}"),
        chatDelta("{'index':2,'id':'c','function':{'name':'ping','arguments':''}}"),
        chatArgs("2", "{}"), chatArgs("0", "1}"), CHAT_FINISH);
    // b is whole when c begins; a is not until its last fragment, c is the last call so it waits for the finish.
    assertThat(log).containsExactly("2:b:ping:{}", "4:a:ping:{\"x\":1}", "5:c:ping:{}");
  }

  @Test
  void theLastCallIsNotHandedOutWhenItBecomesWhole() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    assertThat(acc.accept(chatDelta("{'index':0,'id':'a','function':{'name':'ping','arguments':'{}'}}"))).isEmpty();
    assertThat(acc.completed()).isEmpty();
    assertThat(acc.accept(CHAT_FINISH)).containsExactly(ToolCall.of("a", "ping", "{}"));
  }

  @Test
  void aDeltaWithoutArgumentsAddsNothing() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    feed(acc, chatDelta("{'index':0,'id':'a','function':{'name':'ping'}}"), chatDelta("{'index':0,'type':'function'}"),
        CHAT_FINISH);
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("a", "ping", ""));
  }

  @Test
  void chatErrorObjectsAreReportedByCodeElseTypeAndOtherErrorValuesAreReadPast() {
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.OPENAI_CHAT).accept(q("{'error':{'code':'rate_limit',"
        + "'type':'requests','message':'m'}}"))).isInstanceOf(ToolCallStreamException.class)
        .hasMessage("OPENAI_CHAT stream event 1 is an error (rate_limit)");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.OPENAI_CHAT).accept(q("{'error':{'type':'server_error',"
        + "'message':'m'}}"))).hasMessage("OPENAI_CHAT stream event 1 is an error (server_error)");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.OPENAI_CHAT).accept(q("{'error':{'message':'m'}}")))
        .hasMessage("OPENAI_CHAT stream event 1 is an error (no code)");
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    assertThat(acc.accept(q("{'error':'text, not an object','choices':[]}"))).isEmpty();
    assertThat(acc.accept(q("{'error':null}"))).isEmpty();
  }

  // ---- error codes, as every dialect prints them

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "'overloaded_error'|overloaded_error",
      "'a.b:c-d_9'|a.b:c-d_9",
      "'say \\'hi\\' / <b>'|say??hi?????b?",
      "''|no code",
      "null|no code",
      "503|503",
      "{'k':1}|??k?:1?",
      "'0123456789012345678901234567890123456789012345678901234567890123'|"
          + "0123456789012345678901234567890123456789012345678901234567890123",
      "'01234567890123456789012345678901234567890123456789012345678901234'|"
          + "0123456789012345678901234567890123456789012345678901234567890123?"})
  void errorCodesAreShownShortAndPrintable(String code, String shown) {
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.ANTHROPIC).accept(q("{'type':'error','error':{'type':" + code
        + ",'message':'secret'}}"))).isInstanceOf(ToolCallStreamException.class)
        .hasMessage("ANTHROPIC stream event 1 is an error event (" + shown + ")");
  }

  @Test
  void aLongCodeIsCutAtSixtyFourCharactersAndMarkedCut() {
    String code = "x".repeat(65);
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES).accept(q("{'type':'error','code':'" + code
        + "','message':'m'}"))).hasMessage("OPENAI_RESPONSES stream event 1 is an error event (" + "x".repeat(64) + "?)");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES).accept(q("{'type':'error','message':'m'}")))
        .hasMessage("OPENAI_RESPONSES stream event 1 is an error event (no code)");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES).accept(q("{'type':'response.failed',"
        + "'response':{'status':'failed'}}"))).hasMessage("OPENAI_RESPONSES stream event 1 says the response failed (no code)");
  }

  // ---- OpenAI Responses

  private static String added(int output, String itemId, String callId, String name, String arguments) {
    return q("{'type':'response.output_item.added','output_index':" + output + ",'item':{'type':'function_call'"
        + (itemId == null ? "" : ",'id':'" + itemId + "'") + (callId == null ? "" : ",'call_id':'" + callId + "'")
        + ",'name':'" + name + "','arguments':") + Json.text(Json.NODES.stringNode(arguments)) + "}}";
  }

  @Test
  void responsesEventsWithoutAKnownTypeOrForOtherItemsAreReadPast() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc, q("{'output_index':0,'item':{'type':'function_call','id':'fc_0','name':'ping'}}"),
        q("{'type':7}"), q("{'type':'response.output_item.added','output_index':0,'item':{'type':'message','id':'m_0'}}"),
        q("{'type':'response.output_item.done','output_index':0,'item':{'type':'message','id':'m_0'}}"),
        q("{'type':'response.function_call_arguments.delta','item_id':'nope','output_index':5,'delta':'{'}"),
        q("{'type':'response.function_call_arguments.done','item_id':'nope','output_index':5,'arguments':'{}'}"),
        q("{'type':'response.in_progress'}"));
    assertThat(log).isEmpty();
    AccumulatedCalls end = acc.finish();
    assertThat(end.calls()).isEmpty();
    assertThat(end.incomplete()).isEmpty();
    assertThat(end.ended()).isFalse();
  }

  @Test
  void responsesArgumentsDoneWithoutArgumentsCompletesWithTheDeltas() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc, added(0, "fc_0", "call_a", "ping", ""),
        q("{'type':'response.function_call_arguments.delta','item_id':'fc_0','output_index':0,'delta':'{\\'x\\':1}'}"),
        q("{'type':'response.function_call_arguments.done','item_id':'fc_0','output_index':0}"),
        q("{'type':'response.completed','response':{}}"));
    assertThat(log).containsExactly("2:call_a:ping:{\"x\":1}");
    assertThat(acc.finish().ended()).isTrue();
  }

  @Test
  void responsesArgumentsDoneCarryTheFinalArguments() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc, added(0, "fc_0", "call_a", "ping", ""),
        q("{'type':'response.function_call_arguments.delta','item_id':'fc_0','output_index':0,'delta':'{\\'x\\''}"),
        q("{'type':'response.function_call_arguments.done','item_id':'fc_0','output_index':0,'arguments':'{\\'x\\':2}'}"));
    assertThat(log).containsExactly("2:call_a:ping:{\"x\":2}");
  }

  @Test
  void responsesEventsWithoutAnItemIdFindTheCallByOutputIndex() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc, added(3, null, "call_a", "ping", ""),
        q("{'type':'response.function_call_arguments.delta','output_index':3,'delta':'{\\'x\\':'}"),
        q("{'type':'response.function_call_arguments.delta','item_id':'other','output_index':3,'delta':'1}'}"),
        q("{'type':'response.output_item.done','output_index':3,'item':{'type':'function_call','name':'ping'}}"));
    assertThat(log).containsExactly("3:call_a:ping:{\"x\":1}");
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("call_a", "ping", "{\"x\":1}"));
  }

  @Test
  void anItemIdFindsTheCallBeforeItsOutputIndexDoes() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc, added(0, "fc_a", "call_a", "a", ""), added(1, "fc_b", "call_b", "b", ""),
        q("{'type':'response.function_call_arguments.delta','item_id':'fc_b','output_index':0,'delta':'{\\'b\\':1}'}"),
        q("{'type':'response.output_item.done','output_index':0,'item':{'type':'function_call','id':'fc_b'}}"),
        q("{'type':'response.output_item.done','output_index':0,'item':{'type':'function_call','id':'fc_a',"
            + "'arguments':'{\\'a\\':1}'}}"));
    assertThat(log).containsExactly("3:call_b:b:{\"b\":1}", "4:call_a:a:{\"a\":1}");
  }

  @Test
  void anItemNeverAnnouncedArrivesWholeAtItsDone() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc, q("{'type':'response.output_item.done','output_index':4,'item':{'type':'function_call',"
        + "'id':'fc_4','call_id':'call_z','name':'ping','arguments':'{\\'z\\':0}'}}"));
    assertThat(log).containsExactly("0:call_z:ping:{\"z\":0}");
    ToolCallAccumulator noIndex = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    feed(noIndex, q("{'type':'response.output_item.done','item':{'type':'function_call','name':'ping'}}"));
    assertThat(noIndex.finish().calls()).singleElement().satisfies(c -> {
      assertThat(c.id()).matches("call_[0-9a-f]{12}_0");
      assertThat(c.arguments()).isEmpty();
    });
  }

  @Test
  void anItemDoneNamesACallAnnouncedWithoutIdOrName() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc,
        q("{'type':'response.output_item.added','output_index':0,'item':{'type':'function_call','id':'fc_0'}}"),
        q("{'type':'response.output_item.done','output_index':0,'item':{'type':'function_call','id':'fc_0',"
            + "'call_id':'call_late','name':'late_name','arguments':'{}'}}"));
    assertThat(log).containsExactly("1:call_late:late_name:{}");
  }

  @Test
  void anAnnouncedItemWithoutOutputIndexTakesTheNextPosition() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    feed(acc, added(0, "fc_0", null, "a", "{}"),
        q("{'type':'response.output_item.added','item':{'type':'function_call','id':'fc_x','name':'b','arguments':''}}"),
        q("{'type':'response.function_call_arguments.delta','item_id':'fc_x','delta':'{\\'q\\''}"));
    assertThat(acc.finish().incomplete()).extracting(Incomplete::position, Incomplete::name).containsExactly(
        org.assertj.core.groups.Tuple.tuple(0, "a"), org.assertj.core.groups.Tuple.tuple(1, "b"));
  }

  @Test
  void anItemAnnouncedWithItsArgumentsKeepsThemWhenNoDeltaFollows() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    List<String> log = feed(acc, added(0, "fc_0", "call_a", "ping", "{\"pre\":1}"),
        q("{'type':'response.output_item.done','output_index':0,'item':{'type':'function_call','id':'fc_0'}}"));
    assertThat(log).containsExactly("1:call_a:ping:{\"pre\":1}");
  }

  // ---- Anthropic

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {"0|0", "7|7", "90|90", "123456789|123456789", "1234567890|1",
      "-3|1", "2.0|1", "'4'|1", "true|1", "null|1", "[4]|1", "{}|1"})
  void aBlockIndexIsAPlainNonNegativeNumberOfAtMostNineDigitsElseTheNextPosition(String index, int position) {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    acc.accept(anthropicStart("1000", "toolu_first"));
    acc.accept(anthropicStart(index, "toolu_a"));
    assertThat(acc.finish().incomplete()).containsExactlyInAnyOrder(new Incomplete(position, "toolu_a", "ping", 0, Reason.CUT_OFF),
        new Incomplete(1000, "toolu_first", "ping", 0, Reason.CUT_OFF));
  }

  @Test
  void aBlockWithoutAnIndexTakesTheNextPosition() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    acc.accept(anthropicStart("5", "toolu_a"));
    acc.accept(anthropicStart(null, "toolu_b"));
    assertThat(acc.finish().incomplete()).extracting(Incomplete::position, Incomplete::id).containsExactly(
        org.assertj.core.groups.Tuple.tuple(1, "toolu_b"), org.assertj.core.groups.Tuple.tuple(5, "toolu_a"));
  }

  @Test
  void aToolUseBlockWithoutFragmentsHasItsInputAsSent() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    List<String> log = feed(acc,
        q("{'type':'content_block_start','index':0,'content_block':{'type':'tool_use','id':'toolu_a','name':'ping',"
            + "'input':{'k': [1, 2]}}}"),
        q("{'type':'content_block_stop','index':0}"), q("{'type':'message_stop'}"));
    assertThat(log).containsExactly("1:toolu_a:ping:{'k': [1, 2]}".replace('\'', '"'));
    assertThat(acc.finish().ended()).isTrue();
  }

  @Test
  void anthropicEventsForOtherBlocksOrOtherDeltasAreReadPast() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    List<String> log = feed(acc, q("{'index':0,'content_block':{'type':'tool_use','id':'x','name':'nope','input':{}}}"),
        q("{'type':'content_block_start','index':0,'content_block':{'type':'server_tool_use','id':'srv','name':'web'}}"),
        anthropicStart("1", "toolu_a"),
        q("{'type':'content_block_delta','index':1,'delta':{'type':'text_delta','partial_json':'{\\'no\\':1}'}}"),
        q("{'type':'content_block_delta','index':1,'delta':{'type':'input_json_delta','partial_json':'{\\'x\\':'}}"),
        q("{'type':'content_block_delta','index':0,'delta':{'type':'input_json_delta','partial_json':'junk'}}"),
        q("{'type':'content_block_delta','delta':{'type':'input_json_delta','partial_json':'junk'}}"),
        q("{'type':'content_block_stop','index':0}"), q("{'type':'content_block_stop'}"),
        q("{'type':'content_block_delta','index':1,'delta':{'type':'input_json_delta','partial_json':'1}'}}"),
        q("{'type':'content_block_stop','index':1}"));
    assertThat(log).containsExactly("10:toolu_a:ping:{\"x\":1}");
    AccumulatedCalls end = acc.finish();
    assertThat(end.calls()).extracting(ToolCall::id).containsExactly("toolu_a");
    assertThat(end.incomplete()).isEmpty();
    assertThat(end.ended()).isFalse();
  }

  // ---- Gemini

  private static String geminiParts(String parts, String finish) {
    return q("{'candidates':[{'content':{'role':'model','parts':[" + parts + "]}" + (finish == null ? ""
        : ",'finishReason':" + finish) + "}]}");
  }

  @Test
  void geminiPositionsCountEveryPartAcrossChunks() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.GEMINI);
    List<String> log = feed(acc, geminiParts("{'text':'a'},{'text':'b'}", null),
        geminiParts("{'functionCall':{'name':'ping','args':{}}},{'text':'c'},{'functionCall':{'name':'pong'}}", null));
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).matches("1:gemini_call_[0-9a-f]{12}_2:ping:\\{\\}");
    assertThat(log.get(1)).matches("1:gemini_call_[0-9a-f]{12}_4:pong:");
    AccumulatedCalls end = acc.finish();
    assertThat(end.ended()).isFalse();
    assertThat(end.calls()).extracting(ToolCall::name).containsExactly("ping", "pong");
  }

  @Test
  void geminiReadsTheFirstCandidateOnlyAndEndsAtAFinishReason() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.GEMINI);
    List<String> log = feed(acc,
        q("{'candidates':[{'content':{'parts':[]}},{'content':{'parts':[{'functionCall':{'id':'x','name':'nope'}}]},"
            + "'finishReason':'STOP'}]}"),
        geminiParts("", "null"), geminiParts("", "1"));
    assertThat(log).isEmpty();
    assertThat(acc.finish().ended()).isFalse();
    ToolCallAccumulator ends = ToolCallAccumulator.of(Dialect.GEMINI);
    ends.accept(geminiParts("{'functionCall':{'id':'g1','name':'ping','args':{'a':1}}}", "'STOP'"));
    AccumulatedCalls end = ends.finish();
    assertThat(end.ended()).isTrue();
    assertThat(end.calls()).containsExactly(ToolCall.of("g1", "ping", "{\"a\":1}"));
  }

  @Test
  void geminiCallsThatSayTheyWillNotContinueAreRead() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.GEMINI);
    List<String> log = feed(acc, geminiParts("{'functionCall':{'id':'a','name':'ping','args':{},'willContinue':false}},"
        + "{'functionCall':{'id':'b','name':'ping','args':{},'willContinue':'true'}}", null));
    assertThat(log).containsExactly("0:a:ping:{}", "0:b:ping:{}");
  }

  @Test
  void geminiCallsThatWillContinueOrCarryPartialArgumentsAreRefused() {
    for (String fn : List.of("{'name':'ping','willContinue':true}", "{'name':'ping','partialArgs':[]}")) {
      ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.GEMINI);
      assertThatThrownBy(() -> acc.accept(geminiParts("{'functionCall':" + fn + "}", null)))
          .isInstanceOfSatisfying(ToolCallStreamException.class,
              e -> assertThat(e.problem()).isEqualTo(ToolCallStreamException.Problem.UNSUPPORTED_EVENT))
          .hasMessage("GEMINI stream event 1 streams a function call's arguments in parts (partialArgs), which Loadout "
              + "does not read; leave streamFunctionCallArguments off");
    }
  }

  @Test
  void geminiErrorObjectsAreReportedAndOtherErrorValuesAreReadPast() {
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.GEMINI).accept(q("{'error':{'status':'UNAVAILABLE',"
        + "'type':'busy'}}"))).isInstanceOf(ToolCallStreamException.class)
        .hasMessage("GEMINI stream event 1 is an error (busy)");
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.GEMINI);
    assertThat(acc.accept(q("{'error':'no','candidates':[{'content':{'parts':[{'functionCall':{'id':'a','name':'p'}}]}}]}")))
        .containsExactly(ToolCall.of("a", "p", ""));
  }
}
