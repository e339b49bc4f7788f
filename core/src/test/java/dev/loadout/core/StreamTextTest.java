package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link StreamText}: event bytes decoded with each byte of a malformed sequence kept as a lone low surrogate, and
 * those runs turned back into text once a call is whole.
 */
class StreamTextTest {

  private static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  @Test
  void validUtf8DecodesAsItsTextWithNothingEscaped() {
    String text = "{\"a\":\"caf\u00e9 5 \u20ac \ud83d\ude00\"}";
    assertThat(StreamText.decode(text.getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(new StreamText.Decoded(text, false));
    assertThat(StreamText.decode(new byte[0])).isEqualTo(new StreamText.Decoded("", false));
    assertThat(StreamText.decode(bytes('x'))).isEqualTo(new StreamText.Decoded("x", false));
  }

  @Test
  void eachByteOfAMalformedSequenceIsKeptAsAnEscapeAndTheRestDecodes() {
    // The euro sign's first two bytes (E2 82), then ASCII; a lone continuation byte; a byte never valid in UTF-8.
    assertThat(StreamText.decode(bytes('a', 0xE2, 0x82, 'b')))
        .isEqualTo(new StreamText.Decoded("a\uDCE2\uDC82b", true));
    assertThat(StreamText.decode(bytes(0x80))).isEqualTo(new StreamText.Decoded("\uDC80", true));
    assertThat(StreamText.decode(bytes(0xFF, 'z', 0xC3))).isEqualTo(new StreamText.Decoded("\uDCFFz\uDCC3", true));
  }

  @Test
  void aCharacterCutBetweenTwoEventsIsWholeAgainWhenRestored() {
    byte[] euro = "\u20ac".getBytes(StandardCharsets.UTF_8);
    String first = StreamText.decode(bytes('[', euro[0])).text();
    String second = StreamText.decode(bytes(euro[1], euro[2], ']')).text();
    assertThat(StreamText.restore(first + second)).isEqualTo("[\u20ac]");
  }

  @Test
  void textWithoutEscapesIsReturnedUnchanged() {
    String text = "plain \u20ac";
    assertThat(StreamText.restore(text)).isSameAs(text);
    assertThat(StreamText.restore("")).isEmpty();
  }

  @Test
  void onlyLowSurrogatesFromDc80ToDcffAreEscapes() {
    // U+DC7F and U+DD00 are just outside the range: kept as they are.
    assertThat(StreamText.restore("a\uDC7Fb")).isEqualTo("a\uDC7Fb");
    assertThat(StreamText.restore("a\uDD00b")).isEqualTo("a\uDD00b");
    // U+DC80 and U+DCFF are the bytes 0x80 and 0xFF: neither completes a character.
    assertThat(StreamText.restore("a\uDC80b")).isEqualTo("a\ufffdb");
    assertThat(StreamText.restore("a\uDCFFb")).isEqualTo("a\ufffdb");
  }

  @Test
  void runsOfEscapesAnywhereInTheTextDecodeAsUtf8() {
    assertThat(StreamText.restore("\uDCE2\uDC82\uDCAC")).isEqualTo("\u20ac");
    assertThat(StreamText.restore("5 \uDCE2\uDC82\uDCAC, 6 \uDCC3\uDCA9.")).isEqualTo("5 \u20ac, 6 \u00e9.");
    assertThat(StreamText.restore("\uDCF0\uDC9F\uDC98\uDC80!")).isEqualTo("\ud83d\ude00!");
  }

  @Test
  void aLowSurrogateThatCompletesAPairIsNotAnEscape() {
    // U+1F480 is the pair D83D DC80: its low half lies in the escape range but belongs to the pair.
    String skull = "\ud83d\udc80";
    assertThat(StreamText.restore(skull)).isEqualTo(skull);
    assertThat(StreamText.restore("x" + skull + "y")).isEqualTo("x" + skull + "y");
    assertThat(StreamText.restore("\uDCC3\uDCA9 " + skull)).isEqualTo("\u00e9 " + skull);
    assertThat(StreamText.restore(skull + " \uDCC3\uDCA9")).isEqualTo(skull + " \u00e9");
  }

  @Test
  void bytesThatNeverCompleteACharacterBecomeReplacementCharacters() {
    assertThat(StreamText.restore("x\uDCE2\uDC82\"")).isEqualTo("x\ufffd\"");
  }
}
