package dev.loadout.tools.web;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The fallback when no article is found: the page's text, one paragraph per block, nothing else. No
 * link or emphasis markup, since without extraction it would mostly decorate navigation.
 */
final class PlainText {
  private PlainText() {}

  static String of(Element body) {
    if (body == null) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    StringBuilder line = new StringBuilder();
    walk(body, out, line);
    flush(out, line);
    return out.toString();
  }

  private static void walk(Element e, StringBuilder out, StringBuilder line) {
    for (Node n : e.childNodes()) {
      if (n instanceof TextNode) {
        appendCollapsed(line, ((TextNode) n).getWholeText());
      } else if (n instanceof Element) {
        Element c = (Element) n;
        String tag = c.normalName();
        if (tag.equals("script") || tag.equals("style") || tag.equals("noscript") || tag.equals("template")) {
          continue;
        }
        if (tag.equals("br")) {
          flush(out, line);
          continue;
        }
        boolean block = NodeStats.BLOCK_TAGS.contains(tag);
        if (block) {
          flush(out, line);
        }
        walk(c, out, line);
        if (block) {
          flush(out, line);
        }
      }
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
