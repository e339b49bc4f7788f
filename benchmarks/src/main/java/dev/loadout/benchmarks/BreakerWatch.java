package dev.loadout.benchmarks;

import dev.loadout.mcp.BreakerState;
import dev.loadout.mcp.BreakerTransition;
import dev.loadout.mcp.McpEventListener;
import java.util.ArrayList;
import java.util.List;

/**
 * What the harness knows of one server's breaker, from the manager's own events: how many background probes
 * started (OPEN to HALF_OPEN) and ended (HALF_OPEN to OPEN or CLOSED), and when each move happened by
 * {@link System#nanoTime()}, so each cooldown cycle can be cut out of the stream of turns and timed. Listeners
 * run on the thread that moved the breaker (the probe's), so this only counts and records; the turn thread
 * reads the counters between turns.
 */
final class BreakerWatch implements McpEventListener {
  /** One move of the watched breaker. */
  record Move(BreakerState from, BreakerState to, long atNanos) {}

  private final String guildId;
  private final long registrationId;
  private final List<Move> moves = new ArrayList<>();
  private volatile BreakerState state = BreakerState.CLOSED;
  private volatile int probesStarted;
  private volatile int probesEnded;

  BreakerWatch(String guildId, long registrationId) {
    this.guildId = guildId;
    this.registrationId = registrationId;
  }

  @Override
  public void onBreakerTransition(BreakerTransition t) {
    if (t.registrationId() != registrationId || !t.guildId().map(guildId::equals).orElse(false)) {
      return;
    }
    synchronized (this) {
      moves.add(new Move(t.from(), t.to(), System.nanoTime()));
      state = t.to();
      if (t.to() == BreakerState.HALF_OPEN) {
        probesStarted++;
      } else if (t.from() == BreakerState.HALF_OPEN) {
        probesEnded++;
      }
    }
  }

  BreakerState state() {
    return state;
  }

  int probesStarted() {
    return probesStarted;
  }

  int probesEnded() {
    return probesEnded;
  }

  synchronized List<Move> moves() {
    return List.copyOf(moves);
  }

  /** The moves that happened from this instant on, oldest first. */
  List<Move> since(long fromNanos) {
    List<Move> out = new ArrayList<>();
    for (Move m : moves()) {
      if (m.atNanos() >= fromNanos) {
        out.add(m);
      }
    }
    return out;
  }
}
