package dev.loadout.core.net;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A body read up to a cap, counting the bytes that actually arrive: {@code Content-Length} only sizes the
 * first buffer (at most 1 MiB), so a server that lies about it, or sends an endless chunked stream, costs at
 * most the cap (plus one byte). One byte past the cap is probed to tell "exactly the cap" from "cut".
 *
 * @param bytes the buffer; only the first {@code length} bytes are the body
 * @param length how many bytes were read
 * @param truncated whether the server had more than the cap
 * @param complete whether the stream was read to its end (so the connection can be reused)
 */
record CappedBody(byte[] bytes, int length, boolean truncated, boolean complete) {
  static final CappedBody EMPTY = new CappedBody(new byte[0], 0, false, true);
  private static final int FIRST_BUFFER_LIMIT = 1 << 20;
  private static final int MIN_GROWTH = 16 * 1024;

  /**
   * Reads until the end, the cap or the deadline.
   *
   * @param declared the {@code Content-Length}, or negative when absent
   * @param deadline a {@link System#nanoTime()} instant; reading stops with what it has once it passes
   */
  static CappedBody read(InputStream in, long cap, long declared, long deadline) throws IOException {
    int limit = (int) Math.min(cap, Integer.MAX_VALUE - 8);
    // One byte more than declared, so an honest body ends with room to spare and is never copied to grow.
    int first = (int) Math.min(limit, declared >= 0 ? Math.min(declared + 1, FIRST_BUFFER_LIMIT) : MIN_GROWTH);
    byte[] buffer = new byte[first];
    int length = 0;
    while (true) {
      if (length == buffer.length) {
        if (length >= limit) {
          int probe = in.read();
          return new CappedBody(buffer, length, probe >= 0, probe < 0);
        }
        buffer = Arrays.copyOf(buffer, (int) Math.min(limit, Math.max(MIN_GROWTH, 2L * length)));
      }
      int n = in.read(buffer, length, buffer.length - length);
      if (n < 0) {
        return new CappedBody(buffer, length, false, true);
      }
      length += n;
      if (System.nanoTime() - deadline >= 0) {
        return new CappedBody(buffer, length, false, false);
      }
    }
  }
}
