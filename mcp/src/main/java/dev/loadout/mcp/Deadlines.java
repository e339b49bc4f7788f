package dev.loadout.mcp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Loadout's own deadline around a blocking SDK call that runs on the blocking executor. */
final class Deadlines {
  private Deadlines() {}

  /**
   * Waits for the work at most this long; on timeout the future is cancelled (the SDK call itself ends at
   * its own, longer timeout, or when the caller closes the client).
   */
  static <T> T await(CompletableFuture<T> work, long time, TimeUnit unit) throws TimeoutException, ExecutionException,
      InterruptedException {
    try {
      return work.get(time, unit);
    } catch (TimeoutException | InterruptedException e) {
      work.cancel(true);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw e;
    }
  }
}
