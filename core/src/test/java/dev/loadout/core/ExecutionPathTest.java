package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.MutableClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A call from the host's {@code execute} to the tool and back, as a host sees it: the run the listener brackets on the
 * tool's thread, a deadline that passes before the executor got to the tool, and a call's own interceptor.
 */
class ExecutionPathTest {
  private final AtomicInteger runs = new AtomicInteger();
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private final BaseTool rollDice = Tools.FnTool.of(Tools.spec("roll_dice"), (call, ctx) -> {
    runs.incrementAndGet();
    events.add("execute " + call.id() + " on " + Thread.currentThread().getName());
    return CompletableFuture.completedFuture(ToolResult.text("You rolled 4"));
  });
  private final BaseTool broken = Tools.FnTool.of(Tools.spec("broken"), (call, ctx) -> {
    throw new IllegalStateException("bug in the tool");
  });
  private final ToolRegistry registry = ToolRegistry.builder().register(rollDice, broken).build();

  /** Hears the run of each tool and the end of each call, naming the thread of the run. */
  private final LoadoutListener listener = new LoadoutListener() {
    @Override
    public void toolRunStart(PreparedTurn turn, ToolCall call) {
      events.add("runStart " + call.id() + " on " + Thread.currentThread().getName());
    }

    @Override
    public void toolRunEnd(PreparedTurn turn, ToolCall call) {
      events.add("runEnd " + call.id() + " on " + Thread.currentThread().getName());
    }

    @Override
    public void callShortCircuited(PreparedTurn turn, ToolCall call, Class<?> interceptor, ToolResult result) {
      events.add("shortCircuit " + call.id() + " by " + interceptor.getSimpleName());
    }

    @Override
    public void callEnd(PreparedTurn turn, CallEnd end) {
      events.add("callEnd " + end.call().id() + " " + end.code().orElse("ok"));
    }
  };

  private static ToolResult join(CompletionStage<ToolResult> stage) {
    return stage.toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
  }

  private static String code(ToolResult r) {
    return r instanceof ToolResult.Failure f ? f.code() : "ok";
  }

  @Test
  void theListenerHearsEachRunOnTheToolsThreadAndOnlyForCallsThatReachTheirTool() throws Exception {
    ExecutorService toolThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "tool-runner"));
    try (Loadout loadout = Loadout.builder(registry).executor(toolThread).listener(listener).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      assertThat(join(turn.execute(ToolCall.of("c1", "roll_dice", "{}"))).modelText()).isEqualTo("You rolled 4");
      assertThat(code(join(turn.execute(ToolCall.of("c2", "mute_everyone", "{}")))))
          .isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
      assertThat(code(join(turn.execute(ToolCall.of("c3", "broken", "{}"))))).isEqualTo(ToolResult.TOOL_ERROR);

      assertThat(events).containsExactly(
          "runStart c1 on tool-runner", "execute c1 on tool-runner", "runEnd c1 on tool-runner", "callEnd c1 ok",
          "callEnd c2 " + ToolResult.TOOL_NOT_AVAILABLE,
          // A tool that throws still ends its run, before the call's end.
          "runStart c3 on tool-runner", "runEnd c3 on tool-runner", "callEnd c3 " + ToolResult.TOOL_ERROR);
    } finally {
      toolThread.shutdownNow();
    }
  }

  @Test
  void aToolTheExecutorReachesOnlyAfterItsDeadlineNeverRunsWhileOneReachedInTimeDoes() {
    ManualScheduler scheduler = new ManualScheduler(new MutableClock(Tools.CLOCK.instant()));
    List<Runnable> queued = new ArrayList<>();
    try (Loadout loadout = Loadout.builder(registry).executor(queued::add).scheduler(scheduler)
        .defaultTimeout(Duration.ofSeconds(5)).listener(listener).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      CompletableFuture<ToolResult> late = turn.execute(ToolCall.of("late", "roll_dice", "{}")).toCompletableFuture();
      assertThat(queued).hasSize(1);
      scheduler.advance(Duration.ofSeconds(5));
      assertThat(late).isCompletedWithValueMatching(r -> code(r).equals(ToolResult.TIMEOUT), "answered timeout");
      queued.remove(0).run();
      assertThat(runs).as("the executor got to it after the answer").hasValue(0);
      assertThat(events).noneMatch(e -> e.startsWith("runStart late"));

      CompletableFuture<ToolResult> inTime = turn.execute(ToolCall.of("on-time", "roll_dice", "{}")).toCompletableFuture();
      scheduler.advance(Duration.ofSeconds(4));
      queued.remove(0).run();
      assertThat(inTime).isCompletedWithValueMatching(r -> r.modelText().equals("You rolled 4"), "the tool's answer");
      assertThat(runs).hasValue(1);
    }
  }

  @Test
  void aCallsOwnInterceptorRunsInsideTheCapBeforeTheHostsAndWhatItAnswersAloneIsHeard() {
    List<String> order = Collections.synchronizedList(new ArrayList<>());
    ToolInterceptor host = chain -> {
      order.add("host, tool shown: " + chain.tool().isPresent());
      return chain.proceed(chain.call());
    };
    ToolInterceptor toolSide = chain -> {
      order.add("tool interceptor, tool shown: " + chain.tool().isPresent());
      return chain.proceed(chain.call());
    };
    try (Loadout loadout = Loadout.builder(registry).addInterceptor(host).addToolInterceptor(toolSide)
        .maxResultChars(300).listener(listener).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      ToolInterceptor passes = new Passes(order);
      assertThat(join(turn.execute(ToolCall.of("c1", "roll_dice", "{}"), passes)).modelText()).isEqualTo("You rolled 4");
      assertThat(order).containsExactly("own, tool shown: false", "host, tool shown: false",
          "tool interceptor, tool shown: true");

      order.clear();
      String longAnswer = "word ".repeat(400);
      ToolInterceptor answers = new AnswersAlone(longAnswer);
      ToolResult alone = join(turn.execute(ToolCall.of("c2", "roll_dice", "{}"), answers));
      assertThat(order).as("nothing inside it ran").isEmpty();
      assertThat(runs).hasValue(1);
      assertThat(alone.modelText()).as("the result cap is outside it").hasSizeLessThan(longAnswer.length() / 2)
          .startsWith("word word").isNotEqualTo(longAnswer);
      assertThat(events).contains("shortCircuit c2 by AnswersAlone");
    }
  }

  @Test
  void aCallsOwnInterceptorIsHeldToTheContract() {
    try (Loadout loadout = Loadout.builder(registry).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      ToolCall call = ToolCall.of("c1", "roll_dice", "{}");

      ToolInterceptor twice = chain -> chain.proceed(chain.call()).thenCompose(r -> chain.proceed(chain.call()));
      assertThat(turn.execute(call, twice).toCompletableFuture()).failsWithin(Duration.ofSeconds(10))
          .withThrowableThat().havingRootCause().isInstanceOf(IllegalStateException.class)
          .withMessageContaining("must call proceed() at most once");
      assertThat(runs).as("the first proceed ran the tool, the second nothing").hasValue(1);

      ToolInterceptor nothing = chain -> chain.proceed(null);
      assertThat(turn.execute(call, nothing).toCompletableFuture()).failsWithin(Duration.ofSeconds(10))
          .withThrowableThat().havingRootCause().isInstanceOf(IllegalStateException.class)
          .withMessageContaining("interceptor " + nothing.getClass().getName() + " passed a null call to proceed()");
      assertThat(runs).hasValue(1);

      assertThatThrownBy(() -> turn.execute(call, null)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("needs a call and an interceptor");
    }
  }

  /** Passes the call on, noting that it ran and whether it was shown the tool. */
  private static final class Passes implements ToolInterceptor {
    private final List<String> order;

    Passes(List<String> order) {
      this.order = order;
    }

    @Override
    public CompletionStage<ToolResult> intercept(Chain chain) {
      order.add("own, tool shown: " + chain.tool().isPresent());
      return chain.proceed(chain.call());
    }
  }

  /** Answers without passing the call on. */
  private static final class AnswersAlone implements ToolInterceptor {
    private final String answer;

    AnswersAlone(String answer) {
      this.answer = answer;
    }

    @Override
    public CompletionStage<ToolResult> intercept(Chain chain) {
      return CompletableFuture.completedFuture(ToolResult.text(answer));
    }
  }
}
