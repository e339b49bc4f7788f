package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * The state of one server's circuit breaker, in Resilience4j's words.
 *
 * <ul>
 *   <li>{@link #CLOSED}: connects are allowed.</li>
 *   <li>{@link #OPEN}: quarantined after a failed connect; gathering skips the server at once until the
 *       cooldown ends.</li>
 *   <li>{@link #HALF_OPEN}: the cooldown ended and exactly one new connect is in flight; its outcome closes
 *       or reopens the breaker.</li>
 * </ul>
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum BreakerState {
  /** Connects allowed. */
  CLOSED,
  /** Quarantined. */
  OPEN,
  /** One trial connect allowed. */
  HALF_OPEN
}
