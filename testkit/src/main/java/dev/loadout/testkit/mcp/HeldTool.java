package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apiguardian.api.API;

/**
 * A tool of a {@link McpTestServer} whose calls wait for the test: from {@link McpTestServer#hold(String)}
 * on, every call of the tool is accepted and waits, without answering, until {@link #release()} (then it
 * runs and answers as usual) or until the server stops (its connection drops without an answer). It is the
 * deterministic way to have a call in flight: no delay to guess, no race with the client's deadline.
 *
 * <pre>{@code
 * HeldTool held = server.hold("wait");
 * CompletableFuture<ToolResult> pending = tool.execute(call, ctx).toCompletableFuture();
 * assertThat(held.awaitHeld(Duration.ofSeconds(10))).isTrue();   // the call reached the server
 * server.stop();                                                  // or dropConnections(), or release()
 * }</pre>
 *
 * <p>Once released it stays released: later calls run at once. {@link McpTestServer#clearFaults()} and
 * {@link McpTestServer#reset()} release every hold, so no call stays held into the next test; another
 * {@code hold} of the tool gives a new handle. Thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HeldTool {
  private final String tool;
  private final CompletableFuture<Void> released = new CompletableFuture<>();
  private int waiting;
  private int arrived;

  HeldTool(String tool) {
    this.tool = tool;
  }

  /** The name of the held tool. */
  public String tool() {
    return tool;
  }

  /** Lets every waiting call run and answer, and every later call run at once. */
  public void release() {
    released.complete(null);
  }

  /** Whether {@link #release()} was called (directly or by clearing the server's faults). */
  public boolean isReleased() {
    return released.isDone();
  }

  /** How many calls wait now. */
  public synchronized int heldCalls() {
    return waiting;
  }

  /** How many calls have arrived since the hold began, waiting or not. */
  public synchronized int arrivedCalls() {
    return arrived;
  }

  /**
   * Waits until a call of the tool is waiting.
   *
   * @param timeout how long the test is willing to wait for the call to reach the server
   * @return whether a call is waiting
   */
  public boolean awaitHeld(Duration timeout) throws InterruptedException {
    return awaitHeld(1, timeout);
  }

  /**
   * Waits until at least this many calls of the tool are waiting at once.
   *
   * @param calls one or more
   * @param timeout how long the test is willing to wait
   * @return whether that many calls are waiting
   */
  public synchronized boolean awaitHeld(int calls, Duration timeout) throws InterruptedException {
    if (calls < 1) {
      throw new IllegalArgumentException("awaitHeld needs one or more calls, but was " + calls);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    while (waiting < calls) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  /**
   * Holds the calling handler until release or the server's stop.
   *
   * @return whether it was released (false: the server stopped, or the thread was interrupted)
   */
  boolean hold(CompletableFuture<Void> stopped) {
    synchronized (this) {
      waiting++;
      arrived++;
      notifyAll();
    }
    try {
      CompletableFuture.anyOf(released, stopped).get();
      return released.isDone();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      return false;
    } finally {
      synchronized (this) {
        waiting--;
        notifyAll();
      }
    }
  }

  @Override
  public synchronized String toString() {
    return "HeldTool{" + tool + (isReleased() ? ", released" : ", waiting=" + waiting) + "}";
  }
}
