package dev.loadout.tools.web.search;

import dev.loadout.core.internal.text.Texts;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;

/** Turns what engines send (often with {@code <b>} highlights and entities) into short plain text. */
final class SearchText {
  static final int MAX_TITLE_CHARS = 200;
  static final int MAX_SNIPPET_CHARS = 300;

  // What still looks like a tag after entities were decoded ("&lt;b&gt;" becomes "<b>"): removed, because
  // the summary must read as text, not as markup.
  private static final Pattern TAG_LIKE = Pattern.compile("</?[a-zA-Z][^<>]{0,200}>");
  private static final Pattern SPACE = Pattern.compile("[\\s\\p{Cc}\\p{Zs}]+");

  private SearchText() {}

  static String plain(String raw, int maxChars) {
    if (raw == null || raw.isEmpty()) {
      return "";
    }
    String text = raw;
    if (text.indexOf('<') >= 0 || text.indexOf('&') >= 0) {
      text = Jsoup.parseBodyFragment(text).text();
    }
    text = TAG_LIKE.matcher(text).replaceAll(" ");
    text = SPACE.matcher(text).replaceAll(" ").strip();
    if (text.length() > maxChars) {
      text = text.substring(0, Texts.cutPoint(text, maxChars - 1)).stripTrailing() + "…";
    }
    return text;
  }

  static String title(String raw) {
    return plain(raw, MAX_TITLE_CHARS);
  }

  static String snippet(String raw) {
    return plain(raw, MAX_SNIPPET_CHARS);
  }
}
