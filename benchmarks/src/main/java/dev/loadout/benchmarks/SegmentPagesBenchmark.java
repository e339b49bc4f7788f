package dev.loadout.benchmarks;

import dev.loadout.tools.web.HtmlCharsets;
import dev.loadout.tools.web.HtmlToMarkdown;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * HTML to Markdown over the 990 pages of Trafilatura's evaluation set, warm: {@code allPages} converts every
 * page in one operation (the total); {@code eachPage} converts one page per operation, the next page each time, so
 * every page is sampled equally often and the sample median is the per-page median over the set; {@link #main} times each page as the reference pipeline does (a cold pass,
 * then warm passes, the median of the warm passes per page) and prints the per-page median and the sum of the
 * medians, for comparison with Readability + Turndown timed the same way.
 *
 * <p>The corpus is not in this repository: {@code -Dloadout.segments.dir=…} (pass it to the forks with
 * {@code -jvmArgsAppend}), else {@code ../shared/corpus/trafilatura-eval} from the working directory (the
 * repository root) or its parent. Pages are decoded as {@code fetch_url} decodes a body without a
 * {@code Content-Type}, and converted with the title line off, as the quality test scores them.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 5)
@Measurement(iterations = 10, time = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class SegmentPagesBenchmark {
  private final HtmlToMarkdown converter = HtmlToMarkdown.builder().includeTitle(false).build();
  private List<String> pages;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    pages = read(corpus());
  }

  /** All 990 pages in one operation. */
  @Benchmark
  public void allPages(Blackhole bh) {
    for (String html : pages) {
      bh.consume(converter.convert(html, null));
    }
  }

  /**
   * One page per operation, cycling through the set in file order (990 pages, each warm after the first cycle):
   * a whole cycle is about one {@code allPages} operation, far shorter than an iteration, so each page gets the
   * same share of samples.
   */
  @Benchmark
  public Object eachPage() {
    String html = pages.get(next);
    next = next + 1 == pages.size() ? 0 : next + 1;
    return converter.convert(html, null);
  }

  /** The corpus folder; fails with the places it looked. */
  static Path corpus() {
    List<Path> tried = new ArrayList<>();
    String property = System.getProperty("loadout.segments.dir", "");
    if (!property.isBlank()) {
      tried.add(Path.of(property));
    }
    Path cwd = Path.of("").toAbsolutePath();
    tried.add(cwd.resolve("../shared/corpus/trafilatura-eval"));
    tried.add(cwd.resolve("../../shared/corpus/trafilatura-eval"));
    for (Path p : tried) {
      if (Files.isDirectory(p.resolve("pages"))) {
        return p.normalize();
      }
    }
    throw new IllegalStateException("Segment corpus not found; looked in " + tried
        + "; pass -Dloadout.segments.dir=… (and -jvmArgsAppend -Dloadout.segments.dir=… for the forks)");
  }

  /** Every page, decoded, in file-name order. */
  static List<String> read(Path corpus) {
    try (Stream<Path> s = Files.list(corpus.resolve("pages"))) {
      List<String> out = new ArrayList<>();
      for (Path p : s.filter(f -> f.toString().endsWith(".html.gz")).sorted().toList()) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
          out.add(HtmlCharsets.decode(in.readAllBytes(), null));
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Per-page times the reference's way: {@code java -cp benchmarks.jar dev.loadout.benchmarks.SegmentPagesBenchmark
   * [reps]}. One cold pass, then {@code reps} warm passes (default 5) after a warm-up of two passes; prints the
   * median of the per-page warm medians, their sum, the 90th percentile and the slowest page.
   */
  public static void main(String[] args) {
    int reps = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    List<String> pages = read(corpus());
    HtmlToMarkdown converter = HtmlToMarkdown.builder().includeTitle(false).build();
    double[][] times = new double[pages.size()][reps];
    for (int warm = 0; warm < 3; warm++) {
      for (String html : pages) {
        converter.convert(html, null);
      }
    }
    for (int r = 0; r < reps; r++) {
      for (int i = 0; i < pages.size(); i++) {
        long t0 = System.nanoTime();
        converter.convert(pages.get(i), null);
        times[i][r] = (System.nanoTime() - t0) / 1e6;
      }
    }
    double[] medians = new double[pages.size()];
    double sum = 0;
    for (int i = 0; i < pages.size(); i++) {
      Arrays.sort(times[i]);
      medians[i] = reps % 2 == 1 ? times[i][reps / 2] : (times[i][reps / 2 - 1] + times[i][reps / 2]) / 2;
      sum += medians[i];
    }
    double[] sorted = medians.clone();
    Arrays.sort(sorted);
    System.out.printf(Locale.ROOT, "pages %d reps %d: per-page median %.2f ms, sum of medians %.1f ms, p90 %.2f ms,"
        + " max %.2f ms%n", pages.size(), reps, sorted[sorted.length / 2], sum, sorted[(int) (0.9 * (sorted.length - 1))],
        sorted[sorted.length - 1]);
  }
}
