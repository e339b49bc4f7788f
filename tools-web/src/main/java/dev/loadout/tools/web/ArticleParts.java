package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import org.jsoup.nodes.Element;

/**
 * Which elements beside the best-scoring container belong to the article: the headline block before
 * it, siblings that scored a fair share of its points or read as prose; not the author's credit.
 */
final class ArticleParts {
  /** A headline with standfirst and credit line is shorter than this; a block with more is a body. */
  private static final int HEADLINE_BLOCK_TEXT = 400;
  /** An author bio is a few sentences; a block named so with more text is content. */
  private static final int CREDIT_TEXT = 400;

  private ArticleParts() {}

  static List<Element> withSiblings(
      Element top, double topScore, IdentityHashMap<Element, double[]> scores, NodeStats stats,
      String title) {
    Element parent = top.parent();
    if (parent == null || top.normalName().equals("body")) {
      return new ArrayList<>(List.of(top));
    }
    List<Element> roots = headlineBefore(top, stats, title);
    double threshold = Math.max(10, topScore * 0.2);
    Element leadIn = top;
    // The headline block right before the body (kicker, headline, standfirst) belongs to the article.
    for (Element prev = previous(top, stats); prev != null && isHeadlineBlock(prev, stats, title);
        prev = previous(prev, stats)) {
      leadIn = prev;
    }
    boolean inLeadIn = false;
    for (Element sibling : Dom.children(parent)) {
      if (!stats.has(sibling)) {
        continue; // set aside by this pass
      }
      inLeadIn |= sibling == leadIn;
      if (inLeadIn && sibling != top && isHeadlineBlock(sibling, stats, title)) {
        roots.add(sibling);
        continue;
      }
      inLeadIn &= sibling != top;
      if (sibling == top) {
        roots.add(sibling);
        continue;
      }
      if (isCredit(sibling, stats)) {
        continue;
      }
      double[] score = scores.get(sibling);
      double bonus = !top.className().isEmpty() && top.className().equals(sibling.className())
          ? topScore * 0.2 : 0;
      if (score != null && score[1] + bonus >= threshold) {
        roots.add(sibling);
      } else if (isProse(sibling, stats)) {
        roots.add(sibling);
      }
    }
    return roots;
  }

  /**
   * The article's header when it sits outside the body's wrapper: templates put the headline block
   * beside a wrapper ("article-guts", "content") whose first child is the body. Climbs while the
   * winner opens its parent, and takes the headline blocks right before that ancestor.
   */
  private static List<Element> headlineBefore(Element top, NodeStats stats, String title) {
    List<Element> heads = new ArrayList<>();
    Element anchor = top;
    for (int level = 0; level < 3 && previous(anchor, stats) == null; level++) {
      Element up = anchor.parent();
      if (up == null || up.normalName().equals("body") || up.normalName().equals("html")) {
        break;
      }
      anchor = up;
    }
    if (anchor == top) {
      return heads; // the sibling walk finds a headline block beside the winner itself
    }
    // Further from the body, only a block that is mostly heading text: a header with a standfirst but
    // also breadcrumbs and dates is more likely the template's than the article's.
    for (Element prev = previous(anchor, stats); prev != null && isHeadlineBlock(prev, stats, "");
        prev = previous(prev, stats)) {
      heads.add(0, prev);
    }
    return heads;
  }

  /** The previous sibling element that this pass measured (furniture set aside is skipped). */
  private static Element previous(Element e, NodeStats stats) {
    Element prev = e.previousElementSibling();
    while (prev != null && !stats.has(prev)) {
      prev = prev.previousElementSibling();
    }
    return prev;
  }

  /**
   * Mostly heading text, few links: a headline, kicker or standfirst. Or a short block holding the
   * heading that repeats the page title: the headline with its standfirst, which can outweigh it.
   */
  private static boolean isHeadlineBlock(Element e, NodeStats stats, String title) {
    NodeStats.Stat s = stats.get(e);
    if (s.text == 0 || s.linkDensity() >= 0.5) {
      return false;
    }
    if (s.heading * 2 >= s.text) {
      return true;
    }
    if (s.text > HEADLINE_BLOCK_TEXT || title.isEmpty()) {
      return false;
    }
    for (Element h : e.select("h1, h2")) {
      if (Titles.sameAs(stats.text(h), title)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A short block beside the body whose text is all in elements named as a credit ("post-body-bio",
   * "author-info"): the author's bio after the article scores like a paragraph but is not one.
   */
  private static boolean isCredit(Element e, NodeStats stats) {
    NodeStats.Stat s = stats.get(e);
    if (s.text == 0 || s.text > CREDIT_TEXT) {
      return false;
    }
    int credited = 0;
    for (Element d : e.getAllElements()) {
      if (ClassHints.byline(d) && (d == e || !ClassHints.byline(d.parent()))) {
        credited += stats.get(d).text;
      }
    }
    return credited * 10 >= s.text * 9;
  }

  /** A paragraph beside the winner that reads as part of the article: long and not a link list. */
  private static boolean isProse(Element e, NodeStats stats) {
    String tag = e.normalName();
    NodeStats.Stat s = stats.get(e);
    if (!tag.equals("p") && !(ContentExtractor.DIV_LIKE.contains(tag) && !s.blockChild)) {
      return false;
    }
    if (s.text > 80) {
      return s.linkDensity() < 0.25 && !ContentCleaner.dateline(e, s, stats);
    }
    if (s.text == 0 || s.link > 0) {
      return false;
    }
    String text = stats.text(e);
    return text.endsWith(".") || text.contains(". ");
  }
}
