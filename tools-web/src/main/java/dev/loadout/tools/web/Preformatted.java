package dev.loadout.tools.web;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The text of a {@code <pre>} exactly as shown: whitespace kept, {@code <br>} as a newline, and a
 * newline between block children (highlighters often wrap each line in a {@code div}).
 */
final class Preformatted {
  private static final Pattern LANGUAGE =
      Pattern.compile("(?:^|\\s)(?:language|lang|highlight-source|brush:?)-?([A-Za-z0-9_+#.-]+)");

  private Preformatted() {}

  static void text(Element e, StringBuilder b) {
    for (Node n : e.childNodes()) {
      if (n instanceof TextNode) {
        b.append(((TextNode) n).getWholeText());
      } else if (n instanceof Element) {
        Element c = (Element) n;
        String tag = c.normalName();
        if (tag.equals("br")) {
          b.append('\n');
          continue;
        }
        boolean block = NodeStats.BLOCK_TAGS.contains(tag);
        if (block && b.length() > 0 && b.charAt(b.length() - 1) != '\n') {
          b.append('\n');
        }
        text(c, b);
        if (block && b.length() > 0 && b.charAt(b.length() - 1) != '\n') {
          b.append('\n');
        }
      }
    }
  }

  /** Drops blank lines before the first line and all trailing whitespace; keeps first-line indent. */
  static String trim(StringBuilder b) {
    int end = b.length();
    while (end > 0 && Character.isWhitespace(b.charAt(end - 1))) {
      end--;
    }
    int start = 0;
    for (int i = 0; i < end; i++) {
      char c = b.charAt(i);
      if (c == '\n') {
        start = i + 1;
      } else if (!Character.isWhitespace(c)) {
        break;
      }
    }
    return start >= end ? "" : b.substring(start, end).replace("\r\n", "\n").replace('\u00a0', ' ');
  }

  static int longestRun(String s, char c) {
    int best = 0;
    int run = 0;
    for (int i = 0; i < s.length(); i++) {
      run = s.charAt(i) == c ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  }

  /** The info string for the fence, from {@code language-x} style classes on the pre or its code. */
  static String language(Element pre) {
    String found = languageOf(pre.className());
    if (found.isEmpty()) {
      Element code = pre.selectFirst("code");
      if (code != null) {
        found = languageOf(code.className());
      }
    }
    return found;
  }

  private static String languageOf(String classes) {
    if (classes.isEmpty()) {
      return "";
    }
    Matcher m = LANGUAGE.matcher(classes);
    return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : "";
  }
}
