package dev.loadout.benchmarks;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;

/**
 * The calling thread's context switches, from Linux's {@code /proc/thread-self/status}: voluntary ones (the
 * thread waited: a lock, a park, I/O, a safepoint) and involuntary ones (the scheduler took the CPU away, as
 * it does on a machine with more runnable threads than cores). Read before and after a turn, they tell a slow
 * turn that waited from one that was preempted. The file is opened once, by the thread it describes, and
 * re-read from the start into one buffer, so a reading allocates nothing. Off Linux both counts read 0.
 */
final class ContextSwitches implements AutoCloseable {
  private static final byte[] VOLUNTARY = "\nvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] INVOLUNTARY = "\nnonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);

  private final RandomAccessFile status;
  private final byte[] buffer = new byte[8192];
  private long voluntary;
  private long involuntary;

  ContextSwitches() {
    RandomAccessFile f;
    try {
      f = new RandomAccessFile("/proc/thread-self/status", "r");
    } catch (IOException e) {
      f = null;
    }
    status = f;
  }

  /** Reads both counts now; then {@link #voluntary()} and {@link #involuntary()} give them. */
  void read() {
    if (status == null) {
      return;
    }
    try {
      status.seek(0);
      int n = 0;
      for (int r; n < buffer.length && (r = status.read(buffer, n, buffer.length - n)) > 0; ) {
        n += r;
      }
      voluntary = number(n, VOLUNTARY);
      involuntary = number(n, INVOLUNTARY);
    } catch (IOException e) {
      voluntary = 0;
      involuntary = 0;
    }
  }

  long voluntary() {
    return voluntary;
  }

  long involuntary() {
    return involuntary;
  }

  private long number(int n, byte[] label) {
    outer:
    for (int i = 0; i + label.length <= n; i++) {
      for (int j = 0; j < label.length; j++) {
        if (buffer[i + j] != label[j]) {
          continue outer;
        }
      }
      long v = 0;
      for (int k = i + label.length; k < n && buffer[k] != '\n'; k++) {
        if (buffer[k] >= '0' && buffer[k] <= '9') {
          v = v * 10 + (buffer[k] - '0');
        }
      }
      return v;
    }
    return 0;
  }

  @Override
  public void close() {
    if (status != null) {
      try {
        status.close();
      } catch (IOException ignored) {
        // Nothing to do about a failed close of a proc file.
      }
    }
  }
}
