package dev.loadout.tools.web;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.io.Reader;
import java.net.URI;
import java.text.Normalizer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apiguardian.api.API;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;

/**
 * Converts an HTML page to Markdown for a language model: the main content only, as compact Markdown.
 *
 * <p>What comes out: the page title once, as {@code # Title}; ATX headings; {@code -} bullets and
 * numbered lists, nested by indentation; every {@code <pre>} as a fenced code block (with or without a
 * {@code <code>} child, {@code <br>} kept as a line break); tables as GFM pipe tables, the first row
 * promoted to the header when the table has none; links and images ({@code ![alt](url)}) made absolute
 * against the base URL; and backslash escapes only where plain text would otherwise turn into Markdown.
 *
 * <p>Main-content extraction scores the page's containers by how much running text they hold (long
 * paragraphs, commas), against how much of it is link text, with class and id names as hints, and keeps
 * the best one with the siblings that belong to it. Navigation, footers, asides, share bars, forms,
 * {@code script}, {@code style}, {@code noscript} and {@code template} are dropped. A page with no
 * recognisable article falls back to its plain text; conversion never throws for any input string (when
 * even jsoup cannot parse a page, its text is still returned, from an XML reading or from the markup itself).
 *
 * <p>Time and work are linear in the page's size, whatever its markup: nesting deeper than
 * {@value #MAX_DEPTH} elements is flattened by the parser (content kept, in order; real pages stay under 50),
 * a page of more than {@value #LARGE_TREE} elements is converted whole rather than extracted (real pages
 * hold a tenth of that), and each conversion has a work budget proportional to the page's length. Should some rule go quadratic on a
 * page all the same, the budget runs out and the page's plain text is returned instead. With
 * {@link #convert(String, URI, Duration)} the conversion also gives up when its time is up or its thread is
 * interrupted, so that a caller who stopped waiting does not leave a core busy.
 *
 * <p>Instances are immutable and thread-safe; {@link #standard()} is the configuration {@code fetch_url}
 * uses:
 *
 * <pre>{@code
 * MarkdownPage page = HtmlToMarkdown.standard().convert(html, URI.create("https://example.com/a/"));
 * String md = page.markdown();
 * }</pre>
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class HtmlToMarkdown {
  /**
   * The deepest element nesting the parser builds; deeper elements become siblings at this depth. Every walk
   * over the tree recurses at most this deep, and a stage that looks at ancestors looks at most this far.
   */
  static final int MAX_DEPTH = 128;
  /**
   * Pages with more elements than this are converted whole, without main-content extraction. Extraction walks
   * the tree a dozen times; on a tree this size that alone takes seconds, while the largest of 1,030 real pages
   * measured holds 10,000 elements. Such a page is a data dump, a generated listing or a hostile one, and its
   * whole text, in order, is the honest answer.
   */
  static final int LARGE_TREE = 100_000;
  private static final HtmlToMarkdown STANDARD = new Builder().build();

  private final boolean extractMainContent;
  private final boolean includeTitle;

  private HtmlToMarkdown(Builder builder) {
    this.extractMainContent = builder.extractMainContent;
    this.includeTitle = builder.includeTitle;
  }

  /** Main-content extraction on, title emitted. */
  public static HtmlToMarkdown standard() {
    return STANDARD;
  }

  /** A builder starting from {@link #standard()}'s settings. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from this converter's settings. */
  public Builder newBuilder() {
    return new Builder().extractMainContent(extractMainContent).includeTitle(includeTitle);
  }

  /**
   * Converts one page.
   *
   * @param html the decoded document (see {@link HtmlCharsets#decode}); never null
   * @param baseUrl the page's final URL, against which relative links and image sources are resolved
   *     (a {@code <base href>} in the document takes precedence, as in a browser); null leaves relative
   *     URLs as they are
   * @return the converted page; never null
   */
  public MarkdownPage convert(String html, URI baseUrl) {
    Objects.requireNonNull(html, "html");
    return convert(html, baseUrl, WorkBudget.forPage(html.length()));
  }

  /**
   * Converts one page, giving up once {@code timeLimit} has passed or the calling thread is interrupted: the
   * page then comes back {@link MarkdownPage#timedOut() timed out}, with no Markdown. The clock is read every
   * few microseconds of work, parsing included, so the conversion stops within about a millisecond of the
   * limit. The interrupt flag is left as it was.
   *
   * @param html the decoded document; never null
   * @param baseUrl as for {@link #convert(String, URI)}
   * @param timeLimit how long the conversion may take, from now; never null, zero or negative to give up at once
   * @return the converted page; never null
   * @since 0.1
   */
  public MarkdownPage convert(String html, URI baseUrl, Duration timeLimit) {
    Objects.requireNonNull(html, "html");
    Objects.requireNonNull(timeLimit, "timeLimit");
    long nanos = timeLimit.compareTo(Duration.ofDays(1)) > 0 ? Duration.ofDays(1).toNanos() : timeLimit.toNanos();
    return convert(html, baseUrl, WorkBudget.forPage(html.length(), nanos));
  }

  /** Converts one page under the given budget; package-private so that tests can count the work. */
  MarkdownPage convert(String html, URI baseUrl, WorkBudget budget) {
    String base = baseUrl == null ? "" : baseUrl.toString();
    try {
      return convertOrThrow(html, base, budget);
    } catch (WorkBudget.Exhausted stopped) {
      if (stopped.reason == WorkBudget.Reason.TIME) {
        return MarkdownPage.timedOutPage();
      }
      // The work limit was reached before the tree was even built (a limit set by a test): the text another way.
      try {
        return new MarkdownPage("", fallbackText(html, base, budget.withoutLimit()), false);
      } catch (WorkBudget.Exhausted timeUp) {
        return MarkdownPage.timedOutPage();
      }
    } catch (RuntimeException | StackOverflowError unexpected) {
      // A model-supplied URL can serve anything; a page that defeats the converter still reads as text.
      try {
        return new MarkdownPage("", fallbackText(html, base, budget.withoutLimit()), false);
      } catch (WorkBudget.Exhausted stopped) {
        return MarkdownPage.timedOutPage();
      }
    }
  }

  /**
   * The page's text by the first way that works: jsoup's HTML tree (the parser itself fails on some inputs,
   * such as hundreds of nested {@code <b>} before {@code <p><b><div>}), its XML tree (no HTML tree-building
   * rules to trip over), then plain markup stripping, which cannot fail.
   */
  private static String fallbackText(String html, String base, WorkBudget budget) {
    try {
      return PlainText.of(parse(html, base, budget).body(), budget);
    } catch (WorkBudget.Exhausted stopped) {
      throw stopped;
    } catch (RuntimeException | StackOverflowError htmlTreeFailed) {
      // next way
    }
    try {
      return PlainText.of(Jsoup.parse(html, base, Parser.xmlParser()), budget);
    } catch (WorkBudget.Exhausted stopped) {
      throw stopped;
    } catch (RuntimeException | StackOverflowError xmlTreeFailed) {
      // last way
    }
    return PlainText.ofMarkup(html);
  }

  /** Parses with the depth cap, spending the budget as the parser reads, so that parsing can be stopped too. */
  static Document parse(String html, String base, WorkBudget budget) {
    return Parser.htmlParser().setMaxDepth(MAX_DEPTH).parseInput(new BudgetedReader(html, budget), base);
  }

  private MarkdownPage convertOrThrow(String html, String base, WorkBudget budget) {
    budget.check(); // a limit that has already passed stops even a page too small to reach a periodic check
    Document doc = parse(html, base, budget);
    String title = Titles.of(doc);
    // Read before pruning: the JSON-LD sits in scripts, and bylines and datelines are about to be removed.
    JsonLd ld = JsonLd.of(doc, budget);
    PageMetadata metadata = Metadata.of(doc, ld);
    // The headline that repeats the title leaves the body only when the title line carries it; without that line
    // it is the one place the reader's headline is written, and it stays.
    String shown = includeTitle ? title : "";
    Element body = doc.body();
    try {
      // Counted first (a walk without lookups), so that the measurement tables are sized once.
      int expected = elements(body, budget);
      if (!extractMainContent || expected > LARGE_TREE) {
        ContentExtractor.pruneAlways(body, budget);
        NodeStats all = NodeStats.of(List.of(body), Set.of(), budget, expected);
        return page(title, MarkdownRenderer.render(List.of(body), shown, all, Set.of(), budget), false, metadata);
      }
      // Furniture is judged by its share of the page as served, hidden parts included; those measurements
      // are needed for nothing else, and a page of a million elements should not hold two sets at once.
      NodeStats served = NodeStats.measurementsOnly(body, budget, expected);
      Set<Element> furniture = ContentExtractor.furniture(body, served, budget);
      int size = served.size();
      served = null;
      ContentExtractor.pruneAlways(body, budget);
      NodeStats strict = NodeStats.of(List.of(body), furniture, budget, size);
      // The extraction adds what it cleans to the set; the plain-text fallback needs the furniture alone.
      Set<Element> furnitureOnly = ContentExtractor.identitySet();
      furnitureOnly.addAll(furniture);
      ContentExtractor.Result best = ContentExtractor.extract(body, strict, furniture, title, budget);
      if (!best.good() && !furniture.isEmpty()) {
        // Class names misled the strict pass (a page whose article sits in a "sidebar"-named wrapper);
        // try again without setting elements aside by name.
        NodeStats all = NodeStats.of(List.of(body), Set.of(), budget, size);
        ContentExtractor.Result relaxed =
            ContentExtractor.extract(body, all, ContentExtractor.identitySet(), title, budget);
        if (relaxed.textLength() > best.textLength()) {
          best = relaxed;
        }
      }
      String scripted = ScriptedArticle.markdown(ld, best.acceptable() ? best.textLength() : 0, shown, base, budget);
      if (scripted != null) {
        return page(title, scripted, true, metadata);
      }
      String article = best.acceptable()
          ? MarkdownRenderer.render(best.roots(), shown, best.stats(), best.dropped(), budget) : "";
      if (article.isBlank()) {
        // No article, or one whose measured text the Markdown does not show (text in elements the renderer leaves
        // out, as in a script-driven widget): the page's text says more than an empty answer.
        return page(title, fallbackText(body, strict, furnitureOnly, budget), false, metadata);
      }
      return page(title, article, true, metadata);
    } catch (WorkBudget.Exhausted stopped) {
      if (stopped.reason != WorkBudget.Reason.WORK) {
        throw stopped;
      }
      // Some stage was not linear on this page: its plain text is one more walk, and still says what it says.
      return page(title, PlainText.of(body, budget.withoutLimit()), false, metadata);
    }
  }

  /**
   * The page's text when no article was found (a short post among menus, a product page, a page of teasers):
   * without its navigation, sidebars, footers and the blocks named as such (the strict pass's furniture), and
   * without what the block clean-up ({@link ContentCleaner}, {@link ContentPolish}) takes out of an article: the
   * share row, the related box, the comment prompt and the labels are the same boilerplate around a short post as
   * around a long one. Each step is kept only if it leaves at least a {@value #FALLBACK_KEPT_SHARE}th of the text
   * before it: otherwise the names or the rules misled, as they can on a page laid out as one big "sidebar", and
   * the text before that step is the honest answer.
   *
   * @param stats the strict pass's measurements of the body, furniture set aside
   */
  private static String fallbackText(Element body, NodeStats stats, Set<Element> furniture, WorkBudget budget) {
    String kept = PlainText.of(body, budget);
    Set<Element> skipped = ContentExtractor.identitySet();
    NodeStats measured = stats;
    if (!furniture.isEmpty()) {
      String withoutFurniture = PlainText.of(body, furniture, budget);
      if (withoutFurniture.length() * FALLBACK_KEPT_SHARE >= kept.length()) {
        kept = withoutFurniture;
        skipped.addAll(furniture);
      } else {
        measured = NodeStats.of(List.of(body), Set.of(), budget, stats.size());
      }
    }
    List<Element> roots = List.of(body);
    Set<Element> blocks = ContentExtractor.identitySet();
    blocks.addAll(skipped);
    if (ContentCleaner.clean(roots, measured, blocks, budget) > 0) {
      String clean = PlainText.of(body, blocks, budget);
      if (clean.length() * FALLBACK_KEPT_SHARE >= kept.length()) {
        skipped = blocks;
        kept = clean;
      }
    }
    if (ContentPolish.polish(roots, measured, skipped, budget) == 0) {
      return kept;
    }
    String clean = PlainText.of(body, skipped, budget);
    return clean.length() * FALLBACK_KEPT_SHARE >= kept.length() ? clean : kept;
  }

  private static final int FALLBACK_KEPT_SHARE = 4;

  /** How many elements are under {@code root}, counted without recursion. */
  private static int elements(Element root, WorkBudget budget) {
    int count = 0;
    List<Element> pending = new java.util.ArrayList<>();
    pending.add(root);
    while (!pending.isEmpty()) {
      Element e = pending.remove(pending.size() - 1);
      count++;
      int n = e.childNodeSize();
      budget.spend(1 + n / 8);
      for (int i = 0; i < n; i++) {
        if (e.childNode(i) instanceof Element) {
          pending.add((Element) e.childNode(i));
        }
      }
    }
    return count;
  }

  /** The document as the parser reads it, with every chunk read paid for (and the clock checked). */
  private static final class BudgetedReader extends Reader {
    private final String html;
    private final WorkBudget budget;
    private int at;

    BudgetedReader(String html, WorkBudget budget) {
      this.html = html;
      this.budget = budget;
    }

    @Override
    public int read(char[] buffer, int offset, int length) {
      if (at >= html.length()) {
        return -1;
      }
      int n = Math.min(length, html.length() - at);
      budget.spendChars(n);
      html.getChars(at, at + n, buffer, offset);
      at += n;
      return n;
    }

    @Override
    public void close() {
      // nothing to release
    }
  }

  /**
   * The page as returned: text in Unicode's composed form (NFC), so that the same word is the same characters
   * whichever form the page used (Bengali and Vietnamese pages mix both), and the title line when asked for.
   */
  private MarkdownPage page(String title, String content, boolean extracted, PageMetadata metadata) {
    String text = Normalizer.normalize(content, Normalizer.Form.NFC);
    String name = Normalizer.normalize(title, Normalizer.Form.NFC);
    if (!includeTitle || name.isEmpty()) {
      return new MarkdownPage(name, text, extracted, false, metadata);
    }
    String heading = "# " + MarkdownWriter.escapeHeading(name);
    return new MarkdownPage(name, text.isEmpty() ? heading : heading + "\n\n" + text, extracted, false, metadata);
  }

  /**
   * Settings for a converter. Defaults: extraction on, title emitted.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private boolean extractMainContent = true;
    private boolean includeTitle = true;

    private Builder() {}

    /**
     * Whether to keep only the main content (default {@code true}); {@code false} converts the whole
     * body, still without scripts, styles and other invisible parts.
     */
    public Builder extractMainContent(boolean extract) {
      this.extractMainContent = extract;
      return this;
    }

    /**
     * Whether to start the Markdown with the page title as {@code # Title} (default {@code true}). With the
     * title line, a heading near the top that repeats the title is not written again in the body; without it,
     * the page's headline stays in the body where the page shows it, since nothing else in the Markdown carries
     * it (the title is also {@link MarkdownPage#title()} either way).
     */
    public Builder includeTitle(boolean include) {
      this.includeTitle = include;
      return this;
    }

    /** The converter; immutable. */
    public HtmlToMarkdown build() {
      return new HtmlToMarkdown(this);
    }
  }
}
