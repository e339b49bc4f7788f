package dev.loadout.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bounded line reading of a child's output. */
class LineReaderTest {
  static LineReader reader(String text) {
    return new LineReader(new ByteArrayInputStream(text.getBytes(UTF_8)));
  }

  static List<String> all(LineReader r, int max, boolean cut) throws IOException {
    List<String> lines = new ArrayList<>();
    for (String l = r.next(max, cut); l != null; l = r.next(max, cut)) {
      lines.add(l);
    }
    return lines;
  }

  @Test
  void linesEndAtNewlinesACarriageReturnBeforeOneIsDroppedAndTheLastMayLackOne() throws IOException {
    assertThat(all(reader("a\r\n\nb\nlast"), 100, false)).containsExactly("a", "", "b", "last");
  }

  @Test
  void aStreamThatEndsWithANewlineHasNoEmptyLastLine() throws IOException {
    assertThat(all(reader("a\n"), 100, false)).containsExactly("a");
    assertThat(all(reader(""), 100, false)).isEmpty();
  }

  @Test
  void aLineOfExactlyTheBoundIsReadAndOneByteMoreIsTooLong() throws IOException {
    assertThat(all(reader("x".repeat(10) + "\n"), 10, false)).containsExactly("x".repeat(10));
    LineReader r = reader("ok\n" + "x".repeat(11) + "\n");
    assertThat(r.next(10, false)).isEqualTo("ok");
    assertThatThrownBy(() -> r.next(10, false)).isInstanceOf(LineReader.TooLong.class)
        .hasMessage("a line longer than 10 bytes");
  }

  @Test
  void aLineFarLongerThanTheReadChunkIsBoundedToo() {
    assertThatThrownBy(() -> reader("y".repeat(100_000)).next(50_000, false)).isInstanceOf(LineReader.TooLong.class);
  }

  @Test
  void cuttingKeepsTheStartOfALongLineAndGoesOnWithTheNext() throws IOException {
    assertThat(all(reader("z".repeat(20_000) + "\nnext\n"), 5, true)).containsExactly("zzzzz", "next");
  }

  @Test
  void multiByteCharactersAcrossChunkBoundariesDecode() throws IOException {
    String line = "é".repeat(10_000);

    assertThat(all(reader(line + "\n"), 100_000, false)).containsExactly(line);
  }
}
