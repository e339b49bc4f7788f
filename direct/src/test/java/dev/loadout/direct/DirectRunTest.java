package dev.loadout.direct;

import dev.loadout.core.store.MutableClock;
import static dev.loadout.direct.DirectFixtures.CALC;
import static dev.loadout.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import java.time.Duration;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A direct call runs through the prepared turn, like a model's call, and always completes its task. */
class DirectRunTest {
  final List<String> received = new CopyOnWriteArrayList<>();
  final BaseTool calc = BaseTool.of(CALC, (call, ctx) -> {
    received.add(call.arguments());
    return ToolResult.text("doubled: " + call.argumentsJson().get("value").intValue() * 2);
  });
  final Loadout loadout = Loadout.builder(ToolRegistry.builder().register(calc).build())
      .executor(Runnable::run).build();
  final MutableClock clock = new MutableClock(T0);
  final InMemoryToolTaskStore store = new InMemoryToolTaskStore();
  final DirectCatalog catalog = DirectFixtures.catalog().save(CALC, DirectConfig.builder("calc").command("/calc")
      .template("{\"value\":\"{{number:input}}\"}").build());
  final DirectRouter router = DirectRouter.of(catalog, store, DirectSettings.defaults(), clock);

  PreparedTurn turn() {
    return loadout.prepare(TurnContext.builder("openai", "gpt-test").messageText("/calc 21").build());
  }

  @AfterEach
  void close() {
    loadout.close();
  }

  @Test
  void aDirectCallRunsTheToolThroughThePreparedTurnAndCompletesTheTask() {
    DirectDecision.Invoke invoke = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m1", "/calc 21"));
    ToolResult result = router.run(invoke, turn()).toCompletableFuture().join();
    assertThat(result).isEqualTo(ToolResult.text("doubled: 42"));
    assertThat(received).containsExactly("{\"value\":21}");
    ToolTask done = store.find("s").orElseThrow();
    assertThat(done.state()).isEqualTo(ToolTask.State.DONE);
    assertThat(done.arguments()).isNull();
  }

  @Test
  void aBookedTaskRunsOnTheNextMessageThroughThatMessagesTurn() {
    IncomingMessage asking = IncomingMessage.of("s", "m1", "double 21 please");
    PreparedTurn first = turn();
    assertThat(router.book(asking, first, ToolCall.of("c1", "calc", "{\"value\":21}")))
        .isInstanceOf(DirectDecision.Booked.class);
    assertThat(received).isEmpty();
    DirectDecision.Invoke invoke = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m2", "thanks"));
    PreparedTurn booked = loadout.prepare(router.contextFor(invoke, turn().context()));
    assertThat(router.run(invoke, booked).toCompletableFuture().join()).isEqualTo(ToolResult.text("doubled: 42"));
    assertThat(router.route(IncomingMessage.of("s", "m3", "again?"))).isEqualTo(new DirectDecision.NotMatched());
    assertThat(received).containsExactly("{\"value\":21}");
  }

  @Test
  void aBookedTaskHandedTheClaimantsOwnTurnIsRefusedAndNeverRuns() {
    PreparedTurn alice = loadout.prepare(TurnContext.builder("openai", "gpt-test").userId("alice").build());
    router.book(IncomingMessage.of("s", "m1", "double 21"), alice, ToolCall.of("c1", "calc", "{\"value\":21}"));
    DirectDecision.Invoke invoke = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m2", "hi"));
    PreparedTurn bob = loadout.prepare(TurnContext.builder("openai", "gpt-test").userId("bob").build());

    ToolResult result = router.run(invoke, bob).toCompletableFuture().join();

    assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class,
        f -> assertThat(f.code()).isEqualTo(DirectRouter.BOOKING_MISMATCH));
    assertThat(received).isEmpty();
    assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.DONE);
  }

  @Test
  void aCancelWhileTheToolRunsEndsTheRunAtOnceAndItsLateResultIsDropped() {
    CompletableFuture<ToolResult> late = new CompletableFuture<>();
    ToolSpec slowSpec = ToolSpec.builder("slow", CALC.parameters()).build();
    BaseTool slow = BaseTool.of(slowSpec, (call, ctx) -> {
      throw new AssertionError("unused");
    });
    BaseTool held = new BaseTool() {
      @Override
      public ToolSpec spec() {
        return slowSpec;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        return late;
      }
    };
    DirectCatalog c = DirectFixtures.catalog().save(slowSpec, DirectConfig.builder("slow").command("/slow")
        .template("{\"value\":\"{{number:input}}\"}").build());
    DirectRouter r = new DirectRouter(c, store, DirectSettings.defaults(), clock, budget -> task -> { });
    try (Loadout l = Loadout.builder(ToolRegistry.builder().register(held).build()).executor(Runnable::run).build()) {
      DirectDecision.Invoke invoke = (DirectDecision.Invoke) r.route(IncomingMessage.of("s", "m1", "/slow 1"));
      CompletableFuture<ToolResult> result = r.run(invoke, l.prepare(TurnContext.builder("openai", "m").build()))
          .toCompletableFuture();
      assertThat(result).isNotDone();

      assertThat(r.route(IncomingMessage.of("s", "m2", "/mcp-cancel"))).isInstanceOf(DirectDecision.Cancel.class);

      assertThat(result).isCompletedWithValueMatching(res -> res instanceof ToolResult.Failure f
          && f.code().equals(DirectRouter.CANCELLED));
      late.complete(ToolResult.text("too late"));
      assertThat(result.join()).isEqualTo(ToolResult.failure(DirectRouter.CANCELLED, "the tool call was cancelled", false));
    }
    assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.CANCELLED);
    assertThat(slow).isNotNull();
  }

  @Test
  void aTaskCancelledAfterItsClaimDoesNotRun() {
    DirectDecision.Invoke invoke = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m1", "/calc 21"));
    router.route(IncomingMessage.of("s", "m2", "/clear").asCancel());
    ToolResult result = router.run(invoke, turn()).toCompletableFuture().join();
    assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class,
        f -> assertThat(f.code()).isEqualTo(DirectRouter.CANCELLED));
    assertThat(received).isEmpty();
  }

  @Test
  void aTaskOfAnOlderGenerationNeverRuns() {
    DirectDecision.Invoke invoke = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m1", "/calc 21"));
    DirectRouter switched = DirectRouter.of(catalog, store, DirectSettings.defaults().withMode(TriggerMode.KEYWORD), clock);
    ToolResult result = switched.run(invoke, turn()).toCompletableFuture().join();
    assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class,
        f -> assertThat(f.code()).isEqualTo(DirectRouter.STALE_GENERATION));
    assertThat(received).isEmpty();
    assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.DONE);
  }

  @Test
  void aToolTheTurnDoesNotShowIsRefusedAndTheTaskCompleted() {
    DirectDecision.Invoke invoke = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m1", "/calc 21"));
    Loadout empty = Loadout.builder(ToolRegistry.builder().build()).executor(Runnable::run).build();
    try {
      ToolResult result = router.run(invoke, empty.prepare(TurnContext.builder("openai", "m").build()))
          .toCompletableFuture().join();
      assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class,
          f -> assertThat(f.code()).isEqualTo(ToolResult.TOOL_NOT_AVAILABLE));
    } finally {
      empty.close();
    }
    assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.DONE);
  }

  @Test
  void aToolThatOutlivesItsBudgetTimesOutAndTheTaskIsCompleted() {
    ToolSpec slowSpec = ToolSpec.builder("slow", CALC.parameters()).build();
    BaseTool slow = new BaseTool() {
      @Override
      public ToolSpec spec() {
        return slowSpec;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        return new CompletableFuture<>();
      }
    };
    List<Runnable> timers = new ArrayList<>();
    List<Duration> budgets = new ArrayList<>();
    DirectCatalog c = DirectFixtures.catalog().save(slowSpec, DirectConfig.builder("slow").command("/slow")
        .template("{\"value\":\"{{number:input}}\"}").build());
    DirectRouter r = new DirectRouter(c, store, DirectSettings.defaults().withToolBudget(Duration.ofSeconds(12)), clock,
        budget -> {
          budgets.add(budget);
          return timers::add;
        });
    try (Loadout l = Loadout.builder(ToolRegistry.builder().register(slow).build()).executor(Runnable::run).build()) {
      DirectDecision.Invoke invoke = (DirectDecision.Invoke) r.route(IncomingMessage.of("s", "m1", "/slow 1"));
      CompletableFuture<ToolResult> result = r.run(invoke, l.prepare(TurnContext.builder("openai", "m").build()))
          .toCompletableFuture();
      assertThat(result).isNotDone();
      assertThat(budgets).containsExactly(Duration.ofSeconds(12));
      timers.forEach(Runnable::run);
      assertThat(result.join()).isEqualTo(ToolResult.failure(ToolResult.TIMEOUT, "the tool did not answer within 12000 ms", true));
    }
    assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.DONE);
  }

  @Test
  void theModelGetsWhatIsLeftOfTheEventAfterTheToolsBudget() {
    DirectSettings s = DirectSettings.defaults();
    assertThat(s.modelBudget(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(22));
    assertThat(s.modelBudget(Duration.ofSeconds(30))).isEqualTo(Duration.ofSeconds(17));
  }

  /**
   * A direct run is a call on the turn's execution chain, not beside it: the turn's listener hears it start and
   * end like a model's call, a host's application interceptor sees it (inside the claimed task's own step), and a
   * task that may no longer run is a short-circuit the listener can count, never reaching the host's interceptor.
   */
  @Test
  void aDirectRunIsACallOnTheChainThatTheListenerAndTheHostsInterceptorsSee() {
    List<String> events = new CopyOnWriteArrayList<>();
    List<String> intercepted = new CopyOnWriteArrayList<>();
    try (Loadout watched = Loadout.builder(ToolRegistry.builder().register(calc).build()).executor(Runnable::run)
        .addInterceptor(chain -> {
          intercepted.add(chain.call().name());
          return chain.proceed(chain.call());
        })
        .listener(new dev.loadout.core.LoadoutListener() {
          @Override
          public void callStart(PreparedTurn turn, ToolCall call) {
            events.add("start " + call.name());
          }

          @Override
          public void callShortCircuited(PreparedTurn turn, ToolCall call, Class<?> interceptor, ToolResult result) {
            events.add("short-circuit by " + interceptor.getSimpleName() + ": "
                + ((ToolResult.Failure) result).code());
          }

          @Override
          public void callEnd(PreparedTurn turn, CallEnd end) {
            events.add("end " + end.call().name() + " " + end.code().orElse("ok"));
          }
        }).build()) {
      PreparedTurn turn = watched.prepare(TurnContext.builder("openai", "gpt-test").messageText("/calc 21").build());
      DirectDecision.Invoke invoke = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m1", "/calc 21"));
      assertThat(router.run(invoke, turn).toCompletableFuture().join()).isEqualTo(ToolResult.text("doubled: 42"));
      assertThat(events).containsExactly("start calc", "end calc ok");
      assertThat(intercepted).containsExactly("calc");

      events.clear();
      clock.advance(Duration.ofMinutes(5)); // past the cooldown: the next claim is granted
      DirectDecision.Invoke stale = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m2", "/calc 4"));
      DirectRouter newer = DirectRouter.of(catalog, store, DirectSettings.defaults().withMode(TriggerMode.KEYWORD), clock);
      ToolResult refused = newer.run(stale, turn).toCompletableFuture().join();

      assertThat(((ToolResult.Failure) refused).code()).isEqualTo(DirectRouter.STALE_GENERATION);
      assertThat(events).containsExactly("start calc", "short-circuit by ClaimedTask: stale_generation",
          "end calc stale_generation");
      assertThat(intercepted).as("refused before the host's interceptors").containsExactly("calc");
      assertThat(received).containsExactly("{\"value\":21}");
      assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.DONE);
    }
  }
}
