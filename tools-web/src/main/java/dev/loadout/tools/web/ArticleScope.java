package dev.loadout.tools.web;

import org.jsoup.nodes.Element;

/**
 * How far the article reaches beyond the best-scoring container. Scoring favours the block that holds the
 * most paragraphs directly, which on many templates is one cell of the article: the body split into a
 * section per heading, the lead in a wrapper of its own, a recipe's ingredients beside its steps. Two ways up:
 *
 * <ul>
 *   <li>The container the page names as its article body (schema.org's {@code itemprop="articleBody"}, or a
 *       class or id such as {@code entry-content}, {@code article__body}, {@code post-text}, see
 *       {@link ClassHints#bodyHint}), when it holds the winner, is not mostly links, is not many times the
 *       winner's size, and what it adds is at least half running text.</li>
 *   <li>An ancestor up to {@value #MAX_LEVELS} levels up that adds a good deal of running text
 *       ({@link NodeStats.Stat#prose}: paragraphs of some length with few links), while what it adds beside
 *       that is not mostly links either: the cousins of the winner that are article too.</li>
 * </ul>
 *
 * <p>What comes in along with the article (share rows, related links, the author's box) is what the
 * cleaners remove afterwards.
 */
final class ArticleScope {
  private static final int MAX_LEVELS = 3;
  /** A body container is at most this many times the winner's text (plus {@value #HINT_SLACK}). */
  private static final int HINT_SIZE = 4;
  private static final int HINT_SLACK = 500;
  private static final double HINT_LINKS = 0.35;
  /** The least running text a named body container holds; and the link share above which it is a list. */
  private static final int HINT_PROSE = 200;
  private static final double HINT_LIST_LINKS = 0.5;
  /** What an ancestor must add: this much running text, or a quarter of the winner's. */
  private static final int MIN_GAIN = 100;
  private static final double EXTRA_LINKS = 0.3;

  private ArticleScope() {}

  /** The container to take instead of {@code top}: a named article body holding it, then an ancestor. */
  static Element reach(Element top, NodeStats stats) {
    Element hint = namedBody(stats);
    if (hint != null && hint != top && stats.inside(top, hint)) {
      NodeStats.Stat hs = stats.get(hint);
      NodeStats.Stat ts = stats.get(top);
      if (hs.text <= HINT_SIZE * ts.text + HINT_SLACK && hs.linkDensity() < HINT_LINKS
          && (hs.prose - ts.prose) * 2 >= hs.text - ts.text) {
        top = hint;
      }
    }
    return widen(top, stats);
  }

  /** The first element whose itemprop or names say "article body", with some running text and few links. */
  static Element namedBody(NodeStats stats) {
    for (Element e : stats.elements()) {
      NodeStats.Stat s = stats.get(e);
      if (s.prose < HINT_PROSE || s.linkDensity() >= HINT_LIST_LINKS) {
        continue;
      }
      if (e.attr("itemprop").equalsIgnoreCase("articleBody") || ClassHints.bodyHint(e)) {
        return e;
      }
    }
    return null;
  }

  /** The farthest ancestor within reach whose addition to {@code top} is mostly running text. */
  private static Element widen(Element top, NodeStats stats) {
    Element chosen = top;
    NodeStats.Stat ts = stats.get(top);
    Element up = top;
    for (int level = 0; level < MAX_LEVELS; level++) {
      up = up.parent();
      if (up == null || !stats.has(up)) {
        break;
      }
      NodeStats.Stat us = stats.get(up);
      int gain = us.prose - ts.prose;
      int extraText = us.text - ts.text;
      int extraLinks = us.link - ts.link;
      if (gain >= Math.max(MIN_GAIN, ts.prose / 4) && extraLinks < extraText * EXTRA_LINKS
          && gain * 2 >= extraText) {
        chosen = up;
      }
    }
    return chosen;
  }
}
