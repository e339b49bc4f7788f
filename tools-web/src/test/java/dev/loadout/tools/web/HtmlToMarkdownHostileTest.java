package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** "Conversion never throws for any input string", including inputs on which jsoup's own parser throws. */
class HtmlToMarkdownHostileTest {
  private static final URI BASE = URI.create("https://example.com/a/");

  @Test
  void aPageJsoupCannotParseStillReadsAsText() {
    String html = "<b>".repeat(506) + "<p><b><div>needle</div>".repeat(5);
    // The premise: jsoup itself fails on this page (if a jsoup upgrade fixes it, the conversion must still work).
    boolean jsoupFails;
    try {
      Jsoup.parse(html);
      jsoupFails = false;
    } catch (RuntimeException e) {
      jsoupFails = true;
    }
    MarkdownPage page = HtmlToMarkdown.standard().convert(html, BASE);
    assertThat(page.markdown()).contains("needle");
    assertThat(jsoupFails || page.markdown().contains("needle")).isTrue();
  }

  @Test
  void markupStrippingIsTheLastResortAndKeepsTheText() {
    assertThat(PlainText.ofMarkup("<p>a &amp; b<script>var x = '<p>';</script><!-- c --> d</p><b")).isEqualTo("a & b d");
    assertThat(PlainText.ofMarkup("")).isEmpty();
    assertThat(PlainText.ofMarkup("&bogus; <<<>>> text")).contains("text");
  }

  @Test
  void aPageNestedFarDeeperThanAnyStackStillConverts() {
    String html = "<div>".repeat(100_000) + "deep text" + "</div>".repeat(100_000);
    assertThat(HtmlToMarkdown.standard().convert(html, BASE).markdown()).contains("deep text");
    assertThat(HtmlToMarkdown.builder().extractMainContent(false).build().convert(html, null).markdown()).contains("deep text");
  }

  @Property(tries = 300)
  void conversionNeverThrows(@ForAll("soups") String html, @ForAll("bases") String base) {
    URI uri = base.isEmpty() ? null : URI.create(base);
    MarkdownPage standard = HtmlToMarkdown.standard().convert(html, uri);
    MarkdownPage whole = HtmlToMarkdown.builder().extractMainContent(false).includeTitle(false).build().convert(html, uri);
    assertThat(standard.markdown()).isNotNull();
    assertThat(whole.markdown()).isNotNull();
  }

  @Provide
  Arbitrary<String> soups() {
    Arbitrary<String> piece = Arbitraries.of("<b>", "</b>", "<p>", "</p>", "<div>", "</div>", "<table>", "<tr>", "<td>",
        "</td>", "<th>", "<caption>", "<col>", "<pre>", "</pre>", "<code>", "<a href='x'>", "<a href='javascript:x'>",
        "</a>", "<ul>", "<ol start='99999999999'>", "<li>", "<h1>", "</h1>", "<img src='//'>", "<img srcset=', ,'>",
        "<base href='::'>", "<base href='http://[x'>", "<template>", "</template>", "<svg>", "<math>", "<select>",
        "<option>", "<frameset>", "<br>", "<i>", "<noscript>", "<form>", "<textarea>", "<title>", "</title>", "x", "&amp;",
        "&#x0;", "&#99999999;", "\u0000", "\uD800", "<!--", "-->", "<![CDATA[", "]]>", "<script>", "</script>", "<style>",
        "<meta property='og:title' content='t'>", "<table role='none'>", "text, with, commas. ");
    Arbitrary<String> soup = piece.list().ofMaxSize(200).map(l -> String.join("", l));
    Arbitrary<String> nested = Arbitraries.integers().between(400, 700)
        .map(n -> "<b>".repeat(n) + "<p><b><div>x</div>".repeat(20));
    return Arbitraries.oneOf(soup, soup, Arbitraries.strings().ofMaxLength(300), nested);
  }

  @Provide
  Arbitrary<String> bases() {
    return Arbitraries.of("", "https://example.com/a/", "http://[::1]/", "file:///etc/", "https://example.com/a%20b/?q=1#f");
  }
}
