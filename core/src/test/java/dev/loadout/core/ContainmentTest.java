package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a tool or an interceptor throws stays inside the call: errors included, and an interceptor that reads
 * malformed arguments gets the call its {@code invalid_arguments} result. Tools run on the calling thread
 * (a direct executor) under a one-day deadline, so a result that is not there when {@code execute} returns
 * would have come from the deadline.
 */
class ContainmentTest {
  private static final ToolSpec PING = Tools.spec("ping");
  private final ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1);
  private Loadout loadout;

  @AfterEach
  void close() {
    if (loadout != null) {
      loadout.close();
    }
    deadlines.shutdownNow();
  }

  private PreparedTurn turn(Executor executor, BaseTool tool, ToolInterceptor... interceptors) {
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().register(tool).build())
        .executor(executor).scheduler(deadlines).defaultTimeout(Duration.ofDays(1));
    for (ToolInterceptor i : interceptors) {
      b.addInterceptor(i);
    }
    loadout = b.build();
    return loadout.prepare(Tools.context().build());
  }

  private static BaseTool throwing(Supplier<Throwable> error) {
    return Tools.FnTool.of(PING, (call, ctx) -> {
      Throwable t = error.get();
      if (t instanceof Error) {
        throw (Error) t;
      }
      throw (RuntimeException) t;
    });
  }

  /** The result, which must already be there: nothing here may wait for the deadline. */
  private static ToolResult.Failure immediateFailure(CompletionStage<ToolResult> stage) {
    CompletableFuture<ToolResult> f = stage.toCompletableFuture();
    assertThat(f).isDone();
    ToolResult r = f.join();
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    return (ToolResult.Failure) r;
  }

  @Test
  void aToolThrowingStackOverflowErrorIsToolErrorAtOnce() {
    PreparedTurn turn = turn(Runnable::run, throwing(StackOverflowError::new));
    ToolResult.Failure f = immediateFailure(turn.execute(ToolCall.of("c1", "ping", "{}")));
    assertThat(f.code()).isEqualTo(ToolResult.TOOL_ERROR);
    assertThat(f.retryable()).isFalse();
  }

  @Test
  void aToolThrowingLinkageOrAssertionErrorIsToolErrorAtOnce() {
    PreparedTurn linkage = turn(Runnable::run, throwing(NoClassDefFoundError::new));
    assertThat(immediateFailure(linkage.execute(ToolCall.of("c1", "ping", "{}"))).code()).isEqualTo("tool_error");
    loadout.close();
    PreparedTurn assertion = turn(Runnable::run, throwing(AssertionError::new));
    assertThat(immediateFailure(assertion.execute(ToolCall.of("c1", "ping", "{}"))).code()).isEqualTo("tool_error");
  }

  @Test
  void aFatalVirtualMachineErrorAnswersTheCallThenReachesTheExecutorsThread() {
    // The executor records what escapes the task, as a thread's uncaught-exception handler would see it.
    AtomicReference<Throwable> escaped = new AtomicReference<>();
    Executor recording = task -> {
      try {
        task.run();
      } catch (Throwable t) {
        escaped.set(t);
      }
    };
    PreparedTurn turn = turn(recording, throwing(() -> new OutOfMemoryError("test")));
    ToolResult.Failure f = immediateFailure(turn.execute(ToolCall.of("c1", "ping", "{}")));
    assertThat(f.code()).isEqualTo(ToolResult.TOOL_ERROR);
    assertThat(escaped.get()).isInstanceOf(OutOfMemoryError.class).hasMessage("test");
  }

  @Test
  void aToolStageFailingWithAnErrorIsToolErrorAtOnce() {
    PreparedTurn turn = turn(Runnable::run, Tools.FnTool.of(PING,
        (call, ctx) -> CompletableFuture.failedFuture(new InternalError("jit"))));
    assertThat(immediateFailure(turn.execute(ToolCall.of("c1", "ping", "{}"))).code()).isEqualTo("tool_error");
  }

  @Test
  void anInterceptorReadingMalformedArgumentsGetsTheInvalidArgumentsResult() {
    ToolInterceptor audit = chain -> {
      chain.call().argumentsJson(); // throws: the model sent no JSON object
      return chain.proceed(chain.call());
    };
    PreparedTurn turn = turn(Runnable::run, Tools.FnTool.echo(PING), audit);
    ToolResult.Failure f = immediateFailure(turn.execute(ToolCall.of("c1", "ping", "{\"a\": ")));
    assertThat(f.code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(f.message()).contains("'ping'").contains("not valid JSON");
    // Valid arguments still pass through the same interceptor.
    CompletableFuture<ToolResult> ok = turn.execute(ToolCall.of("c2", "ping", "{}")).toCompletableFuture();
    assertThat(ok.join().isSuccess()).isTrue();
  }

  @Test
  void anAsyncInterceptorReadingMalformedArgumentsGetsTheInvalidArgumentsResultToo() {
    ToolInterceptor later = chain -> CompletableFuture.completedFuture(null).thenCompose(v -> {
      chain.call().argumentsJson();
      return chain.proceed(chain.call());
    });
    PreparedTurn turn = turn(Runnable::run, Tools.FnTool.echo(PING), later);
    ToolResult.Failure f = immediateFailure(turn.execute(ToolCall.of("c1", "ping", "[1, 2]")));
    assertThat(f.code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(f.message()).contains("must be a JSON object");
  }

  @Test
  void anInterceptorReadingArgumentsOfAnUnknownToolGetsToolNotAvailable() {
    ToolInterceptor audit = chain -> {
      chain.call().argumentsJson();
      return chain.proceed(chain.call());
    };
    PreparedTurn turn = turn(Runnable::run, Tools.FnTool.echo(PING), audit);
    assertThat(immediateFailure(turn.execute(ToolCall.of("c1", "nope", "not json"))).code())
        .isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
  }

  @Test
  void anInterceptorThrowingAnErrorFailsTheStageNamingIt() {
    ToolInterceptor broken = chain -> {
      throw new StackOverflowError();
    };
    PreparedTurn turn = turn(Runnable::run, Tools.FnTool.echo(PING), broken);
    CompletableFuture<ToolResult> f = turn.execute(ToolCall.of("c1", "ping", "{}")).toCompletableFuture();
    assertThat(f).isCompletedExceptionally();
    assertThatThrownBy(f::join).hasCauseInstanceOf(IllegalStateException.class)
        .hasMessageContaining(broken.getClass().getName()).hasMessageContaining("StackOverflowError");
  }

  @Test
  void aMalformedCallsArgumentsJsonThrowsAnIllegalStateExceptionNamingTheCall() {
    assertThatThrownBy(() -> ToolCall.of("c9", "ping", "{").argumentsJson())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("'c9'").hasMessageContaining("'ping'");
  }

  @Test
  void aFilterWhoseNameThrowsIsNamedByItsClassAndLoggedOnce() {
    AvailabilityFilter nameless = new AvailabilityFilter() {
      @Override
      public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
        return spec.name().equals("b") ? AvailabilityDecision.hidden("not_b", "no b today") : AvailabilityDecision.available();
      }

      @Override
      public String name() {
        throw new IllegalStateException("name bug");
      }
    };
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("a")),
        Tools.FnTool.echo(Tools.spec("b"))).build()).addFilter(nameless).build()) {
      for (int turn = 0; turn < 3; turn++) {
        PreparedTurn t = loadout.prepare(Tools.context().build());
        assertThat(t.visibleNames()).containsExactly("a");
        assertThat(t.hidden("b").orElseThrow().reasons().get(0).source()).isEqualTo(nameless.getClass().getName());
      }
      assertThat(loadout.warnings.logged()).isEqualTo(1);
    }
  }

  @Test
  void aToolWhoseHiddenReasonThrowsIsHiddenWithTheGenericReasonAndLoggedOnce() {
    BaseTool shy = new Tools.FnTool(Tools.spec("shy"), (call, ctx) -> null, ctx -> java.util.Optional.empty()) {
      @Override
      public AvailabilityDecision hiddenReason(TurnContext context) {
        throw new IllegalStateException("reason bug");
      }
    };
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(shy).build()).build()) {
      for (int turn = 0; turn < 3; turn++) {
        assertThat(loadout.prepare(Tools.context().build()).hidden("shy").orElseThrow()
            .hasReason(AvailabilityDecision.HIDDEN_BY_ASSEMBLY)).isTrue();
      }
      assertThat(loadout.warnings.logged()).isEqualTo(1);
    }
  }
}
