package dev.loadout.examples.bot;

import dev.loadout.core.ToolInterceptor;
import dev.loadout.core.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The progress line while tools run: once a tool has run a whole second, {@code "  ... fetch_url running 3s"}, one
 * entry per running tool, updated every second and taken off when the last one ends. Seconds are ticks of the injected
 * scheduler (each tool's own, at a fixed rate), so a test moves time by hand and nothing here reads a clock.
 */
final class ToolProgress {
  private final ScheduledExecutorService ticks;
  private final StreamedAnswer console;
  /** The running tools, in the order they started. Guarded by this. */
  private final List<Running> running = new ArrayList<>();

  /**
   * @param ticks the scheduler the seconds come from; null for none, so the line never shows (the scripted session,
   *     whose output must not depend on how fast the machine is)
   */
  ToolProgress(ScheduledExecutorService ticks, StreamedAnswer console) {
    this.ticks = ticks;
    this.console = console;
  }

  /** A tool interceptor: it sees only calls that passed Loadout's checks and are about to run. */
  ToolInterceptor interceptor() {
    return chain -> {
      Runnable end = start(chain.call().name());
      CompletionStage<ToolResult> result;
      try {
        result = chain.proceed(chain.call());
      } catch (RuntimeException | Error e) {
        end.run();
        throw e;
      }
      return result.whenComplete((r, e) -> end.run());
    };
  }

  /** Starts counting a tool's seconds; the returned action ends it, and may run more than once. */
  Runnable start(String tool) {
    if (ticks == null) {
      return () -> {};
    }
    Running r = new Running(tool);
    synchronized (this) {
      running.add(r);
    }
    r.timer = ticks.scheduleAtFixedRate(() -> tick(r), 1, 1, TimeUnit.SECONDS);
    synchronized (this) {
      if (!running.contains(r)) {
        r.timer.cancel(false); // it ended before its timer was set
      }
    }
    return () -> end(r);
  }

  private void tick(Running r) {
    synchronized (this) {
      if (!running.contains(r)) {
        return;
      }
      r.seconds++;
      console.status(line());
    }
  }

  private void end(Running r) {
    ScheduledFuture<?> timer = r.timer;
    if (timer != null) {
      timer.cancel(false);
    }
    synchronized (this) {
      if (running.remove(r)) {
        console.status(line());
      }
    }
  }

  /** The line for the tools that have run a second or more, or null for none. */
  private String line() {
    List<String> parts = new ArrayList<>();
    for (Running r : running) {
      if (r.seconds > 0) {
        parts.add(r.tool + " running " + r.seconds + "s");
      }
    }
    return parts.isEmpty() ? null : "  ... " + String.join(", ", parts);
  }

  private static final class Running {
    final String tool;
    /** Seconds counted so far. Guarded by the ToolProgress. */
    int seconds;
    volatile ScheduledFuture<?> timer;

    Running(String tool) {
      this.tool = tool;
    }
  }
}
