package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a guild MCP server is registered as: a general server, or the one that replaces a built-in family.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum ServerType {
  /** Its tools are offered beside the built-ins. */
  GENERAL("general", null),
  /** Its tools replace the built-in {@code web_search} family when it is the only such server. */
  WEB_SEARCH("web_search", "web_search"),
  /** Its tools replace the built-in {@code url_fetch} family ({@code fetch_url}) when it is the only such server. */
  URL_FETCHER("url_fetcher", "url_fetch");

  private final String wireName;
  private final String family;

  ServerType(String wireName, String family) {
    this.wireName = wireName;
    this.family = family;
  }

  /** The name stored and typed by administrators: {@code general}, {@code web_search} or {@code url_fetcher}. */
  public String wireName() {
    return wireName;
  }

  /** The core tool family this type replaces; empty for {@link #GENERAL}. */
  public Optional<String> replacedFamily() {
    return Optional.ofNullable(family);
  }

  /**
   * Reads a type as an administrator types it: null, blank, {@code none} and {@code general} all mean
   * {@link #GENERAL}; case and surrounding space are ignored.
   *
   * @param text the typed value; may be null
   * @return the type, or empty if the text names no type
   */
  public static Optional<ServerType> parse(String text) {
    String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    if (t.isEmpty() || t.equals("none")) {
      return Optional.of(GENERAL);
    }
    for (ServerType type : values()) {
      if (type.wireName.equals(t)) {
        return Optional.of(type);
      }
    }
    return Optional.empty();
  }
}
