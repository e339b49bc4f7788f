package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadout.tools.web.MarkdownPage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * Guards the benchmark's setup: its page list is the corpus, and each page converts to real
 * content, so that the timings are of the work {@code fetch_url} does. Skipped without the corpus.
 */
final class HtmlMarkdownBenchmarkTest {

  @Test
  void pageParameterListsEveryCorpusPageAndEachConvertsToExtractedMarkdown() throws Exception {
    Path corpus;
    try {
      corpus = HtmlMarkdownBenchmark.corpus();
    } catch (IllegalStateException absent) {
      assumeTrue(false, absent.getMessage());
      return;
    }
    String[] params = HtmlMarkdownBenchmark.OnePage.class.getField("page").getAnnotation(Param.class).value();
    List<String> names = HtmlMarkdownBenchmark.pages(corpus).stream()
        .map(p -> p.getFileName().toString()).toList();
    assertThat(Arrays.asList(params)).containsExactlyElementsOf(names).hasSize(40);

    HtmlMarkdownBenchmark bench = new HtmlMarkdownBenchmark();
    HtmlMarkdownBenchmark.OnePage one = new HtmlMarkdownBenchmark.OnePage();
    for (String name : names) {
      one.page = name;
      one.setUp();
      MarkdownPage page = bench.page(one);
      assertThat(page.extracted()).as(name).isTrue();
      // A whole article each: 500 characters, not more, since a Chinese article says in 900 what English says in 2,500.
      assertThat(page.markdown()).as(name).startsWith("# ").hasSizeGreaterThan(500);
    }
    assertThat(Files.isDirectory(corpus)).isTrue();
  }
}
