package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.tools.web.HtmlToMarkdown;
import dev.loadout.tools.web.MarkdownPage;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** Keeps the benchmark honest: the pages are the size they claim and the shape they claim, and they convert. */
final class HostilePagesBenchmarkTest {
  private static final int SIZE = 256 * 1024;

  @Test
  void everyPageFillsItsSizeAndConvertsToItsText() {
    for (HostilePages shape : HostilePages.values()) {
      String html = shape.page(SIZE);
      assertThat(html.length()).as("%s", shape).isBetween(SIZE - 200, SIZE + 400);
      MarkdownPage page = HtmlToMarkdown.standard().convert(html, null);
      assertThat(page.timedOut()).isFalse();
      assertThat(page.markdown()).as("%s", shape).isNotBlank();
      for (HostilePagesBenchmark.Adapter adapter : HostilePagesBenchmark.Adapter.values()) {
        assertThat(HostilePagesBenchmark.run(adapter, html, HtmlToMarkdown.builder().extractMainContent(false).build()))
            .as("%s %s", shape, adapter).isPositive();
      }
    }
  }

  @Test
  void theShapesAreWhatTheySay() {
    Document nestedTables = Jsoup.parse(HostilePages.NESTED_TABLES.page(SIZE));
    assertThat(nestedTables.select("table table table").size()).isGreaterThan(1000);
    Document unclosed = Jsoup.parse(HostilePages.UNCLOSED_DIVS.page(SIZE));
    assertThat(unclosed.select("div div div div div div div div div div").size()).isGreaterThan(1000);
    Document lists = Jsoup.parse(HostilePages.NESTED_LISTS.page(SIZE));
    assertThat(lists.select("ul ul ul ul ul ul ul ul ul ul ul ul").size()).isGreaterThan(1000);
    Document wide = Jsoup.parse(HostilePages.WIDE_PARENT.page(SIZE));
    assertThat(wide.body().child(0).childrenSize()).isGreaterThan(10_000);
    Document ragged = Jsoup.parse(HostilePages.RAGGED_TABLE.page(SIZE));
    assertThat(ragged.select("tr").first().childrenSize()).isGreaterThan(10_000);
  }
}
