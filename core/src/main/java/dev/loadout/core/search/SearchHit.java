package dev.loadout.core.search;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * One search result. Text fields are plain text (no HTML); a part an engine did not give is the empty
 * string, never null.
 *
 * @param title the result's title
 * @param url the page the result is on (for an image or a video, the page that shows it); never blank
 * @param snippet a short extract or description
 * @param mediaUrl for an image, the image itself; for a video, where it plays; otherwise empty
 * @param thumbnailUrl a small preview image, when the engine gave one
 * @param published when the page or article was published, as the engine wrote it (an ISO date or
 *     "2 hours ago")
 * @param source who published it (a site or outlet name), mainly for news
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record SearchHit(String title, String url, String snippet, String mediaUrl, String thumbnailUrl,
    String published, String source) {

  /**
   * Turns null parts into empty strings.
   *
   * @throws IllegalArgumentException if {@code url} is null or blank
   */
  public SearchHit {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException("a search hit needs a url, but got " + url);
    }
    title = title == null ? "" : title;
    snippet = snippet == null ? "" : snippet;
    mediaUrl = mediaUrl == null ? "" : mediaUrl;
    thumbnailUrl = thumbnailUrl == null ? "" : thumbnailUrl;
    published = published == null ? "" : published;
    source = source == null ? "" : source;
  }

  /** A text result: title, URL and snippet. */
  public static SearchHit of(String title, String url, String snippet) {
    return new SearchHit(title, url, snippet, "", "", "", "");
  }
}
