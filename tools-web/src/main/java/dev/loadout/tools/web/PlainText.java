package dev.loadout.tools.web;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Parser;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * The fallback when no article is found: the page's text, one paragraph per block, nothing else. No
 * link or emphasis markup, since without extraction it would mostly decorate navigation.
 *
 * <p>Walks iteratively ({@link NodeTraversor}), so a page nested thousands of levels deep reads like any other.
 * {@link #ofMarkup(String)} is the last resort when no parser can build a tree at all.
 */
final class PlainText {
  private PlainText() {}

  static String of(Element body, WorkBudget budget) {
    return of(body, java.util.Set.of(), budget);
  }

  /** The text of {@code body} without the elements in {@code skipped} (by identity) and what they hold. */
  static String of(Element body, java.util.Set<Element> skipped, WorkBudget budget) {
    if (body == null) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    StringBuilder line = new StringBuilder();
    NodeTraversor.filter(new NodeFilter() {
      @Override
      public FilterResult head(Node n, int depth) {
        budget.spend(1);
        if (n instanceof TextNode) {
          String text = ((TextNode) n).getWholeText();
          budget.spendChars(text.length());
          appendCollapsed(line, text);
          return FilterResult.CONTINUE;
        }
        if (!(n instanceof Element) || n == body) {
          return FilterResult.CONTINUE;
        }
        if (!skipped.isEmpty() && skipped.contains(n)) {
          return FilterResult.SKIP_ENTIRELY;
        }
        String tag = ((Element) n).normalName();
        if (tag.equals("script") || tag.equals("style") || tag.equals("noscript") || tag.equals("template")) {
          return FilterResult.SKIP_ENTIRELY;
        }
        if (tag.equals("br") || NodeStats.BLOCK_TAGS.contains(tag)) {
          flush(out, line);
        }
        return FilterResult.CONTINUE;
      }

      @Override
      public FilterResult tail(Node n, int depth) {
        if (n instanceof Element && n != body && NodeStats.BLOCK_TAGS.contains(((Element) n).normalName())) {
          flush(out, line);
        }
        return FilterResult.CONTINUE;
      }
    }, body);
    flush(out, line);
    return out.toString();
  }

  /**
   * The text of markup no parser could turn into a tree: tags, comments and the content of {@code script} and
   * {@code style} dropped, entities decoded where possible, whitespace collapsed. Needs nothing that can fail.
   */
  static String ofMarkup(String html) {
    StringBuilder line = new StringBuilder();
    int i = 0;
    int n = html.length();
    while (i < n) {
      char c = html.charAt(i);
      if (c != '<') {
        int next = html.indexOf('<', i);
        int end = next < 0 ? n : next;
        appendCollapsed(line, decoded(html.substring(i, end)));
        i = end;
        continue;
      }
      if (html.startsWith("<!--", i)) {
        int close = html.indexOf("-->", i + 4);
        i = close < 0 ? n : close + 3;
        continue;
      }
      int close = html.indexOf('>', i + 1);
      if (close < 0) {
        break;
      }
      String tag = html.substring(i + 1, close).strip().toLowerCase(java.util.Locale.ROOT);
      i = close + 1;
      for (String raw : new String[] {"script", "style"}) {
        if (tag.equals(raw) || tag.startsWith(raw + " ")) {
          i = endTag(html, i, "</" + raw);
        }
      }
      if (line.length() > 0 && line.charAt(line.length() - 1) != ' ') {
        line.append(' ');
      }
    }
    return line.toString().strip();
  }

  /**
   * Where {@code end} (case aside) next starts from {@code from}, or the end of the markup. The scan resumes
   * there, so the whole markup is scanned once however many scripts it holds.
   */
  private static int endTag(String html, int from, String end) {
    for (int j = from; j + end.length() <= html.length(); j++) {
      if (html.charAt(j) == '<' && html.regionMatches(true, j, end, 0, end.length())) {
        return j;
      }
    }
    return html.length();
  }

  private static String decoded(String text) {
    if (text.indexOf('&') < 0) {
      return text;
    }
    try {
      return Parser.unescapeEntities(text, false);
    } catch (RuntimeException | StackOverflowError e) {
      return text;
    }
  }

  private static void appendCollapsed(StringBuilder line, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c) || c == '\u00a0') {
        if (line.length() > 0 && line.charAt(line.length() - 1) != ' ') {
          line.append(' ');
        }
      } else {
        line.append(c);
      }
    }
  }

  private static void flush(StringBuilder out, StringBuilder line) {
    String s = line.toString().strip();
    line.setLength(0);
    if (s.isEmpty()) {
      return;
    }
    if (out.length() > 0) {
      out.append("\n\n");
    }
    out.append(s);
  }
}
