package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Removes furniture that sits inside the chosen content: link boxes ("related", "more from"), share
 * and follow rows, short labels and dates, forms. Walks top-down, so that a removed block's
 * descendants are never examined; the measurements come from {@link NodeStats} taken before any
 * removal, which is close enough because blocks are judged by their own share of links and text.
 * Removing is adding to the pass's set of dropped elements, which the renderer skips.
 *
 * <p>Lists are spared the link-density rule: a list of links inside an article ("further reading",
 * a changelog of bug links) is content, while the same density in a {@code div} is a teaser box.
 * Tables are removed only by name: a data table is content, and a layout table is only a frame whose
 * cells are judged like any other block. Data tables and code are never cleaned inside.
 */
final class ContentCleaner {
  private static final Set<String> FURNITURE_TAGS = Set.of("nav", "aside", "footer");
  private static final Set<String> JUDGED = Set.of(
      "div", "section", "ul", "ol", "dl", "table", "form", "fieldset", "header");
  private static final Set<String> INLINE = Set.of(
      "span", "em", "i", "b", "strong", "small", "time", "abbr", "cite", "font", "label");
  /** Text with this many commas is prose, whatever else it holds. */
  private static final int PROSE_COMMAS = 10;
  private static final int SHORT_TEXT = 25;
  /** A credit line ("By Jane Doe, May 20") is short; an element so named with more text is content. */
  private static final int BYLINE_TEXT = 100;
  private static final int DATELINE_TEXT = 200;
  /** A caption is a sentence or two; a block with an image and more text is a section. */
  private static final int FIGURE_TEXT = 300;

  private ContentCleaner() {}

  /**
   * Adds the furniture inside the roots to {@code dropped}.
   *
   * @return the characters of text removed
   */
  static int clean(List<Element> roots, NodeStats stats, Set<Element> dropped, WorkBudget budget) {
    int removed = 0;
    // Top-down without recursion: pending elements, each with whether it sits in a figure.
    List<Element> pending = new ArrayList<>();
    List<Boolean> inFigures = new ArrayList<>();
    for (Element root : roots) {
      pending.add(root);
      inFigures.add(false);
    }
    while (!pending.isEmpty()) {
      Element e = pending.remove(pending.size() - 1);
      boolean inFigure = inFigures.remove(inFigures.size() - 1);
      for (Element c : e.children()) {
        budget.spend(1);
        if (dropped.contains(c)) {
          continue;
        }
        String tag = c.normalName();
        if (removable(c, tag, stats, inFigure)) {
          dropped.add(c);
          removed += stats.get(c).text;
          continue;
        }
        if (tag.equals("pre") || tag.equals("code") || tag.equals("table") && Tables.isData(c, stats)) {
          continue;
        }
        pending.add(c);
        inFigures.add(inFigure || tag.equals("figure") || figureLike(c, tag, stats.get(c)));
      }
    }
    return removed;
  }

  /**
   * A picture with its caption in plain wrappers (wikis' thumbnails, templates that predate
   * {@code <figure>}): one or two images and a line or two of text that is not mostly links. Its
   * caption is short like a label but describes what the reader sees, so it stays.
   */
  private static boolean figureLike(Element c, String tag, NodeStats.Stat s) {
    return ContentExtractor.DIV_LIKE.contains(tag) && s.images >= 1 && s.images <= 2
        && s.text <= FIGURE_TEXT && s.linkDensity() < 0.5 && s.paragraphs <= 1;
  }

  private static boolean removable(Element c, String tag, NodeStats stats, boolean inFigure) {
    if (FURNITURE_TAGS.contains(tag)) {
      return true;
    }
    if (tag.equals("figure")) {
      // A figure whose image or player was pruned (scripted players, noscript fallbacks) leaves a
      // caption that describes nothing the reader can see.
      return stats.get(c).images == 0
          && !stats.get(c).holds(NodeStats.PRE | NodeStats.TABLE | NodeStats.PICTURE | NodeStats.CODE);
    }
    if (!tag.equals("a") && ClassHints.byline(c) && stats.get(c).text < BYLINE_TEXT
        && (!INLINE.contains(tag) || c.parent() == null || stats.get(c.parent()).text < BYLINE_TEXT)) {
      // The author and date line: metadata about the article, not part of it (a link named "author"
      // inside a sentence is prose, hence links are spared, and so is an inline credit such as the
      // dateline "CAIRO —" that opens a paragraph).
      return true;
    }
    if (dateline(c, stats.get(c), stats)) {
      return true;
    }
    if (tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6') {
      return ClassHints.weight(c) < 0;
    }
    if (!JUDGED.contains(tag)) {
      return false;
    }
    int weight = ClassHints.weight(c);
    NodeStats.Stat s = stats.get(c);
    if (s.commas >= PROSE_COMMAS) {
      return false;
    }
    if (weight < 0) {
      return true;
    }
    if (tag.equals("table")) {
      // Data tables are content; layout tables are mere frames, judged by what their cells hold.
      return false;
    }
    boolean list = tag.equals("ul") || tag.equals("ol") || s.text > 0 && s.listText * 10 > s.text * 9;
    if (s.inputs > s.paragraphs / 3) {
      return true;
    }
    // In a figure a short block is its caption, unless it is named as furniture (the share button
    // laid over a picture).
    if (!list && s.text < SHORT_TEXT && (s.images == 0 || s.images > 2)
        && (!inFigure || ClassHints.negative(c))
        && (s.text == 0 || !mostlyHeading(c, s, stats)) && !sentence(c, s, stats)
        && !s.holds(NodeStats.PRE | NodeStats.CODE | NodeStats.MATH)) {
      // A short block is a label or a date, unless it holds code: "$ hg init public" in the
      // wrappers a documentation generator puts around every snippet is a one-line example.
      return true;
    }
    double links = s.linkDensity();
    return (!list && weight < 25 && links > 0.25) || (weight >= 25 && links > 0.5);
  }

  /**
   * A block that is a heading in wrappers ("Contents", "Introduction" in a {@code div} or two of its
   * own, as grid templates lay out section titles). Mostly heading by count, or all heading once the
   * wrappers' whitespace is set aside: in a one-word heading that whitespace is a fair share.
   */
  private static boolean mostlyHeading(Element c, NodeStats.Stat s, NodeStats stats) {
    return s.heading * 10 >= s.text * 9 || s.heading > 0 && stats.text(c).length() <= s.heading;
  }

  /**
   * "Le Monde | 04.05.2015 • updated … | By …": a short line around a {@code <time>} that is not a
   * sentence is the publication line, whatever its class says.
   */
  static boolean dateline(Element c, NodeStats.Stat s, NodeStats stats) {
    String tag = c.normalName();
    return (tag.equals("p") || tag.equals("div")) && s.text < DATELINE_TEXT
        && s.holds(NodeStats.TIME) && !sentence(c, s, stats) && s.paragraphs == 0 && s.pres == 0;
  }

  /**
   * A short block without links that ends like a sentence ("They both took one.", "“Gotcha.”") is a
   * paragraph of a story that wraps each paragraph in its own {@code div}; labels, dates and button
   * captions do not end in sentence punctuation.
   */
  private static boolean sentence(Element c, NodeStats.Stat s, NodeStats stats) {
    if (s.text == 0 || s.link > 0) {
      return false;
    }
    String text = stats.text(c).strip();
    int end = text.length();
    while (end > 0 && "\"'”’»」』)".indexOf(text.charAt(end - 1)) >= 0) {
      end--;
    }
    return end > 1 && ".!?…。！？".indexOf(text.charAt(end - 1)) >= 0;
  }
}
