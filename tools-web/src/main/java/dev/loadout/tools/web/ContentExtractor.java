package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;

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
 * put the lead paragraph beside the body, or cut it into grid cells. So the winner may reach up to the
 * container the page names as its article body, or to an ancestor that adds mostly prose ({@link ArticleScope}),
 * and siblings join it when they scored a fair share of its points, or are prose paragraphs in their own
 * right ({@link ArticleParts}). What joined is then cleaned, block by block by {@link ContentCleaner} and as a
 * sequence by {@link ContentPolish}: taking the wider container and removing the clutter inside it finds more
 * of the article than a narrow pick, and loses less to a template's odd structure.
 *
 * <p>Before scoring, invisible and non-content elements are pruned from the tree. In strict mode, elements
 * whose names say furniture (menu, sidebar, share bar, comments) are set aside too; the caller retries
 * without that when the strict result is too short, since a site can name its article wrapper badly.
 * Setting aside is a mark, not a removal ({@link NodeStats} and the renderer skip marked elements), so that
 * both passes run on the one parsed tree: a page is parsed once, and removing many children of one parent one
 * by one would cost the parent's width each time.
 *
 * <p>Every stage is linear in the page: each element is measured once per pass, ancestor tests are lookups
 * ({@link NodeStats#inside}), and all work is counted against the conversion's {@link WorkBudget}.
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

  private static final Set<String> ALWAYS_REMOVED = Set.of("rt", "rp",
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
   * @param dropped the elements under the roots that are not content: the renderer skips them
   * @param stats the measurements the roots were chosen by (taken before cleaning), for the renderer
   * @param textLength characters of text in the roots after cleaning
   * @param bodyTextLength characters of text in the whole pruned body
   */
  record Result(List<Element> roots, Set<Element> dropped, NodeStats stats, int textLength, int bodyTextLength) {
    boolean good() {
      return !roots.isEmpty() && (textLength >= GOOD_TEXT || textLength * 5 >= bodyTextLength * 4);
    }

    boolean acceptable() {
      return !roots.isEmpty() && textLength > 0
          && (textLength >= MIN_TEXT || textLength * 2 >= bodyTextLength);
    }
  }

  private ContentExtractor() {}

  /** A set of elements by identity. */
  static Set<Element> identitySet() {
    return Collections.newSetFromMap(new IdentityHashMap<>());
  }

  /**
   * Removes what is never content in any mode: scripts, styles, embeds, form controls, hidden parts. In the same
   * rebuild of each child list, text written straight beside blocks becomes paragraphs of its own ({@link LooseText}).
   */
  static void pruneAlways(Element body, WorkBudget budget) {
    // Iterative, parent by parent; a parent's doomed children go in one rebuild of its child list.
    List<Element> pending = new ArrayList<>();
    pending.add(body);
    List<Node> keep = new ArrayList<>();
    while (!pending.isEmpty()) {
      Element e = pending.remove(pending.size() - 1);
      int count = e.childNodeSize();
      budget.spend(1 + count);
      keep.clear();
      boolean removed = false;
      boolean spliced = false;
      for (int i = 0; i < count; i++) {
        Node n = e.childNode(i);
        if (n instanceof Element) {
          Element c = (Element) n;
          if (c.normalName().equals("noscript") && readable(c, budget)) {
            // Pages that render their article with a script (blog platforms among them) keep it in <noscript>
            // for readers without one: that copy is the article, and it is unwrapped instead of removed.
            List<Node> inner = new ArrayList<>(c.childNodes());
            c.empty();
            for (Node x : inner) {
              keep.add(x);
              if (x instanceof Element) {
                pending.add((Element) x);
              }
            }
            spliced = true;
            continue;
          }
          if (ALWAYS_REMOVED.contains(c.normalName()) || hidden(c)) {
            removed = true;
            continue;
          }
          pending.add(c);
        }
        keep.add(n);
      }
      if (LooseText.besideBlocks(e, keep)) {
        List<Node> copy = new ArrayList<>(keep);
        e.empty();
        e.appendChildren(LooseText.wrapped(copy));
      } else if (spliced) {
        List<Node> copy = new ArrayList<>(keep);
        e.empty();
        e.appendChildren(copy);
      } else if (removed) {
        replaceChildren(e, keep);
      }
    }
  }

  /**
   * A noscript that holds an article's worth of paragraphs, rather than a tracking pixel or a "please enable
   * JavaScript" line. Measured once per noscript; noscripts do not nest, so this stays linear.
   */
  private static boolean readable(Element noscript, WorkBudget budget) {
    NodeStats s = NodeStats.measurementsOnly(noscript, budget, 16);
    NodeStats.Stat st = s.get(noscript);
    return st.text >= 300 && st.paragraphs >= 2;
  }

  /** Replaces the children of {@code e} with {@code keep} (a subsequence of them) in one pass. */
  private static void replaceChildren(Element e, List<Node> keep) {
    if (e.childNodeSize() - keep.size() <= 2) {
      // A removal costs the parent's width; for one or two that is cheaper than a rebuild.
      for (int i = e.childNodeSize() - 1, k = keep.size() - 1; i >= 0; i--) {
        Node n = e.childNode(i);
        if (k >= 0 && keep.get(k) == n) {
          k--;
        } else {
          n.remove();
        }
      }
      return;
    }
    List<Node> copy = new ArrayList<>(keep);
    e.empty();
    e.appendChildren(copy);
  }

  /**
   * Marks page furniture by tag, role and name, for a strict pass. A template's names can mislead
   * ("nav-drawer" on the wrapper of the whole page), while real furniture is small: an element that holds a
   * large share of the page's text is kept whatever it is called.
   *
   * @param served the measurements of the body as served, before pruning: the share is of all its text
   */
  static Set<Element> furniture(Element body, NodeStats served, WorkBudget budget) {
    Set<Element> marked = identitySet();
    int bodyText = served.get(body).text;
    List<Element> pending = new ArrayList<>();
    pending.add(body);
    while (!pending.isEmpty()) {
      Element e = pending.remove(pending.size() - 1);
      budget.spend(1);
      for (Element c : Dom.children(e)) {
        String tag = c.normalName();
        if (tag.equals("pre") || tag.equals("code") || tag.equals("table")) {
          continue; // names inside tables and code are data, not layout
        }
        if (furniture(c, tag) && served.get(c).text * 10 < bodyText * MAX_FURNITURE_SHARE) {
          marked.add(c);
          continue;
        }
        pending.add(c);
      }
    }
    return marked;
  }

  /**
   * Extracts from a pruned body.
   *
   * @param stats the measurements of the body without {@code dropped}
   * @param dropped what this pass set aside before scoring (furniture, for a strict pass); the cleaning of
   *     the content adds to it, and the result keeps it
   */
  static Result extract(Element body, NodeStats stats, Set<Element> dropped, String title, WorkBudget budget) {
    int bodyText = stats.get(body).text;
    IdentityHashMap<Element, double[]> scores = score(stats, budget);
    Element top = null;
    double topScore = -Double.MAX_VALUE;
    Element small = null;
    double smallScore = -Double.MAX_VALUE;
    // Document order, so that a tie goes to the earlier container and the result is deterministic.
    for (Element e : stats.elements()) {
      double[] score = scores.get(e);
      if (score == null) {
        continue;
      }
      score[1] = score[0] * (1 - stats.get(e).linkDensity());
      if (stats.get(e).text < MIN_TEXT) {
        // A widget whose name says "post" or "content" ("post-ratings", "content-teaser") earns its name's points
        // with one line of text; on a template that wraps each paragraph of the article in wrappers of its own
        // (page builders), no single wrapper collects more. Such a container wins only where nothing holds more.
        if (score[1] > smallScore) {
          small = e;
          smallScore = score[1];
        }
        continue;
      }
      if (score[1] > topScore) {
        top = e;
        topScore = score[1];
      }
    }
    if (top == null) {
      top = small;
      topScore = smallScore;
    }
    if (top == null) {
      return new Result(List.of(), dropped, stats, 0, bodyText);
    }
    Element common = commonContainer(top, topScore, stats, scores, budget);
    if (common != top) {
      top = common;
      topScore = Math.max(topScore, scores.containsKey(top) ? scores.get(top)[1] : 0);
    }
    top = ArticleScope.reach(top, stats);
    List<Element> roots = ArticleParts.withSiblings(top, topScore, scores, stats, title);
    int text = -ContentCleaner.clean(roots, stats, dropped, budget);
    text -= ContentPolish.polish(roots, stats, dropped, budget);
    for (Element r : roots) {
      text += stats.get(r).text;
    }
    return new Result(roots, dropped, stats, text, bodyText);
  }

  private static IdentityHashMap<Element, double[]> score(NodeStats stats, WorkBudget budget) {
    // [0] = raw points, [1] = after link density (filled in by the caller)
    IdentityHashMap<Element, double[]> scores = new IdentityHashMap<>();
    for (Element e : stats.elements()) {
      budget.spend(1);
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
  private static Element commonContainer(Element top, double topScore, NodeStats stats,
      IdentityHashMap<Element, double[]> scores, WorkBudget budget) {
    List<Element> rivals = new ArrayList<>();
    List<Element> sameTemplate = new ArrayList<>();
    String topClass = top.className();
    for (Element e : stats.elements()) {
      budget.spend(1);
      double[] score = scores.get(e);
      if (score == null || stats.inside(e, top) || stats.inside(top, e)) {
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
      budget.spend(rivals.size() + sameTemplate.size());
      if (count(rivals, ancestor, stats) >= 2 || count(sameTemplate, ancestor, stats) >= 1) {
        return ancestor;
      }
      ancestor = ancestor.parent();
    }
    return top;
  }

  private static int count(List<Element> elements, Element ancestor, NodeStats stats) {
    int n = 0;
    for (Element e : elements) {
      if (e != ancestor && stats.inside(e, ancestor)) {
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
