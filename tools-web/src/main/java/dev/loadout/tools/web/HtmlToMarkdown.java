package dev.loadout.tools.web;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.net.URI;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
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
    String base = baseUrl == null ? "" : baseUrl.toString();
    try {
      return convertOrThrow(html, base);
    } catch (RuntimeException | StackOverflowError unexpected) {
      // A model-supplied URL can serve anything; a page that defeats the converter still reads as text.
      return new MarkdownPage("", fallbackText(html, base), false);
    }
  }

  /**
   * The page's text by the first way that works: jsoup's HTML tree (the parser itself fails on some inputs,
   * such as hundreds of nested {@code <b>} before {@code <p><b><div>}), its XML tree (no HTML tree-building
   * rules to trip over), then plain markup stripping, which cannot fail.
   */
  private static String fallbackText(String html, String base) {
    try {
      return PlainText.of(Jsoup.parse(html, base).body());
    } catch (RuntimeException | StackOverflowError htmlTreeFailed) {
      // next way
    }
    try {
      return PlainText.of(Jsoup.parse(html, base, Parser.xmlParser()));
    } catch (RuntimeException | StackOverflowError xmlTreeFailed) {
      // last way
    }
    return PlainText.ofMarkup(html);
  }

  private MarkdownPage convertOrThrow(String html, String base) {
    Document doc = Jsoup.parse(html, base);
    String title = Titles.of(doc);
    // The heading that repeats the title is dropped only where the title itself is emitted.
    String emitted = includeTitle ? title : "";
    if (!extractMainContent) {
      ContentExtractor.pruneAlways(doc.body());
      return page(title, MarkdownRenderer.render(List.of(doc.body()), emitted), false);
    }
    ContentExtractor.Result best = ContentExtractor.extract(doc, title, true);
    if (!best.good()) {
      // Class names misled the strict pass (a page whose article sits in a "sidebar"-named wrapper);
      // try again without removing elements by name, on a fresh tree since the first pass pruned it.
      ContentExtractor.Result relaxed = ContentExtractor.extract(Jsoup.parse(html, base), title, false);
      if (relaxed.textLength() > best.textLength()) {
        best = relaxed;
      }
    }
    if (!best.acceptable()) {
      Document fresh = Jsoup.parse(html, base);
      ContentExtractor.pruneAlways(fresh.body());
      return page(title, PlainText.of(fresh.body()), false);
    }
    return page(title, MarkdownRenderer.render(best.roots(), emitted), true);
  }

  private MarkdownPage page(String title, String content, boolean extracted) {
    if (!includeTitle || title.isEmpty()) {
      return new MarkdownPage(title, content, extracted);
    }
    String heading = "# " + MarkdownWriter.escapeHeading(title);
    return new MarkdownPage(title, content.isEmpty() ? heading : heading + "\n\n" + content, extracted);
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

    /** Whether to start the Markdown with the page title as {@code # Title} (default {@code true}). */
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
