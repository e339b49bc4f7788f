package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ExecuteTest {
  private static final ToolSpec WEATHER = ToolSpec.builder("get_weather", Tools.schema("""
      {"type":"object","properties":{
        "city":{"type":"string","minLength":1},
        "unit":{"type":"string","enum":["c","f"]},
        "days":{"type":"integer","minimum":1,"maximum":7}},
       "required":["city"],"additionalProperties":false}""")).description("Weather for a city.").build();

  private Loadout loadout;

  @AfterEach
  void close() {
    if (loadout != null) {
      loadout.close();
    }
  }

  private PreparedTurn turn(Loadout.Builder builder) {
    loadout = builder.build();
    return loadout.prepare(Tools.context().build());
  }

  private PreparedTurn turnWith(BaseTool... tools) {
    return turn(Loadout.builder(ToolRegistry.builder().register(tools).build()));
  }

  private static ToolResult run(PreparedTurn turn, ToolCall call) {
    return turn.execute(call).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
  }

  private static ToolResult.Failure failure(ToolResult r) {
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    return (ToolResult.Failure) r;
  }

  @Test
  void validCallReachesTheToolWithParsedArguments() {
    PreparedTurn turn = turnWith(Tools.FnTool.echo(WEATHER));
    ToolResult r = run(turn, ToolCall.of("c1", "get_weather", "{\"city\":\"Oslo\",\"days\":3}"));
    assertThat(r.isSuccess()).isTrue();
    assertThat(((ToolResult.Success) r).data().toString()).isEqualTo("{\"city\":\"Oslo\",\"days\":3}");
  }

  @Test
  void toolThatWasNotShownIsRefused() {
    BaseTool hidden = Tools.FnTool.echo(Tools.spec("secret")).assembling(ctx -> java.util.Optional.empty());
    PreparedTurn turn = turnWith(Tools.FnTool.echo(WEATHER), hidden);
    ToolResult.Failure f = failure(run(turn, ToolCall.of("c1", "secret", "{}")));
    assertThat(f.code()).isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
    assertThat(f.message()).contains("'secret'");
    assertThat(failure(run(turn, ToolCall.of("c2", "no_such_tool", "{}"))).code()).isEqualTo("tool_not_available");
  }

  @Test
  void malformedJsonIsInvalidArgumentsNotAnException() {
    PreparedTurn turn = turnWith(Tools.FnTool.echo(WEATHER));
    ToolResult.Failure f = failure(run(turn, ToolCall.of("c1", "get_weather", "{\"city\": \"Oslo\"")));
    assertThat(f.code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(f.message()).contains("not valid JSON");
  }

  @Test
  void argumentsThatAreNotAnObjectAreRefused() {
    PreparedTurn turn = turnWith(Tools.FnTool.echo(WEATHER));
    ToolResult.Failure f = failure(run(turn, ToolCall.of("c1", "get_weather", "[1,2]")));
    assertThat(f.code()).isEqualTo("invalid_arguments");
    assertThat(f.message()).contains("must be a JSON object, but were a JSON array");
  }

  @Test
  void everySchemaViolationIsListedByPointer() {
    PreparedTurn turn = turnWith(Tools.FnTool.echo(WEATHER));
    ToolResult.Failure f = failure(run(turn, ToolCall.of("c1", "get_weather", "{\"unit\":\"kelvin\",\"days\":9,\"extra\":1}")));
    assertThat(f.code()).isEqualTo("invalid_arguments");
    assertThat(f.message())
        .contains("/: ").contains("city")          // missing required property at the root
        .contains("/unit: ")                       // not in the enum
        .contains("/days: ")                       // above the maximum
        .contains("extra");                        // additionalProperties: false
  }

  @Test
  void blankArgumentsMeanAnEmptyObject() {
    ToolSpec noArgs = Tools.spec("ping");
    PreparedTurn turn = turnWith(Tools.FnTool.echo(noArgs));
    ToolResult r = run(turn, ToolCall.of("c1", "ping", "  "));
    assertThat(r.isSuccess()).isTrue();
  }

  @Test
  void argumentsAreCheckedAgainstTheVariantThatWasShownNotTheFullSpec() {
    BaseTool narrowed = Tools.FnTool.echo(WEATHER).assembling(ctx -> java.util.Optional.of(
        WEATHER.edit().narrowEnum("unit", List.of("c")).build()));
    PreparedTurn turn = turnWith(narrowed);
    assertThat(failure(run(turn, ToolCall.of("c1", "get_weather", "{\"city\":\"Oslo\",\"unit\":\"f\"}"))).message())
        .contains("/unit");
    assertThat(run(turn, ToolCall.of("c2", "get_weather", "{\"city\":\"Oslo\",\"unit\":\"c\"}")).isSuccess()).isTrue();
  }

  @Test
  void aToolThatNeverFinishesTimesOutAtItsOwnDeadline() {
    ToolSpec slow = Tools.spec("slow").toBuilder().timeout(Duration.ofMillis(50)).build();
    CompletableFuture<ToolResult> never = new CompletableFuture<>();
    PreparedTurn turn = turnWith(Tools.FnTool.of(slow, (c, ctx) -> never));
    ToolResult.Failure f = failure(run(turn, ToolCall.of("c1", "slow", "{}")));
    assertThat(f.code()).isEqualTo(ToolResult.TIMEOUT);
    assertThat(f.retryable()).isTrue();
    assertThat(f.message()).contains("50 ms");
  }

  @Test
  void aBlockedToolThreadIsInterruptedWhenTheDeadlinePasses() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    ToolSpec blocking = Tools.spec("blocking");
    // A thread per task starts the tool at once, so the deadline finds it running, not still queued
    // (a queued task is simply cancelled, which is right, but would not show the interrupt).
    PreparedTurn turn = turn(Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.of(blocking, (c, ctx) -> {
      started.countDown();
      try {
        new CountDownLatch(1).await();
      } catch (InterruptedException e) {
        interrupted.countDown();
      }
      return CompletableFuture.completedFuture(ToolResult.success(null));
    })).build()).executor(r -> new Thread(r, "blocking-tool").start()).defaultTimeout(Duration.ofMillis(300)));
    assertThat(failure(run(turn, ToolCall.of("c1", "blocking", "{}"))).code()).isEqualTo("timeout");
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(interrupted.await(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aThrowingToolBecomesToolErrorWithoutItsExceptionText() {
    ToolSpec boom = Tools.spec("boom");
    PreparedTurn turn = turnWith(Tools.FnTool.of(boom, (c, ctx) -> {
      throw new IllegalStateException("db password is hunter2");
    }));
    ToolResult.Failure f = failure(run(turn, ToolCall.of("c1", "boom", "{}")));
    assertThat(f.code()).isEqualTo(ToolResult.TOOL_ERROR);
    assertThat(f.message()).doesNotContain("hunter2").contains("'boom'");
  }

  @Test
  void aFailedStageAndANullResultAreToolErrorsToo() {
    ToolSpec failing = Tools.spec("failing");
    ToolSpec nulls = Tools.spec("nulls");
    PreparedTurn turn = turnWith(
        Tools.FnTool.of(failing, (c, ctx) -> CompletableFuture.failedFuture(new RuntimeException("x"))),
        Tools.FnTool.of(nulls, (c, ctx) -> CompletableFuture.completedFuture(null)));
    assertThat(failure(run(turn, ToolCall.of("c1", "failing", "{}"))).code()).isEqualTo("tool_error");
    assertThat(failure(run(turn, ToolCall.of("c2", "nulls", "{}"))).code()).isEqualTo("tool_error");
  }

  @Test
  void oversizedResultsAreCutWithAVisibleMarkerAndTheDataKept() {
    ToolSpec big = Tools.spec("big");
    String text = "é".repeat(1_000);
    PreparedTurn turn = turn(Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.of(big,
        (c, ctx) -> CompletableFuture.completedFuture(ToolResult.success(Json.NODES.stringNode(text), text)))).build())
        .maxResultChars(300));
    ToolResult.Success s = (ToolResult.Success) run(turn, ToolCall.of("c1", "big", "{}"));
    assertThat(s.isTruncated()).isTrue();
    assertThat(s.modelText()).startsWith("é".repeat(300)).endsWith("[truncated: showing the first 300 of 1000 characters]");
    assertThat(s.data().stringValue()).hasSize(1_000);
  }

  @Test
  void aToolsOwnResultCapOverridesTheDefault() {
    String text = "x".repeat(1_000);
    ToolSpec pager = Tools.spec("pager").toBuilder().maxResultChars(2_000).build();
    ToolSpec plain = Tools.spec("plain");
    PreparedTurn turn = turn(Loadout.builder(ToolRegistry.builder().register(
        Tools.FnTool.of(pager, (c, ctx) -> CompletableFuture.completedFuture(ToolResult.text(text))),
        Tools.FnTool.of(plain, (c, ctx) -> CompletableFuture.completedFuture(ToolResult.text(text)))).build())
        .maxResultChars(300));
    assertThat(((ToolResult.Success) run(turn, ToolCall.of("a", "pager", "{}"))).isTruncated()).isFalse();
    assertThat(((ToolResult.Success) run(turn, ToolCall.of("b", "plain", "{}"))).isTruncated()).isTrue();
  }

  @Test
  void cuttingNeverSplitsASurrogatePair() {
    String emoji = "a" + "😀".repeat(10);
    String cut = ResultShaper.cut(emoji, 4);
    assertThat(cut).startsWith("a😀").doesNotContain("\uD83D[");
    assertThat(cut).contains("first 3 of 21");
  }

  @Test
  void interceptorsWrapInOrderAndMayStopACallEarly() {
    List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    ToolInterceptor outer = chain -> {
      seen.add("outer:" + chain.call().name());
      return chain.proceed(chain.call());
    };
    ToolInterceptor cooldown = chain -> chain.call().name().equals("get_weather")
        ? CompletableFuture.completedFuture(ToolResult.failure("cooldown", "Wait a minute.", true))
        : chain.proceed(chain.call());
    PreparedTurn turn = turn(Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(WEATHER),
        Tools.FnTool.echo(Tools.spec("ping"))).build()).addInterceptor(outer).addInterceptor(cooldown));
    assertThat(failure(run(turn, ToolCall.of("c1", "get_weather", "{\"city\":\"x\"}"))).code()).isEqualTo("cooldown");
    assertThat(run(turn, ToolCall.of("c2", "ping", "{}")).isSuccess()).isTrue();
    assertThat(seen).containsExactly("outer:get_weather", "outer:ping");
  }

  @Test
  void anInterceptorThatProceedsTwiceIsNamedInTheError() {
    ToolInterceptor twice = new ToolInterceptor() {
      @Override
      public java.util.concurrent.CompletionStage<ToolResult> intercept(Chain chain) {
        chain.proceed(chain.call());
        return chain.proceed(chain.call());
      }
    };
    PreparedTurn turn = turn(Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("ping"))).build())
        .addInterceptor(twice));
    CompletableFuture<ToolResult> f = turn.execute(ToolCall.of("c1", "ping", "{}")).toCompletableFuture();
    assertThat(f).failsWithin(Duration.ofSeconds(5)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause().isInstanceOf(IllegalStateException.class)
        .withMessageContaining(twice.getClass().getName()).withMessageContaining("at most once");
  }

  @Test
  void anInterceptorReturningNullIsNamedInTheError() {
    ToolInterceptor nulls = chain -> null;
    PreparedTurn turn = turn(Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("ping"))).build())
        .addInterceptor(nulls));
    assertThat(turn.execute(ToolCall.of("c1", "ping", "{}")).toCompletableFuture())
        .failsWithin(Duration.ofSeconds(5)).withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause().withMessageContaining("returned null");
  }

  @Test
  void executeAllKeepsTheCallOrderAndRunsOnTheHostExecutor() {
    AtomicInteger executed = new AtomicInteger();
    java.util.concurrent.Executor counting = r -> {
      executed.incrementAndGet();
      new Thread(r).start();
    };
    PreparedTurn turn = turn(Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(WEATHER)).build()).executor(counting));
    List<ToolOutcome> outcomes = turn.executeAll(List.of(
        ToolCall.of("a", "get_weather", "{\"city\":\"A\"}"),
        ToolCall.of("b", "nope", "{}"),
        ToolCall.of("c", "get_weather", "{\"city\":\"C\"}"))).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
    assertThat(outcomes).extracting(o -> o.call().id()).containsExactly("a", "b", "c");
    assertThat(outcomes).extracting(o -> o.result().isSuccess()).containsExactly(true, false, true);
    assertThat(executed).hasValue(2);
  }

  @Test
  void toolsReceiveACopyOfTheArguments() {
    ObjectNode[] seen = new ObjectNode[1];
    PreparedTurn turn = turnWith(Tools.FnTool.of(WEATHER, (c, ctx) -> {
      seen[0] = c.argumentsJson();
      seen[0].put("city", "changed");
      return CompletableFuture.completedFuture(ToolResult.success(c.argumentsJson()));
    }));
    ToolResult.Success s = (ToolResult.Success) run(turn, ToolCall.of("c1", "get_weather", "{\"city\":\"Oslo\"}"));
    assertThat(s.data().get("city").stringValue()).isEqualTo("Oslo");
  }
}
