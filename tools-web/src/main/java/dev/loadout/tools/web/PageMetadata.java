package dev.loadout.tools.web;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * What a page says about its article, beside the article itself: who wrote it, when it was published, on
 * which site. {@link HtmlToMarkdown} reads these from the page's structured data (schema.org JSON-LD, then
 * the {@code <meta>} conventions of news sites and blogs, then microdata) and leaves the byline and the
 * dateline out of the Markdown, so that a host can show or pass them as data.
 *
 * @param author the author's name as the page gives it (the first, when there are several); empty when the
 *     page names none, never null
 * @param published the publication date or time as the page writes it (usually ISO 8601, such as
 *     {@code 2021-03-04T10:00:00+01:00}); not parsed, since pages write dates every way there is; empty
 *     when the page gives none, never null
 * @param siteName the site's name ({@code og:site_name}, or the publisher's name); empty when none, never null
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record PageMetadata(String author, String published, String siteName) {
  /** Nothing known. */
  public static final PageMetadata NONE = new PageMetadata("", "", "");

  /** Checks that no field is null. */
  public PageMetadata {
    Objects.requireNonNull(author, "author");
    Objects.requireNonNull(published, "published");
    Objects.requireNonNull(siteName, "siteName");
  }

  /** Whether nothing is known. */
  public boolean isEmpty() {
    return author.isEmpty() && published.isEmpty() && siteName.isEmpty();
  }
}
