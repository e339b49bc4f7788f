package dev.loadout.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Server-Sent Events read one at a time from a byte stream as they arrive, each event capped: a line or an
 * event over the cap fails with {@link McpFailureCodes#PROTOCOL_ERROR} instead of growing without end. Lines
 * end with LF, CR or CRLF; the last {@code id} and {@code retry} seen are kept for resuming the stream; an
 * event cut off by the end of the stream is dropped, as the format says.
 */
final class SseReader {
  /** One event: its type ({@code null} when it named none, which means "message") and its data lines joined by LF. */
  record Event(String type, String data) {
    boolean isMessage() {
      return type == null || type.equals("message");
    }
  }

  private final InputStream in;
  private final int maxEventBytes;
  private final byte[] buffer = new byte[8192];
  private int position;
  private int limit;
  private boolean skipLineFeed;
  private String lastEventId;
  private long retryMillis = -1;

  SseReader(InputStream in, int maxEventBytes) {
    this.in = in;
    this.maxEventBytes = maxEventBytes;
  }

  /** The next event, or null at the end of the stream. */
  Event next() throws IOException {
    String type = null;
    StringBuilder data = null;
    int eventBytes = 0;
    while (true) {
      ByteArrayOutputStream line = readLine(maxEventBytes - eventBytes);
      if (line == null) {
        return null;
      }
      eventBytes += line.size() + 1;
      if (line.size() == 0) {
        if (data != null) {
          return new Event(type, data.toString());
        }
        type = null;
        eventBytes = 0;
        continue;
      }
      String text = line.toString(StandardCharsets.UTF_8);
      if (text.startsWith(":")) {
        continue;
      }
      int colon = text.indexOf(':');
      String field = colon < 0 ? text : text.substring(0, colon);
      String value = colon < 0 ? "" : text.substring(text.startsWith(" ", colon + 1) ? colon + 2 : colon + 1);
      if (field.equals("event")) {
        type = value;
      } else if (field.equals("data")) {
        data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
      } else if (field.equals("id") && value.indexOf('\0') < 0) {
        lastEventId = value.isEmpty() ? null : value;
      } else if (field.equals("retry") && !value.isEmpty() && value.length() <= 9 && value.chars().allMatch(Character::isDigit)) {
        retryMillis = Long.parseLong(value);
      }
    }
  }

  /** The last event id the stream set, for {@code Last-Event-ID} when resuming; null when none. */
  String lastEventId() {
    return lastEventId;
  }

  /** The reconnection delay the stream asked for, in milliseconds; negative when it named none. */
  long retryMillis() {
    return retryMillis;
  }

  private ByteArrayOutputStream readLine(int room) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    while (true) {
      if (position == limit) {
        limit = in.read(buffer);
        position = 0;
        if (limit < 0) {
          limit = 0;
          return null;
        }
      }
      byte b = buffer[position++];
      if (skipLineFeed) {
        skipLineFeed = false;
        if (b == '\n') {
          continue;
        }
      }
      if (b == '\n' || b == '\r') {
        skipLineFeed = b == '\r';
        return line;
      }
      if (line.size() >= room) {
        throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR,
            "An event from the MCP server is larger than the " + maxEventBytes + "-byte limit.");
      }
      line.write(b);
    }
  }
}
