package dev.loadout.testkit.process;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** The worker of {@link ProcessGroupTest}: echoes, reports, fails and appends to a shared file on request. */
public final class EchoWorker implements Worker {
  private final CountDownLatch released = new CountDownLatch(1);

  @Override
  public void start(WorkerContext context) {
    if (context.env("ECHO_FAIL_START").isPresent()) {
      throw new IllegalStateException("told not to start");
    }
    System.out.println("stray output goes to standard error");
  }

  @Override
  public Object run(Step step, WorkerContext context) throws Exception {
    switch (step.name()) {
      case "echo":
        return step.args();
      case "whoami":
        return context.index() + "/" + context.processes() + "/" + context.requiredEnv("ECHO_GROUP");
      case "observeLater":
        Thread t = new Thread(() -> context.observe("later", "from\ta\nthread", context.index()));
        t.start();
        t.join();
        return null;
      case "fail":
        throw new IllegalArgumentException("asked to fail with " + step.arg(0));
      case "append":
        // Several processes append lines; O_APPEND writes of one short line never interleave.
        Files.writeString(Path.of(step.arg(0)), context.index() + "\n", StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
        return List.of("appended", context.index());
      case "hold":
        context.observe("holding");
        released.await();
        return "released";
      case "release":
        released.countDown();
        return null;
      default:
        throw new IllegalArgumentException("unknown step " + step);
    }
  }
}
