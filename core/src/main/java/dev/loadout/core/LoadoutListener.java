package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Observes what a {@link Loadout} does on each turn, for metrics, traces and audit logs: which tools were shown
 * and hidden and why, each render, and each call from start to end. Every method is a no-op here; override the
 * ones you need.
 *
 * <p><b>Per-turn state.</b> {@link Loadout.Builder#listenerFactory(Factory)} creates one listener per
 * {@link Loadout#prepare(TurnContext) prepare}, which then receives that turn's events, including those of
 * every call executed on the {@link PreparedTurn}; a listener holding nothing can be shared through
 * {@link Loadout.Builder#listener(LoadoutListener)}. Events come in start/end pairs: {@code prepareStart} is
 * followed by the hidden tools, then {@code prepareEnd}; each {@code callStart} by exactly one
 * {@code callEnd} or {@code callFailed}.
 *
 * <p><b>Contract.</b> Listeners run on the thread that caused the event (the caller's for prepare and render,
 * a tool thread or the deadline's for a call's end) and must be fast: never block, never call back into the
 * Loadout. One that throws is contained: the turn goes on as if it had returned, and Loadout logs a WARN once
 * per listener class and method.
 *
 * <p><b>What is never passed.</b> Events carry tool names, codes, counts and durations. The call itself is
 * passed so a listener can read its id and name; its arguments and the result's text are the model's and the
 * user's, and a listener that records them (a trace that opts in) owns that decision.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class LoadoutListener {
  /** Listens to nothing. */
  public static final LoadoutListener NONE = new LoadoutListener() {};

  /** Subclasses only. */
  protected LoadoutListener() {}

  /**
   * A turn's preparation begins.
   *
   * @param context the turn
   */
  public void prepareStart(TurnContext context) {}

  /**
   * A tool the model will not see on this turn, with every reason; once per hidden tool, between
   * {@link #prepareStart} and {@link #prepareEnd}.
   *
   * @param context the turn
   * @param tool the tool and its reasons
   */
  public void toolHidden(TurnContext context, HiddenTool tool) {}

  /**
   * A turn is prepared: {@link PreparedTurn#visible()}, {@link PreparedTurn#hidden()} and
   * {@link PreparedTurn#fingerprint()} are final.
   *
   * @param turn the prepared turn
   * @param took how long preparation took, by the Loadout's ticker
   */
  public void prepareEnd(PreparedTurn turn, Duration took) {}

  /**
   * A render of the turn's tools was asked for.
   *
   * @param turn the turn
   * @param dialect the provider dialect
   * @param strict whether it was {@link PreparedTurn#renderStrict(Dialect)}
   * @param cached whether the bytes came from the render cache (an earlier turn with the same tools)
   */
  public void renderEnd(PreparedTurn turn, Dialect dialect, boolean strict, boolean cached) {}

  /**
   * A call enters {@link PreparedTurn#execute(ToolCall)}, before any interceptor.
   *
   * @param turn the turn
   * @param call the call as the model sent it
   */
  public void callStart(PreparedTurn turn, ToolCall call) {}

  /**
   * An interceptor answered a call without passing it on (a cooldown, a persona block, a task slot), before
   * that call's {@link #callEnd}.
   *
   * @param turn the turn
   * @param call the call as it reached the interceptor
   * @param interceptor the interceptor's class
   * @param result what it answered
   */
  public void callShortCircuited(PreparedTurn turn, ToolCall call, Class<?> interceptor, ToolResult result) {}

  /**
   * A call has its result, after the result cap: what the model will read.
   *
   * @param turn the turn
   * @param end what happened
   */
  public void callEnd(PreparedTurn turn, CallEnd end) {}

  /**
   * A call's stage failed instead of giving a result: only an interceptor's or a listener's own bug can cause this
   * (anything the model sends, and anything a tool throws, is a {@link ToolResult.Failure}).
   *
   * @param turn the turn
   * @param call the call as the model sent it
   * @param error what failed the stage
   * @param took time since {@link #callStart}
   */
  public void callFailed(PreparedTurn turn, ToolCall call, Throwable error, Duration took) {}

  /**
   * The tool's own run begins, on the thread it runs on (the Loadout's executor), right before its
   * {@link BaseTool#execute}: the place to make something current for the tool's thread, such as a trace span, which
   * {@link #toolRunEnd} then closes on the same thread. Only calls that reach their tool have it; it covers the
   * synchronous part of {@code execute}, not work a tool completes later on other threads.
   *
   * @param turn the turn
   * @param call the call as the tool receives it (its arguments checked; the same id as at {@link #callStart})
   * @since 0.1
   */
  public void toolRunStart(PreparedTurn turn, ToolCall call) {}

  /**
   * The tool's {@link BaseTool#execute} returned or threw, on the same thread as {@link #toolRunStart}, before the
   * call's result is handed on.
   *
   * @param turn the turn
   * @param call the call as the tool received it
   * @since 0.1
   */
  public void toolRunEnd(PreparedTurn turn, ToolCall call) {}

  /**
   * A tool's outbound request passed the network guard at this hop and connects next (the request's own URL is hop
   * 0, each redirect's target the next). Reported by tools that send their requests with
   * {@link PreparedTurn#netEvents(ToolCall)}, as {@code fetch_url} does.
   *
   * @param turn the turn
   * @param call the call whose tool sends the request
   * @param hop the hop, from 0
   * @param origin the hop's {@code scheme://host:port}; never a path, query or credentials
   * @since 0.1
   */
  public void outboundHop(PreparedTurn turn, ToolCall call, int hop, String origin) {}

  /**
   * The network guard refused a URL a tool's request would have gone to (its own or a redirect's target), before
   * any socket was opened. Reported like {@link #outboundHop}.
   *
   * @param turn the turn
   * @param call the call whose tool sent the request
   * @param hop the hop, from 0
   * @param host the refused URL's host; empty when the URL could not be parsed
   * @param code the guard's stable code ({@link dev.loadout.core.net.UrlVerdict#code()})
   * @since 0.1
   */
  public void urlRefused(PreparedTurn turn, ToolCall call, int hop, String host, String code) {}

  /**
   * What one call came to.
   *
   * @param call the call as the model sent it
   * @param result what the model will read (after the result cap)
   * @param source where the tool came from ({@link PreparedTurn#externalSource(String)}): empty for a built-in
   *     and for a name the turn did not show
   * @param code the failure's {@link ToolResult.Failure#code() code}; empty on success
   * @param retryable whether the failure is {@link ToolResult.Failure#retryable() retryable}; false on success
   * @param took time from {@link #callStart} to the result, by the Loadout's ticker
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record CallEnd(ToolCall call, ToolResult result, Optional<String> source, Optional<String> code,
      boolean retryable, Duration took) {
    /** Checks that nothing is null. */
    public CallEnd {
      if (call == null || result == null || source == null || code == null || took == null) {
        throw new IllegalArgumentException("call, result, source, code and took must not be null");
      }
    }

    /** Whether the call succeeded. */
    public boolean succeeded() {
      return code.isEmpty();
    }
  }

  /**
   * Creates the listener of one turn.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  @FunctionalInterface
  public interface Factory {
    /**
     * The listener for this turn; called once per {@link Loadout#prepare(TurnContext)}, on the caller's thread.
     * Returning null, or throwing, leaves the turn without a listener (and is logged once).
     *
     * @param context the turn about to be prepared
     */
    LoadoutListener create(TurnContext context);
  }
}
