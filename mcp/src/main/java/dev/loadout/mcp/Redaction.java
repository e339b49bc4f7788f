package dev.loadout.mcp;

import java.net.URI;
import java.util.Locale;

/**
 * Makes connection errors safe to show and log: the token becomes {@code [redacted]}, the submitted URL its
 * origin ({@code scheme://host[:port]}, default ports dropped), any URL userinfo or query {@code [redacted]},
 * and the result at most 500 characters.
 */
final class Redaction {
  static final String REDACTED = "[redacted]";
  static final int MAX_CHARS = 500;

  private Redaction() {}

  /** {@code scheme://host[:port]} of a URL, or {@code [redacted]} when it does not parse. */
  static String origin(String url) {
    try {
      URI u = new URI(url.strip());
      if (u.getScheme() == null || u.getHost() == null) {
        return REDACTED;
      }
      String scheme = u.getScheme().toLowerCase(Locale.ROOT);
      int port = u.getPort();
      boolean defaultPort = port == -1 || (scheme.equals("https") && port == 443) || (scheme.equals("http") && port == 80);
      return scheme + "://" + u.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    } catch (Exception e) {
      return REDACTED;
    }
  }

  /**
   * A message with the token, the URL and URL parts that may hold secrets removed.
   *
   * @param message the raw message; null gives "unknown error"
   * @param url the registered URL; may be null
   * @param token the token; may be null
   */
  static String sanitize(String message, String url, String token) {
    String m = message == null ? "unknown error" : message;
    if (token != null && !token.isEmpty()) {
      m = m.replace(token, REDACTED);
    }
    if (url != null && !url.isBlank()) {
      String trimmed = url.strip();
      m = m.replace(trimmed, origin(trimmed));
      try {
        URI u = new URI(trimmed);
        m = redactPart(m, u.getRawUserInfo());
        m = redactPart(m, u.getUserInfo());
        m = redactPart(m, u.getRawQuery());
        m = redactPart(m, u.getQuery());
      } catch (Exception ignored) {
        // An unparsable URL has no parts to find; the whole string was already replaced.
      }
    }
    // Any other URL in the text (a redirect target, say) keeps only scheme, host and port, and never userinfo.
    m = m.replaceAll("(?i)\\b(https?://)[^/\\s@]*@", "$1" + REDACTED + "@");
    m = m.replaceAll("(?i)(https?://[^\\s?#]*)\\?[^\\s#]*", "$1?" + REDACTED);
    return m.length() <= MAX_CHARS ? m : m.substring(0, MAX_CHARS);
  }

  private static String redactPart(String m, String part) {
    return part == null || part.length() < 3 ? m : m.replace(part, REDACTED);
  }
}
