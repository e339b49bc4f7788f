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

  @Test
  void anEventOfExactlyTheCapIsReadAndOneByteMoreFails() throws IOException {
    assertThat(read("data: x\n\n", 7)).containsExactly(new SseReader.Event(null, "x"));
    assertThat(catchThrowableOfType(TransportFailure.class, () -> read("data: x\n\n", 6)).code)
        .isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
    // Each line counts with its line end: the second line has the cap less the first line's 8 bytes.
    assertThat(read("data: a\ndata: b\n\n", 15)).containsExactly(new SseReader.Event(null, "a\nb"));
    assertThat(catchThrowableOfType(TransportFailure.class, () -> read("data: a\ndata: b\n\n", 14)).code)
        .isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
  }

  @Test
  void aBlankLineWithoutDataStartsTheCapAfresh() throws IOException {
    assertThat(read("event: e\n\ndata: x\n\n", 9)).containsExactly(new SseReader.Event(null, "x"));
  }

  @Test
  void aRetryOfUpToNineDigitsIsKeptAndAnythingElseIsIgnored() throws IOException {
    assertThat(retryAfter("retry: 123456789\n")).isEqualTo(123456789L);
    assertThat(retryAfter("retry: 7\nretry: 1234567890\n")).isEqualTo(7);
    assertThat(retryAfter("retry: 7\nretry:\n")).isEqualTo(7);
    assertThat(retryAfter("retry: 7\nretry: 1a\n")).isEqualTo(7);
    assertThat(retryAfter("data: x\n")).isEqualTo(-1);
  }

  private static long retryAfter(String lines) throws IOException {
    SseReader reader = new SseReader(new ByteArrayInputStream((lines + "data: end\n\n").getBytes(UTF_8)), 1024);
    assertThat(reader.next()).isNotNull();
    return reader.retryMillis();
  }

  @Test
  void anIdWithANulIsIgnoredAndAnEmptyIdForgetsTheLastOne() throws IOException {
    assertThat(idAfter("id: a\nid: b\0c\n")).isEqualTo("a");
    assertThat(idAfter("id: a\nid: \0b\n")).isEqualTo("a");
    assertThat(idAfter("id: a\nid:\n")).isNull();
    assertThat(idAfter("data: x\n")).isNull();
  }

  private static String idAfter(String lines) throws IOException {
    SseReader reader = new SseReader(new ByteArrayInputStream((lines + "data: end\n\n").getBytes(UTF_8)), 1024);
    assertThat(reader.next()).isNotNull();
    return reader.lastEventId();
  }

  @Test
  void aFieldWithoutAColonHasAnEmptyValueAndOnlyOneLeadingSpaceIsDropped() throws IOException {
    assertThat(read("data\n\ndata:x\n\ndata:  x\n\nevent\ndata: y\n\n", 1024)).containsExactly(
        new SseReader.Event(null, ""), new SseReader.Event(null, "x"), new SseReader.Event(null, " x"),
        new SseReader.Event("", "y"));
  }

  @Test
  void anEventWithoutATypeOrTypedMessageIsAMessage() {
    assertThat(new SseReader.Event(null, "x").isMessage()).isTrue();
    assertThat(new SseReader.Event("message", "x").isMessage()).isTrue();
    assertThat(new SseReader.Event("endpoint", "x").isMessage()).isFalse();
  }
}
