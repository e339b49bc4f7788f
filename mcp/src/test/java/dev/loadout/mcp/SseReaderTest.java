package dev.loadout.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The event-stream format as servers write it: line ends, multi-line data, comments, caps, and a cut-off end. */
class SseReaderTest {
  private static List<SseReader.Event> read(String stream, int cap) throws IOException {
    SseReader reader = new SseReader(new ByteArrayInputStream(stream.getBytes(UTF_8)), cap);
    List<SseReader.Event> events = new ArrayList<>();
    for (SseReader.Event e = reader.next(); e != null; e = reader.next()) {
      events.add(e);
    }
    return events;
  }

  @Test
  void eventsEndAtABlankLineWhateverTheLineEndsAndDataLinesJoinWithLineFeeds() throws IOException {
    String stream = "event: endpoint\r\ndata: /message?sessionId=1\r\n\r\n"
        + ": a comment, ignored\rid: 7\rdata:{\"a\":\rdata: 1}\r\r"
        + "event: message\ndata: x\nretry: 10\n\n";

    assertThat(read(stream, 1024)).containsExactly(
        new SseReader.Event("endpoint", "/message?sessionId=1"),
        new SseReader.Event(null, "{\"a\":\n1}"),
        new SseReader.Event("message", "x"));
  }

  @Test
  void theLastEventIdAndAValidRetryAreKeptForResuming() throws IOException {
    SseReader reader = new SseReader(new ByteArrayInputStream(
        "id: e1\nretry: 500\ndata:\n\nid: e2\nretry: soon\ndata: x\n\n".getBytes(UTF_8)), 1024);

    assertThat(reader.next()).isEqualTo(new SseReader.Event(null, ""));
    assertThat(reader.next()).isEqualTo(new SseReader.Event(null, "x"));
    assertThat(reader.next()).isNull();
    assertThat(reader.lastEventId()).isEqualTo("e2");
    assertThat(reader.retryMillis()).isEqualTo(500);
  }

  @Test
  void anEventCutOffByTheEndOfTheStreamIsDropped() throws IOException {
    assertThat(read("data: whole\n\ndata: cut", 1024)).containsExactly(new SseReader.Event(null, "whole"));
  }

  @Test
  void aBlankLineWithoutDataDispatchesNothingAndForgetsTheEventType() throws IOException {
    assertThat(read("event: endpoint\n\ndata: plain\n\n", 1024)).containsExactly(new SseReader.Event(null, "plain"));
  }

  @Test
  void anEventOverTheCapFailsWithoutReadingTheRestOfTheStream() {
    InputStream endless = new InputStream() {
      @Override
      public int read() {
        return 'z';
      }
    };
    SseReader reader = new SseReader(new java.io.SequenceInputStream(new ByteArrayInputStream("data: ".getBytes(UTF_8)), endless), 100);

    TransportFailure f = catchThrowableOfType(TransportFailure.class, reader::next);

    assertThat(f.code).isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
    assertThat(f.getMessage()).isEqualTo("An event from the MCP server is larger than the 100-byte limit.");
  }

  @Test
  void manyShortLinesCountTowardsOneEventsCap() {
    String stream = "data: 0123456789\n".repeat(20) + "\n";

    TransportFailure f = catchThrowableOfType(TransportFailure.class, () -> read(stream, 100));

    assertThat(f.code).isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
  }
}
