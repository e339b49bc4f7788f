package dev.loadout.opentelemetry;

import static io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolInterceptor;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.junit5.OpenTelemetryExtension;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tool calls traced as a host traces its bot: a message span of the host's own, a turn prepared under it, calls
 * executed, and the spans read back from the OpenTelemetry SDK's in-memory exporter.
 */
class ToolSpansTest {
  @RegisterExtension
  static final OpenTelemetryExtension otel = OpenTelemetryExtension.create();

  static final TurnContext CONTEXT = TurnContext.builder("openai", "gpt-test").guildId("g1").userId("u1").build();

  static ToolSpec spec(String name, String schema) {
    return ToolSpec.builder(name, (ObjectNode) JsonMapper.shared().readTree(schema)).description("The " + name + " tool.")
        .build();
  }

  static BaseTool tool(ToolSpec spec, java.util.function.Function<ToolCall, CompletionStage<ToolResult>> run) {
    return new BaseTool() {
      @Override
      public ToolSpec spec() {
        return spec;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        return run.apply(call);
      }
    };
  }

  static final ToolSpec NOTE = spec("save_note", "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
      + "\"required\":[\"text\"],\"additionalProperties\":false}");
  static final BaseTool SAVE_NOTE = tool(NOTE, call -> CompletableFuture.completedFuture(
      ToolResult.text("saved: " + call.argumentsJson().get("text").asString())));

  static Loadout loadout(LoadoutTracing tracing, ToolInterceptor... interceptors) {
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().register(SAVE_NOTE).build()).listenerFactory(tracing);
    for (ToolInterceptor i : interceptors) {
      b.addInterceptor(i);
    }
    return b.build();
  }

  static ToolResult run(PreparedTurn turn, ToolCall call) {
    return turn.execute(call).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
  }

  static SpanData only(String name) {
    List<SpanData> spans = otel.getSpans().stream().filter(s -> s.getName().equals(name)).toList();
    assertThat(spans).as("spans named " + name).hasSize(1);
    return spans.get(0);
  }

  @Test
  void eachCallIsAnExecuteToolSpanUnderTheHostsSpan() {
    try (Loadout loadout = loadout(LoadoutTracing.builder(otel.getOpenTelemetry()).build())) {
      Span message = otel.getOpenTelemetry().getTracer("bot").spanBuilder("chat gpt-test").startSpan();
      try (Scope ignored = message.makeCurrent()) {
        PreparedTurn turn = loadout.prepare(CONTEXT);
        assertThat(run(turn, ToolCall.of("call_1", "save_note", "{\"text\":\"milk\"}")).isSuccess()).isTrue();
      } finally {
        message.end();
      }

      assertThat(only("execute_tool save_note")).hasKind(SpanKind.INTERNAL).hasParent(only("chat gpt-test"))
          .hasEnded().hasAttributesSatisfyingExactly(
              io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo(LoadoutTracing.OPERATION, "execute_tool"),
              io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo(LoadoutTracing.TOOL_NAME, "save_note"),
              io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo(LoadoutTracing.CALL_ID, "call_1"),
              io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo(LoadoutTracing.TOOL_TYPE, "function"),
              io.opentelemetry.sdk.testing.assertj.OpenTelemetryAssertions.equalTo(LoadoutTracing.DESCRIPTION,
                  "The save_note tool."))
          .hasStatus(io.opentelemetry.sdk.trace.data.StatusData.unset());
    }
  }

  @Test
  void aFailedCallCarriesItsCodeAsTheErrorType() {
    try (Loadout loadout = loadout(LoadoutTracing.builder(otel.getOpenTelemetry()).build())) {
      PreparedTurn turn = loadout.prepare(CONTEXT);

      run(turn, ToolCall.of("call_1", "save_note", "{\"text\":42}"));

      assertThat(only("execute_tool save_note")).hasStatus(io.opentelemetry.sdk.trace.data.StatusData.create(
          StatusCode.ERROR, ToolResult.INVALID_ARGUMENTS)).hasAttribute(LoadoutTracing.ERROR_TYPE,
          ToolResult.INVALID_ARGUMENTS).hasAttribute(LoadoutTracing.RETRYABLE, false);
    }
  }

  @Test
  void aNameTheModelMadeUpIsNotCopiedIntoTheTrace() {
    try (Loadout loadout = loadout(LoadoutTracing.builder(otel.getOpenTelemetry()).build())) {
      PreparedTurn turn = loadout.prepare(CONTEXT);

      run(turn, ToolCall.of("call_1", "drop_tables_now", "{}"));

      SpanData span = only("execute_tool");
      assertThat(span).hasAttribute(LoadoutTracing.ERROR_TYPE, ToolResult.TOOL_NOT_AVAILABLE);
      assertThat(span.getAttributes().get(LoadoutTracing.TOOL_NAME)).isNull();
      assertThat(span.toString()).doesNotContain("drop_tables_now");
    }
  }

  @Test
  void argumentsAndResultsStayOutUnlessTheHostOptsIn() {
    ToolCall call = ToolCall.of("call_1", "save_note", "{\"text\":\"my password is hunter2\"}");
    try (Loadout quiet = loadout(LoadoutTracing.builder(otel.getOpenTelemetry()).build())) {
      run(quiet.prepare(CONTEXT), call);
    }
    SpanData without = only("execute_tool save_note");
    assertThat(without.toString()).doesNotContain("hunter2");
    assertThat(without.getAttributes().get(LoadoutTracing.ARGUMENTS)).isNull();
    assertThat(without.getAttributes().get(LoadoutTracing.RESULT)).isNull();
    otel.clearSpans();

    try (Loadout recorded = loadout(LoadoutTracing.builder(otel.getOpenTelemetry()).recordContent(true).build())) {
      run(recorded.prepare(CONTEXT), call);
    }
    assertThat(only("execute_tool save_note")).hasAttribute(LoadoutTracing.ARGUMENTS,
        "{\"text\":\"my password is hunter2\"}").hasAttribute(LoadoutTracing.RESULT, "saved: my password is hunter2");
  }

  @Test
  void recordedContentIsCutWithoutSplittingACharacter() {
    String text = "ab" + "😀".repeat(20);
    try (Loadout recorded = loadout(LoadoutTracing.builder(otel.getOpenTelemetry()).recordContent(true)
        .maxContentChars(16).build())) {
      run(recorded.prepare(CONTEXT), ToolCall.of("call_1", "save_note", "{\"text\":\"" + text + "\"}"));
    }
    String result = only("execute_tool save_note").getAttributes().get(LoadoutTracing.RESULT);
    // "saved: ab" is 9 chars; 16 would end inside the fourth emoji's pair, so the cut keeps three whole ones.
    assertThat(result).isEqualTo("saved: ab😀😀😀…");
    assertThatThrownBy(() -> LoadoutTracing.builder(otel.getOpenTelemetry()).maxContentChars(15))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 16");
  }

  @Test
  void anExternalToolIsAnExtensionNamedWithItsSource() {
    BaseTool lookup = tool(spec("wiki_lookup", "{\"type\":\"object\",\"properties\":{}}"),
        call -> CompletableFuture.completedFuture(ToolResult.text("found")));
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(SAVE_NOTE).build())
        .externalTools(ctx -> List.of(ToolSource.of("s1", "wiki server", List.of(lookup))))
        .listenerFactory(LoadoutTracing.builder(otel.getOpenTelemetry()).build()).build()) {
      PreparedTurn turn = loadout.prepare(CONTEXT);

      run(turn, ToolCall.of("call_1", "wiki_lookup", "{}"));

      assertThat(only("execute_tool wiki_lookup")).hasAttribute(LoadoutTracing.TOOL_TYPE, "extension")
          .hasAttribute(LoadoutTracing.SOURCE, turn.externalSource("wiki_lookup").orElseThrow());
    }
  }

  /** Refuses every call itself, as a persona block would. */
  static final class Blocked implements ToolInterceptor {
    @Override
    public CompletionStage<ToolResult> intercept(Chain chain) {
      return CompletableFuture.completedFuture(ToolResult.failure("user_blocked", "Not for you.", false));
    }
  }

  @Test
  void anInterceptorsOwnAnswerIsAnEventOnTheSpan() {
    try (Loadout loadout = loadout(LoadoutTracing.builder(otel.getOpenTelemetry()).build(), new Blocked())) {
      run(loadout.prepare(CONTEXT), ToolCall.of("call_1", "save_note", "{\"text\":\"x\"}"));

      assertThat(only("execute_tool save_note")).hasEventsSatisfyingExactly(e -> e.hasName(
          "loadout.interceptor.short_circuit").hasAttributes(io.opentelemetry.api.common.Attributes.of(
              LoadoutTracing.INTERCEPTOR, Blocked.class.getName()))).hasAttribute(LoadoutTracing.ERROR_TYPE,
          "user_blocked");
    }
  }

  @Test
  void aToolsHopsAndARefusedUrlAreEventsOnItsSpanEvenWhenTheToolHoldsACopyOfTheCall() {
    // The tool reports what the pinned client would (fetch_url's real hops are proven in tools-web), on a copy of
    // the call, as a tool that was handed checked arguments does.
    ToolSpec spec = spec("read_link", "{\"type\":\"object\"}");
    BaseTool readLink = new BaseTool() {
      @Override
      public ToolSpec spec() {
        return spec;
      }

      @Override
      public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        var events = context.attribute(PreparedTurn.CURRENT).orElseThrow()
            .netEvents(ToolCall.of(call.id(), call.name(), "{}"));
        events.hop(0, "https://example.org");
        events.refused(1, "169.254.169.254", "metadata_endpoint");
        return CompletableFuture.completedFuture(ToolResult.failure("url_refused", "The link could not be read.", false));
      }
    };
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(readLink).build())
        .listenerFactory(LoadoutTracing.builder(otel.getOpenTelemetry()).build()).build()) {
      run(loadout.prepare(CONTEXT), ToolCall.of("call_9", "read_link", "{}"));

      assertThat(only("execute_tool read_link")).hasEventsSatisfyingExactly(
          e -> e.hasName("loadout.outbound.hop").hasAttributes(io.opentelemetry.api.common.Attributes.of(
              LoadoutTracing.HOP, 0L, LoadoutTracing.ORIGIN, "https://example.org")),
          e -> e.hasName("loadout.outbound.refused").hasAttributes(io.opentelemetry.api.common.Attributes.of(
              LoadoutTracing.HOP, 1L, LoadoutTracing.SERVER_ADDRESS, "169.254.169.254", LoadoutTracing.REFUSAL,
              "metadata_endpoint"))).hasAttribute(LoadoutTracing.ERROR_TYPE, "url_refused");
    }
  }

  @Test
  void aSpanTheToolOpensOnLoadoutsExecutorIsAChildOfItsCallsSpan() {
    Tracer tools = otel.getOpenTelemetry().getTracer("the tool's http client");
    List<String> currentWhileRunning = new java.util.concurrent.CopyOnWriteArrayList<>();
    BaseTool lookUp = tool(spec("look_up", "{\"type\":\"object\"}"), call -> {
      currentWhileRunning.add(Thread.currentThread().getName());
      tools.spanBuilder("GET weather").startSpan().end();
      return CompletableFuture.completedFuture(ToolResult.text("sunny"));
    });
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor(
        r -> new Thread(r, "loadout-tool"));
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(lookUp).build()).executor(pool)
        .listenerFactory(LoadoutTracing.builder(otel.getOpenTelemetry()).build()).build()) {
      run(loadout.prepare(CONTEXT), ToolCall.of("call_3", "look_up", "{}"));
      // The executor's next task sees no leftover scope: nothing stays current after the run.
      assertThat(CompletableFuture.supplyAsync(() -> Span.current().getSpanContext().isValid(), pool).join()).isFalse();
    } finally {
      pool.shutdownNow();
    }

    SpanData call = only("execute_tool look_up");
    SpanData http = only("GET weather");
    assertThat(currentWhileRunning).containsExactly("loadout-tool");
    assertThat(http.getParentSpanId()).isEqualTo(call.getSpanId());
    assertThat(http.getTraceId()).isEqualTo(call.getTraceId());
  }

  @Test
  void concurrentCallsOfOneTurnEachEndTheirOwnSpan() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    BaseTool slow = tool(spec("slow_note", "{\"type\":\"object\",\"properties\":{}}"), call ->
        CompletableFuture.supplyAsync(() -> {
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return ToolResult.text("done " + call.id());
        }));
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(slow).build())
        .listenerFactory(LoadoutTracing.builder(otel.getOpenTelemetry()).build()).build()) {
      PreparedTurn turn = loadout.prepare(CONTEXT);
      ToolCall same = ToolCall.of("twice", "slow_note", "{}");
      List<CompletableFuture<ToolResult>> running = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        running.add(turn.execute(ToolCall.of("call_" + i, "slow_note", "{}")).toCompletableFuture());
      }
      // The same call object twice at once (a host's retry): two spans, both ended.
      running.add(turn.execute(same).toCompletableFuture());
      running.add(turn.execute(same).toCompletableFuture());
      assertThat(otel.getSpans()).as("nothing ends before the tool answers").isEmpty();

      release.countDown();
      CompletableFuture.allOf(running.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);

      assertThat(otel.getSpans()).hasSize(10).allSatisfy(s -> assertThat(s.hasEnded()).isTrue())
          .extracting(s -> s.getAttributes().get(LoadoutTracing.CALL_ID)).containsOnly("call_0", "call_1", "call_2",
              "call_3", "call_4", "call_5", "call_6", "call_7", "twice").filteredOn("twice"::equals).hasSize(2);
    }
  }

  @Test
  void theBuilderRefusesNull() {
    assertThatThrownBy(() -> LoadoutTracing.builder(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("openTelemetry");
  }
}
