package dev.loadout.testkit.flows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ResultRemainders;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.time.TestClock;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A tool answers with far more than the result cap: the model is shown the first part with the id and offset to
 * read on, the follow-up request of the same message shows {@code read_result_part}, and the model reads the rest
 * window by window. Another channel never sees the tool or the text, and the text expires.
 */
class OversizedResultConversationTest {
  /** Line n of the log is "line 0000n"; 50,000 characters in all. */
  static final String LOG = IntStream.range(0, 5_000).mapToObj(n -> String.format("line %04d", n))
      .collect(Collectors.joining("\n"));

  final TestClock clock = TestClock.at(ChatBot.T0);
  final ResultRemainders remainders = ResultRemainders.builder().clock(clock).windowChars(1_000).build();
  final ScriptedModel model = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
  final Loadout loadout = Loadout.builder(ToolRegistry.builder()
          .register(BaseTool.of(ToolSpec.builder("read_log", "{\"type\":\"object\"}").build(),
              (call, ctx) -> ToolResult.text(LOG)))
          .register(remainders.readTool()).build())
      .executor(Runnable::run).maxResultChars(2_000).resultRemainders(remainders).build();

  @AfterEach
  void close() {
    loadout.close();
  }

  static TurnContext in(String channel) {
    return TurnContext.builder("openai", "gpt-test").guildId("g1").channelId(channel).userId("alice").build();
  }

  /** One model request on a freshly prepared turn, and the one call the model answers with. */
  String call(TurnContext context, String tool, String arguments) {
    PreparedTurn turn = loadout.prepare(context);
    model.enqueueToolCalls(ToolCall.of("", tool, arguments));
    ToolCall call = Dialect.OPENAI_CHAT.parseToolCalls(model.respond("{\"tools\":"
        + turn.render(Dialect.OPENAI_CHAT).json() + "}")).get(0);
    ToolResult r = turn.execute(call).toCompletableFuture().join();
    return r instanceof ToolResult.Success s ? s.modelText() : ((ToolResult.Failure) r).code();
  }

  @Test
  void theModelReadsACutResultToTheEndThroughReadResultPart() {
    String first = call(in("general"), "read_log", "{}");
    assertThat(model.takeRequest()).doesNotContain("read_result_part");
    assertThat(first).startsWith("line 0000\nline 0001").endsWith("\n[truncated: showing the first 2000 of 49999 "
        + "characters; call read_result_part with result_id \"r1\" and offset 2000 to read on]");

    StringBuilder read = new StringBuilder(first.substring(0, 2000));
    int offset = 2000;
    while (offset >= 0) {
      String part = call(in("general"), "read_result_part", "{\"result_id\":\"r1\",\"offset\":" + offset + "}");
      assertThat(model.takeRequest()).contains("\"read_result_part\"");
      int note = part.lastIndexOf("\n[");
      read.append(part, 0, note);
      String tail = part.substring(note);
      offset = tail.contains("offset ") ? Integer.parseInt(tail.replaceAll("(?s).*offset (\\d+).*", "$1")) : -1;
    }
    assertThat(read.toString()).isEqualTo(LOG);
  }

  @Test
  void anotherChannelNeverSeesTheToolNorTheTextAndTheTextExpires() {
    call(in("general"), "read_log", "{}");

    PreparedTurn elsewhere = loadout.prepare(in("random"));
    assertThat(elsewhere.visibleNames()).containsExactly("read_log");
    assertThat(elsewhere.hidden("read_result_part")).isPresent();
    ToolResult direct = remainders.readTool().execute(ToolCall.of("c", "read_result_part",
        "{\"result_id\":\"r1\",\"offset\":2000}"), in("random")).toCompletableFuture().join();
    assertThat(direct).isInstanceOfSatisfying(ToolResult.Failure.class,
        f -> assertThat(f.code()).isEqualTo("result_not_found"));
    assertThat(direct.toString()).doesNotContain("line 0");

    clock.advance(ResultRemainders.DEFAULT_TIME_TO_LIVE);
    assertThat(loadout.prepare(in("general")).visibleNames()).containsExactly("read_log");
    assertThat(remainders.readTool().execute(ToolCall.of("c", "read_result_part",
        "{\"result_id\":\"r1\",\"offset\":2000}"), in("general")).toCompletableFuture().join().isSuccess()).isFalse();
  }

  @Test
  void aSessionKeepsOnlyItsNewestResults() {
    for (int i = 0; i < 5; i++) {
      clock.advance(Duration.ofSeconds(1));
      call(in("general"), "read_log", "{}");
    }
    assertThat(call(in("general"), "read_result_part", "{\"result_id\":\"r1\",\"offset\":2000}"))
        .isEqualTo("result_not_found");
    assertThat(call(in("general"), "read_result_part", "{\"result_id\":\"r5\",\"offset\":2000}"))
        .startsWith("line 0200");
    assertThat(List.of(model.requestCount())).containsExactly(7);
  }
}
