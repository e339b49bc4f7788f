package dev.loadout.tools.web;

import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * The article of a page that renders it with a script: the HTML holds a shell (a headline, a teaser, the
 * menus) and the text arrives by JavaScript, while the page's JSON-LD carries the whole {@code articleBody}
 * for search engines. When that body is much longer than what extraction found in the HTML, it is the
 * article, and it is converted instead; as plain paragraphs, or through the renderer when a site wrote HTML
 * into it.
 */
final class ScriptedArticle {
  /** Shorter bodies are teasers or descriptions, not articles. */
  private static final int MIN_TEXT = 400;
  /** The extraction must have found less than this share of the body's text for the body to take over. */
  private static final double FOUND_SHARE = 0.4;

  private ScriptedArticle() {}

  /**
   * The JSON-LD article as Markdown, or null when extraction did well enough (or there is none).
   *
   * @param extractedText characters of text the extraction found; 0 when it found no article
   */
  static String markdown(JsonLd ld, int extractedText, String title, String base, WorkBudget budget) {
    String body = ld.articleBody();
    if (body.length() < MIN_TEXT) {
      return null;
    }
    if (body.indexOf('<') < 0 || body.indexOf('>') < 0) {
      int length = NodeStats.normalizedLength(body);
      return length >= MIN_TEXT && extractedText < length * FOUND_SHARE ? paragraphs(body) : null;
    }
    Element fragment = HtmlToMarkdown.parse("<html><body>" + body + "</body></html>", base, budget).body();
    ContentExtractor.pruneAlways(fragment, budget);
    NodeStats stats = NodeStats.of(List.of(fragment), Set.of(), budget, 64);
    int length = stats.get(fragment).text;
    if (length < MIN_TEXT || extractedText >= length * FOUND_SHARE) {
      return null;
    }
    return MarkdownRenderer.render(List.of(fragment), title, stats, Set.of(), budget);
  }

  /** Plain text as paragraphs, one per line of the text, escaped like any text. */
  private static String paragraphs(String text) {
    StringBuilder b = new StringBuilder();
    for (String line : text.split("\n")) {
      String l = line.replaceAll("\\s+", " ").strip();
      if (l.isEmpty()) {
        continue;
      }
      if (b.length() > 0) {
        b.append("\n\n");
      }
      b.append(Escaping.lineStart(Escaping.inline(l, false)));
    }
    return b.toString();
  }
}
