package dev.loadout.tools.web;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An HTML page converted to Markdown by {@link HtmlToMarkdown}.
 *
 * @param title the page title as found in the document, without the {@code # } prefix; empty when the
 *     page has none, never null
 * @param markdown the Markdown: {@code # Title} first (when the converter emits titles and the page has
 *     one), then the content; never null, potentially empty
 * @param extracted whether main-content extraction succeeded: {@code false} when it was switched off,
 *     or when the page had no recognisable article and {@link #markdown()} holds the page's plain text
 * @param timedOut whether the conversion gave up because its time limit passed or its thread was
 *     interrupted ({@link HtmlToMarkdown#convert(String, java.net.URI, java.time.Duration)}); the title and
 *     the Markdown are then empty
 * @param metadata the page's author, publication date and site name, from its structured data; never null,
 *     {@link PageMetadata#NONE} when the page states none
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record MarkdownPage(String title, String markdown, boolean extracted, boolean timedOut,
    PageMetadata metadata) {
  private static final MarkdownPage TIMED_OUT = new MarkdownPage("", "", false, true, PageMetadata.NONE);

  /** Checks that no component is null. */
  public MarkdownPage {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(markdown, "markdown");
    Objects.requireNonNull(metadata, "metadata");
  }

  /** A page converted in time, with no metadata. */
  public MarkdownPage(String title, String markdown, boolean extracted) {
    this(title, markdown, extracted, false, PageMetadata.NONE);
  }

  static MarkdownPage timedOutPage() {
    return TIMED_OUT;
  }
}
