package dev.loadout.micrometer;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.Dialect;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.LoadoutListener;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * Loadout's turns and tool calls as Micrometer meters. One instance serves every turn:
 * {@code Loadout.builder(registry).listener(new LoadoutMetrics(meterRegistry))}.
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>Name</th><th>Type</th><th>Tags</th></tr>
 *   <tr><td>{@code loadout.prepare}</td><td>timer</td><td>none</td></tr>
 *   <tr><td>{@code loadout.turn.tools}</td><td>summary: tools per turn</td><td>{@code state} visible | hidden</td></tr>
 *   <tr><td>{@code loadout.tools.hidden}</td><td>counter</td><td>{@code tool}, {@code reason} (the first reason's
 *       code)</td></tr>
 *   <tr><td>{@code loadout.render}</td><td>counter</td><td>{@code dialect}, {@code strict}, {@code cache} hit |
 *       miss</td></tr>
 *   <tr><td>{@code loadout.tool.calls}</td><td>timer</td><td>{@code tool}, {@code source} builtin | external,
 *       {@code code} ok | a failure code, {@code retryable}</td></tr>
 *   <tr><td>{@code loadout.tool.short_circuits}</td><td>counter</td><td>{@code tool}, {@code interceptor} (class
 *       name), {@code code}</td></tr>
 *   <tr><td>{@code loadout.tool.call_failures}</td><td>counter: stages failed by an interceptor's bug</td>
 *       <td>{@code tool}, {@code error} (exception class)</td></tr>
 *   <tr><td>{@code loadout.outbound.hops}</td><td>counter: hops a tool's request made past the network guard (the
 *       first URL and each redirect)</td><td>{@code tool}</td></tr>
 *   <tr><td>{@code loadout.outbound.refused}</td><td>counter: URLs the network guard refused a tool, before any
 *       socket</td><td>{@code tool}, {@code code} (the guard's code, such as {@code metadata_endpoint})</td></tr>
 * </table>
 *
 * <p><b>Bounded tags.</b> A call to a tool the turn did not show is counted under {@code tool} {@value #UNSHOWN}, not
 * under the name the model made up; every other tag value is a registered tool's name, a stable code or a class name.
 * An external tool's source is {@code external} rather than the MCP server's label, which a guild admin chose.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LoadoutMetrics extends LoadoutListener {
  /** The {@code tool} tag of a call to a name the turn did not show. */
  public static final String UNSHOWN = "(unshown)";

  private final MeterRegistry registry;
  private final Timer prepare;
  private final DistributionSummary visible;
  private final DistributionSummary hidden;

  /**
   * Meters in this registry.
   *
   * @param registry where the meters go; never null
   */
  public LoadoutMetrics(MeterRegistry registry) {
    if (registry == null) {
      throw new IllegalArgumentException("meter registry must not be null");
    }
    this.registry = registry;
    this.prepare = Timer.builder("loadout.prepare").description("Time to decide a turn's tools").register(registry);
    this.visible = DistributionSummary.builder("loadout.turn.tools").description("Tools per turn").tag("state", "visible")
        .register(registry);
    this.hidden = DistributionSummary.builder("loadout.turn.tools").description("Tools per turn").tag("state", "hidden")
        .register(registry);
  }

  @Override
  public void toolHidden(TurnContext context, HiddenTool tool) {
    Counter.builder("loadout.tools.hidden").description("Tools hidden from a turn, by the first reason")
        .tag("tool", tool.name()).tag("reason", tool.reasons().get(0).code()).register(registry).increment();
  }

  @Override
  public void prepareEnd(PreparedTurn turn, Duration took) {
    prepare.record(took);
    visible.record(turn.visible().size());
    hidden.record(turn.hidden().size());
  }

  @Override
  public void renderEnd(PreparedTurn turn, Dialect dialect, boolean strict, boolean cached) {
    Counter.builder("loadout.render").description("Renders of a turn's tools").tag("dialect", dialect.name())
        .tag("strict", Boolean.toString(strict)).tag("cache", cached ? "hit" : "miss").register(registry).increment();
  }

  @Override
  public void callShortCircuited(PreparedTurn turn, ToolCall call, Class<?> interceptor, ToolResult result) {
    Counter.builder("loadout.tool.short_circuits").description("Calls an interceptor answered itself")
        .tag("tool", toolTag(turn, call)).tag("interceptor", interceptor.getName()).tag("code", code(result))
        .register(registry).increment();
  }

  @Override
  public void callEnd(PreparedTurn turn, CallEnd end) {
    Timer.builder("loadout.tool.calls").description("Tool calls, from the model's call to the result it reads")
        .tag("tool", toolTag(turn, end.call())).tag("source", end.source().isPresent() ? "external" : "builtin")
        .tag("code", end.code().orElse("ok")).tag("retryable", Boolean.toString(end.retryable()))
        .register(registry).record(end.took());
  }

  @Override
  public void callFailed(PreparedTurn turn, ToolCall call, Throwable error, Duration took) {
    Counter.builder("loadout.tool.call_failures").description("Call stages failed by an interceptor's bug")
        .tag("tool", toolTag(turn, call)).tag("error", error.getClass().getName()).register(registry).increment();
  }

  @Override
  public void outboundHop(PreparedTurn turn, ToolCall call, int hop, String origin) {
    // Not the origin: hosts are unbounded, and a tag per host would grow the registry without end.
    Counter.builder("loadout.outbound.hops").description("Hops a tool's request made past the network guard")
        .tag("tool", toolTag(turn, call)).register(registry).increment();
  }

  @Override
  public void urlRefused(PreparedTurn turn, ToolCall call, int hop, String host, String code) {
    Counter.builder("loadout.outbound.refused").description("URLs the network guard refused a tool, before any socket")
        .tag("tool", toolTag(turn, call)).tag("code", code).register(registry).increment();
  }

  private static String toolTag(PreparedTurn turn, ToolCall call) {
    return turn.variant(call.name()).isPresent() ? call.name() : UNSHOWN;
  }

  private static String code(ToolResult result) {
    return result instanceof ToolResult.Failure f ? f.code() : "ok";
  }

  @Override
  public String toString() {
    return "LoadoutMetrics{" + registry.getClass().getSimpleName() + "}";
  }
}
