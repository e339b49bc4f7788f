package dev.loadout.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads newline-terminated lines from a child process's output with a bound on what one line may hold, since
 * {@code BufferedReader.readLine} buffers a line of any length and a server that never prints a newline would
 * fill the heap. A line ends at {@code \n}; a {@code \r} before it is dropped; the last line may lack its
 * newline. Bytes are decoded as UTF-8 (malformed input becomes U+FFFD). Not thread-safe: one reader thread.
 */
final class LineReader {
  /** A line ran past its bound; nothing more was read from the stream. */
  static final class TooLong extends IOException {
    private static final long serialVersionUID = 1L;

    TooLong(int max) {
      super("a line longer than " + max + " bytes", null);
    }
  }

  /** Lines longer than this do not keep their buffer afterwards, so one big message does not pin memory. */
  private static final int KEEP_BUFFER = 1 << 20;

  private final InputStream in;
  private final byte[] chunk = new byte[8192];
  private int pos;
  private int end;
  private ByteArrayOutputStream line = new ByteArrayOutputStream();

  LineReader(InputStream in) {
    this.in = in;
  }

  /**
   * The next line without its terminator, or null at the end of the stream.
   *
   * @param max the most bytes a line may have before its terminator
   * @param cut when a line is longer: true keeps its first {@code max} bytes and skips the rest of it; false
   *     throws {@link TooLong}
   */
  String next(int max, boolean cut) throws IOException {
    line.reset();
    boolean any = false;
    boolean over = false;
    while (true) {
      if (pos == end) {
        int n = in.read(chunk, 0, chunk.length);
        if (n <= 0) {
          pos = 0;
          end = 0;
          return any ? finish() : null;
        }
        pos = 0;
        end = n;
      }
      any = true;
      int newline = -1;
      for (int i = pos; i < end; i++) {
        if (chunk[i] == '\n') {
          newline = i;
          break;
        }
      }
      int stop = newline < 0 ? end : newline;
      if (!over) {
        int room = max - line.size();
        int take = stop - pos;
        if (take > room) {
          if (!cut) {
            throw new TooLong(max);
          }
          line.write(chunk, pos, room);
          over = true;
        } else {
          line.write(chunk, pos, take);
        }
      }
      if (newline >= 0) {
        pos = newline + 1;
        return finish();
      }
      pos = end;
    }
  }

  private String finish() {
    byte[] bytes = line.toByteArray();
    int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
    if (line.size() > KEEP_BUFFER) {
      line = new ByteArrayOutputStream();
    }
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }
}
