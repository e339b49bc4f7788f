package dev.loadout.benchmarks;

import dev.loadout.tools.web.HtmlToMarkdown;
import dev.loadout.tools.web.MarkdownPage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * HTML to Markdown over the 40 pages of the shared corpus, warm: what {@code fetch_url} spends after
 * the download (parse, main-content extraction, Markdown).
 *
 * <p>{@code page} converts one page per operation, {@code @Param}-ed over the pages: its median per
 * page compares with the reference pipeline's per-page warm median ({@code htmlmd-baseline.js},
 * Readability + Turndown on jsdom), and the sum of the 40 medians with its total. {@code allPages}
 * converts the 40 pages in one operation, the total measured directly. {@code eachPage} converts one page per
 * operation, the next page each time: its sample median is the per-page median of all 40 in one short run,
 * where {@code page} needs 40 trials. The reference is Node, so it
 * cannot run inside JMH: run it in the same session, on the same machine state (see the README).
 *
 * <p>The corpus is not in this repository: {@code -Dloadout.corpus.dir=…} (pass it to the forks with
 * {@code -jvmArgsAppend}), else {@code ../shared/corpus/readability-pages} from the working directory
 * (the repository root) or its parent.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class HtmlMarkdownBenchmark {
  /** The base URL the corpus was labelled with. */
  static final URI BASE = URI.create("http://fakehost/test/page.html");

  private final HtmlToMarkdown converter = HtmlToMarkdown.standard();

  /** One corpus page. */
  @State(Scope.Benchmark)
  public static class OnePage {
    /** Page folder name in the corpus. */
    @Param({"aclu", "aktualne", "archive-of-our-own", "ars-1", "bbc-1", "blogger", "buzzfeed-1", "cnet",
        "cnn", "daringfireball-1", "dropbox-blog", "ebb-org", "engadget", "firefox-nightly-blog",
        "folha", "gitlab-blog", "google-sre-book-1", "heise", "hukumusume", "ietf-1",
        "keep-tabular-data", "la-nacion", "lemonde-1", "lwn-1", "medium-1", "mercurial", "nytimes-1",
        "pixnet", "qq", "quanta-1", "royal-road", "seattletimes-1", "spiceworks", "telegraph",
        "theverge", "toc-missing", "v8-blog", "wapo-1", "webmd-1", "wikipedia"})
    public String page;

    String html;

    @Setup(Level.Trial)
    public void setUp() {
      html = read(corpus().resolve(page).resolve("source.html"));
    }
  }

  /** All corpus pages. */
  @State(Scope.Benchmark)
  public static class AllPages {
    List<String> html;
    int next;

    @Setup(Level.Trial)
    public void setUp() {
      html = new ArrayList<>();
      for (Path p : pages(corpus())) {
        html.add(read(p.resolve("source.html")));
      }
    }
  }

  /** One page: parse, extract, write Markdown. */
  @Benchmark
  public MarkdownPage page(OnePage state) {
    return converter.convert(state.html, BASE);
  }

  /** All 40 pages in one operation. */
  @Benchmark
  public void allPages(AllPages state, Blackhole bh) {
    for (String h : state.html) {
      bh.consume(converter.convert(h, BASE));
    }
  }

  /** One page per operation, cycling through the 40 in folder order, so each page gets the same share of samples. */
  @Benchmark
  public MarkdownPage eachPage(AllPages state) {
    String h = state.html.get(state.next);
    state.next = state.next + 1 == state.html.size() ? 0 : state.next + 1;
    return converter.convert(h, BASE);
  }

  /** The corpus folder; fails with the places it looked. */
  static Path corpus() {
    List<Path> tried = new ArrayList<>();
    String property = System.getProperty("loadout.corpus.dir", "");
    if (!property.isBlank()) {
      tried.add(Path.of(property));
    }
    Path cwd = Path.of("").toAbsolutePath();
    tried.add(cwd.resolve("../shared/corpus/readability-pages"));
    tried.add(cwd.resolve("../../shared/corpus/readability-pages"));
    for (Path p : tried) {
      if (Files.isDirectory(p)) {
        return p.normalize();
      }
    }
    throw new IllegalStateException("HTML corpus not found; looked in " + tried
        + "; pass -Dloadout.corpus.dir=… (and -jvmArgsAppend -Dloadout.corpus.dir=… for the forks)");
  }

  static List<Path> pages(Path corpus) {
    try (Stream<Path> s = Files.list(corpus)) {
      return s.filter(p -> Files.isRegularFile(p.resolve("source.html"))).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path p) {
    try {
      return Files.readString(p, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
