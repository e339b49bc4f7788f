package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.function.IntFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Work on hostile pages is bounded by the page's size, counted in {@link WorkBudget} units rather than
 * timed: each shape below is converted at two sizes, and four times the page must cost at most about four
 * times the work (a stage that is quadratic anywhere costs sixteen), and stay well inside the budget. The
 * wall-clock figures for pages up to the 5 MiB cap are {@code HostilePagesBenchmark}'s.
 */
final class HtmlToMarkdownWorkTest {
  private static final URI BASE = URI.create("https://example.com/a/");
  private static final int SMALL = 64 * 1024;

  /** Page shapes that made some stage superlinear before. */
  enum Shape {
    UNCLOSED_DIVS(n -> repeat("<div>Some text, with a comma. ", n)),
    UNCLOSED_PARAGRAPHS_IN_DIVS(n -> repeat("<div><p>Para text, with, commas and more words. ", n)),
    NESTED_DIVS(n -> "<div>".repeat(n / 5) + "deep" + "</div>".repeat(n / 5)),
    NESTED_TABLES(n -> repeat("<td><table><tr><td>x, y", n)),
    LONG_TABLE(n -> "<table>" + repeat("<tr><td>a, b</td><td>c</td><td>d</td></tr>", n) + "</table>"),
    RAGGED_TABLE(n -> "<table><tr>" + repeat("<td>h</td>", n / 2) + "</tr>" + repeat("<tr><td>d</td></tr>", n / 2)
        + "</table>"),
    NESTED_LISTS(n -> repeat("<ul><li>item, more ", n)),
    NESTED_QUOTES(n -> repeat("<blockquote>q, r ", n)),
    NESTED_INLINE(n -> repeat("<b><i><a href='/x'>a, ", n)),
    INLINE_RUN(n -> "<p>" + repeat("<b>bold</b> <a href='/x'>link</a> <i>it</i>, ", n) + "</p>"),
    WIDE_PARENT_OF_SCRIPTS(n -> "<div>" + repeat("<p>Text, more.</p><script>x</script><input>", n) + "</div>"),
    NESTED_IDS(n -> repeat("<div id='content'><span></span>", n) + "text");

    final IntFunction<String> body;

    Shape(IntFunction<String> body) {
      this.body = body;
    }

    String page(int bytes) {
      return "<html><head><title>t</title></head><body>" + body.apply(bytes) + "</body></html>";
    }
  }

  private static String repeat(String piece, int bytes) {
    return piece.repeat(Math.max(1, bytes / piece.length()));
  }

  private static long work(String html, HtmlToMarkdown converter) {
    WorkBudget budget = WorkBudget.forPage(html.length());
    MarkdownPage page = converter.convert(html, BASE, budget);
    assertThat(page.timedOut()).isFalse();
    assertThat(budget.used()).as("units spent on %,d chars", html.length()).isLessThan(budget.limit() / 2);
    return budget.used();
  }

  @ParameterizedTest
  @EnumSource(Shape.class)
  void fourTimesThePageCostsAboutFourTimesTheWork(Shape shape) {
    for (HtmlToMarkdown converter : new HtmlToMarkdown[] {
        HtmlToMarkdown.standard(), HtmlToMarkdown.builder().extractMainContent(false).build()}) {
      String small = shape.page(SMALL);
      String large = shape.page(4 * SMALL);
      long smallWork = work(small, converter);
      long largeWork = work(large, converter);
      double ratio = (double) largeWork / smallWork;
      double sizeRatio = (double) large.length() / small.length();
      assertThat(ratio).as("%s: %,d units for %,d chars, %,d for %,d", shape, smallWork, small.length(),
          largeWork, large.length()).isLessThan(sizeRatio * 1.25);
    }
  }

  @Test
  void aTreeTooLargeForExtractionIsConvertedWholeInOrder() {
    StringBuilder html = new StringBuilder("<html><body><nav><a href='/'>Home</a></nav>");
    for (int i = 0; i <= HtmlToMarkdown.LARGE_TREE / 2; i++) {
      html.append("<p>Row ").append(i).append(", <b>value</b></p>");
    }
    MarkdownPage page = HtmlToMarkdown.standard().convert(html.toString(), BASE);
    assertThat(page.extracted()).isFalse();
    assertThat(page.markdown()).startsWith("[Home](https://example.com/)\n\nRow 0, **value**")
        .endsWith("Row " + HtmlToMarkdown.LARGE_TREE / 2 + ", **value**");
  }

  @Test
  void aBudgetThatRunsOutGivesThePlainTextOfThePage() {
    String html = "<html><body><article><h1>Head</h1><p>First paragraph, with a <a href='/x'>link</a>.</p>"
        + "<p>Second paragraph, long enough to be an article on its own, with commas, and more.</p></article>"
        + "</body></html>";
    MarkdownPage whole = HtmlToMarkdown.standard().convert(html, BASE, WorkBudget.forPage(html.length()));
    MarkdownPage cut = HtmlToMarkdown.standard().convert(html, BASE, WorkBudget.ofUnits(20));
    assertThat(whole.extracted()).isTrue();
    assertThat(whole.markdown()).contains("[link](https://example.com/x)");
    assertThat(cut.extracted()).isFalse();
    assertThat(cut.timedOut()).isFalse();
    assertThat(cut.markdown()).contains("First paragraph, with a link.").doesNotContain("](");
  }

  @Test
  void aTimeLimitThatHasPassedStopsTheConversion() {
    String html = Shape.UNCLOSED_DIVS.page(SMALL);
    MarkdownPage page = HtmlToMarkdown.standard().convert(html, BASE, Duration.ZERO);
    assertThat(page.timedOut()).isTrue();
    assertThat(page.markdown()).isEmpty();
    assertThat(HtmlToMarkdown.standard().convert(html, BASE, Duration.ofMinutes(1)).timedOut()).isFalse();
  }

  @Test
  void anInterruptedThreadStopsTheConversionAndKeepsItsFlag() {
    String html = Shape.UNCLOSED_DIVS.page(SMALL);
    Thread.currentThread().interrupt();
    try {
      MarkdownPage page = HtmlToMarkdown.standard().convert(html, BASE, Duration.ofMinutes(1));
      assertThat(page.timedOut()).isTrue();
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void listsNestedBeyondTheLimitContinueAtTheDeepestLevel() {
    String html = "<ul><li>level".repeat(30) + " end";
    String md = HtmlToMarkdown.builder().extractMainContent(false).includeTitle(false).build()
        .convert(html, BASE).markdown();
    int widest = md.lines().mapToInt(l -> l.length() - l.stripLeading().length()).max().orElse(0);
    assertThat(widest).isEqualTo(2 * MarkdownWriter.MAX_NESTING);
    assertThat(md).contains("level end");
    assertThat(md.split("level", -1)).hasSize(31);
  }

  @Test
  void aTableFarEmptierThanItsCellsIsNotAPipeTable() {
    String html = "<table><tr>" + "<td>h</td>".repeat(300) + "</tr>" + "<tr><td>d</td></tr>".repeat(300) + "</table>";
    String md = HtmlToMarkdown.builder().extractMainContent(false).includeTitle(false).build()
        .convert(html, BASE).markdown();
    assertThat(md).doesNotContain("| --- |").contains("h").contains("d");
    String square = "<table>" + ("<tr>" + "<td>c</td>".repeat(20) + "</tr>").repeat(20) + "</table>";
    assertThat(HtmlToMarkdown.builder().extractMainContent(false).includeTitle(false).build()
        .convert(square, BASE).markdown()).contains("| --- |");
  }

  @Test
  void nestingDeeperThanTheParserBuildsKeepsEveryWordInOrder() {
    StringBuilder html = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      html.append("<div>w").append(i).append(' ');
    }
    String md = HtmlToMarkdown.builder().extractMainContent(false).includeTitle(false).build()
        .convert(html.toString(), BASE).markdown();
    String[] words = md.strip().split("\\s+");
    assertThat(words).hasSize(1000);
    for (int i = 0; i < 1000; i++) {
      assertThat(words[i]).isEqualTo("w" + i);
    }
  }
}
