package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

final class HtmlCharsetsTest {
  private static final Charset LATIN = Charset.forName("windows-1252");
  private static final String CAFE = "caf\u00e9";

  private static byte[] page(String meta, Charset charset) {
    return ("<html><head>" + meta + "</head><body>" + CAFE + "</body></html>").getBytes(charset);
  }

  @Test
  void headerCharsetWinsOverTheMeta() {
    byte[] body = page("<meta charset=\"utf-8\">", LATIN);
    assertThat(HtmlCharsets.detect(body, "text/html; charset=ISO-8859-1")).isEqualTo(LATIN);
    assertThat(HtmlCharsets.decode(body, "text/html; charset=\"ISO-8859-1\"")).contains(CAFE);
  }

  @Test
  void metaCharsetIsUsedWhenTheHeaderHasNone() {
    byte[] body = page("<meta charset='windows-1252'>", LATIN);
    assertThat(HtmlCharsets.detect(body, "text/html")).isEqualTo(LATIN);
    assertThat(HtmlCharsets.decode(body, null)).contains(CAFE);
  }

  @Test
  void httpEquivContentTypeMetaIsUnderstood() {
    byte[] body = page("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">",
        Charset.forName("Shift_JIS"));
    assertThat(HtmlCharsets.detect(body, null)).isEqualTo(Charset.forName("Shift_JIS"));
  }

  @Test
  void utf8IsTheDefaultWhenNothingIsDeclared() {
    byte[] body = page("", StandardCharsets.UTF_8);
    assertThat(HtmlCharsets.detect(body, null)).isEqualTo(StandardCharsets.UTF_8);
    assertThat(HtmlCharsets.decode(body, "text/html")).contains(CAFE);
  }

  @Test
  void unknownCharsetNamesAreSkippedForTheNextSource() {
    byte[] body = page("<meta charset=\"windows-1252\">", LATIN);
    assertThat(HtmlCharsets.detect(body, "text/html; charset=no-such-charset")).isEqualTo(LATIN);
    assertThat(HtmlCharsets.detect(page("<meta charset=\"x-bogus\">", StandardCharsets.UTF_8), null))
        .isEqualTo(StandardCharsets.UTF_8);
  }

  @Test
  void metaClaimingUtf16MeansUtf8() {
    assertThat(HtmlCharsets.detect(page("<meta charset=\"utf-16\">", StandardCharsets.UTF_8), null))
        .isEqualTo(StandardCharsets.UTF_8);
  }

  @Test
  void byteOrderMarkWinsAndIsNotPartOfTheText() {
    byte[] text = page("", StandardCharsets.UTF_8);
    byte[] body = new byte[text.length + 3];
    body[0] = (byte) 0xEF;
    body[1] = (byte) 0xBB;
    body[2] = (byte) 0xBF;
    System.arraycopy(text, 0, body, 3, text.length);
    assertThat(HtmlCharsets.detect(body, "text/html; charset=windows-1252")).isEqualTo(StandardCharsets.UTF_8);
    assertThat(HtmlCharsets.decode(body, null)).startsWith("<html>");
  }
}
