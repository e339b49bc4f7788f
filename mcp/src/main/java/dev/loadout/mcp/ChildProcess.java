package dev.loadout.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;

/**
 * A stdio server's process: how it starts, its stderr drain, and the descendants seen of it, so that stopping
 * it stops the real server too ({@code npx} and shell wrappers spawn that as a grandchild). A process whose
 * parent died is no longer anyone's descendant, so the tree is remembered while the parent lives: by
 * {@link #remember()} at moments the owner picks, and at most every {@link #REFRESH_NANOS} through
 * {@link #refresh()}, since a scan of all processes costs milliseconds. A handle checks the process's start
 * time, so killing one whose pid was reused is safe.
 */
final class ChildProcess {
  static final long REFRESH_NANOS = TimeUnit.SECONDS.toNanos(10);
  private static final int STDERR_LINE_BYTES = 2_000;
  private static final int STDERR_LINE_CHARS = 500;

  private final Process process;
  private final Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
  private volatile long lastRefresh;
  private volatile boolean refreshed;

  private ChildProcess(Process process) {
    this.process = process;
  }

  /**
   * Starts the command without a shell, in an environment of {@link StdioCommand#environment only the
   * inherited minimum plus the additions}; {@link ProcessBuilder} alone would copy the bot's whole one.
   *
   * @throws TransportFailure {@code mcp_unreachable} when it cannot start, naming the program and the JDK's
   *     reason ("error=2, No such file or directory"), never an argument or a value
   */
  static ChildProcess start(StdioCommand command) {
    ProcessBuilder builder = new ProcessBuilder(command.commandLine());
    builder.environment().clear();
    builder.environment().putAll(command.environment(System.getenv(), StdioCommand.windows()));
    if (command.directory() != null) {
      builder.directory(command.directory().toFile());
    }
    try {
      return new ChildProcess(builder.start());
    } catch (IOException | RuntimeException e) {
      // The JDK's own message also names the directory; its cause holds the reason alone.
      Throwable t = e.getCause() != null && e.getCause().getMessage() != null ? e.getCause() : e;
      String reason = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
      throw new TransportFailure(McpFailureCodes.UNREACHABLE, "The stdio MCP server '" + command.command()
          + "' could not be started: " + printable(reason, 200));
    }
  }

  Process process() {
    return process;
  }

  /** Remembers the descendants alive now, unless that was done less than {@link #REFRESH_NANOS} ago. */
  void refresh() {
    long now = System.nanoTime();
    if (refreshDue(now)) {
      refreshed = true;
      lastRefresh = now;
      remember();
    }
  }

  /** Whether no scan was made yet or the last is older than {@link #REFRESH_NANOS}: how often scans cost, no more. */
  private boolean refreshDue(long now) {
    return !refreshed || now - lastRefresh > REFRESH_NANOS;
  }

  /** Remembers the descendants alive now and forgets those that ended. */
  void remember() {
    seen.removeIf(h -> !h.isAlive());
    if (process.isAlive()) {
      process.descendants().forEach(seen::add);
    }
  }

  /** Kills the descendants seen (and any found now), then the process; returns at once. */
  void destroy() {
    remember();
    seen.forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /** The exit code, once the process has exited. */
  OptionalInt exitCode() {
    return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
  }

  /** Whether the process ended within the time; interruption counts as not waiting any longer. */
  boolean awaitExit(Duration d) {
    try {
      return process.waitFor(d.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !process.isAlive();
    }
  }

  /**
   * Reads stderr until it ends, each line cut and logged at DEBUG only: servers write their whole chatter
   * there, and an unread pipe would block the server once its buffer (64 KiB on Linux) is full.
   */
  void drainErrors(Logger log, String label) {
    InputStream err = process.getErrorStream();
    LineReader lines = new LineReader(err);
    try {
      for (String line = lines.next(STDERR_LINE_BYTES, true); line != null;
          line = lines.next(STDERR_LINE_BYTES, true)) {
        if (log.isDebugEnabled() && !line.isBlank()) {
          log.debug("Stdio MCP server '{}' stderr: {}", label, printable(line, STDERR_LINE_CHARS));
        }
      }
    } catch (IOException e) {
      // The process was stopped; nothing more to drain.
    } finally {
      quietly(err);
    }
  }

  /** Cuts a line for a log and replaces control characters, so a server cannot forge log lines or colours. */
  static String printable(String s, int max) {
    String cut = s.length() <= max ? s : s.substring(0, max) + "…";
    return cut.replaceAll("[\\p{Cntrl}&&[^\t]]", "?");
  }

  static void quietly(InputStream s) {
    try {
      s.close();
    } catch (IOException e) {
      // Nothing to do: the stream is gone either way.
    }
  }
}
