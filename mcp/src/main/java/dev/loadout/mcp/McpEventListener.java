package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Observes guild MCP connections: for metrics and alerts, not for control flow. Every method is a no-op by
 * default. Listeners are called on the thread that caused the event; they must be fast and must not throw
 * or call back into the manager. One that throws is contained (the manager goes on as if it had returned) and
 * logged at WARN once per listener class and event.
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

  /**
   * An established connection ended under the bot: the server closed it, the network reset it, a stdio server's
   * process exited, or a call's answer said the server forgot the session. Once per connection; never for a
   * connection Loadout closed itself (a removed registration, {@code close()}). The manager reconnects in the
   * background unless the breaker opened; that reconnect is an {@link #onConnect}.
   *
   * @param guildId the guild; empty for a host server
   * @param registrationId the registration; 0 for a host server
   * @param code why it ended, from {@link McpFailureCodes}: usually {@link McpFailureCodes#CONNECTION_LOST}, or
   *     {@link McpFailureCodes#SESSION_LOST} for a server that forgot the session
   */
  default void onDisconnect(String guildId, long registrationId, String code) {}
}
