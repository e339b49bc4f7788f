package dev.loadout.core;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Text of stream events that arrive as bytes. A provider may cut a character's UTF-8 bytes between two events (the
 * model's tokens are bytes, not characters), so one event alone is not valid UTF-8 while the arguments it is part
 * of are. Each byte of a malformed sequence is therefore kept as the lone low surrogate {@code U+DC80 + (b - 0x80)}
 * (the scheme Python calls {@code surrogateescape}): the event still reads as JSON, the fragments join as text, and
 * {@link #restore(String)} turns every run of such characters back into bytes and decodes them once the call is
 * whole. Bytes that never complete a character become U+FFFD there.
 */
final class StreamText {
  private StreamText() {}

  /** Decoded event text, and whether any byte had to be kept as an escape. */
  record Decoded(String text, boolean escaped) {}

  static Decoded decode(byte[] bytes) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    boolean escaped = false;
    while (true) {
      CoderResult r = decoder.decode(in, out, true);
      if (r.isUnderflow()) {
        r = decoder.flush(out);
      }
      if (r.isMalformed() || r.isUnmappable()) {
        for (int i = 0; i < r.length(); i++) {
          int b = in.get() & 0xff;
          out.put(b >= 0x80 ? (char) (0xDC00 + b) : (char) b);
        }
        escaped = true;
        continue;
      }
      break; // underflow after flush: all read (output never overflows: at most one char per byte)
    }
    out.flip();
    return new Decoded(out.toString(), escaped);
  }

  private static boolean isEscape(char c) {
    return c >= 0xDC80 && c <= 0xDCFF;
  }

  /** The text with each run of escaped bytes decoded as UTF-8; unchanged when it holds none. */
  static String restore(String text) {
    int first = -1;
    for (int i = 0; i < text.length(); i++) {
      if (isEscape(text.charAt(i)) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)))) {
        first = i;
        break;
      }
    }
    if (first < 0) {
      return text;
    }
    StringBuilder b = new StringBuilder(text.length());
    b.append(text, 0, first);
    int i = first;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (isEscape(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)))) {
        int end = i;
        while (end < text.length() && isEscape(text.charAt(end))) {
          end++;
        }
        byte[] run = new byte[end - i];
        for (int k = i; k < end; k++) {
          run[k - i] = (byte) (text.charAt(k) - 0xDC00);
        }
        b.append(new String(run, StandardCharsets.UTF_8));
        i = end;
      } else {
        b.append(c);
        i++;
      }
    }
    return b.toString();
  }
}
