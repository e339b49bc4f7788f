package dev.loadout.testkit.process;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;

/**
 * The entry point of a worker JVM that a {@link ProcessGroup} starts; not for direct use.
 *
 * <p>Arguments: the {@link Worker} class, this process's index, the number of processes. The protocol is
 * {@link Wire}'s, on the real standard output; {@code System.out} is pointed at standard error so that the
 * worker's own printing cannot corrupt it. When standard input ends (the test's JVM went away) the process
 * exits, so no worker outlives its test.
 *
 * @since 0.1
 */
@API(status = INTERNAL, since = "0.1")
public final class WorkerMain {
  private final PrintStream protocol;
  private final Worker worker;
  private final Context context;
  private final ExecutorService steps = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "worker-step");
    t.setDaemon(true);
    return t;
  });

  private WorkerMain(PrintStream protocol, Worker worker, int index, int processes) {
    this.protocol = protocol;
    this.worker = worker;
    this.context = new Context(index, processes);
  }

  /**
   * Runs a worker until the test says {@code EXIT} or closes standard input.
   *
   * @param args the worker class, the index, the number of processes
   */
  public static void main(String[] args) throws Exception {
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    Worker worker = (Worker) Class.forName(args[0]).getConstructor().newInstance();
    WorkerMain main = new WorkerMain(protocol, worker, Integer.parseInt(args[1]), Integer.parseInt(args[2]));
    int status = main.serve();
    System.exit(status);
  }

  private int serve() throws Exception {
    try {
      worker.start(context);
    } catch (Throwable e) {
      send(List.of("FAIL", "start", describe(e)));
      return 2;
    }
    send(List.of("READY"));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      List<String> f = Wire.fields(line);
      if (f.get(0).equals("EXIT")) {
        break;
      }
      if (f.get(0).equals("STEP")) {
        String id = f.get(1);
        Step step = new Step(f.get(2), f.subList(3, f.size()));
        steps.execute(() -> runStep(id, step));
      }
    }
    steps.shutdownNow();
    steps.awaitTermination(5, TimeUnit.SECONDS);
    try {
      worker.stop();
    } catch (Throwable e) {
      System.err.println("worker stop failed: " + describe(e));
      return 3;
    }
    return 0;
  }

  private void runStep(String id, Step step) {
    try {
      Object result = worker.run(step, context);
      List<String> out = new ArrayList<>(List.of("DONE", id));
      if (result instanceof Collection<?> many) {
        many.forEach(v -> out.add(String.valueOf(v)));
      } else if (result != null) {
        out.add(String.valueOf(result));
      }
      send(out);
    } catch (Throwable e) {
      send(List.of("FAIL", id, describe(e)));
    }
  }

  private synchronized void send(List<String> fields) {
    protocol.println(Wire.MARK + Wire.line(fields));
    protocol.flush();
  }

  private static String describe(Throwable e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    return trace.toString();
  }

  private final class Context implements WorkerContext {
    private final int index;
    private final int processes;

    Context(int index, int processes) {
      this.index = index;
      this.processes = processes;
    }

    @Override
    public int index() {
      return index;
    }

    @Override
    public int processes() {
      return processes;
    }

    @Override
    public Optional<String> env(String name) {
      return Optional.ofNullable(System.getenv(name));
    }

    @Override
    public void observe(String name, Object... values) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("an observation needs a name, but got [" + name + "]");
      }
      Instant now = Instant.now();
      List<String> out = new ArrayList<>(List.of("OBS", name,
          String.valueOf(ChronoUnit.MICROS.between(Instant.EPOCH, now))));
      for (Object v : values) {
        if (v == null) {
          throw new IllegalArgumentException("observation [" + name + "] has a null value");
        }
        out.add(String.valueOf(v));
      }
      send(out);
    }
  }
}
