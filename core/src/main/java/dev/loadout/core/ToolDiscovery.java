package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The deferred tools a tool search has found, in the order found: from the next round on they are loaded, appended
 * after the turn's stable prefix (see {@link ToolSearch}).
 *
 * <p>Its lifetime is the host's choice. Without one in the context, each {@link Loadout#prepare(TurnContext)} starts a
 * fresh one that lives as long as the user's turn: {@link PreparedTurn#nextRound()} carries it from round to round.
 * To keep discoveries for a session, create one per session and put it in every turn's context under {@link #KEY};
 * in a session shared by several bot processes, keep one per process (a rediscovery costs one search).
 *
 * <p>Thread-safe. Append-only, except {@link #clear()}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolDiscovery {
  /** Where a turn's context carries a session's discovery. */
  public static final AttributeKey<ToolDiscovery> KEY = AttributeKey.of("loadout.tool-discovery", ToolDiscovery.class);

  private final Set<String> names = new LinkedHashSet<>();
  /** An immutable snapshot of {@link #names}, replaced on every change: every turn of a session reads it. */
  private volatile List<String> snapshot = List.of();

  private ToolDiscovery() {}

  /** A new, empty discovery. */
  public static ToolDiscovery create() {
    return new ToolDiscovery();
  }

  /**
   * Records a found tool; for hosts that run a search themselves (a client-side provider search). Names the turn does
   * not defer are ignored when a turn is prepared.
   *
   * @return whether the name is new
   */
  public synchronized boolean add(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("discovered tool name must not be blank, but was " + name);
    }
    boolean added = names.add(name);
    if (added) {
      snapshot = List.copyOf(names);
    }
    return added;
  }

  /** The found tools' names, in the order found; an immutable snapshot. */
  public List<String> names() {
    return snapshot;
  }

  /** How many tools were found. */
  public synchronized int size() {
    return names.size();
  }

  /** Forgets every found tool (a new session, say); the next prepared turn is back to its stable prefix. */
  public synchronized void clear() {
    names.clear();
    snapshot = List.of();
  }

  @Override
  public synchronized String toString() {
    return "ToolDiscovery" + names;
  }
}
