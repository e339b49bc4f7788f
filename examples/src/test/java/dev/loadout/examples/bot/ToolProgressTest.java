package dev.loadout.examples.bot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The progress line of running tools, on a scheduler the test moves by hand: nothing here waits for real time. */
class ToolProgressTest {
  final TestClock clock = TestClock.create();
  final TestScheduler ticks = TestScheduler.on(clock);
  final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @AfterEach
  void noTickFailed() {
    assertThat(ticks.failures()).isEmpty();
  }

  @Test
  void onATerminalTheLineAppearsAfterAWholeSecondCountsUpInPlaceAndIsErasedWhenTheToolEnds() {
    ToolProgress progress = new ToolProgress(ticks, new StreamedAnswer(out, true));

    Runnable end = progress.start("fetch_url");
    ticks.advance(Duration.ofMillis(999));
    assertThat(printed()).isEmpty();
    ticks.advance(Duration.ofMillis(1));
    assertThat(printed()).isEqualTo("\r  ... fetch_url running 1s");
    ticks.advance(Duration.ofSeconds(2));
    assertThat(printed()).endsWith("\r  ... fetch_url running 3s").doesNotContain("\n");

    end.run();
    String erase = "\r" + " ".repeat("  ... fetch_url running 3s".length()) + "\r";
    assertThat(printed()).endsWith(erase);
    int before = printed().length();
    ticks.advance(Duration.ofSeconds(10));
    end.run();
    assertThat(printed()).hasSize(before);
  }

  @Test
  void twoRunningToolsShareTheLineAndTheOneStillRunningStaysOnIt() {
    ToolProgress progress = new ToolProgress(ticks, new StreamedAnswer(out, false));

    Runnable search = progress.start("web_search");
    ticks.advance(Duration.ofSeconds(1));
    Runnable image = progress.start("generate_image");
    ticks.advance(Duration.ofSeconds(1));
    search.run();
    ticks.advance(Duration.ofSeconds(1));
    image.run();
    ticks.advance(Duration.ofSeconds(5));

    // Piped output: each new text is a line of its own, nothing is erased, and nothing comes after the last tool ends.
    assertThat(printed()).isEqualTo("""
          ... web_search running 1s
          ... web_search running 2s
          ... web_search running 2s, generate_image running 1s
          ... generate_image running 1s
          ... generate_image running 2s
        """);
  }

  @Test
  void aTickDuringAStreamedAnswerNeverLandsInsideItsTextAndShowsOnceTheLineEnds() {
    StreamedAnswer console = new StreamedAnswer(out, true);
    ToolProgress progress = new ToolProgress(ticks, console);

    Runnable end = progress.start("mcp_search");
    console.accept("The answer ");
    ticks.advance(Duration.ofSeconds(2));
    console.accept("is 42.");
    assertThat(printed()).isEqualTo("bot: The answer is 42.");
    console.endLine();
    assertThat(printed()).isEqualTo("bot: The answer is 42.\n\r  ... mcp_search running 2s");

    // A piece of a new answer takes the progress line off before it prints; a whole line does too, then redraws it.
    console.line("  ... calling roll_dice");
    end.run();
    String erase = "\r" + " ".repeat("  ... mcp_search running 2s".length()) + "\r";
    assertThat(printed()).isEqualTo("bot: The answer is 42.\n\r  ... mcp_search running 2s"
        + erase + "  ... calling roll_dice\n\r  ... mcp_search running 2s" + erase);
  }

  @Test
  void asALoadoutToolInterceptorItCountsOnlyWhileTheCallRunsAndAWithoutSchedulerProgressShowsNothing() {
    CompletableFuture<ToolResult> result = new CompletableFuture<>();
    CompletableFuture<Void> started = new CompletableFuture<>();
    BaseTool slow = new BaseTool() {
      @Override
      public ToolSpec spec() {
        return ToolSpec.builder("slow_fetch", "{\"type\":\"object\"}").description("Takes its time.").build();
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        started.complete(null);
        return result;
      }
    };
    StreamedAnswer console = new StreamedAnswer(out, false);
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(slow).build())
        .addToolInterceptor(new ToolProgress(ticks, console).interceptor()).build()) {
      PreparedTurn turn = loadout.prepare(TurnContext.builder("openai", "m").build());

      CompletableFuture<ToolResult> call = turn.execute(ToolCall.of("c1", "slow_fetch", "{}")).toCompletableFuture();
      CompletableFuture<ToolResult> refused = turn.execute(ToolCall.of("c2", "not_shown", "{}")).toCompletableFuture();
      started.join(); // the interceptor has started counting once the tool runs, on whichever thread
      ticks.advance(Duration.ofSeconds(3));
      assertThat(printed()).isEqualTo("  ... slow_fetch running 1s\n  ... slow_fetch running 2s\n"
          + "  ... slow_fetch running 3s\n");
      assertThat(refused.join()).isInstanceOf(ToolResult.Failure.class);

      result.complete(ToolResult.text("done"));
      assertThat(call.join().modelText()).isEqualTo("done");
      ticks.advance(Duration.ofSeconds(3));
      assertThat(printed()).doesNotContain("4s").doesNotContain("not_shown");
    }

    bytes.reset();
    ToolProgress off = new ToolProgress(null, console);
    off.start("fetch_url").run();
    ticks.advance(Duration.ofSeconds(3));
    assertThat(printed()).isEmpty();
  }
}
