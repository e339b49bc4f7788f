package dev.loadout.micrometer;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.mcp.BreakerState;
import dev.loadout.mcp.BreakerTransition;
import dev.loadout.mcp.McpEventListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;

/**
 * MCP connects and circuit breakers as Micrometer meters:
 * {@code GuildMcpManager.builder(store, guard).listener(new McpMetrics(meterRegistry))}.
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>Name</th><th>Type</th><th>Tags</th></tr>
 *   <tr><td>{@code loadout.mcp.connects}</td><td>counter</td><td>{@code transport} streamable_http | sse | none,
 *       {@code code} ok | a failure code</td></tr>
 *   <tr><td>{@code loadout.mcp.disconnects}</td><td>counter: established connections that ended under the bot</td>
 *       <td>{@code code} mcp_connection_lost | mcp_session_lost | another failure code</td></tr>
 *   <tr><td>{@code loadout.mcp.breaker.transitions}</td><td>counter</td><td>{@code to} closed | open |
 *       half_open</td></tr>
 *   <tr><td>{@code loadout.mcp.breakers}</td><td>gauge: servers whose breaker is in this state</td><td>{@code state}
 *       open | half_open</td></tr>
 *   <tr><td>{@code loadout.mcp.breaker.state}</td><td>gauge per host server: 0 closed, 1 half open, 2 open</td>
 *       <td>{@code server} (the host server's name)</td></tr>
 * </table>
 *
 * <p><b>Bounded series.</b> Guild registrations are counted together, not one series each: a bot in many guilds would
 * otherwise grow a gauge per registration. A registration leaves the count when its breaker closes. Host servers,
 * a fixed list in the bot's configuration, get their own gauge.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class McpMetrics implements McpEventListener {
  private final MeterRegistry registry;
  /** Guild registrations whose breaker is not closed, by {@code guild/id}. */
  private final Map<String, BreakerState> notClosed = new ConcurrentHashMap<>();
  /** Host servers' states, held strongly: Micrometer keeps only a weak reference to a gauge's object. */
  private final Map<String, AtomicInteger> hostStates = new ConcurrentHashMap<>();

  /**
   * Meters in this registry.
   *
   * @param registry where the meters go; never null
   */
  public McpMetrics(MeterRegistry registry) {
    if (registry == null) {
      throw new IllegalArgumentException("meter registry must not be null");
    }
    this.registry = registry;
    for (BreakerState state : new BreakerState[] {BreakerState.OPEN, BreakerState.HALF_OPEN}) {
      Gauge.builder("loadout.mcp.breakers", notClosed, m -> count(m, state))
          .description("Guild MCP servers whose breaker is in this state").tag("state", tag(state)).register(registry);
    }
  }

  @Override
  public void onConnect(String guildId, long registrationId, String transport, String failureCode) {
    Counter.builder("loadout.mcp.connects").description("MCP connects, by outcome")
        .tag("transport", transport.isEmpty() ? "none" : transport).tag("code", failureCode.isEmpty() ? "ok" : failureCode)
        .register(registry).increment();
  }

  @Override
  public void onDisconnect(String guildId, long registrationId, String code) {
    Counter.builder("loadout.mcp.disconnects").description("Established MCP connections that ended under the bot")
        .tag("code", code).register(registry).increment();
  }

  @Override
  public void onBreakerTransition(BreakerTransition transition) {
    Counter.builder("loadout.mcp.breaker.transitions").description("MCP circuit-breaker transitions")
        .tag("to", tag(transition.to())).register(registry).increment();
    if (transition.hostServer().isPresent()) {
      String server = transition.hostServer().get();
      hostStates.computeIfAbsent(server, name -> {
        AtomicInteger state = new AtomicInteger();
        Gauge.builder("loadout.mcp.breaker.state", state, AtomicInteger::get)
            .description("A host MCP server's breaker: 0 closed, 1 half open, 2 open").tag("server", name)
            .register(registry);
        return state;
      }).set(level(transition.to()));
    } else {
      String key = transition.guildId().orElse("") + "/" + transition.registrationId();
      if (transition.to() == BreakerState.CLOSED) {
        notClosed.remove(key);
      } else {
        notClosed.put(key, transition.to());
      }
    }
  }

  private static double count(Map<String, BreakerState> states, BreakerState state) {
    return states.values().stream().filter(s -> s == state).count();
  }

  private static int level(BreakerState state) {
    return switch (state) {
      case CLOSED -> 0;
      case HALF_OPEN -> 1;
      case OPEN -> 2;
    };
  }

  private static String tag(BreakerState state) {
    return state.name().toLowerCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return "McpMetrics{" + registry.getClass().getSimpleName() + "}";
  }
}
