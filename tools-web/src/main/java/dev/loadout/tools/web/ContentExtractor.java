package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Finds a page's main content.
 *
 * <p>The idea: an article is where the running text is. Every block of text of some length (a
 * paragraph, a cell, a {@code div} holding only inline content) earns points for its length and its
 * commas, discounted by how much of it is link text (navigation is all links, prose is not). Its
 * parent collects the full points and a few further ancestors a decreasing share, so that the
 * container holding most paragraphs directly ends up on top, while a wrapper that merely contains
 * everything gets less. Each container's total is then scaled down by its own link density and
 * nudged by its tag and by its class and id names ({@link ClassHints}).
 *
 * <p>The best container rarely holds everything: sites split an article around an advertisement, or
 * put the lead paragraph beside the body. So siblings of the winner join it when they scored a fair
 * share of its points, or are prose paragraphs in their own right ({@link ArticleParts}). What joined
 * is then cleaned by {@link ContentCleaner}.
 *
 * <p>Before scoring, invisible and non-content elements are pruned. In strict mode, elements whose
 * names say furniture (menu, sidebar, share bar, comments) are pruned too; the caller retries
 * without that when the strict result is too short, since a site can name its article wrapper badly.
 */
final class ContentExtractor {
  /** Below this many characters a strict result is suspicious and the relaxed pass is tried. */
  private static final int GOOD_TEXT = 500;
  /** Below this many characters (and half the page) a result is not an article at all. */
  private static final int MIN_TEXT = 140;
  private static final int MIN_UNIT_TEXT = 25;
  /** Containers scoring this share of the winner's score are rivals that may be parts of one article. */
  private static final double RIVAL_SHARE = 0.75;
  /** How far up the common ancestor of rivals may be. */
  private static final int MAX_CLIMB = 6;
  /** In tenths of the page's text: furniture never holds this much. */
  private static final int MAX_FURNITURE_SHARE = 4;
  /** Share of a unit's points that its parent, grandparent, … receive. */
  private static final double[] SHARE = {1.0, 0.5, 0.3, 0.2, 0.15};

  private static final Set<String> ALWAYS_REMOVED = Set.of(
      "script", "style", "noscript", "template", "iframe", "object", "embed", "applet", "canvas",
      "svg", "math-field", "link", "meta", "input", "select", "textarea", "button", "option",
      "dialog", "audio", "video", "source", "track", "map", "frame", "frameset");
  private static final Set<String> FURNITURE_TAGS = Set.of("nav", "aside", "footer");
  private static final Set<String> FURNITURE_ROLES = Set.of(
      "menu", "menubar", "navigation", "complementary", "alert", "alertdialog", "dialog", "banner",
      "contentinfo", "search");
  private static final Set<String> NEVER_UNLIKELY = Set.of(
      "html", "body", "article", "main", "a", "table", "tbody", "thead", "tr", "td", "th", "pre",
      "code");
  static final Set<String> DIV_LIKE = Set.of(
      "div", "section", "article", "main", "center", "font", "span", "header");

  /**
   * An extraction.
   *
   * @param roots the content elements in document order; empty when nothing scored
   * @param textLength characters of text in the roots after cleaning
   * @param bodyTextLength characters of text in the whole pruned body
   */
  record Result(List<Element> roots, int textLength, int bodyTextLength) {
    boolean good() {
      return !roots.isEmpty() && (textLength >= GOOD_TEXT || textLength * 5 >= bodyTextLength * 4);
    }

    boolean acceptable() {
      return !roots.isEmpty() && textLength > 0
          && (textLength >= MIN_TEXT || textLength * 2 >= bodyTextLength);
    }
  }

  private ContentExtractor() {}

  /** Removes what is never content in any mode: scripts, styles, embeds, form controls, hidden parts. */
  static void pruneAlways(Element body) {
    prune(body);
  }

  /**
   * Removes page furniture by tag, role and name. A template's names can mislead ("nav-drawer" on the
   * wrapper of the whole page), while real furniture is small: an element that holds a large share of
   * the page's text is kept whatever it is called.
   */
  private static void pruneFurniture(Element e, NodeStats stats, int bodyText) {
    List<Element> children = e.children();
    for (int i = children.size() - 1; i >= 0; i--) {
      Element c = children.get(i);
      String tag = c.normalName();
      if (tag.equals("pre") || tag.equals("code") || tag.equals("table")) {
        continue; // names inside tables and code are data, not layout
      }
      if (furniture(c, tag) && stats.get(c).text * 10 < bodyText * MAX_FURNITURE_SHARE) {
        c.remove();
        continue;
      }
      pruneFurniture(c, stats, bodyText);
    }
  }

  static Result extract(Document doc, String title, boolean strict) {
    Element body = doc.body();
    if (strict) {
      NodeStats before = NodeStats.of(body);
      pruneFurniture(body, before, before.get(body).text);
    }
    prune(body);
    NodeStats stats = NodeStats.of(body);
    int bodyText = stats.get(body).text;
    IdentityHashMap<Element, double[]> scores = score(body, stats);
    Element top = null;
    double topScore = -Double.MAX_VALUE;
    // Document order, so that a tie goes to the earlier container and the result is deterministic.
    for (Element e : body.getAllElements()) {
      double[] score = scores.get(e);
      if (score == null) {
        continue;
      }
      score[1] = score[0] * (1 - stats.get(e).linkDensity());
      if (score[1] > topScore) {
        top = e;
        topScore = score[1];
      }
    }
    if (top == null) {
      return new Result(List.of(), 0, bodyText);
    }
    Element common = commonContainer(top, topScore, body, scores);
    if (common != top) {
      top = common;
      topScore = Math.max(topScore, scores.containsKey(top) ? scores.get(top)[1] : 0);
    }
    List<Element> roots = ArticleParts.withSiblings(top, topScore, scores, stats, title);
    ContentCleaner.clean(roots, stats);
    int text = 0;
    for (Element r : roots) {
      text += NodeStats.of(r).get(r).text;
    }
    return new Result(roots, text, bodyText);
  }

  private static IdentityHashMap<Element, double[]> score(Element body, NodeStats stats) {
    // [0] = raw points, [1] = after link density (filled in by the caller)
    IdentityHashMap<Element, double[]> scores = new IdentityHashMap<>();
    for (Element e : body.getAllElements()) {
      if (!isTextUnit(e, stats)) {
        continue;
      }
      NodeStats.Stat s = stats.get(e);
      if (s.text < MIN_UNIT_TEXT) {
        continue;
      }
      double points = (1 + s.commas + Math.min(s.text / 100, 3)) * (1 - s.linkDensity());
      Element ancestor = e.parent();
      for (int level = 0; level < SHARE.length && ancestor != null; level++) {
        if (ancestor.normalName().equals("html")) {
          break;
        }
        double[] score = scores.get(ancestor);
        if (score == null) {
          score = new double[] {baseScore(ancestor), 0};
          scores.put(ancestor, score);
        }
        score[0] += points * SHARE[level];
        ancestor = ancestor.parent();
      }
    }
    return scores;
  }

  /**
   * A site that cuts its article into blocks (one per section, each in its own grid cell) gives
   * several containers of similar score, none holding the whole; or blocks of the same template (same
   * class) with different amounts of text. When at least two other containers score close to the
   * winner, or one of its template scores a fair share, the article is their nearest common ancestor.
   */
  private static Element commonContainer(
      Element top, double topScore, Element body, IdentityHashMap<Element, double[]> scores) {
    List<Element> rivals = new ArrayList<>();
    List<Element> sameTemplate = new ArrayList<>();
    String topClass = top.className();
    for (Element e : body.getAllElements()) {
      double[] score = scores.get(e);
      if (score == null || e == top || e.parents().contains(top) || top.parents().contains(e)) {
        continue;
      }
      if (score[1] >= topScore * RIVAL_SHARE) {
        rivals.add(e);
      } else if (!topClass.isEmpty() && topClass.equals(e.className())
          && score[1] >= Math.max(10, topScore * 0.2)) {
        sameTemplate.add(e);
      }
    }
    if (rivals.size() < 2 && sameTemplate.isEmpty()) {
      return top;
    }
    Element ancestor = top.parent();
    for (int level = 0; ancestor != null && level < MAX_CLIMB; level++) {
      if (count(rivals, ancestor) >= 2 || count(sameTemplate, ancestor) >= 1) {
        return ancestor;
      }
      ancestor = ancestor.parent();
    }
    return top;
  }

  private static int count(List<Element> elements, Element ancestor) {
    int n = 0;
    for (Element e : elements) {
      if (e.parents().contains(ancestor)) {
        n++;
      }
    }
    return n;
  }

  private static boolean isTextUnit(Element e, NodeStats stats) {
    String tag = e.normalName();
    switch (tag) {
      case "p": case "pre": case "td": case "blockquote": case "dd":
        return true;
      case "li":
        // Link-list articles (release notes, weekly round-ups) carry their prose in items; menu items
        // are links, which the link-density discount turns into nothing.
        return stats.get(e).ownText;
      default:
        // A div that holds only inline content is a paragraph in all but name.
        NodeStats.Stat s = stats.get(e);
        return DIV_LIKE.contains(tag) && !s.blockChild && s.ownText;
    }
  }

  private static double baseScore(Element e) {
    double base;
    switch (e.normalName()) {
      case "article": case "main":
        base = 10;
        break;
      case "div": case "section":
        base = 5;
        break;
      case "pre": case "td": case "blockquote":
        base = 3;
        break;
      case "ol": case "ul": case "dl": case "dd": case "dt": case "li": case "form": case "address":
        base = -3;
        break;
      case "h1": case "h2": case "h3": case "h4": case "h5": case "h6": case "th":
        base = -5;
        break;
      default:
        base = 0;
    }
    return base + ClassHints.weight(e);
  }

  /** Removes invisible and never-content elements. */
  private static void prune(Element e) {
    List<Element> children = e.children();
    for (int i = children.size() - 1; i >= 0; i--) {
      Element c = children.get(i);
      String tag = c.normalName();
      if (ALWAYS_REMOVED.contains(tag) || hidden(c)) {
        c.remove();
        continue;
      }
      prune(c);
    }
  }

  private static boolean furniture(Element c, String tag) {
    if (FURNITURE_TAGS.contains(tag)) {
      return true;
    }
    String role = c.attr("role");
    if (!role.isEmpty() && FURNITURE_ROLES.contains(role.toLowerCase(Locale.ROOT))) {
      return true;
    }
    return !NEVER_UNLIKELY.contains(tag) && ClassHints.unlikely(c);
  }

  private static boolean hidden(Element e) {
    if (e.hasAttr("hidden")) {
      return true;
    }
    if ("true".equalsIgnoreCase(e.attr("aria-hidden"))) {
      // Icons and decorative duplicates; some sites put the real image in a fallback marked so.
      return !e.className().contains("fallback-image");
    }
    String style = e.attr("style");
    if (style.isEmpty()) {
      return false;
    }
    String s = style.toLowerCase(Locale.ROOT).replace(" ", "");
    return s.contains("display:none") || s.contains("visibility:hidden");
  }
}
