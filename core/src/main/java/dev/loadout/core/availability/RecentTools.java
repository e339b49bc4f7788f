package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The tools a channel used successfully in its last turns, newest turn first: what a follow-up phrase
 * ("do that again") may re-allow under {@link DeliberateToolMode}. Put it in the turn with
 * {@link DeliberateToolMode#RECENT_TOOLS}.
 *
 * <p>Get one from {@link RecentToolUse#beginTurn(String)} (which also ties the turn's successes back to
 * the tracker), or build one with {@link #of(List)} when the host keeps this history itself. At most
 * {@value DeliberateToolMode#MAX_CONTEXT_TURNS} turns are kept, since no setting can look further back.
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class RecentTools {
  private static final RecentTools NONE = new RecentTools(null, -1, List.of());

  private final String channel;
  private final long turn;
  private final List<Set<String>> turns;

  RecentTools(String channel, long turn, List<Set<String>> turns) {
    this.channel = channel;
    this.turn = turn;
    this.turns = turns;
  }

  /** No recent tools. */
  public static RecentTools none() {
    return NONE;
  }

  /**
   * The tools of earlier turns, given by the host.
   *
   * @param turnsNewestFirst for each earlier turn, newest first, the names of the tools that succeeded in
   *     it (an empty collection for a turn without tools); turns past the tenth are ignored
   */
  public static RecentTools of(List<? extends Collection<String>> turnsNewestFirst) {
    if (turnsNewestFirst == null) {
      throw new IllegalArgumentException("turns must not be null");
    }
    List<Set<String>> copy = new ArrayList<>();
    for (Collection<String> t : turnsNewestFirst) {
      if (copy.size() == DeliberateToolMode.MAX_CONTEXT_TURNS) {
        break;
      }
      if (t == null || t.stream().anyMatch(java.util.Objects::isNull)) {
        throw new IllegalArgumentException("each turn must be a collection of tool names without nulls, but was " + t);
      }
      copy.add(Collections.unmodifiableSet(new LinkedHashSet<>(t)));
    }
    return new RecentTools(null, -1, List.copyOf(copy));
  }

  /** Each earlier turn's successful tool names, newest first; at most ten turns. */
  public List<Set<String>> turns() {
    return turns;
  }

  /**
   * The names used in the last {@code lastTurns} turns, newest first without repeats.
   *
   * @param lastTurns how many turns back to look; 0 gives nothing
   */
  public Set<String> namesWithin(int lastTurns) {
    Set<String> out = new LinkedHashSet<>();
    for (int i = 0; i < Math.min(lastTurns, turns.size()); i++) {
      out.addAll(turns.get(i));
    }
    return Collections.unmodifiableSet(out);
  }

  /** Whether no earlier turn used a tool. */
  public boolean isEmpty() {
    return turns.stream().allMatch(Set::isEmpty);
  }

  /** The conversation the tracker issued this for; null when built by the host. */
  String channel() {
    return channel;
  }

  /** The tracker's number of the turn this was issued for; -1 when not issued by a tracker. */
  long turn() {
    return turn;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RecentTools && ((RecentTools) o).turns.equals(turns);
  }

  @Override
  public int hashCode() {
    return turns.hashCode();
  }

  @Override
  public String toString() {
    return "RecentTools" + turns;
  }
}
