package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Observes guild MCP connections: for metrics and alerts, not for control flow. Every method is a no-op by
 * default. Listeners are called on the thread that caused the event; they must be fast and must not throw
 * or call back into the manager. One that throws is logged at WARN and ignored.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface McpEventListener {
  /** Listens to nothing. */
  McpEventListener NONE = new McpEventListener() {};

  /** A circuit breaker changed state. */
  default void onBreakerTransition(BreakerTransition transition) {}

  /**
   * A connect finished.
   *
   * @param guildId the guild; empty for a host server
   * @param registrationId the registration; 0 for a host server
   * @param transport {@code streamable_http} or {@code sse} on success; empty on failure
   * @param failureCode a code from {@link McpFailureCodes} on failure; empty on success
   */
  default void onConnect(String guildId, long registrationId, String transport, String failureCode) {}
}
