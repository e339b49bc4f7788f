package dev.loadout.mcp;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * One server's breaker. CLOSED lets connects through; a failed connect opens it until now + cooldown; while
 * OPEN, {@link #tryAcquire()} says no at once; the first caller after expiry moves it to HALF_OPEN and is
 * the one permitted trial; the trial's success closes it, its failure reopens it. {@link #reset()} (a
 * disable, a removal) closes it from any state.
 *
 * <p>Each state is an immutable object swapped with compare-and-set, so two callers racing at expiry get
 * exactly one trial. A transition is checked against {@link Move#LEGAL} before the swap; a transition to
 * the same state publishes nothing. Time comes only from the injected clock.
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

  private record State(BreakerState kind, Instant until) {}

  private static final State CLOSED = new State(BreakerState.CLOSED, null);

  private final String name;
  private final String guildId;
  private final long registrationId;
  private final Clock clock;
  private final Duration cooldown;
  private final Consumer<BreakerTransition> events;
  private final AtomicReference<State> state = new AtomicReference<>(CLOSED);

  CircuitBreaker(String guildId, long registrationId, Clock clock, Duration cooldown, Consumer<BreakerTransition> events) {
    this.name = guildId + "/" + registrationId;
    this.guildId = guildId;
    this.registrationId = registrationId;
    this.clock = clock;
    this.cooldown = cooldown;
    this.events = events;
  }

  BreakerState state() {
    return state.get().kind();
  }

  /** Whether a connect may start now; true for exactly one caller once an OPEN breaker expires. */
  boolean tryAcquire() {
    while (true) {
      State s = state.get();
      switch (s.kind()) {
        case CLOSED:
          return true;
        case HALF_OPEN:
          return false;
        default:
          if (clock.instant().isBefore(s.until())) {
            return false;
          }
          if (swap(s, new State(BreakerState.HALF_OPEN, null))) {
            return true;
          }
      }
    }
  }

  void onSuccess() {
    State s = state.get();
    if (s.kind() == BreakerState.HALF_OPEN) {
      swap(s, CLOSED);
    }
  }

  void onFailure() {
    while (true) {
      State s = state.get();
      if (s.kind() == BreakerState.OPEN) {
        return;
      }
      if (swap(s, new State(BreakerState.OPEN, clock.instant().plus(cooldown)))) {
        return;
      }
    }
  }

  void reset() {
    while (true) {
      State s = state.get();
      if (s.kind() == BreakerState.CLOSED) {
        return;
      }
      if (s.kind() == BreakerState.HALF_OPEN) {
        if (swap(s, CLOSED)) {
          return;
        }
      } else if (swap(s, CLOSED)) {
        return;
      }
    }
  }

  private boolean swap(State from, State to) {
    if (from.kind() != to.kind() && !Move.legal(from.kind(), to.kind())) {
      throw new IllegalStateException("circuit breaker " + name + " cannot go from " + from.kind() + " to " + to.kind());
    }
    if (!state.compareAndSet(from, to)) {
      return false;
    }
    if (from.kind() != to.kind()) {
      events.accept(new BreakerTransition(guildId, registrationId, from.kind(), to.kind(), clock.instant()));
    }
    return true;
  }

  @Override
  public String toString() {
    State s = state.get();
    return "CircuitBreaker{" + name + " " + s.kind() + (s.until() == null ? "" : " until " + s.until()) + "}";
  }
}
