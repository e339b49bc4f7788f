package dev.loadout.testkit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * One worker JVM of a {@link ProcessGroup}: send it steps, wait for what it observes, or kill it.
 *
 * <p>Thread-safe: a test may run steps on several processes from several threads.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WorkerProcess {
  private static final int STDERR_LINES = 200;

  private final int index;
  private final Process process;
  private final Duration timeout;
  private final Writer stdin;
  private final CompletableFuture<Void> ready = new CompletableFuture<>();
  private final Map<String, CompletableFuture<StepResult>> pending = new ConcurrentHashMap<>();
  private final Map<String, String> stepNames = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private final List<Observation> observations = new ArrayList<>();
  private final Deque<String> stderr = new ArrayDeque<>();
  private volatile boolean readerDone;

  WorkerProcess(int index, Process process, Duration timeout) {
    this.index = index;
    this.process = process;
    this.timeout = timeout;
    this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    Thread out = new Thread(this::readProtocol, "worker-" + index + "-stdout");
    out.setDaemon(true);
    out.start();
    Thread err = new Thread(this::readStderr, "worker-" + index + "-stderr");
    err.setDaemon(true);
    err.start();
  }

  /** This process's index in its group. */
  public int index() {
    return index;
  }

  /** The operating system's id of the process. */
  public long pid() {
    return process.pid();
  }

  /** Whether the process is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Runs a step and waits for its result.
   *
   * @throws AssertionError if the step fails (with the worker's message and stack trace), the process dies, or
   *     no result arrives within the group's timeout
   */
  public StepResult run(String step, String... args) {
    return result(start(step, args), step);
  }

  /**
   * Sends a step without waiting; the future completes with its result, or exceptionally with the worker's
   * failure. Steps run concurrently in the worker, each on its own thread.
   */
  public CompletableFuture<StepResult> start(String step, String... args) {
    Step s = Step.of(step, args);
    String id = String.valueOf(ids.incrementAndGet());
    CompletableFuture<StepResult> result = new CompletableFuture<>();
    pending.put(id, result);
    stepNames.put(id, s.name());
    List<String> fields = new ArrayList<>(List.of("STEP", id, s.name()));
    fields.addAll(s.args());
    try {
      synchronized (stdin) {
        stdin.write(Wire.line(fields) + "\n");
        stdin.flush();
      }
    } catch (IOException e) {
      pending.remove(id);
      result.completeExceptionally(new AssertionError(describe() + " did not take step [" + step + "]: "
          + e.getMessage() + stderrTail(), e));
    }
    return result;
  }

  /**
   * Waits for the first observation of this name that matches, among those already made and those to come.
   *
   * @throws AssertionError if none arrives within the group's timeout, or the process dies first
   */
  public Observation await(String name, Predicate<Observation> matches) {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (observations) {
      int seen = 0;
      while (true) {
        for (; seen < observations.size(); seen++) {
          Observation o = observations.get(seen);
          if (o.name().equals(name) && matches.test(o)) {
            return o;
          }
        }
        long left = deadline - System.nanoTime();
        if (left <= 0 || (!process.isAlive() && readerDone)) {
          throw new AssertionError(describe() + " observed no matching [" + name + "] within " + timeout.toMillis()
              + " ms; it observed " + observations + stderrTail());
        }
        try {
          observations.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError("interrupted while waiting for [" + name + "] of " + describe(), e);
        }
      }
    }
  }

  /** Every observation so far, in arrival order. */
  public List<Observation> observations() {
    synchronized (observations) {
      return List.copyOf(observations);
    }
  }

  /** The observations of this name so far, in arrival order. */
  public List<Observation> observations(String name) {
    return observations().stream().filter(o -> o.name().equals(name)).toList();
  }

  /** The last lines the process wrote to standard error (its logs), oldest first. */
  public List<String> stderr() {
    synchronized (stderr) {
      return List.copyOf(stderr);
    }
  }

  /** Kills the process at once (SIGKILL where the platform has it), as a crash would, and waits for it to end. */
  public void kill() {
    process.destroyForcibly();
    try {
      process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  StepResult result(CompletableFuture<StepResult> running, String step) {
    try {
      return running.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AssertionError a) {
        throw a;
      }
      throw new AssertionError(describe() + " failed step [" + step + "]", e.getCause());
    } catch (TimeoutException e) {
      throw new AssertionError(describe() + " did not finish step [" + step + "] within " + timeout.toMillis() + " ms"
          + stderrTail());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while waiting for step [" + step + "] of " + describe(), e);
    }
  }

  void awaitReady() {
    try {
      ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw (e.getCause() instanceof AssertionError a) ? a : new AssertionError(e.getCause());
    } catch (TimeoutException e) {
      throw new AssertionError(describe() + " did not start within " + timeout.toMillis() + " ms" + stderrTail());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while starting " + describe(), e);
    }
  }

  void askToExit() {
    try {
      synchronized (stdin) {
        stdin.write("EXIT\n");
        stdin.flush();
        stdin.close();
      }
    } catch (IOException e) {
      // Already gone: awaitExitOrKill finds it ended.
    }
  }

  void awaitExitOrKill() {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        kill();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill();
    }
  }

  private void readProtocol() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.startsWith(Wire.MARK)) {
          handle(Wire.fields(line.substring(Wire.MARK.length())));
        } else {
          remember("[stdout] " + line);
        }
      }
    } catch (IOException e) {
      remember("[protocol] " + e.getMessage());
    } finally {
      readerDone = true;
      AssertionError gone = new AssertionError(describe() + " ended (exit " + exitCode() + ")" + stderrTail());
      ready.completeExceptionally(gone);
      pending.values().forEach(f -> f.completeExceptionally(gone));
      synchronized (observations) {
        observations.notifyAll();
      }
    }
  }

  private void handle(List<String> f) {
    switch (f.get(0)) {
      case "READY" -> ready.complete(null);
      case "OBS" -> {
        Instant at = Instant.EPOCH.plus(Long.parseLong(f.get(2)), ChronoUnit.MICROS);
        Observation o = new Observation(index, f.get(1), f.subList(3, f.size()), at);
        synchronized (observations) {
          observations.add(o);
          observations.notifyAll();
        }
      }
      case "DONE" -> {
        CompletableFuture<StepResult> r = pending.remove(f.get(1));
        String step = stepNames.remove(f.get(1));
        if (r != null) {
          r.complete(new StepResult(index, step, f.subList(2, f.size())));
        }
      }
      case "FAIL" -> {
        AssertionError failure = new AssertionError(describe() + " failed " + (f.get(1).equals("start") ? "to start"
            : "step [" + stepNames.remove(f.get(1)) + "]") + ":\n" + f.get(2));
        if (f.get(1).equals("start")) {
          ready.completeExceptionally(failure);
        } else {
          CompletableFuture<StepResult> r = pending.remove(f.get(1));
          if (r != null) {
            r.completeExceptionally(failure);
          }
        }
      }
      default -> remember("[protocol] unknown message " + f);
    }
  }

  private void readStderr() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        remember(line);
      }
    } catch (IOException e) {
      // The process ended.
    }
  }

  private void remember(String line) {
    synchronized (stderr) {
      if (stderr.size() == STDERR_LINES) {
        stderr.removeFirst();
      }
      stderr.addLast(line);
    }
  }

  private String exitCode() {
    try {
      return process.waitFor(1, TimeUnit.SECONDS) ? String.valueOf(process.exitValue()) : "still running";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  private String stderrTail() {
    List<String> lines = stderr();
    List<String> tail = lines.subList(Math.max(0, lines.size() - 30), lines.size());
    return tail.isEmpty() ? "" : "\n--- its last standard error ---\n" + String.join("\n", tail);
  }

  private String describe() {
    return "worker process " + index + " (pid " + process.pid() + ")";
  }

  @Override
  public String toString() {
    return "WorkerProcess{" + index + ", pid=" + process.pid() + (process.isAlive() ? "" : ", ended") + "}";
  }
}
