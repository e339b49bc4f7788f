package dev.loadout.benchmarks;

import dev.loadout.tools.web.HtmlToMarkdown;
import java.util.concurrent.TimeUnit;
import org.jsoup.Jsoup;
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

/**
 * HTML → Markdown on generated worst cases ({@link HostilePages}) up to {@code fetch_url}'s 5 MiB byte cap:
 * what one hostile page costs, next to the floor any jsoup-based converter pays for it (the parse alone), and
 * next to an ordinary article of the same size ({@link HostilePages#ARTICLE}).
 *
 * <p>Each operation converts one page, cold in the sense that matters (a new tree each time) and warm in
 * the JIT's. Single-shot: an operation takes up to a second or so, and a page of a million elements leaves
 * garbage for the next, which is part of what a host pays.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 4)
@Measurement(iterations = 6)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class HostilePagesBenchmark {
  /** What runs on the page. */
  public enum Adapter {
    /** {@code HtmlToMarkdown.standard().convert}: parse, extraction, Markdown; what {@code fetch_url} runs. */
    LOADOUT,
    /** Extraction off: parse and Markdown of the whole body. */
    LOADOUT_WHOLE_BODY,
    /** The floor: {@code Jsoup.parse} alone, with jsoup's own settings. */
    JSOUP_PARSE
  }

  @Param
  public HostilePages shape;

  /** The page's size in MiB: 5 is the production byte cap. */
  @Param({"1", "5"})
  public int mib;

  @Param
  public Adapter adapter;

  private String html;
  private final HtmlToMarkdown whole = HtmlToMarkdown.builder().extractMainContent(false).build();

  @Setup(Level.Trial)
  public void setUp() {
    html = shape.page(mib << 20);
  }

  /** One page through the adapter; returns something of the result so that nothing is optimised away. */
  @Benchmark
  public int convert() {
    return run(adapter, html, whole);
  }

  static int run(Adapter adapter, String html, HtmlToMarkdown whole) {
    switch (adapter) {
      case LOADOUT:
        return HtmlToMarkdown.standard().convert(html, null).markdown().length();
      case LOADOUT_WHOLE_BODY:
        return whole.convert(html, null).markdown().length();
      case JSOUP_PARSE:
        return Jsoup.parse(html).childNodeSize();
      default:
        throw new IllegalStateException(adapter.name());
    }
  }
}
