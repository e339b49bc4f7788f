package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * Removes furniture that sits inside the chosen content: link boxes ("related", "more from"), share
 * and follow rows, short labels and dates, forms, captions and credits, author boxes, in-text teasers.
 * Walks top-down, so that a removed block's descendants are never examined; the measurements come from
 * {@link NodeStats} taken before any removal, which is close enough because blocks are judged by their own
 * share of links and text. Removing is adding to the pass's set of dropped elements, which the renderer skips.
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
  /**
   * An author box (photo, name, a few sentences of bio, links) stays under this; a block named "author" with
   * more text, or with the commas of a long list, is content that a template happened to name so.
   */
  private static final int AUTHOR_BOX_TEXT = 1500;
  private static final int AUTHOR_BOX_COMMAS = 40;
  private static final int DATELINE_TEXT = 200;
  /** A caption is a sentence or two; a block with an image and more text is a section. */
  private static final int FIGURE_TEXT = 300;
  /** A caption-named block with more text than this is a section that a template named badly. */
  private static final int CAPTION_TEXT = 400;
  /** An in-text teaser is a headline and a label: "Read more: The headline of another article". */
  private static final int TEASER_TEXT = 120;
  private static final double TEASER_LINKS = 0.6;
  /** A credit line is a label and a name or two. */
  private static final int CREDIT_TEXT = 80;
  /**
   * The photo credit or source line: "Foto: …", "Bild: …", "(Photo: …)", "Quelle: …", "Crédits photos : …",
   * "© …". Labels of the languages most common on the web; a line that only starts with such a word and a
   * colon and stays short says whose picture or report it was, not what happened.
   */
  private static final Pattern CREDIT_LINE = Pattern.compile(
      "(?iu)^\\(?\\s*(?:fotos?|photos?|bilder?|titelbild|beitragsbild|images?|pictures?|credits?|cr[ée]dito?s?"
          + "|cr[ée]dits photos|quelle|source|fuente|fonte)\\s*:|^\\(?\\s*©|\\(©");

  /**
   * A caption that ends in its picture's credit, as news and sports sites print them under each photo: "Lee Elder at
   * the Masters. | © Augusta National/Getty Images", "Die Übertragungszeiten im Überblick. (Foto: Getty)". The credit
   * comes last, after a bar or in brackets; a paragraph of the story does not end so.
   */
  private static final Pattern CREDITED_CAPTION = Pattern.compile(
      "(?iu)(?:\\s[|•]\\s*©|\\(\\s*(?:©|(?:fotos?|photos?|bilder?|images?|credits?|grafik)\\s*:))"
          + "[^()|]{1,80}\\)?\\s*$");
  /**
   * A figure's numbered or labelled caption in a report or a how-to: "Abbildung 4: classic weak layer …", "Abb. 2:",
   * "Figure 3.", "Fig. 1:", "Grafik:", "Schaubild 2:". It says what the picture shows, like a figcaption.
   */
  private static final Pattern FIGURE_LABEL = Pattern.compile(
      "(?iu)^\\(?\\s*(?:abbildung|abb\\.|figure|fig\\.|grafik|schaubild|illustration|figura|ilustración)"
          + "\\s*\\d*[a-z]?\\s*[:.]\\s");

  private ContentCleaner() {}

  /**
   * Adds the furniture inside the roots to {@code dropped}.
   *
   * @return the characters of text removed
   */
  static int clean(List<Element> roots, NodeStats stats, Set<Element> dropped, WorkBudget budget) {
    int removed = 0;
    int content = 0;
    for (Element root : roots) {
      content += stats.get(root).text;
    }
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
      for (Element c : Dom.children(e)) {
        budget.spend(1);
        if (dropped.contains(c)) {
          continue;
        }
        String tag = c.normalName();
        if (removable(c, tag, stats, inFigure) || boilerplate(c, tag, stats, content)) {
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

  /**
   * A block named as comments, related posts, a share bar, a newsletter or cookie box ({@link
   * ClassHints#boilerplate}) inside the content: blogs and news templates put these inside the article's
   * container, after the text, and comments or teasers have the commas of prose. Removed whatever they hold,
   * unless the block holds half of the content or more: then the name is the template's, not the block's.
   */
  private static boolean boilerplate(Element c, String tag, NodeStats stats, int content) {
    return !tag.equals("a") && !INLINE.contains(tag) && !tag.equals("p") && ClassHints.boilerplate(c)
        && stats.get(c).text * 2 < content;
  }

  private static boolean removable(Element c, String tag, NodeStats stats, boolean inFigure) {
    NodeStats.Stat s = stats.get(c);
    if (FURNITURE_TAGS.contains(tag)) {
      return true;
    }
    if (tag.equals("figure")) {
      // A figure whose image or player was pruned (scripted players, noscript fallbacks) leaves a
      // caption that describes nothing the reader can see.
      return s.images == 0 && !s.holds(NodeStats.PRE | NodeStats.TABLE | NodeStats.PICTURE | NodeStats.CODE);
    }
    if (caption(c, tag, s)) {
      return true;
    }
    if (!tag.equals("a") && ClassHints.byline(c) && (s.text < BYLINE_TEXT
        && (!INLINE.contains(tag) || c.parent() == null || stats.get(c.parent()).text < BYLINE_TEXT)
        || !INLINE.contains(tag) && s.text < AUTHOR_BOX_TEXT && s.commas < AUTHOR_BOX_COMMAS)) {
      // The author and date line, and the author's box with photo and bio after the article: metadata about
      // the article, not part of it (a link named "author" inside a sentence is prose, hence links are spared,
      // and so is an inline credit such as the dateline "CAIRO —" that opens a paragraph).
      return true;
    }
    if (dateline(c, s, stats) || teaser(tag, s) || creditLine(c, tag, s, stats)) {
      return true;
    }
    if (ContentPolish.heading(tag)) {
      // A heading named as furniture ("related-title"), or one that is a link: the headline of another
      // article in a teaser block, whose summary and picture went with the rest of the block.
      return ClassHints.weight(c) < 0 || s.text > 0 && s.linkDensity() >= TEASER_LINKS;
    }
    if (!JUDGED.contains(tag)) {
      return false;
    }
    int weight = ClassHints.weight(c);
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
   * The line under a picture and its credit ({@code <figcaption>}, or a block named "caption" or "credit"
   * without the picture itself): it describes or attributes an image, and the Markdown keeps the image, not
   * the photographer. News sites and blogs put one under every photo, and human labels of "the article"
   * leave them out. A caption-named block with more text than a caption holds is a section named badly.
   */
  private static boolean caption(Element c, String tag, NodeStats.Stat s) {
    return tag.equals("figcaption") || s.images == 0 && s.text < CAPTION_TEXT && ClassHints.caption(c);
  }

  /**
   * A short paragraph that is mostly one link: "Read more: …", "See also: …", "Lea también: …", the headline of
   * another article that news sites drop between the paragraphs of this one. A paragraph of running text
   * holds a link here and there, not a link and a label; a link with a picture is left to the rules for
   * blocks, since galleries and link-list pages are made of those.
   */
  static boolean teaser(String tag, NodeStats.Stat s) {
    return tag.equals("p") && s.text > 0 && s.text < TEASER_TEXT && s.images == 0
        && s.linkDensity() >= TEASER_LINKS;
  }

  /**
   * A photo credit or source line on its own ("Foto: dpa", "Quelle: Landesregierung", "© Reuters"), or a caption
   * that ends in its credit ({@link #CREDITED_CAPTION}) or starts with a figure's label ({@link #FIGURE_LABEL}): the
   * lines news sites, reports and how-tos print under their pictures, in a paragraph or in its emphasis.
   */
  private static boolean creditLine(Element c, String tag, NodeStats.Stat s, NodeStats stats) {
    if (!(tag.equals("p") || tag.equals("div") || tag.equals("span") || tag.equals("em") || tag.equals("i"))
        || s.blockChild || s.text == 0) {
      return false;
    }
    String text = stats.text(c);
    if (s.text < CREDIT_TEXT && !tag.equals("em") && !tag.equals("i") && CREDIT_LINE.matcher(text).find()) {
      return true;
    }
    if (s.text >= FIGURE_TEXT || !CREDITED_CAPTION.matcher(text).find() && !FIGURE_LABEL.matcher(text).find()) {
      return false;
    }
    // A paragraph holding the picture and its caption in an emphasis of its own keeps the picture: the emphasis is
    // judged next. A caption written straight beside the picture takes it along.
    return s.images == 0 || !captionApart(c, s, stats);
  }

  private static boolean captionApart(Element c, NodeStats.Stat s, NodeStats stats) {
    for (Element child : Dom.children(c)) {
      if (INLINE.contains(child.normalName()) && stats.get(child).text * 10 >= s.text * 9) {
        return true;
      }
    }
    return false;
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
