package dev.loadout.mcp;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One server's breaker: the server's health as seen across its connections.
 *
 * <p><b>States.</b> CLOSED lets a server be used and connected. A failed connect opens it at once; so do
 * {@code threshold} consecutive transport-level call failures (no answer within the deadline, an answer that
 * is not MCP, a lost connection, an HTTP error), counted across reconnects and reset by any answered call (a
 * tool's own error is an answer). OPEN is the quarantine: user turns skip the server at once, until
 * {@link #until()}. Only a background probe leaves OPEN: {@link #tryProbe()} moves an expired OPEN to
 * HALF_OPEN for exactly one caller, whose connect then closes the breaker ({@link #onConnectSuccess()}) or
 * reopens it ({@link #onConnectFailure()}) for twice the last cooldown, up to the cap. A success resets the
 * cooldown to the first step. {@link #reset()} (an operator's retry, a disable, a removal) closes it from any
 * state.
 *
 * <p>Each state is an immutable object swapped with compare-and-set, so two callers racing at expiry get
 * exactly one probe. A change of state is checked against {@link Move#LEGAL} before the swap and published;
 * one within a state (a counted failure) publishes nothing. Time comes only from the injected clock.
 */
final class CircuitBreaker {
  /** The legal moves, as data. */
  enum Move {
    CLOSED_TO_OPEN(BreakerState.CLOSED, BreakerState.OPEN),
    OPEN_TO_HALF_OPEN(BreakerState.OPEN, BreakerState.HALF_OPEN),
    HALF_OPEN_TO_CLOSED(BreakerState.HALF_OPEN, BreakerState.CLOSED),
    HALF_OPEN_TO_OPEN(BreakerState.HALF_OPEN, BreakerState.OPEN),
    OPEN_TO_CLOSED(BreakerState.OPEN, BreakerState.CLOSED);

    static final Set<Move> LEGAL = EnumSet.allOf(Move.class);
    final BreakerState from;
    final BreakerState to;

    Move(BreakerState from, BreakerState to) {
      this.from = from;
      this.to = to;
    }

    static boolean legal(BreakerState from, BreakerState to) {
      return LEGAL.stream().anyMatch(m -> m.from == from && m.to == to);
    }
  }

  /** Who hears of a change of state. */
  interface Transitions {
    void moved(BreakerState from, BreakerState to, Instant at);
  }

  /**
   * @param failures consecutive transport-level call failures while CLOSED
   * @param cooldown the quarantine of the last opening, which the next failed probe doubles; null after a success
   */
  private record State(BreakerState kind, Instant until, Duration cooldown, int failures) {}

  private static final State CLOSED = new State(BreakerState.CLOSED, null, null, 0);

  private final String name;
  private final Clock clock;
  private final Duration firstCooldown;
  private final Duration maxCooldown;
  private final int threshold;
  private final Transitions events;
  private final AtomicReference<State> state = new AtomicReference<>(CLOSED);

  CircuitBreaker(String name, Clock clock, Duration firstCooldown, Duration maxCooldown, int threshold, Transitions events) {
    this.name = name;
    this.clock = clock;
    this.firstCooldown = firstCooldown;
    this.maxCooldown = maxCooldown.compareTo(firstCooldown) < 0 ? firstCooldown : maxCooldown;
    this.threshold = threshold;
    this.events = events;
  }

  BreakerState state() {
    return state.get().kind();
  }

  /** Whether user turns may use and connect the server. */
  boolean isClosed() {
    return state.get().kind() == BreakerState.CLOSED;
  }

  /** When an OPEN breaker's quarantine ends; null unless OPEN. */
  Instant until() {
    State s = state.get();
    return s.kind() == BreakerState.OPEN ? s.until() : null;
  }

  /** Consecutive transport-level call failures counted so far while CLOSED. */
  int failures() {
    return state.get().failures();
  }

  /** Whether this caller may run the one probe now: true for exactly one caller once an OPEN breaker expired. */
  boolean tryProbe() {
    while (true) {
      State s = state.get();
      if (s.kind() != BreakerState.OPEN || clock.instant().isBefore(s.until())) {
        return false;
      }
      if (swap(s, new State(BreakerState.HALF_OPEN, null, s.cooldown(), 0))) {
        return true;
      }
    }
  }

  /**
   * A connect succeeded: an OPEN or HALF_OPEN breaker closes, and the next quarantine starts at the first step
   * again. While CLOSED the count of failed calls is kept: a reconnect is not an answered call, so a server that
   * dies on every call is still quarantined after the threshold.
   */
  void onConnectSuccess() {
    while (true) {
      State s = state.get();
      if (s.kind() == BreakerState.CLOSED || swap(s, CLOSED)) {
        return;
      }
    }
  }

  /** A connect failed: OPEN for the first step from CLOSED, for the doubled step after a failed probe. */
  void onConnectFailure() {
    while (true) {
      State s = state.get();
      if (s.kind() == BreakerState.OPEN) {
        return;
      }
      Duration next = s.kind() == BreakerState.HALF_OPEN && s.cooldown() != null ? doubled(s.cooldown()) : firstCooldown;
      if (swap(s, open(next))) {
        return;
      }
    }
  }

  /**
   * A call failed at the transport level; returns true if this failure opened the breaker (the threshold was
   * reached), so the caller drops the connection.
   */
  boolean onCallFailure() {
    while (true) {
      State s = state.get();
      if (s.kind() != BreakerState.CLOSED) {
        return false;
      }
      int failures = s.failures() + 1;
      State next = failures >= threshold ? open(firstCooldown) : new State(BreakerState.CLOSED, null, null, failures);
      if (swap(s, next)) {
        return next.kind() == BreakerState.OPEN;
      }
    }
  }

  /** A call was answered: the count of consecutive failures starts again. */
  void onCallAnswered() {
    while (true) {
      State s = state.get();
      if (s.kind() != BreakerState.CLOSED || s.failures() == 0 || swap(s, CLOSED)) {
        return;
      }
    }
  }

  /** Closes from any state and forgets the failures and the back-off. */
  void reset() {
    while (true) {
      State s = state.get();
      if (s == CLOSED || swap(s, CLOSED)) {
        return;
      }
    }
  }

  private State open(Duration cooldown) {
    return new State(BreakerState.OPEN, clock.instant().plus(cooldown), cooldown, 0);
  }

  private Duration doubled(Duration d) {
    Duration twice = d.multipliedBy(2);
    return twice.compareTo(maxCooldown) > 0 ? maxCooldown : twice;
  }

  private boolean swap(State from, State to) {
    if (from.kind() != to.kind() && !Move.legal(from.kind(), to.kind())) {
      throw new IllegalStateException("circuit breaker " + name + " cannot go from " + from.kind() + " to " + to.kind());
    }
    if (!state.compareAndSet(from, to)) {
      return false;
    }
    if (from.kind() != to.kind()) {
      events.moved(from.kind(), to.kind(), clock.instant());
    }
    return true;
  }

  @Override
  public String toString() {
    State s = state.get();
    return "CircuitBreaker{" + name + " " + s.kind() + (s.until() == null ? "" : " until " + s.until())
        + (s.failures() == 0 ? "" : ", " + s.failures() + " failed calls") + "}";
  }
}
