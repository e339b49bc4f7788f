package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** Exact Markdown for each construct; conversion alone, then extraction on whole pages. */
final class HtmlToMarkdownTest {
  private static final URI BASE = URI.create("https://example.com/docs/page.html");
  /** Conversion without extraction or title, so that each case shows one construct. */
  private static final HtmlToMarkdown PLAIN =
      HtmlToMarkdown.builder().extractMainContent(false).includeTitle(false).build();

  private static String md(String bodyHtml) {
    // A title of its own, so that no heading of the case is taken for the page title and left out.
    return PLAIN.convert("<html><head><title>Constructs</title></head><body>" + bodyHtml + "</body></html>", BASE)
        .markdown();
  }

  @Test
  void headingsBecomeAtxHeadingsOfTheSameLevel() {
    assertThat(md("<h1>One</h1><h2>Two</h2><h3>Three <em>x</em></h3><h6>Six</h6>"))
        .isEqualTo("# One\n\n## Two\n\n### Three *x*\n\n###### Six");
  }

  @Test
  void nestedListsIndentUnderTheirItemAndOrderedListsKeepTheirStart() {
    assertThat(md("<ul><li>a<ul><li>b</li><li>c</li></ul></li><li>d</li></ul>"
        + "<ol start=\"3\"><li>x</li><li><p>y</p><p>z</p></li></ol>"))
        .isEqualTo("- a\n  - b\n  - c\n- d\n\n3. x\n4. y\n\n   z");
  }

  @Test
  void preWithoutCodeBecomesAFencedBlockWithWhitespaceKept() {
    assertThat(md("<p>Run:</p><pre>line 1\n  line 2</pre>"))
        .isEqualTo("Run:\n\n```\nline 1\n  line 2\n```");
  }

  @Test
  void brInsideCodeIsKeptAsANewlineAndTheLanguageClassBecomesTheInfoString() {
    assertThat(md("<pre><code class=\"language-js\">a();<br>b();<br/>  c();</code></pre>"))
        .isEqualTo("```js\na();\nb();\n  c();\n```");
  }

  @Test
  void fenceIsLongerThanAnyBacktickRunInTheCode() {
    assertThat(md("<pre>```\nx\n```</pre>")).isEqualTo("````\n```\nx\n```\n````");
  }

  @Test
  void headerlessTablePromotesItsFirstRowAndEscapesPipes() {
    assertThat(md("<table><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2 | 3</td></tr></table>"))
        .isEqualTo("| a | b |\n| --- | --- |\n| 1 | 2 \\| 3 |");
  }

  @Test
  void tableSpansAreExpandedIntoEmptyCells() {
    assertThat(md("<table><thead><tr><th>k</th><th colspan=\"2\">v</th></tr></thead>"
        + "<tbody><tr><td rowspan=\"2\">r</td><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr>"
        + "</tbody></table>"))
        .isEqualTo("| k | v | |\n| --- | --- | --- |\n| r | 1 | 2 |\n| | 3 | 4 |");
  }

  @Test
  void linksAndImagesAreMadeAbsoluteAgainstTheBaseUrl() {
    assertThat(md("<p>See <a href=\"../guide/a b.html\">the <b>guide</b></a> and "
        + "<img src=\"/img/x.png\" alt=\"An  X\">, or <a href=\"#top\">top</a>.</p>"))
        .isEqualTo("See [the **guide**](https://example.com/guide/a%20b.html) and "
            + "![An X](https://example.com/img/x.png), or [top](https://example.com/docs/page.html#top).");
  }

  @Test
  void lazyImagesUseTheirRealSourceAndEmptyLinksVanish() {
    assertThat(md("<p><img src=\"data:image/gif;base64,R0lGOD\" data-src=\"/real.jpg\" alt=\"r\">"
        + "<a href=\"/x\"> </a>text</p>"))
        .isEqualTo("![r](https://example.com/real.jpg) text");
  }

  @Test
  void escapingIsMinimal() {
    assertThat(md("<p>*stars* and snake_case cost 3.5 [1] a &lt;b&gt; tag</p>"
        + "<p># not a heading</p><p>1. not a list</p><p>- not a bullet</p>"))
        .isEqualTo("\\*stars\\* and snake_case cost 3.5 [1] a \\<b> tag\n\n\\# not a heading\n\n"
            + "1\\. not a list\n\n\\- not a bullet");
  }

  @Test
  void inlineCodeAndEmphasisKeepSpacesOutsideTheirDelimiters() {
    assertThat(md("<p>call<code> x_y() </code>now, <strong>bold </strong>and<em> em</em></p>"))
        .isEqualTo("call `x_y()` now, **bold** and *em*");
  }

  @Test
  void blockquotesPrefixEveryLineIncludingBlankOnes() {
    assertThat(md("<blockquote><p>a</p><p>b<br>c</p></blockquote>")).isEqualTo("> a\n>\n> b  \n> c");
  }

  @Test
  void scriptsStylesAndInvisibleElementsNeverAppear() {
    assertThat(md("<p>shown</p><script>x()</script><style>p{}</style><noscript>js off</noscript>"
        + "<template><p>t</p></template><p hidden>h</p><p style=\"display: none\">n</p>"))
        .isEqualTo("shown");
  }

  @Test
  void aBrThatEndsAParagraphLeavesNoHardBreakBehind() {
    assertThat(md("<p>one<br></p><p>two<br>three<br> </p><h2>Four</h2>"))
        .isEqualTo("one\n\ntwo  \nthree\n\n## Four");
  }

  @Test
  void relativeUrlsStayRelativeWithoutABaseUrl() {
    assertThat(PLAIN.convert("<p><a href=\"/a\">a</a></p>", null).markdown()).isEqualTo("[a](/a)");
  }

  private static final String ARTICLE_PAGE = "<html><head><title>Moths at night - The Field Blog</title>"
      + "</head><body>"
      + "<nav class=\"menu\"><ul><li><a href=\"/\">Home</a></li><li><a href=\"/about\">About</a></li></ul></nav>"
      + "<div class=\"sidebar\"><h3>Popular</h3><ul><li><a href=\"/p1\">Another post</a></li></ul></div>"
      + "<article><h1>Moths at night</h1>"
      + "<p>Moths fly at night, and most of them find their way by the moon, which is far enough away "
      + "to keep a constant angle.</p>"
      + "<p>A street lamp is close, so the angle changes as they fly, and they spiral in towards it, "
      + "round and round, until they land.</p>"
      + "<script>track()</script>"
      + "<p>That is the oldest explanation; newer work suggests they keep their backs to the light.</p>"
      + "</article>"
      + "<footer>Copyright 2024 <a href=\"/legal\">Legal</a></footer>"
      + "</body></html>";

  @Test
  void extractionKeepsTheArticleAndEmitsTheTitleOnce() {
    MarkdownPage page = HtmlToMarkdown.standard().convert(ARTICLE_PAGE, BASE);
    assertThat(page.extracted()).isTrue();
    assertThat(page.title()).isEqualTo("Moths at night");
    assertThat(page.markdown()).isEqualTo("# Moths at night\n\n"
        + "Moths fly at night, and most of them find their way by the moon, which is far enough away "
        + "to keep a constant angle.\n\n"
        + "A street lamp is close, so the angle changes as they fly, and they spiral in towards it, "
        + "round and round, until they land.\n\n"
        + "That is the oldest explanation; newer work suggests they keep their backs to the light.");
  }

  @Test
  void withoutTheTitleLineTheHeadlineStaysInTheBody() {
    // Without the title line nothing else in the Markdown carries the headline the page shows, so the body keeps
    // it where the page has it (once); title() still names the page.
    MarkdownPage page = HtmlToMarkdown.standard().newBuilder().includeTitle(false).build()
        .convert(ARTICLE_PAGE, BASE);
    assertThat(page.title()).isEqualTo("Moths at night");
    assertThat(page.markdown()).startsWith("# Moths at night\n\nMoths fly at night")
        .containsOnlyOnce("Moths at night").contains("keep their backs to the light.");
  }

  private static final String LONG = "Moths fly at night, and most of them find their way by the moon, "
      + "which is far enough away to keep a constant angle, while a lamp is close. ";

  @Test
  void aSiteNameTitleGivesWayToTheHeadlineThePageShows() {
    MarkdownPage page = HtmlToMarkdown.standard().convert("<html><head><title>The Field Blog</title>"
        + "<meta property=\"og:title\" content=\"Moths at night\"></head><body><article>"
        + "<h1>Moths at night</h1><p>" + LONG + LONG + "</p></article></body></html>", BASE);
    assertThat(page.title()).isEqualTo("Moths at night");
    assertThat(page.markdown()).startsWith("# Moths at night\n\nMoths fly").containsOnlyOnce("Moths at night");
  }

  @Test
  void shortSentencesStayWhileBylinesGo() {
    MarkdownPage page = HtmlToMarkdown.standard().convert("<html><head><title>Moths</title></head><body>"
        + "<article><div class=\"byline\">By Ann Lee, May 2</div><div>" + LONG + "</div>"
        + "<div>They both took one.</div><div>" + LONG + "</div><div>Share</div>"
        + "<p><span class=\"dateline\">CAIRO —</span> " + LONG + "</p></article></body></html>", BASE);
    assertThat(page.markdown()).contains("They both took one.", "CAIRO —")
        .doesNotContain("Ann Lee", "Share");
  }

  @Test
  void publicationLinesAndAuthorBiosGoWhileOneLineSnippetsStay() {
    MarkdownPage page = HtmlToMarkdown.standard().convert("<html><head><title>Moths</title></head><body>"
        + "<div class=\"main\"><p>The Field Blog | <time>04.05.2015</time> | By <a href=\"/a\">Ann Lee</a> "
        + "(with Bo Chan)</p><div class=\"story\"><p>" + LONG + "</p><div class=\"snippet\"><pre>$ moth --fly"
        + "</pre></div><p>On <time>May 5</time> they all flew.</p><p>" + LONG + "</p></div>"
        + "<div class=\"sig\"><div class=\"post-bio\">Ann Lee writes about insects for The Field Blog. "
        + "She previously covered birds.</div></div></div></body></html>", BASE);
    assertThat(page.markdown()).contains("```\n$ moth --fly\n```", "On May 5 they all flew.")
        .doesNotContain("04.05.2015", "Bo Chan", "previously covered birds");
  }

  @Test
  void theHeadlineBlockBesideTheBodysWrapperJoinsIt() {
    MarkdownPage page = HtmlToMarkdown.standard().convert("<html><head><title>Moths at night</title>"
        + "</head><body><article><header><h1>Moths at night</h1><h2>Why they spiral into lamps.</h2>"
        + "</header><section><div class=\"body\"><p>" + LONG + "</p><p>" + LONG + "</p></div></section>"
        + "</article><div class=\"more\"><a href=\"/x\">Other stories</a></div></body></html>", BASE);
    assertThat(page.markdown()).startsWith("# Moths at night\n\n## Why they spiral into lamps.\n\nMoths")
        .doesNotContain("Other stories");
  }

  @Test
  void pageWithoutExtractableContentFallsBackToItsPlainText() {
    MarkdownPage page = HtmlToMarkdown.standard().convert("<html><body><div><a href=\"/\">Home</a> "
        + "<a href=\"/about\">About</a></div><span>Hello *world*</span></body></html>", BASE);
    assertThat(page.extracted()).isFalse();
    assertThat(page.title()).isEmpty();
    // The plain text goes through the article's block clean-up: the row of menu links leaves, as it would from an
    // article.
    assertThat(page.markdown()).isEqualTo("Hello *world*");
  }

  @Test
  void aPageOfLinksOnlyFallsBackToAllOfItsText() {
    // When the clean-up would leave less than a quarter of the text, the page is its links, and they are its text.
    MarkdownPage page = HtmlToMarkdown.standard().convert("<html><body><div><a href=\"/\">Home</a> "
        + "<a href=\"/about\">About</a></div><span>Hi</span></body></html>", BASE);
    assertThat(page.extracted()).isFalse();
    assertThat(page.markdown()).isEqualTo("Home About\n\nHi");
  }

  @Test
  void emptyOrBrokenInputNeverThrows() {
    assertThat(HtmlToMarkdown.standard().convert("", BASE)).isEqualTo(new MarkdownPage("", "", false));
    assertThat(HtmlToMarkdown.standard().convert("<<<>>><p><table><td>x", BASE).markdown())
        .isEqualTo("<<<>>>\n\nx");
  }
}
