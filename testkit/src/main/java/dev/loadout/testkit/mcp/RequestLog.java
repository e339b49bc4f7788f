package dev.loadout.testkit.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The requests a {@link McpTestServer} received, in arrival order. It has its own monitor: Jetty threads
 * record while {@code stop()}, holding the server's lock, waits for them.
 */
final class RequestLog {
  private final List<RecordedRequest> recorded = new ArrayList<>();

  synchronized void add(RecordedRequest r) {
    recorded.add(r);
    notifyAll();
  }

  synchronized List<RecordedRequest> snapshot() {
    return List.copyOf(recorded);
  }

  synchronized void clear() {
    recorded.clear();
  }

  synchronized Optional<RecordedRequest> await(Predicate<RecordedRequest> match, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Optional<RecordedRequest> found = recorded.stream().filter(match).findFirst();
      long left = deadline - System.nanoTime();
      if (found.isPresent() || left <= 0) {
        return found;
      }
      wait(Math.max(1, left / 1_000_000));
    }
  }
}
