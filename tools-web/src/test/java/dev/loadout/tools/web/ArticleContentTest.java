package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/**
 * What main-content extraction keeps at the edges of an article: the title without the site's name,
 * section headings in wrappers of their own, an in-article table of contents, captions; and what it
 * leaves out there: permalink marks, share buttons, link boxes.
 */
final class ArticleContentTest {
  private static final URI BASE = URI.create("https://example.com/docs/page.html");
  private static final String LONG = "Moths fly at night, and most of them find their way by the moon, "
      + "which is far enough away to keep a constant angle, while a lamp is close. ";
  private static final String BODY = "<p>" + LONG + LONG + "</p><p>" + LONG + "</p>";

  private static MarkdownPage convert(String head, String body) {
    return HtmlToMarkdown.standard().convert(
        "<html><head>" + head + "</head><body>" + body + "</body></html>", BASE);
  }

  @Test
  void theSiteNameLeavesTheTitleEvenWhenOgTitleCarriesItToo() {
    MarkdownPage page = convert("<title>Moths at night | Field Blog</title>"
        + "<meta property=\"og:title\" content=\"Moths at night | Field Blog\">"
        + "<meta property=\"og:site_name\" content=\"Field Blog Inc\">", "<article>" + BODY + "</article>");
    assertThat(page.title()).isEqualTo("Moths at night");
    assertThat(page.markdown()).startsWith("# Moths at night\n\nMoths fly");
  }

  @Test
  void aTitleThatIsOnlyTheSiteNameStaysAndAPartNamingSomethingElseStays() {
    assertThat(convert("<title>Field Blog</title><meta name=\"application-name\" content=\"Field Blog\">",
        "<article>" + BODY + "</article>").title()).isEqualTo("Field Blog");
    assertThat(convert("<title>Moths at night - Chapter Two</title>"
        + "<meta property=\"og:title\" content=\"Moths at night - Chapter Two\">"
        + "<meta property=\"og:site_name\" content=\"Field Blog\">", "<article>" + BODY + "</article>").title())
        .isEqualTo("Moths at night - Chapter Two");
  }

  @Test
  void aOneWordHeadlineIsFoundAsAWholePartOfTheTitleAndEmittedOnce() {
    MarkdownPage page = convert("<title>Moth - Wikipedia</title>",
        "<div class=\"content\"><h1>Moth</h1>" + BODY + "</div>");
    assertThat(page.title()).isEqualTo("Moth");
    assertThat(page.markdown()).startsWith("# Moth\n\nMoths fly").containsOnlyOnce("# Moth");
  }

  @Test
  void permalinkMarksLeaveHeadingsAndTheTitle() {
    MarkdownPage page = convert("<title>Moth guide</title>", "<div class=\"body\">"
        + "<h1>Moth guide<a class=\"headerlink\" href=\"#moth-guide\">¶</a></h1>" + BODY
        + "<h2>Lamps <a href=\"#lamps\">#</a></h2>" + BODY
        + "<h2>Footnotes<a href=\"#n\">§</a></h2><p>See note <a href=\"#n1\">1</a> and " + LONG + "</p></div>");
    assertThat(page.title()).isEqualTo("Moth guide");
    assertThat(page.markdown()).startsWith("# Moth guide\n\nMoths fly").contains("\n## Lamps\n", "\n## Footnotes\n")
        .contains("See note [1](https://example.com/docs/page.html#n1) and")
        .doesNotContain("¶", "§", "[#]");
  }

  @Test
  void sectionHeadingsInWrappersOfTheirOwnStayWhateverTheirIdSays() {
    // Grid templates give each section title its own cell; wikis give each heading an id made from
    // its text, which can contain a furniture word ("promotion", "community").
    MarkdownPage page = convert("<title>Moths</title>", "<div class=\"post\">"
        + "<div class=\"cell\">" + BODY + "</div>"
        + "<div class=\"cell\"><div id=\"glossary\">\n  <h2>\n    Glossary\n  </h2>\n</div></div>"
        + "<div class=\"cell\">" + BODY + "</div>"
        + "<h3><span id=\"Community_promotion\">Community promotion</span></h3>" + BODY
        + "<div class=\"community\">Join us</div></div>");
    assertThat(page.markdown()).contains("\n## Glossary\n\nMoths fly", "\n### Community promotion\n\nMoths fly")
        .doesNotContain("Join us");
  }

  @Test
  void anInArticleTableOfContentsStaysWhileTheSameBoxLinkingAwayGoes() {
    String toc = "<div class=\"contents\"><p>Contents</p><ul>"
        + "<li><a href=\"#day\">Moths by day, and why they hide</a></li>"
        + "<li><a href=\"#night\">Moths at night, and the moon</a></li></ul></div>";
    String away = "<div class=\"contents\"><p>More</p><ul>"
        + "<li><a href=\"/day\">Butterflies by day, and why they show</a></li>"
        + "<li><a href=\"/night\">Bats at night, and their calls</a></li></ul></div>";
    MarkdownPage page = convert("<title>Moths</title>", "<article>" + toc + BODY + away + "</article>");
    assertThat(page.markdown()).contains("Contents\n\n- [Moths by day, and why they hide]("
        + "https://example.com/docs/page.html#day)\n- [Moths at night")
        .doesNotContain("Butterflies", "Bats");
  }

  @Test
  void aHashRouteOrABareHashIsALinkAwayNotATableOfContents() {
    MarkdownPage page = convert("<title>Moths</title>", "<article>" + BODY
        + "<div class=\"contents\"><ul><li><a href=\"#/inbox\">Your inbox and your messages</a></li>"
        + "<li><a href=\"#\">Load more comments and replies</a></li></ul></div></article>");
    assertThat(page.markdown()).doesNotContain("inbox", "comments");
  }

  @Test
  void aPicturesShortCaptionStaysButAShareButtonOnItGoes() {
    MarkdownPage page = convert("<title>Moths</title>", "<div class=\"post\">" + BODY
        + "<div class=\"thumb\"><div class=\"shareBtn\"><span>Share on Weibo</span></div>"
        + "<a href=\"/f/moth.png\"><img src=\"/i/moth.png\" alt=\"\"></a>"
        + "<div class=\"thumbcaption\">A hawk moth</div></div>" + BODY + "</div>");
    assertThat(page.markdown()).contains("[![](https://example.com/i/moth.png)](https://example.com/f/moth.png)"
        + "\n\nA hawk moth\n\nMoths fly").doesNotContain("Weibo");
  }
}
