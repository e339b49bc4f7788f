package dev.loadout.testkit.process;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * K worker JVMs started on the test's classpath, each running the same {@link Worker} class, driven by the
 * test through scripted {@link Step steps}. For tests of state that several bot processes share through one
 * database: what one process writes, the others must see.
 *
 * <pre>{@code
 * try (ProcessGroup group = ProcessGroup.builder(BlockWorker.class).processes(3)
 *     .environment("DB_URL", url).start()) {
 *   group.process(0).run("block", "g1", "alice");
 *   Observation seen = group.process(1).await("blocked", o -> o.value(0).equals("alice"));
 *   List<StepResult> counts = group.runAll("count");       // every process at once
 * }
 * }</pre>
 *
 * <p>{@link Builder#start()} returns once every process has run {@link Worker#start} and reported ready, so
 * a step sent next reaches processes that are all up: {@link #runAll} sends a step to all of them together,
 * which is how a test makes K processes do something "at the same instant". Every wait (start, a step, an
 * observation) is bounded by the {@linkplain Builder#timeout timeout} and fails with the worker's recent
 * standard error. {@link #close()} asks every worker to stop, and kills what has not exited within the
 * timeout.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ProcessGroup implements AutoCloseable {
  private final List<WorkerProcess> processes;

  private ProcessGroup(List<WorkerProcess> processes) {
    this.processes = List.copyOf(processes);
  }

  /**
   * Starts describing a group whose processes run this worker.
   *
   * @param worker a class with a public no-argument constructor, on the test's classpath
   */
  public static Builder builder(Class<? extends Worker> worker) {
    if (worker == null) {
      throw new IllegalArgumentException("worker class must not be null");
    }
    return new Builder(worker);
  }

  /**
   * The process at this index.
   *
   * @throws IllegalArgumentException when there is no such process
   */
  public WorkerProcess process(int index) {
    if (index < 0 || index >= processes.size()) {
      throw new IllegalArgumentException("process index must be 0 to " + (processes.size() - 1) + ", but was " + index);
    }
    return processes.get(index);
  }

  /** Every process, by index. */
  public List<WorkerProcess> processes() {
    return processes;
  }

  /** How many processes there are. */
  public int size() {
    return processes.size();
  }

  /**
   * Sends one step to every process at once and waits for all their results.
   *
   * @return the results by process index
   * @throws AssertionError if a step fails or does not finish in time, naming the process
   */
  public List<StepResult> runAll(String step, String... args) {
    List<CompletableFuture<StepResult>> running = new ArrayList<>();
    for (WorkerProcess p : processes) {
      running.add(p.start(step, args));
    }
    List<StepResult> out = new ArrayList<>();
    for (int i = 0; i < running.size(); i++) {
      out.add(processes.get(i).result(running.get(i), step));
    }
    return out;
  }

  /**
   * Waits until every process has observed something that matches.
   *
   * @return each process's first match, by process index
   */
  public List<Observation> awaitAll(String name, Predicate<Observation> matches) {
    List<Observation> out = new ArrayList<>();
    for (WorkerProcess p : processes) {
      out.add(p.await(name, matches));
    }
    return out;
  }

  /** Every observation of every process so far, by process, each in arrival order. */
  public List<Observation> observations() {
    List<Observation> out = new ArrayList<>();
    processes.forEach(p -> out.addAll(p.observations()));
    return out;
  }

  /** Stops every process (killing those that do not exit within the timeout). */
  @Override
  public void close() {
    processes.forEach(WorkerProcess::askToExit);
    processes.forEach(WorkerProcess::awaitExitOrKill);
  }

  @Override
  public String toString() {
    return "ProcessGroup{" + processes + "}";
  }

  /**
   * Describes a {@link ProcessGroup}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final Class<? extends Worker> worker;
    private int count = 2;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<String> jvmArguments = new ArrayList<>(List.of("-XX:+UseSerialGC", "-Xss512k", "-Xmx256m"));
    private Duration timeout = Duration.ofSeconds(60);

    private Builder(Class<? extends Worker> worker) {
      this.worker = worker;
    }

    /** How many processes; 2 unless set, 1 to 64. */
    public Builder processes(int n) {
      if (n < 1 || n > 64) {
        throw new IllegalArgumentException("processes must be 1 to 64, but was " + n);
      }
      count = n;
      return this;
    }

    /** Adds an environment variable for every process, beside the test's own environment. */
    public Builder environment(String name, String value) {
      if (name == null || name.isBlank() || value == null) {
        throw new IllegalArgumentException("environment needs a name and a value, but got " + name + "=" + value);
      }
      environment.put(name, value);
      return this;
    }

    /**
     * Replaces the JVM options of every process ({@code -XX:+UseSerialGC -Xss512k -Xmx256m} unless set: small,
     * quick to start, several on two cores).
     */
    public Builder jvmArguments(String... options) {
      if (options == null || java.util.Arrays.stream(options).anyMatch(java.util.Objects::isNull)) {
        throw new IllegalArgumentException("jvmArguments must not be or hold null");
      }
      jvmArguments.clear();
      jvmArguments.addAll(List.of(options));
      return this;
    }

    /** How long any one wait may take (start, a step, an observation, an exit); 60 seconds unless set. */
    public Builder timeout(Duration t) {
      if (t == null || t.isNegative() || t.isZero()) {
        throw new IllegalArgumentException("timeout must be positive, but was " + t);
      }
      timeout = t;
      return this;
    }

    /**
     * Starts every process and waits until each has run {@link Worker#start} and reported ready.
     *
     * @throws AssertionError if a process fails to start in time, with its message and standard error
     */
    public ProcessGroup start() {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<WorkerProcess> started = new ArrayList<>();
      try {
        for (int i = 0; i < count; i++) {
          List<String> command = new ArrayList<>(List.of(java));
          command.addAll(jvmArguments);
          command.addAll(List.of("-cp", System.getProperty("java.class.path"), WorkerMain.class.getName(),
              worker.getName(), String.valueOf(i), String.valueOf(count)));
          ProcessBuilder pb = new ProcessBuilder(command);
          pb.environment().putAll(environment);
          started.add(new WorkerProcess(i, pb.start(), timeout));
        }
        started.forEach(WorkerProcess::awaitReady);
      } catch (IOException e) {
        started.forEach(WorkerProcess::kill);
        throw new AssertionError("worker JVM could not be started: " + e.getMessage(), e);
      } catch (RuntimeException | AssertionError e) {
        started.forEach(WorkerProcess::kill);
        throw e;
      }
      return new ProcessGroup(started);
    }
  }
}
