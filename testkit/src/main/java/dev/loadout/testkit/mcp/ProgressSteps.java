package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apiguardian.api.API;

/**
 * The progress notices of a {@link McpTestServer}'s tool, sent one at a time when the test says so: from
 * {@link McpTestServer#progressSteps(String, int)} on, a call of the tool that carries
 * {@code _meta.progressToken} waits before notice {@code i} until the test has called {@link #next()}
 * {@code i} times (or the server stops, which ends the call without notices or answer).
 *
 * <p>It is the deterministic way to test what a client does with each notice: the SDK on the client side may
 * hand notices that arrive together to several threads at once, so a test that needs them in order, each
 * seen before the next is sent, lets the next one go only after its listener saw the last.
 *
 * <pre>{@code
 * ProgressSteps steps = server.progressSteps("wait", 3);
 * CompletableFuture<ToolResult> pending = tool.execute(call, ctx).toCompletableFuture();
 * for (int i = 1; i <= 3; i++) {
 *   steps.next();
 *   assertThat(seen.poll(10, SECONDS)).isNotNull();   // notice i reached the listener
 * }
 * }</pre>
 *
 * <p>Every call of the tool shares the handle: notice {@code i} of each call goes once {@code i} steps were let
 * go. {@link McpTestServer#reset()}, {@code progress(tool, 0)} and another {@code progressSteps} of the tool
 * let every step of this handle go, so no call waits into the next test. Thread-safe.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ProgressSteps {
  private final String tool;
  private final List<CompletableFuture<Void>> steps;
  private int let; // guarded by this

  ProgressSteps(String tool, int notices) {
    this.tool = tool;
    List<CompletableFuture<Void>> s = new ArrayList<>(notices);
    for (int i = 0; i < notices; i++) {
      s.add(new CompletableFuture<>());
    }
    this.steps = List.copyOf(s);
  }

  /** The name of the tool. */
  public String tool() {
    return tool;
  }

  /** How many notices each call sends. */
  public int notices() {
    return steps.size();
  }

  /**
   * Lets the next notice go.
   *
   * @return whether there was one left to let go
   */
  public synchronized boolean next() {
    if (let == steps.size()) {
      return false;
    }
    steps.get(let++).complete(null);
    return true;
  }

  /** Lets every notice left go at once. */
  public synchronized void releaseAll() {
    while (next()) {
      // each step completes in order
    }
  }

  /** How many notices were let go so far. */
  public synchronized int released() {
    return let;
  }

  /**
   * Waits, in the server's handler, until notice {@code i} (from 1) may go.
   *
   * @return whether it may (false: the server stopped, or the thread was interrupted)
   */
  boolean awaitStep(int i, CompletableFuture<Void> stopped) {
    CompletableFuture<Void> step = steps.get(i - 1);
    try {
      CompletableFuture.anyOf(step, stopped).get();
      return step.isDone() && !stopped.isDone();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (ExecutionException e) {
      return false;
    }
  }

  @Override
  public synchronized String toString() {
    return "ProgressSteps{" + tool + ", " + let + " of " + steps.size() + " let go}";
  }
}
