package dev.loadout.opentelemetry;

import dev.loadout.core.internal.text.Texts;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.LoadoutListener;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One {@code execute_tool} span per tool call, following the OpenTelemetry GenAI semantic conventions:
 * {@code Loadout.builder(registry).listenerFactory(LoadoutTracing.builder(openTelemetry).build())}.
 *
 * <p>Each span is named {@code execute_tool <tool>}, of kind {@link SpanKind#INTERNAL}, a child of the span current on
 * the thread that calls {@link PreparedTurn#execute(ToolCall)} (the host's model-call or message span), and carries:
 * <ul>
 *   <li>{@code gen_ai.operation.name} = {@code execute_tool}, {@code gen_ai.tool.name}, {@code gen_ai.tool.call.id},
 *       {@code gen_ai.tool.type} ({@code function} for a built-in tool, {@code extension} for one from an external
 *       source such as an MCP server) and {@code gen_ai.tool.description} (the description the model was shown);</li>
 *   <li>on a failed result, status {@link StatusCode#ERROR} and {@code error.type} = the failure's stable code
 *       ({@code invalid_arguments}, {@code timeout}, ...), and {@code loadout.tool.retryable};</li>
 *   <li>{@code loadout.tool.source}: the external source's label, for an external tool;</li>
 *   <li>an event {@code loadout.interceptor.short_circuit} (attribute {@code loadout.interceptor}) when an
 *       interceptor answered the call itself;</li>
 *   <li>for a tool that reports its requests ({@link PreparedTurn#netEvents(ToolCall)}, as {@code fetch_url} does),
 *       an event {@code loadout.outbound.hop} per hop past the network guard ({@code loadout.outbound.hop},
 *       {@code loadout.outbound.origin}: scheme, host and port only) and {@code loadout.outbound.refused} for a URL
 *       the guard refused ({@code loadout.outbound.hop}, {@code server.address}, {@code loadout.outbound.refusal}:
 *       the guard's code).</li>
 * </ul>
 * While the tool's {@code execute} runs, its span is current on the tool's thread, so spans the tool opens (an HTTP
 * client's, a database driver's) are its children.
 * A call to a tool the turn did not show is named {@code execute_tool} alone and has no {@code gen_ai.tool.name}:
 * the name the model made up is not copied into telemetry.
 *
 * <p><b>Content.</b> Arguments ({@code gen_ai.tool.call.arguments}) and the text the model reads
 * ({@code gen_ai.tool.call.result}) are the user's conversation and are never recorded unless
 * {@link Builder#recordContent(boolean)} is on; each is then cut at {@link Builder#maxContentChars(int)} without
 * splitting a character. Loadout's own secrets (API keys, MCP tokens) are never part of either.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LoadoutTracing implements LoadoutListener.Factory {
  /** The instrumentation scope's name. */
  public static final String SCOPE = "dev.loadout";

  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
  static final AttributeKey<String> TOOL_NAME = AttributeKey.stringKey("gen_ai.tool.name");
  static final AttributeKey<String> CALL_ID = AttributeKey.stringKey("gen_ai.tool.call.id");
  static final AttributeKey<String> TOOL_TYPE = AttributeKey.stringKey("gen_ai.tool.type");
  static final AttributeKey<String> DESCRIPTION = AttributeKey.stringKey("gen_ai.tool.description");
  static final AttributeKey<String> ARGUMENTS = AttributeKey.stringKey("gen_ai.tool.call.arguments");
  static final AttributeKey<String> RESULT = AttributeKey.stringKey("gen_ai.tool.call.result");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<String> SOURCE = AttributeKey.stringKey("loadout.tool.source");
  static final AttributeKey<Boolean> RETRYABLE = AttributeKey.booleanKey("loadout.tool.retryable");
  static final AttributeKey<String> INTERCEPTOR = AttributeKey.stringKey("loadout.interceptor");
  static final AttributeKey<Long> HOP = AttributeKey.longKey("loadout.outbound.hop");
  static final AttributeKey<String> ORIGIN = AttributeKey.stringKey("loadout.outbound.origin");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<String> REFUSAL = AttributeKey.stringKey("loadout.outbound.refusal");

  private final Tracer tracer;
  private final boolean recordContent;
  private final int maxContentChars;

  private LoadoutTracing(Builder b) {
    this.tracer = b.openTelemetry.getTracer(SCOPE);
    this.recordContent = b.recordContent;
    this.maxContentChars = b.maxContentChars;
  }

  /**
   * Starts a configuration.
   *
   * @param openTelemetry the host's OpenTelemetry (its SDK, or {@code GlobalOpenTelemetry.get()}); never null
   */
  public static Builder builder(OpenTelemetry openTelemetry) {
    if (openTelemetry == null) {
      throw new IllegalArgumentException("openTelemetry must not be null");
    }
    return new Builder(openTelemetry);
  }

  /** A turn's listener: the spans of that turn's calls. */
  @Override
  public LoadoutListener create(dev.loadout.core.TurnContext context) {
    return new TurnSpans();
  }

  @Override
  public String toString() {
    return "LoadoutTracing{recordContent=" + recordContent + "}";
  }

  /** The open spans of one turn's calls, by call (a call object executed twice at once has two). */
  private final class TurnSpans extends LoadoutListener {
    private final Map<ToolCall, Deque<Span>> open = new IdentityHashMap<>();

    @Override
    public void callStart(PreparedTurn turn, ToolCall call) {
      Optional<ToolSpec> shown = turn.variant(call.name());
      Optional<String> source = turn.externalSource(call.name());
      var span = tracer.spanBuilder(shown.isPresent() ? "execute_tool " + call.name() : "execute_tool")
          .setSpanKind(SpanKind.INTERNAL).setParent(Context.current()).setAttribute(OPERATION, "execute_tool")
          .setAttribute(CALL_ID, call.id());
      if (shown.isPresent()) {
        span.setAttribute(TOOL_NAME, call.name()).setAttribute(DESCRIPTION, shown.get().description())
            .setAttribute(TOOL_TYPE, source.isPresent() ? "extension" : "function");
      }
      source.ifPresent(s -> span.setAttribute(SOURCE, s));
      if (recordContent) {
        span.setAttribute(ARGUMENTS, cut(call.arguments()));
      }
      Span started = span.startSpan();
      synchronized (open) {
        open.computeIfAbsent(call, c -> new ArrayDeque<>(1)).add(started);
      }
    }

    @Override
    public void callShortCircuited(PreparedTurn turn, ToolCall call, Class<?> interceptor, ToolResult result) {
      Span span = peek(call);
      if (span != null) {
        span.addEvent("loadout.interceptor.short_circuit", Attributes.of(INTERCEPTOR, interceptor.getName()));
      }
    }

    @Override
    public void callEnd(PreparedTurn turn, CallEnd end) {
      Span span = take(end.call());
      if (span == null) {
        return;
      }
      if (recordContent) {
        span.setAttribute(RESULT, cut(end.result().modelText()));
      }
      if (end.code().isPresent()) {
        span.setStatus(StatusCode.ERROR, end.code().get());
        span.setAttribute(ERROR_TYPE, end.code().get());
        span.setAttribute(RETRYABLE, end.retryable());
      }
      span.end();
    }

    @Override
    public void callFailed(PreparedTurn turn, ToolCall call, Throwable error, Duration took) {
      Span span = take(call);
      if (span != null) {
        // The class, not the message or the trace: an interceptor's exception may quote the call's arguments.
        span.setStatus(StatusCode.ERROR, "the call's stage failed");
        span.setAttribute(ERROR_TYPE, error.getClass().getName());
        span.end();
      }
    }

    /** The scope of the span made current for the tool's run, on the thread the tool runs on. */
    private final ThreadLocal<Scope> running = new ThreadLocal<>();

    @Override
    public void toolRunStart(PreparedTurn turn, ToolCall call) {
      Span span = peekById(call);
      if (span != null) {
        running.set(span.makeCurrent());
      }
    }

    @Override
    public void toolRunEnd(PreparedTurn turn, ToolCall call) {
      Scope scope = running.get();
      if (scope != null) {
        running.remove();
        scope.close();
      }
    }

    @Override
    public void outboundHop(PreparedTurn turn, ToolCall call, int hop, String origin) {
      Span span = peekById(call);
      if (span != null) {
        span.addEvent("loadout.outbound.hop", Attributes.of(HOP, (long) hop, ORIGIN, origin));
      }
    }

    @Override
    public void urlRefused(PreparedTurn turn, ToolCall call, int hop, String host, String code) {
      Span span = peekById(call);
      if (span != null) {
        span.addEvent("loadout.outbound.refused", Attributes.of(HOP, (long) hop, SERVER_ADDRESS, host, REFUSAL, code));
      }
    }

    private Span peek(ToolCall call) {
      synchronized (open) {
        Deque<Span> spans = open.get(call);
        return spans == null ? null : spans.peekFirst();
      }
    }

    /** The span of the call a tool runs: the tool may hold a copy of the call (checked arguments), so by id too. */
    private Span peekById(ToolCall call) {
      synchronized (open) {
        Deque<Span> spans = open.get(call);
        if (spans != null) {
          return spans.peekFirst();
        }
        for (Map.Entry<ToolCall, Deque<Span>> e : open.entrySet()) {
          if (e.getKey().id().equals(call.id())) {
            return e.getValue().peekFirst();
          }
        }
        return null;
      }
    }

    private Span take(ToolCall call) {
      synchronized (open) {
        Deque<Span> spans = open.get(call);
        if (spans == null) {
          return null;
        }
        Span span = spans.pollFirst();
        if (spans.isEmpty()) {
          open.remove(call);
        }
        return span;
      }
    }
  }

  /** Recorded content, cut at the limit without splitting a surrogate pair. */
  String cut(String text) {
    return text.length() <= maxContentChars ? text
        : text.substring(0, Texts.cutPoint(text, maxContentChars)) + "…";
  }

  /**
   * How calls are traced.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    /** Default for {@link #maxContentChars(int)}. */
    public static final int DEFAULT_MAX_CONTENT_CHARS = 4_096;

    private final OpenTelemetry openTelemetry;
    private boolean recordContent;
    private int maxContentChars = DEFAULT_MAX_CONTENT_CHARS;

    private Builder(OpenTelemetry openTelemetry) {
      this.openTelemetry = openTelemetry;
    }

    /**
     * Whether spans carry the call's arguments and the result's text (the user's conversation); off unless set.
     *
     * @param on true to record them
     */
    public Builder recordContent(boolean on) {
      this.recordContent = on;
      return this;
    }

    /**
     * The longest argument or result text recorded, in characters; longer ones are cut and end with an ellipsis.
     *
     * @param chars at least 16
     */
    public Builder maxContentChars(int chars) {
      if (chars < 16) {
        throw new IllegalArgumentException("maxContentChars must be at least 16, but was " + chars);
      }
      this.maxContentChars = chars;
      return this;
    }

    /** Builds the factory to pass to {@code Loadout.Builder.listenerFactory}. */
    public LoadoutTracing build() {
      return new LoadoutTracing(this);
    }
  }
}
