package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The {@code @modelcontextprotocol/server-everything} processes of one test: HTTP servers started on
 * 127.0.0.1 through the loopback preload, killed with SIGKILL or stopped by their own PID, and checked at the
 * end: no process of this JVM that runs the server's entry point is left, whoever started it (a test, or the
 * manager for a stdio host server).
 */
final class Everything implements AutoCloseable {
  /** Exit code of a process ended by SIGKILL: 128 + 9. */
  static final int SIGKILL_EXIT = 137;

  final String entry;
  private final Path preload;
  private final List<Process> started = new CopyOnWriteArrayList<>();

  private Everything(String entry, Path preload) {
    this.entry = entry;
    this.preload = preload;
  }

  /**
   * The server's {@code dist/index.js} from {@code LOADOUT_TEST_SERVER_EVERYTHING}; the test is skipped when it
   * is unset, and fails when it is unset under {@code CI=true}, so a broken install step cannot pass silently.
   */
  static String locate() {
    String e = System.getenv(ServerEverythingTest.VARIABLE);
    if (e == null || e.isBlank() || !Files.isRegularFile(Path.of(e))) {
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail(ServerEverythingTest.VARIABLE + " is not set to a file but CI=true: .ci/run must install "
            + "@modelcontextprotocol/server-everything");
      }
      Assumptions.abort("server-everything tests skipped: set " + ServerEverythingTest.VARIABLE
          + " to the dist/index.js of @modelcontextprotocol/server-everything (npm install it; Node 20)");
    }
    return e;
  }

  static Everything create(String entry) throws IOException {
    Path preload = Files.createTempFile("loadout-loopback", ".cjs");
    Files.writeString(preload, ServerEverythingTest.LOOPBACK_PRELOAD);
    Everything everything = new Everything(entry, preload);
    assertThat(everything.running()).as("no server-everything process of this JVM before the test").isEmpty();
    return everything;
  }

  /** Starts the server's {@code streamableHttp} or {@code sse} transport on this port, listening on 127.0.0.1 only. */
  Process http(int port, String transport) throws Exception {
    Process p = ServerEverythingTest.startNode(entry, preload, port, transport);
    started.add(p);
    assertListensOnLoopbackOnly(port);
    return p;
  }

  /** The URL a guild registers for the transport. */
  static String url(int port, String transport) {
    return "http://127.0.0.1:" + port + (transport.equals("sse") ? "/sse" : "/mcp");
  }

  /** Sends SIGKILL and waits until the process is gone; asserts it died of the signal. */
  static void kill(ProcessHandle p) throws Exception {
    assertThat(p.isAlive()).as("pid " + p.pid() + " runs before the kill").isTrue();
    assertThat(p.destroyForcibly()).as("SIGKILL sent to pid " + p.pid()).isTrue();
    p.onExit().get(10, TimeUnit.SECONDS);
    assertThat(p.isAlive()).as("pid " + p.pid() + " is dead").isFalse();
  }

  static void kill(Process p) throws Exception {
    kill(p.toHandle());
    assertThat(p.exitValue()).as("killed by SIGKILL").isEqualTo(SIGKILL_EXIT);
  }

  /** Every live process of this JVM (at any depth) whose command line runs the server's entry point. */
  List<ProcessHandle> running() {
    return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
        .filter(h -> h.info().commandLine().map(c -> c.contains(entry)).orElse(false)).toList();
  }

  /** Stops the processes this test started, by PID, and asserts none of the server's processes is left. */
  @Override
  public void close() throws Exception {
    for (Process p : started) {
      if (p.isAlive()) {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      }
    }
    Files.deleteIfExists(preload);
    List<ProcessHandle> left = new ArrayList<>(running());
    left.forEach(ProcessHandle::destroyForcibly);
    assertThat(left).as("server-everything processes left behind").isEmpty();
  }

  /**
   * On Linux, the port's listening socket is bound to 127.0.0.1 and there is none on IPv6: the preload worked.
   * Elsewhere this checks nothing.
   */
  static void assertListensOnLoopbackOnly(int port) throws IOException {
    Path v4 = Path.of("/proc/net/tcp");
    Path v6 = Path.of("/proc/net/tcp6");
    if (!Files.isReadable(v4)) {
      return;
    }
    String hexPort = String.format(Locale.ROOT, "%04X", port);
    List<String> listening = new ArrayList<>();
    for (Path table : Files.isReadable(v6) ? List.of(v4, v6) : List.of(v4)) {
      for (String line : Files.readAllLines(table)) {
        String[] f = line.strip().split("\\s+");
        // sl local_address rem_address st ...; state 0A is LISTEN
        if (f.length > 3 && f[1].endsWith(":" + hexPort) && f[3].equals("0A")) {
          listening.add(f[1]);
        }
      }
    }
    assertThat(listening).as("listening sockets on port " + port).containsExactly("0100007F:" + hexPort);
  }

  /**
   * A bounded poll, true once the condition holds: only for what an external process writes (a file that
   * {@code tee} fills from the server's stdin), which announces nothing a test could wait on.
   */
  static boolean await(java.util.function.BooleanSupplier condition, Duration within) {
    long deadline = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
    }
    return true;
  }
}
