package dev.loadout.tools.web.search;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A search category as the model names it in {@code web_search}'s {@code category} argument.
 *
 * <p>One vocabulary everywhere: the schema enum, the descriptions, {@link SearchCapabilities} and the
 * result data use {@link #id()}. The first four are offered by every engine that goes beyond text (Brave
 * Search and SearXNG); the last four only by SearXNG, whose own names for them are the same. TomoriBot's
 * source used {@code papers}/{@code code} while its tests and capability text said {@code science}/{@code it};
 * Loadout uses the latter, which are also SearXNG's names.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum SearchCategory {
  /** Ordinary web pages (SearXNG: {@code general}). */
  TEXT("text", "general"),
  /** Images (SearXNG: {@code images}). */
  IMAGE("image", "images"),
  /** Videos (SearXNG: {@code videos}). */
  VIDEO("video", "videos"),
  /** News articles. */
  NEWS("news", "news"),
  /** Scientific papers and references; SearXNG only. */
  SCIENCE("science", "science"),
  /** IT: code, packages, Q&amp;A sites; SearXNG only. */
  IT("it", "it"),
  /** Files: torrents, archives, documents; SearXNG only. */
  FILES("files", "files"),
  /** Music; SearXNG only. */
  MUSIC("music", "music");

  private final String id;
  private final String searxngName;

  SearchCategory(String id, String searxngName) {
    this.id = id;
    this.searxngName = searxngName;
  }

  /** The name the model uses, such as {@code text}; never null. */
  public String id() {
    return id;
  }

  String searxngName() {
    return searxngName;
  }

  /**
   * The category with this id.
   *
   * @param id a name such as {@code image}; matched exactly after trimming, case-insensitively
   * @return the category, or empty for null or an unknown name
   */
  public static Optional<SearchCategory> fromId(String id) {
    if (id == null) {
      return Optional.empty();
    }
    String wanted = id.strip().toLowerCase(Locale.ROOT);
    for (SearchCategory c : values()) {
      if (c.id.equals(wanted)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }
}
