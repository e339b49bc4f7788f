package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The quality floor on independent, human-picked labels: the 990 multilingual pages of Trafilatura's
 * evaluation set ({@code ../shared/corpus/trafilatura-eval}), scored with its own metric ({@link SegmentScore},
 * the same numbers as {@code shared/bench/htmlmd/score-trafilatura.js}) with the title line off, since the
 * labels never contain it. Issue 20's target is F1 0.935 with precision 0.92 and recall 0.93; the floors
 * below are what the code reaches, rounded down, so that a change that loses quality fails here.
 *
 * <p>The corpus is not part of this repository; without it the test is skipped, saying where it looked
 * ({@code -Dloadout.segments.dir=…} points elsewhere). Each page's Markdown goes to
 * {@code target/segments-markdown/NAME.md} and a per-page report of missed and leaked segments to
 * {@code target/segments-report.txt}, so that {@code node score-trafilatura.js target/segments-markdown}
 * can cross-check the Java scorer.
 */
final class HtmlToMarkdownSegmentsTest {
  static final String PROPERTY = "loadout.segments.dir";
  /**
   * The level reached (F1 0.9372, P 0.9412, R 0.9332), rounded down. Issue 20 started at F1 0.8931 (P 0.8756,
   * R 0.9112); it was at F1 0.9154 (P 0.9036, R 0.9275) before the trailing-section, widget-line, closing-appeal,
   * disclosure, named-boilerplate and furniture-free fallback rules, at F1 0.9244 (P 0.9210, R 0.9278) before
   * the post-note, CJK-label, wider closing-appeal, small-winner, credit-dateline and alt-caption rules, and at
   * F1 0.9297 (P 0.9316, R 0.9278) before the headline kept without the title line, the cleaned fallback text, the
   * empty-article fallback, loose text as paragraphs, dropped siblings left out, page-tool and metadata-field rows,
   * credited or numbered captions, titled appeal boxes and the author's follow-me line. Its target, F1 0.935 with
   * P 0.92 and R 0.93, is reached.
   */
  static final double F1_FLOOR = 0.937;
  static final double PRECISION_FLOOR = 0.941;
  static final double RECALL_FLOOR = 0.933;

  @Test
  void independentLabelsMeetTheFloors() throws IOException {
    Path corpus = HtmlToMarkdownCorpusTest.locateShared("trafilatura-eval", PROPERTY, "evaldata.json");
    JsonNode data = JsonMapper.builder().build().readTree(
        Files.readString(corpus.resolve("evaldata.json"), StandardCharsets.UTF_8));
    Path out = Path.of("target", "segments-markdown");
    Files.createDirectories(out);
    HtmlToMarkdown converter = HtmlToMarkdown.builder().includeTitle(false).build();
    Map<String, JsonNode> items = new TreeMap<>();
    data.properties().forEach(e -> items.put(e.getKey(), e.getValue()));
    SegmentScore.Counts counts = new SegmentScore.Counts();
    StringBuilder report = new StringBuilder();
    for (JsonNode item : items.values()) {
      String file = Path.of(item.get("file").asString()).getFileName().toString();
      String name = file.replaceAll("\\.html\\.gz$", "");
      String html = HtmlCharsets.decode(gunzip(corpus.resolve("pages").resolve(file)), null);
      String markdown = converter.convert(html, null).markdown() + "\n";
      Files.writeString(out.resolve(name + ".md"), markdown, StandardCharsets.UTF_8);
      SegmentScore.Page page = SegmentScore.page(markdown, strings(item.get("with")), strings(item.get("without")));
      counts.add(page);
      if (!page.missed().isEmpty() || !page.leaked().isEmpty()) {
        report.append(name).append('\n');
        page.missed().forEach(m -> report.append("  missed ").append(m).append('\n'));
        page.leaked().forEach(l -> report.append("  leaked ").append(l).append('\n'));
      }
    }
    String summary = String.format(Locale.ROOT, "pages %d  precision %.4f  recall %.4f  F1 %.4f  (tp %d fp %d fn %d tn %d)",
        items.size(), counts.precision(), counts.recall(), counts.f1(), counts.truePositives, counts.falsePositives,
        counts.falseNegatives, counts.trueNegatives);
    Files.writeString(Path.of("target", "segments-report.txt"), summary + "\n" + report, StandardCharsets.UTF_8);
    System.out.println(summary);
    assertThat(items).as("pages in %s", corpus).hasSizeGreaterThanOrEqualTo(990);
    assertThat(counts.f1()).as(summary).isGreaterThanOrEqualTo(F1_FLOOR);
    assertThat(counts.precision()).as(summary).isGreaterThanOrEqualTo(PRECISION_FLOOR);
    assertThat(counts.recall()).as(summary).isGreaterThanOrEqualTo(RECALL_FLOOR);
  }

  @Test
  void theScorerNormalisesAsTheScriptDoes() {
    SegmentScore.Page page = SegmentScore.page("# Heading\n\nSome **bold**\u00a0 text, [a link](https://x/y).\n",
        List.of("Heading Some bold text,", "a link.", "absent"), List.of("https://x/y", "Some bold"));
    assertThat(page.foundWith()).isEqualTo(2);
    assertThat(page.missed()).containsExactly("absent");
    assertThat(page.leaked()).containsExactly("Some bold");
    SegmentScore.Page empty = SegmentScore.page(" \n", List.of(""), List.of(""));
    assertThat(empty.foundWith()).isZero();
    assertThat(empty.foundWithout()).isZero();
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }

  private static byte[] gunzip(Path p) throws IOException {
    try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
      return in.readAllBytes();
    }
  }
}
