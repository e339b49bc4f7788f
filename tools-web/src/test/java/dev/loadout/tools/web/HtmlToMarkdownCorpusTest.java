package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A regression guard on the shared real-world corpus ({@code ../shared/corpus/readability-pages}, 40 pages with
 * their main content labelled), scored as {@code shared/bench/htmlmd/score.js} scores (see {@link TokenF1}).
 * The labels are Readability's own reviewed output, so this corpus measures agreement with Readability, which
 * an extractor cannot beat by construction; issue 20 made it a guard rather than the quality target (that is
 * {@link HtmlToMarkdownSegmentsTest}, on independent labels). Scored without the {@code # Title} line, which
 * the labels never contain: 0.9931 when issue 20 started, with the headline that repeats the title left out of the
 * body too. Since the lead's decision in issue 20 the body keeps that headline when the title line is off (nothing
 * else in the Markdown then carries it, and a reader sees it), while Readability's labels leave it out as a
 * duplicate of the title: on these pages that costs 0.0012 of agreement (0.9856 to 0.9844; ars, heise, qq and
 * webmd most), and it is the only reason the floor below went from 0.9855 to 0.9843.
 *
 * <p>The floor below is lower still by choice: three rules that human labels ask for cost agreement with
 * Readability. Image captions and photo credits leave the Markdown (Readability keeps them; the human labels of
 * Trafilatura's set count them as boilerplate), about 0.0034 here; short paragraphs that are mostly a link
 * to another story ("Read more: …", "Related: …") leave too, about 0.0024; and the Chinese, Japanese and Korean
 * labels of related boxes take the qq page's "精彩视频推荐" (recommended videos) box with the rights line and the
 * relevance poll under it, which Readability keeps, about 0.0014. On the independent labels the first two gain
 * about 0.012 of F1; the third is a gap in the label lists (no CJK words), which that set's few CJK pages do not
 * show. The remaining gap is content the labels and this extractor deliberately disagree
 * on: reader comments, a newsletter sign-up box, a site-wide disclaimer (which Readability keeps and human
 * labels leave out), and sections Readability lost (the mercurial page's "Example 1").
 *
 * <p>The corpus is not part of this repository: CI runs with a copy of {@code shared/} beside the
 * clone, and {@code -Dloadout.corpus.dir=…} points elsewhere. Without it the test is skipped, saying
 * where it looked. The Markdown of every page is written to {@code target/corpus-markdown/NAME.md}, so
 * that {@code node score.js target/corpus-markdown} can cross-check the Java scorer.
 */
final class HtmlToMarkdownCorpusTest {
  /** The base URL the labelled pages were generated with; their links resolve against it. */
  static final URI CORPUS_BASE = URI.create("http://fakehost/test/page.html");
  static final String PROPERTY = "loadout.corpus.dir";

  @Test
  void corpusMeetsTheTokenAndBigramF1Floors() throws IOException {
    Path corpus = locateCorpus();
    HtmlToMarkdown converter = HtmlToMarkdown.builder().includeTitle(false).build();
    Path out = Path.of("target", "corpus-markdown");
    Files.createDirectories(out);
    List<Double> tokenF1 = new ArrayList<>();
    List<Double> bigramF1 = new ArrayList<>();
    StringBuilder report = new StringBuilder();
    for (Path page : pages(corpus)) {
      String name = page.getFileName().toString();
      String source = Files.readString(page.resolve("source.html"), StandardCharsets.UTF_8);
      String expected = Files.readString(page.resolve("expected.html"), StandardCharsets.UTF_8);
      MarkdownPage converted = converter.convert(source, CORPUS_BASE);
      Files.writeString(out.resolve(name + ".md"), converted.markdown() + "\n", StandardCharsets.UTF_8);
      TokenF1.Score score = TokenF1.score(converted.markdown(), expected);
      tokenF1.add(score.tokens().f1());
      bigramF1.add(score.bigrams().f1());
      report.append(String.format(Locale.ROOT, "%s\tF1 %.4f\tP %.4f\tR %.4f\tbigramF1 %.4f\textracted %s%n",
          name, score.tokens().f1(), score.tokens().precision(), score.tokens().recall(),
          score.bigrams().f1(), converted.extracted()));
    }
    double meanToken = mean(tokenF1);
    double meanBigram = mean(bigramF1);
    report.append(String.format(Locale.ROOT, "mean F1 %.4f  mean bigram F1 %.4f  pages %d%n",
        meanToken, meanBigram, tokenF1.size()));
    System.out.print(report);
    assertThat(tokenF1).as("pages scored in %s", corpus).hasSizeGreaterThanOrEqualTo(40);
    assertThat(meanToken).as("mean token F1%n%s", report).isGreaterThanOrEqualTo(TOKEN_FLOOR);
    assertThat(meanBigram).as("mean bigram F1%n%s", report).isGreaterThanOrEqualTo(BIGRAM_FLOOR);
  }

  /**
   * The level reached (0.98439), rounded down: a regression guard (see the class comment for why not 0.9931, and
   * why not the 0.9855 of before the headline stayed in the body).
   */
  static final double TOKEN_FLOOR = 0.9843;
  /** Issue 4's bigram F1 target, met. */
  static final double BIGRAM_FLOOR = 0.98;

  /** {@code ../shared/corpus/readability-pages} from the repository root, else the system property. */
  static Path locateCorpus() {
    return locateShared("readability-pages", PROPERTY, null);
  }

  /**
   * A corpus of {@code ../shared/corpus/} from the repository root, else the directory a system property
   * names; skips the test, saying where it looked, when neither exists.
   *
   * @param marker a file the corpus folder must hold, or null
   */
  static Path locateShared(String name, String property, String marker) {
    List<Path> tried = new ArrayList<>();
    Path root = repositoryRoot();
    if (root != null) {
      Path relative = root.resolve("../shared/corpus/" + name).normalize();
      tried.add(relative);
      if (isCorpus(relative, marker)) {
        return relative;
      }
    }
    String configured = System.getProperty(property, "");
    if (!configured.isBlank()) {
      Path path = Path.of(configured).toAbsolutePath().normalize();
      tried.add(path);
      if (isCorpus(path, marker)) {
        return path;
      }
    }
    assumeTrue(false, "HTML corpus not found; looked in " + tried
        + " (repository root + ../shared/corpus/" + name + ", then -D" + property + ")");
    throw new AssertionError("unreachable");
  }

  private static boolean isCorpus(Path dir, String marker) {
    return Files.isDirectory(dir) && (marker == null || Files.isRegularFile(dir.resolve(marker)));
  }

  /** The nearest directory upwards that holds the parent pom and this module. */
  private static Path repositoryRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(dir.resolve("tools-web"))) {
        return dir;
      }
      dir = dir.getParent();
    }
    return null;
  }

  static List<Path> pages(Path corpus) throws IOException {
    try (Stream<Path> s = Files.list(corpus)) {
      return s.filter(p -> Files.isRegularFile(p.resolve("expected.html")))
          .filter(p -> Files.isRegularFile(p.resolve("source.html")))
          .sorted()
          .toList();
    }
  }

  private static double mean(List<Double> xs) {
    return xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }
}
