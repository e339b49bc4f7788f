package dev.loadout.core;

import static dev.loadout.core.StreamFixtures.q;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolCallStreamException.Problem;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ToolCallAccumulator} at its edges: limits on both sides, events as trees, stray bytes in what a call's
 * first or last event says, the order of the result, and how the accumulator describes itself.
 */
class ToolCallAccumulatorEdgesTest {

  /** The event text as UTF-8 bytes, with {@code @} standing for the given raw bytes. */
  private static byte[] withBytes(String event, int... raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String[] parts = event.split("@", -1);
    for (int i = 0; i < parts.length; i++) {
      out.writeBytes(parts[i].getBytes(StandardCharsets.UTF_8));
      if (i < parts.length - 1) {
        for (int b : raw) {
          out.write(b);
        }
      }
    }
    return out.toByteArray();
  }

  private static String anthropicStart(int index, String id, String input) {
    return q("{'type':'content_block_start','index':" + index + ",'content_block':{'type':'tool_use','id':'" + id
        + "','name':'ping','input':" + input + "}}");
  }

  private static String anthropicStop(int index) {
    return q("{'type':'content_block_stop','index':" + index + "}");
  }

  // ---- limits, both sides

  @Test
  void argumentsExactlyAtTheCapAreTakenAndOneMoreIsNot() {
    ToolCallAccumulator acc = ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxArgumentsChars(10).build();
    StreamFixtures.CallEvents a = StreamFixtures.call(Dialect.ANTHROPIC, 0, "a", "ping", false, "");
    acc.accept(a.start());
    acc.accept(a.fragment().text("{\"k\":\"12"));
    acc.accept(a.fragment().text("\"}"));
    assertThat(acc.accept(a.end())).containsExactly(ToolCall.of("a", "ping", "{\"k\":\"12\"}"));
    StreamFixtures.CallEvents b = StreamFixtures.call(Dialect.ANTHROPIC, 1, "b", "ping", false, "");
    acc.accept(b.start());
    assertThatThrownBy(() -> acc.accept(b.fragment().text("{\"k\":\"123\"}")))
        .isInstanceOfSatisfying(ToolCallStreamException.class,
            e -> assertThat(e.problem()).isEqualTo(Problem.ARGUMENTS_TOO_LONG))
        .hasMessage("ANTHROPIC stream event 6: the arguments of the call at position 1 passed maxArgumentsChars (10)");
  }

  @Test
  void aFirstEventWhoseArgumentsPassTheCapIsRefused() {
    ToolCallAccumulator fits = ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxArgumentsChars(7).build();
    fits.accept(anthropicStart(0, "a", "{'k':1}"));
    assertThat(fits.accept(anthropicStop(0))).containsExactly(ToolCall.of("a", "ping", "{\"k\":1}"));

    ToolCallAccumulator over = ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxArgumentsChars(7).build();
    assertThatThrownBy(() -> over.accept(anthropicStart(0, "a", "{'k':12}")))
        .isInstanceOfSatisfying(ToolCallStreamException.class,
            e -> assertThat(e.problem()).isEqualTo(Problem.ARGUMENTS_TOO_LONG))
        .hasMessage("ANTHROPIC stream event 1: the arguments of the call at position 0 passed maxArgumentsChars (7)");
    assertThat(over.finish().incomplete()).containsExactly(
        new AccumulatedCalls.Incomplete(0, "a", "ping", 0, AccumulatedCalls.Reason.ARGUMENTS_TOO_LONG));
  }

  @Test
  void finalArgumentsThatPassTheCapAreRefusedAndTheCallIsNotHandedOut() {
    ToolCallAccumulator acc = ToolCallAccumulator.builder(Dialect.OPENAI_RESPONSES).maxArgumentsChars(8).build();
    StreamFixtures.CallEvents fits = StreamFixtures.call(Dialect.OPENAI_RESPONSES, 0, "a", "ping", true, "{\"k\":12}");
    acc.accept(fits.start());
    assertThat(acc.accept(fits.end())).containsExactly(ToolCall.of("a", "ping", "{\"k\":12}"));
    StreamFixtures.CallEvents over = StreamFixtures.call(Dialect.OPENAI_RESPONSES, 1, "b", "ping", true, "{\"k\":123}");
    acc.accept(over.start());
    assertThatThrownBy(() -> acc.accept(over.end())).isInstanceOfSatisfying(ToolCallStreamException.class,
        e -> {
          assertThat(e.problem()).isEqualTo(Problem.ARGUMENTS_TOO_LONG);
          assertThat(e.completedCalls()).isEmpty();
        }).hasMessage("OPENAI_RESPONSES stream event 4: the arguments of the call at position 1 passed maxArgumentsChars (8)");
    assertThat(acc.finish().calls()).containsExactly(ToolCall.of("a", "ping", "{\"k\":12}"));
  }

  @Test
  void theLimitsTakeTheirWholeRangeAndNothingBeyond() {
    assertThat(ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxArgumentsChars(1).maxArgumentsChars(Integer.MAX_VALUE - 8)
        .maxCalls(1).maxCalls(ToolCallAccumulator.MAX_CALLS_LIMIT).build().dialect()).isEqualTo(Dialect.ANTHROPIC);
    assertThatThrownBy(() -> ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxArgumentsChars(Integer.MAX_VALUE - 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxArgumentsChars must be from 1 to 2147483639, but was 2147483640");
    assertThatThrownBy(() -> ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxCalls(0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxCalls must be from 1 to 10000, but was 0");
  }

  @Test
  void aCapOfOneCharacterTakesOneAndACapOfOneCallTakesOne() {
    Dialect d = Dialect.OPENAI_RESPONSES;
    ToolCallAccumulator acc = ToolCallAccumulator.builder(d).maxArgumentsChars(1).maxCalls(1).build();
    StreamFixtures.CallEvents a = StreamFixtures.call(d, 0, "a", "ping", false, "");
    acc.accept(a.start());
    acc.accept(a.fragment().text("7"));
    assertThat(acc.accept(a.end())).containsExactly(ToolCall.of("a", "ping", "7"));
    assertThatThrownBy(() -> acc.accept(StreamFixtures.call(d, 1, "b", "ping", false, "").start()))
        .isInstanceOfSatisfying(ToolCallStreamException.class, e -> assertThat(e.problem()).isEqualTo(Problem.TOO_MANY_CALLS))
        .hasMessage("OPENAI_RESPONSES stream event 4: a call beyond maxCalls (1) began");
  }

  // ---- events as trees

  private static final String CHAT_NO_ID = q("{'id':'chatcmpl-T','choices':[{'index':0,'delta':{'tool_calls':[{'index':0,"
      + "'function':{'name':'ping','arguments':'{}'}}]}}]}");
  private static final String CHAT_FINISH = q("{'choices':[{'index':0,'delta':{},'finish_reason':'tool_calls'}]}");

  @Test
  void treesHandOutTheCallsTheirEventCompleted() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    assertThat(acc.accept(Json.parse(anthropicStart(0, "a", "{}")))).isEmpty();
    assertThat(acc.accept(Json.parse(anthropicStop(0)))).containsExactly(ToolCall.of("a", "ping", "{}"));
  }

  @Test
  void madeUpIdsOfATreeStreamComeFromItsFirstEventAsCompactText() {
    ToolCallAccumulator text = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    text.accept(CHAT_NO_ID);
    text.accept(CHAT_FINISH);
    String id = text.finish().calls().get(0).id();
    assertThat(id).matches("call_[0-9a-f]{12}_0");

    ToolCallAccumulator tree = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    tree.accept(Json.parse(CHAT_NO_ID));
    tree.accept(Json.parse(CHAT_FINISH));
    assertThat(tree.finish().calls()).extracting(ToolCall::id).containsExactly(id);

    // Only the first event counts: a different last event changes nothing, a different first event changes the id.
    ToolCallAccumulator sameFirst = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    sameFirst.accept(Json.parse(CHAT_NO_ID));
    sameFirst.accept(Json.parse(CHAT_FINISH.replace("tool_calls\"}", "stop\"}")));
    assertThat(sameFirst.finish().calls()).extracting(ToolCall::id).containsExactly(id);
    ToolCallAccumulator otherFirst = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    otherFirst.accept(Json.parse(CHAT_NO_ID.replace("chatcmpl-T", "chatcmpl-U")));
    otherFirst.accept(Json.parse(CHAT_FINISH));
    assertThat(otherFirst.finish().calls()).extracting(ToolCall::id).doesNotContain(id).hasSize(1);
  }

  @Test
  void aTreeIsRefusedAfterFinishAndOnceALimitStoppedTheAccumulator() {
    ToolCallAccumulator finished = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    finished.finish();
    assertThatThrownBy(() -> finished.accept(Json.parse(anthropicStop(0)))).isInstanceOf(IllegalStateException.class)
        .hasMessage("ANTHROPIC stream was already finished; use a new accumulator per response");

    ToolCallAccumulator stopped = ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxCalls(1).build();
    stopped.accept(Json.parse(anthropicStart(0, "a", "{}")));
    assertThatThrownBy(() -> stopped.accept(Json.parse(anthropicStart(1, "b", "{}"))))
        .isInstanceOf(ToolCallStreamException.class).hasMessage("ANTHROPIC stream event 2: a call beyond maxCalls (1) began");
    assertThatThrownBy(() -> stopped.accept(Json.parse(anthropicStop(0)))).isInstanceOf(IllegalStateException.class)
        .hasMessage("ANTHROPIC stream accumulator stopped at a limit: ANTHROPIC stream event 2: a call beyond maxCalls (1) "
            + "began");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.ANTHROPIC).accept((tools.jackson.databind.JsonNode) null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("event must not be null");
    assertThatThrownBy(() -> ToolCallAccumulator.of(Dialect.ANTHROPIC).accept((byte[]) null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("event must not be null");
  }

  // ---- stray bytes in a call's first and last event

  @Test
  void strayBytesInTheArgumentsOfACallsFirstEventBecomeReplacementCharacters() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    acc.accept(withBytes(anthropicStart(0, "a", "{'s':'x@'}"), 0xE2, 0x82));
    assertThat(acc.accept(anthropicStop(0))).containsExactly(ToolCall.of("a", "ping", "{\"s\":\"x\ufffd\"}"));
  }

  @Test
  void strayBytesInFinalArgumentsBecomeReplacementCharacters() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    StreamFixtures.CallEvents c = StreamFixtures.call(Dialect.OPENAI_RESPONSES, 0, "a", "ping", false, "");
    acc.accept(c.start());
    byte[] done = withBytes(q("{'type':'response.function_call_arguments.done','item_id':'fc_0','output_index':0,"
        + "'arguments':'{\\'s\\':\\'x@\\'}'}"), 0xE2, 0x82);
    assertThat(acc.accept(done)).containsExactly(ToolCall.of("a", "ping", "{\"s\":\"x\ufffd\"}"));
  }

  @Test
  void strayBytesInAnIdOrANameBecomeReplacementCharacters() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
    acc.accept(withBytes(q("{'choices':[{'index':0,'delta':{'tool_calls':[{'index':0,'id':'id_@','function':{'name':'n_@',"
        + "'arguments':'{}'}}]}}]}"), 0xC3));
    assertThat(acc.accept(CHAT_FINISH)).containsExactly(ToolCall.of("id_\ufffd", "n_\ufffd", "{}"));
  }

  @Test
  void escapedSurrogatesInATextEventAreKeptAsSent() {
    // Written as JSON escapes in a text event, U+DCE2 is a character of its own, not a stray byte.
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
    StreamFixtures.CallEvents c = StreamFixtures.call(Dialect.OPENAI_RESPONSES, 0, "id_\\udce2", "n_\\udce2", false, "");
    acc.accept(c.start());
    assertThat(acc.accept(q("{'type':'response.function_call_arguments.done','item_id':'fc_0','output_index':0,"
        + "'arguments':'\\udce2'}"))).containsExactly(ToolCall.of("id_\udce2", "n_\udce2", "\udce2"));
  }

  // ---- order of the result, and the description

  @Test
  void finishListsCallsByPositionWhatEverOrderTheyBeganOrCompletedIn() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.ANTHROPIC);
    acc.accept(anthropicStart(1, "b", "{}"));
    acc.accept(anthropicStart(2, "c", "{}"));
    acc.accept(anthropicStart(0, "a", "{}"));
    acc.accept(anthropicStop(2));
    acc.accept(anthropicStop(0));
    acc.accept(anthropicStop(1));
    assertThat(acc.completed()).extracting(ToolCall::id).containsExactly("c", "a", "b");
    assertThat(acc.finish().calls()).extracting(ToolCall::id).containsExactly("a", "b", "c");
  }

  @Test
  void theDescriptionCountsEventsAndCallsAndSaysWhenStoppedOrFinished() {
    ToolCallAccumulator acc = ToolCallAccumulator.builder(Dialect.ANTHROPIC).maxCalls(2).build();
    assertThat(acc).hasToString("ToolCallAccumulator{ANTHROPIC, events=0, started=0, completed=0}");
    acc.accept(anthropicStart(0, "a", "{}"));
    acc.accept(anthropicStop(0));
    acc.accept(anthropicStart(1, "b", "{}"));
    assertThat(acc).hasToString("ToolCallAccumulator{ANTHROPIC, events=3, started=2, completed=1}");
    assertThatThrownBy(() -> acc.accept(anthropicStart(2, "c", "{}"))).isInstanceOf(ToolCallStreamException.class);
    assertThat(acc).hasToString("ToolCallAccumulator{ANTHROPIC, events=4, started=2, completed=1, stopped}");
    acc.finish();
    assertThat(acc).hasToString("ToolCallAccumulator{ANTHROPIC, events=4, started=2, completed=1, stopped, finished}");
    ToolCallAccumulator done = ToolCallAccumulator.of(Dialect.GEMINI);
    done.finish();
    assertThat(done).hasToString("ToolCallAccumulator{GEMINI, events=0, started=0, completed=0, finished}");
  }

  @Test
  void callsCompletedTogetherComeOutInCompletionOrder() {
    ToolCallAccumulator acc = ToolCallAccumulator.of(Dialect.GEMINI);
    List<ToolCall> out = acc.accept(StreamFixtures.geminiChunk(List.of(new String[] {"g1", "one", "{}"},
        new String[] {"g2", "two", "{}"})));
    assertThat(out).extracting(ToolCall::id).containsExactly("g1", "g2");
    assertThat(acc.completed()).isEqualTo(out);
  }
}
