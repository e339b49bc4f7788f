package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** What a host's listener sees of a turn, driven through the public prepare / render / execute path. */
class LoadoutListenerTest {
  /** Each reading advances 7 ms: durations are then counts of readings, not of wall-clock time. */
  private final AtomicLong nanos = new AtomicLong();
  private final java.util.function.LongSupplier ticker = () -> nanos.addAndGet(Duration.ofMillis(7).toNanos());

  private static final BaseTool ROLL_DICE = Tools.FnTool.echo(Tools.spec("roll_dice"));
  private static final BaseTool BROKEN = Tools.FnTool.of(Tools.spec("broken"), (call, ctx) -> {
    throw new IllegalStateException("bug in the tool");
  });
  private static final BaseTool ADMIN_ONLY = Tools.FnTool.echo(Tools.spec("ban_user"));
  private static final BaseTool STRICT_ARGS = Tools.FnTool.echo(ToolSpec.builder("set_volume", Tools.schema(
      "{\"type\":\"object\",\"properties\":{\"level\":{\"type\":\"integer\"}},\"required\":[\"level\"],"
          + "\"additionalProperties\":false}")).description("Sets the volume.").build());
  private static final ToolRegistry REGISTRY = ToolRegistry.builder().register(ROLL_DICE, BROKEN, ADMIN_ONLY, STRICT_ARGS)
      .build();
  private static final AvailabilityFilter NO_BANS = (spec, ctx) -> spec.name().equals("ban_user")
      ? AvailabilityDecision.hidden("needs_admin", "only admins may ban")
      : AvailabilityDecision.available();

  /** Every event as one line, in arrival order. */
  static class Recorder extends LoadoutListener {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());
    final List<CallEnd> ends = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void prepareStart(TurnContext context) {
      events.add("prepareStart " + context.userId().orElse("?"));
    }

    @Override
    public void toolHidden(TurnContext context, HiddenTool tool) {
      events.add("hidden " + tool.name() + " " + tool.reasons().get(0).code());
    }

    @Override
    public void prepareEnd(PreparedTurn turn, Duration took) {
      events.add("prepareEnd visible=" + turn.visible().size() + " hidden=" + turn.hidden().size() + " took="
          + took.toMillis());
    }

    @Override
    public void renderEnd(PreparedTurn turn, Dialect dialect, boolean strict, boolean cached) {
      events.add("render " + dialect + " strict=" + strict + " cached=" + cached);
    }

    @Override
    public void callStart(PreparedTurn turn, ToolCall call) {
      events.add("callStart " + call.id() + " " + call.name());
    }

    @Override
    public void callShortCircuited(PreparedTurn turn, ToolCall call, Class<?> interceptor, ToolResult result) {
      events.add("shortCircuit " + call.id() + " by " + interceptor.getSimpleName() + " "
          + (result instanceof ToolResult.Failure f ? f.code() : "ok"));
    }

    @Override
    public void callEnd(PreparedTurn turn, CallEnd end) {
      ends.add(end);
      events.add("callEnd " + end.call().id() + " " + end.code().orElse("ok"));
    }

    @Override
    public void callFailed(PreparedTurn turn, ToolCall call, Throwable error, Duration took) {
      events.add("callFailed " + call.id() + " " + error.getClass().getSimpleName());
    }
  }

  private static ToolResult run(PreparedTurn turn, ToolCall call) {
    return turn.execute(call).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
  }

  @Test
  void prepareReportsEachHiddenToolWithItsReasonBetweenStartAndEnd() {
    Recorder recorder = new Recorder();
    try (Loadout loadout = Loadout.builder(REGISTRY).addFilter(NO_BANS).listener(recorder).ticker(ticker).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      assertThat(turn.visibleNames()).containsExactly("broken", "roll_dice", "set_volume");
      // Two readings of the ticker (start, end), 7 ms apart by it, whatever the machine took.
      assertThat(recorder.events).containsExactly("prepareStart u1", "hidden ban_user needs_admin",
          "prepareEnd visible=3 hidden=1 took=7");
    }
  }

  @Test
  void rendersSayWhetherTheBytesCameFromAnEarlierTurn() {
    Recorder recorder = new Recorder();
    try (Loadout loadout = Loadout.builder(REGISTRY).listener(recorder).build()) {
      PreparedTurn first = loadout.prepare(Tools.context().build());
      RenderedTools bytes = first.render(Dialect.ANTHROPIC);
      PreparedTurn second = loadout.prepare(Tools.context().userId("u2").build());
      RenderedTools again = second.render(Dialect.ANTHROPIC);
      second.renderStrict(Dialect.OPENAI_CHAT);

      assertThat(again).isSameAs(bytes);
      assertThat(recorder.events).filteredOn(e -> e.startsWith("render")).containsExactly(
          "render ANTHROPIC strict=false cached=false", "render ANTHROPIC strict=false cached=true",
          "render OPENAI_CHAT strict=true cached=false");
    }
  }

  @Test
  void eachCallEndsOnceWithTheCodeTheModelReads() {
    Recorder recorder = new Recorder();
    try (Loadout loadout = Loadout.builder(REGISTRY).addFilter(NO_BANS).listener(recorder).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      recorder.events.clear();

      assertThat(run(turn, ToolCall.of("c1", "roll_dice", "{}")).isSuccess()).isTrue();
      assertThat(((ToolResult.Failure) run(turn, ToolCall.of("c2", "ban_user", "{}"))).code())
          .isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
      assertThat(((ToolResult.Failure) run(turn, ToolCall.of("c3", "set_volume", "{\"level\":\"loud\"}"))).code())
          .isEqualTo(ToolResult.INVALID_ARGUMENTS);
      assertThat(((ToolResult.Failure) run(turn, ToolCall.of("c4", "broken", "{}"))).code())
          .isEqualTo(ToolResult.TOOL_ERROR);

      assertThat(recorder.events).containsExactly("callStart c1 roll_dice", "callEnd c1 ok",
          "callStart c2 ban_user", "callEnd c2 tool_not_available",
          "callStart c3 set_volume", "callEnd c3 invalid_arguments",
          "callStart c4 broken", "callEnd c4 tool_error");
      LoadoutListener.CallEnd ok = recorder.ends.get(0);
      assertThat(ok.succeeded()).isTrue();
      assertThat(ok.result().modelText()).isEqualTo("{}");
      assertThat(ok.retryable()).isFalse();
      assertThat(ok.source()).isEmpty();
      assertThat(recorder.ends.get(3).succeeded()).isFalse();
    }
  }

  @Test
  void aTimeoutEndsTheCallRetryableWithTheDurationByTheTicker() {
    Recorder recorder = new Recorder();
    ManualScheduler scheduler = new ManualScheduler(new dev.loadout.core.store.MutableClock(Tools.CLOCK.instant()));
    CompletableFuture<ToolResult> never = new CompletableFuture<>();
    BaseTool hangs = Tools.FnTool.of(Tools.spec("hangs").toBuilder().timeout(Duration.ofSeconds(3)).build(),
        (call, ctx) -> never);
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(hangs).build()).listener(recorder)
        .scheduler(scheduler).executor(Runnable::run).ticker(ticker).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      CompletableFuture<ToolResult> pending = turn.execute(ToolCall.of("c1", "hangs", "{}")).toCompletableFuture();
      assertThat(recorder.ends).isEmpty();

      scheduler.advance(Duration.ofSeconds(3));

      assertThat(((ToolResult.Failure) pending.join()).code()).isEqualTo(ToolResult.TIMEOUT);
      assertThat(recorder.ends).singleElement().satisfies(end -> {
        assertThat(end.code()).contains(ToolResult.TIMEOUT);
        assertThat(end.retryable()).isTrue();
        assertThat(end.took()).isEqualTo(Duration.ofMillis(7));
      });
    }
  }

  /** Answers every call itself, as a cooldown would. */
  static final class Cooldown implements ToolInterceptor {
    @Override
    public java.util.concurrent.CompletionStage<ToolResult> intercept(Chain chain) {
      return CompletableFuture.completedFuture(ToolResult.failure("cooldown", "Wait a moment.", true));
    }
  }

  /** Passes every call on. */
  static final class Audit implements ToolInterceptor {
    @Override
    public java.util.concurrent.CompletionStage<ToolResult> intercept(Chain chain) {
      return chain.proceed(chain.call());
    }
  }

  @Test
  void anInterceptorThatAnswersItselfIsNamedOnceAndOnlyIt() {
    Recorder recorder = new Recorder();
    try (Loadout loadout = Loadout.builder(REGISTRY).addInterceptor(new Audit()).addInterceptor(new Cooldown())
        .listener(recorder).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      recorder.events.clear();

      run(turn, ToolCall.of("c1", "roll_dice", "{}"));

      assertThat(recorder.events).containsExactly("callStart c1 roll_dice", "shortCircuit c1 by Cooldown cooldown",
          "callEnd c1 cooldown");
      assertThat(recorder.ends.get(0).retryable()).isTrue();
    }
  }

  @Test
  void interceptorsThatPassCallsOnAreNotShortCircuits() {
    Recorder recorder = new Recorder();
    try (Loadout loadout = Loadout.builder(REGISTRY).addInterceptor(new Audit()).listener(recorder).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      recorder.events.clear();

      run(turn, ToolCall.of("c1", "roll_dice", "{}"));

      assertThat(recorder.events).containsExactly("callStart c1 roll_dice", "callEnd c1 ok");
    }
  }

  @Test
  void aStageFailedByAnInterceptorBugIsACallFailure() {
    Recorder recorder = new Recorder();
    ToolInterceptor buggy = chain -> null;
    try (Loadout loadout = Loadout.builder(REGISTRY).addInterceptor(buggy).listener(recorder).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      recorder.events.clear();

      CompletableFuture<ToolResult> f = turn.execute(ToolCall.of("c1", "roll_dice", "{}")).toCompletableFuture();

      assertThat(f).isCompletedExceptionally();
      assertThat(recorder.events).containsExactly("callStart c1 roll_dice", "callFailed c1 IllegalStateException");
    }
  }

  @Test
  void anExternalToolsCallNamesItsSource() {
    Recorder recorder = new Recorder();
    ToolSource notes = ToolSource.of("s1", "notes server", List.of(Tools.FnTool.echo(Tools.spec("add_note"))));
    try (Loadout loadout = Loadout.builder(REGISTRY).externalTools(ctx -> List.of(notes)).listener(recorder).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      run(turn, ToolCall.of("c1", "add_note", "{}"));

      assertThat(recorder.ends).singleElement().satisfies(end -> assertThat(end.source()).isEqualTo(
          turn.externalSource("add_note")).isPresent());
    }
  }

  /** Throws from every event. */
  static final class Throwing extends Recorder {
    @Override
    public void prepareStart(TurnContext context) {
      throw new IllegalStateException("listener bug");
    }

    @Override
    public void toolHidden(TurnContext context, HiddenTool tool) {
      throw new IllegalStateException("listener bug");
    }

    @Override
    public void prepareEnd(PreparedTurn turn, Duration took) {
      throw new IllegalStateException("listener bug");
    }

    @Override
    public void renderEnd(PreparedTurn turn, Dialect dialect, boolean strict, boolean cached) {
      throw new IllegalStateException("listener bug");
    }

    @Override
    public void callStart(PreparedTurn turn, ToolCall call) {
      throw new IllegalStateException("listener bug");
    }

    @Override
    public void callEnd(PreparedTurn turn, CallEnd end) {
      throw new IllegalStateException("listener bug");
    }
  }

  @Test
  void aThrowingListenerChangesNothingAndIsLoggedOncePerEvent() {
    try (Loadout quiet = Loadout.builder(REGISTRY).addFilter(NO_BANS).build();
        Loadout loud = Loadout.builder(REGISTRY).addFilter(NO_BANS).listener(new Throwing()).build()) {
      for (int round = 0; round < 3; round++) {
        PreparedTurn expected = quiet.prepare(Tools.context().build());
        PreparedTurn turn = loud.prepare(Tools.context().build());
        assertThat(turn.visibleNames()).isEqualTo(expected.visibleNames());
        assertThat(turn.hidden()).isEqualTo(expected.hidden());
        assertThat(turn.render(Dialect.GEMINI).bytes()).isEqualTo(expected.render(Dialect.GEMINI).bytes());
        ToolCall call = ToolCall.of("c" + round, "roll_dice", "{\"n\":" + round + "}");
        assertThat(run(turn, call)).isEqualTo(run(expected, call));
      }
      // prepareStart, toolHidden, prepareEnd, renderEnd, callStart, callEnd: one warning each over three turns.
      assertThat(loud.warnings.logged()).isEqualTo(6);
      assertThat(quiet.warnings.logged()).isZero();
    }
  }

  @Test
  void aToolsRequestEventsReachTheTurnsListenerForItsCallAndAThrowingOneIsContained() {
    List<String> heard = new ArrayList<>();
    LoadoutListener listener = new LoadoutListener() {
      @Override
      public void outboundHop(PreparedTurn turn, ToolCall call, int hop, String origin) {
        heard.add(call.id() + " hop " + hop + " " + origin);
        throw new IllegalStateException("a broken listener");
      }

      @Override
      public void urlRefused(PreparedTurn turn, ToolCall call, int hop, String host, String code) {
        heard.add(call.id() + " refused " + hop + " " + host + " " + code);
      }
    };
    try (Loadout quiet = Loadout.builder(REGISTRY).build();
        Loadout heardBy = Loadout.builder(REGISTRY).listener(listener).build()) {
      ToolCall call = ToolCall.of("c1", "roll_dice", "{}");
      assertThat(quiet.prepare(Tools.context().build()).netEvents(call)).isSameAs(dev.loadout.core.net.NetEvents.NONE);

      dev.loadout.core.net.NetEvents events = heardBy.prepare(Tools.context().build()).netEvents(call);
      events.hop(0, "https://a.example");
      events.hop(1, "https://b.example");
      events.refused(2, "10.0.0.1", "private_network");

      assertThat(heard).containsExactly("c1 hop 0 https://a.example", "c1 hop 1 https://b.example",
          "c1 refused 2 10.0.0.1 private_network");
      assertThat(heardBy.warnings.logged()).as("once for outboundHop").isEqualTo(1);
    }
  }

  @Test
  void theFactoryGivesEachTurnItsOwnListener() {
    List<Recorder> created = Collections.synchronizedList(new ArrayList<>());
    try (Loadout loadout = Loadout.builder(REGISTRY).ticker(() -> 0L).listenerFactory(ctx -> {
      Recorder r = new Recorder();
      created.add(r);
      return r;
    }).build()) {
      PreparedTurn a = loadout.prepare(Tools.context().userId("alice").build());
      PreparedTurn b = loadout.prepare(Tools.context().userId("bob").build());
      run(b, ToolCall.of("b1", "roll_dice", "{}"));
      run(a, ToolCall.of("a1", "roll_dice", "{}"));

      assertThat(created).hasSize(2);
      assertThat(created.get(0).events).containsExactly("prepareStart alice", "prepareEnd visible=4 hidden=0 took=0",
          "callStart a1 roll_dice", "callEnd a1 ok").hasSize(4);
      assertThat(created.get(1).events).contains("prepareStart bob", "callStart b1 roll_dice", "callEnd b1 ok")
          .doesNotContain("callStart a1 roll_dice");
    }
  }

  @Test
  void aFactoryThatFailsLeavesTheTurnWithoutAListener() {
    LoadoutListener.Factory throwing = ctx -> {
      throw new IllegalStateException("factory bug");
    };
    try (Loadout broken = Loadout.builder(REGISTRY).listenerFactory(throwing).build();
        Loadout empty = Loadout.builder(REGISTRY).listenerFactory(ctx -> null).build()) {
      for (Loadout loadout : List.of(broken, empty, broken, empty)) {
        PreparedTurn turn = loadout.prepare(Tools.context().build());
        assertThat(turn.visibleNames()).hasSize(4);
        assertThat(run(turn, ToolCall.of("c1", "roll_dice", "{}")).isSuccess()).isTrue();
      }
      assertThat(broken.warnings.logged()).isEqualTo(1);
      assertThat(empty.warnings.logged()).isEqualTo(1);
    }
  }

  @Test
  void callEndRefusesNulls() {
    ToolCall call = ToolCall.of("c1", "roll_dice", "{}");
    ToolResult ok = ToolResult.text("done");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new LoadoutListener.CallEnd(call, ok, null, Optional.empty(),
        false, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must not be null");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new LoadoutListener.CallEnd(call, null, Optional.empty(),
        Optional.empty(), false, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
  }
}
