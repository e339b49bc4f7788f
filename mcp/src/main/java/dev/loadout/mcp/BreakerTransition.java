package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One change of a server's circuit breaker, published to {@link McpEventListener#onBreakerTransition}: of a
 * guild's registration ({@link #guildId()} and {@link #registrationId()}) or of a host server
 * ({@link #hostServer()}). The instant comes from the manager's injected clock.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class BreakerTransition {
  private final String guildId;
  private final long registrationId;
  private final String hostServer;
  private final BreakerState from;
  private final BreakerState to;
  private final Instant at;

  BreakerTransition(String guildId, long registrationId, String hostServer, BreakerState from, BreakerState to,
      Instant at) {
    this.guildId = guildId;
    this.registrationId = registrationId;
    this.hostServer = hostServer;
    this.from = from;
    this.to = to;
    this.at = at;
  }

  /** The guild of a registration's breaker; empty for a host server. */
  public Optional<String> guildId() {
    return Optional.ofNullable(guildId);
  }

  /** The registration's id; 0 for a host server. */
  public long registrationId() {
    return registrationId;
  }

  /** The name of a host server; empty for a guild's registration. */
  public Optional<String> hostServer() {
    return Optional.ofNullable(hostServer);
  }

  /** The state before. */
  public BreakerState from() {
    return from;
  }

  /** The state after; never the same as {@link #from()}. */
  public BreakerState to() {
    return to;
  }

  /** When it happened, by the manager's clock. */
  public Instant at() {
    return at;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BreakerTransition)) {
      return false;
    }
    BreakerTransition t = (BreakerTransition) o;
    return registrationId == t.registrationId && Objects.equals(guildId, t.guildId)
        && Objects.equals(hostServer, t.hostServer) && from == t.from && to == t.to && at.equals(t.at);
  }

  @Override
  public int hashCode() {
    return Objects.hash(guildId, registrationId, hostServer, from, to, at);
  }

  @Override
  public String toString() {
    String who = hostServer != null ? "host MCP server '" + hostServer + "'"
        : "MCP server " + registrationId + " in guild " + guildId;
    return "Breaker of " + who + " went from " + from + " to " + to + " at " + at;
  }
}
