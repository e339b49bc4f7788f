package dev.loadout.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * An in-memory store that lets a test wait for the manager's background snapshot writes ({@link #updateToolNames})
 * instead of polling {@link #list}. The wait's deadline is {@link McpEvents#HANG_GUARD}, a hang guard only.
 */
final class WatchedStore extends ForwardingStore {
  private final List<List<String>> toolNameWrites = new ArrayList<>();

  /** The first tool-name snapshot written so far or from now on that {@code match} accepts; empty if none came. */
  synchronized Optional<List<String>> awaitToolNames(Predicate<List<String>> match) throws InterruptedException {
    long deadline = System.nanoTime() + McpEvents.HANG_GUARD.toNanos();
    for (int seen = 0; ; ) {
      for (; seen < toolNameWrites.size(); seen++) {
        if (match.test(toolNameWrites.get(seen))) {
          return Optional.of(toolNameWrites.get(seen));
        }
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return Optional.empty();
      }
      wait(Math.max(1, left / 1_000_000));
    }
  }

  @Override
  public boolean updateToolNames(String guildId, long id, List<String> toolNames) {
    boolean updated = delegate.updateToolNames(guildId, id, toolNames);
    synchronized (this) {
      toolNameWrites.add(List.copyOf(toolNames));
      notifyAll();
    }
    return updated;
  }
}
