package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Instant;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One change of a server's circuit breaker, published to {@link McpEventListener#onBreakerTransition}.
 * The instant comes from the manager's injected clock.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class BreakerTransition {
  private final String guildId;
  private final long registrationId;
  private final BreakerState from;
  private final BreakerState to;
  private final Instant at;

  BreakerTransition(String guildId, long registrationId, BreakerState from, BreakerState to, Instant at) {
    this.guildId = guildId;
    this.registrationId = registrationId;
    this.from = from;
    this.to = to;
    this.at = at;
  }

  /** The guild. */
  public String guildId() {
    return guildId;
  }

  /** The registration's id. */
  public long registrationId() {
    return registrationId;
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
    return registrationId == t.registrationId && guildId.equals(t.guildId) && from == t.from && to == t.to && at.equals(t.at);
  }

  @Override
  public int hashCode() {
    return Objects.hash(guildId, registrationId, from, to, at);
  }

  @Override
  public String toString() {
    return "Breaker of MCP server " + registrationId + " in guild " + guildId + " went from " + from + " to " + to + " at " + at;
  }
}
