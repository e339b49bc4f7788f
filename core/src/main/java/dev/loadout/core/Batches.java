package dev.loadout.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs batches of calls one after another, the calls of a batch at once, without recursion: a batch that completes
 * at once (tools answering on the caller's thread) is followed by the next in the same loop, so a round of thousands
 * of serial calls costs no stack. The drain loop is the usual work-in-progress counter: whoever finds it at zero
 * drives; a completion arriving meanwhile only counts itself in.
 */
final class Batches {
  private final PreparedTurn turn;
  private final List<List<ToolCall>> batches;
  private final List<ToolOutcome> outcomes = new ArrayList<>();
  private final CompletableFuture<List<ToolOutcome>> done = new CompletableFuture<>();
  private final AtomicInteger wip = new AtomicInteger();
  private int next;
  private boolean running;

  private Batches(PreparedTurn turn, List<List<ToolCall>> batches) {
    this.turn = turn;
    this.batches = batches;
  }

  static CompletionStage<List<ToolOutcome>> run(PreparedTurn turn, List<List<ToolCall>> batches) {
    Batches b = new Batches(turn, batches);
    b.drain();
    return b.done;
  }

  private void drain() {
    if (wip.getAndIncrement() != 0) {
      return;
    }
    int missed = 1;
    do {
      List<ToolCall> batch = null;
      synchronized (this) {
        if (!running && !done.isDone()) {
          if (next == batches.size()) {
            done.complete(Collections.unmodifiableList(new ArrayList<>(outcomes)));
          } else {
            running = true;
            batch = batches.get(next++);
          }
        }
      }
      if (batch != null) {
        // Outside the lock: tools may run right here, on this thread.
        turn.executeAll(batch).whenComplete((o, e) -> {
          synchronized (this) {
            running = false;
            if (e != null) {
              done.completeExceptionally(e);
            } else {
              outcomes.addAll(o);
            }
          }
          drain();
        });
      }
      missed = wip.addAndGet(-missed);
    } while (missed != 0);
  }
}
