package dev.loadout.tools.web;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Walks the chosen content once and writes it through a {@link MarkdownWriter}. Block elements flush
 * the paragraph; inline elements wrap what their children wrote. Unknown elements are transparent, so
 * custom elements and {@code span} soup keep their text. Elements the extraction dropped are skipped.
 *
 * <p>Linear in the content: every node is visited once (a heading or a table cell is written through a
 * writer of its own, but inside one everything stays on that writer), and inline markup nested deeper than
 * {@value #MAX_INLINE_NESTING} levels is written as plain text, since each level of wrapping copies what it
 * wraps.
 */
final class MarkdownRenderer {
  /** How far into the output a heading may come and still be the page title repeated. */
  private static final int TITLE_WINDOW = 2000;
  /** Emphasis inside emphasis inside a link … beyond this reads no better and costs a copy per level. */
  private static final int MAX_INLINE_NESTING = 8;

  private final MarkdownWriter w;
  private final String title;
  private final NodeStats stats;
  private final Set<Element> dropped;
  private final WorkBudget budget;
  private boolean titleSeen;
  private int inlineDepth;

  private MarkdownRenderer(MarkdownWriter w, String title, boolean titleSeen, NodeStats stats,
      Set<Element> dropped, WorkBudget budget) {
    this.w = w;
    this.title = title;
    this.titleSeen = titleSeen;
    this.stats = stats;
    this.dropped = dropped;
    this.budget = budget;
  }

  /**
   * Renders the roots in order; a heading near the top that repeats {@code title} is left out.
   *
   * @param stats measurements covering the roots (which tables hold tables, headings' text)
   * @param dropped elements under the roots to leave out
   */
  static String render(List<Element> roots, String title, NodeStats stats, Set<Element> dropped,
      WorkBudget budget) {
    MarkdownRenderer r = new MarkdownRenderer(new MarkdownWriter(false, false), title, title.isEmpty(),
        stats, dropped, budget);
    for (Element root : roots) {
      if (!dropped.contains(root)) {
        // A root can be dropped too: a sibling that joined the article as a paragraph of its own ("Comments are
        // closed.") and that the clean-up then judged a widget's line.
        r.element(root);
      }
    }
    return r.w.finish();
  }

  private void children(Element e) {
    int count = e.childNodeSize();
    for (int i = 0; i < count; i++) {
      Node n = e.childNode(i);
      if (n instanceof TextNode) {
        String text = ((TextNode) n).getWholeText();
        budget.spendChars(text.length());
        w.text(text);
      } else if (n instanceof Element && !dropped.contains(n)) {
        element((Element) n);
      }
    }
  }

  private void element(Element e) {
    budget.spend(1);
    String tag = e.normalName();
    switch (tag) {
      case "br":
        w.lineBreak();
        break;
      case "hr":
        w.block("---");
        break;
      case "h1": case "h2": case "h3": case "h4": case "h5": case "h6":
        heading(e, tag.charAt(1) - '0');
        break;
      case "pre":
        pre(e);
        break;
      case "blockquote":
        w.pushIndent("> ");
        children(e);
        w.popIndent();
        break;
      case "ul": case "ol": case "menu":
        list(e, tag.equals("ol"));
        break;
      case "li":
        // An item outside any list (broken markup) still reads as an item.
        w.beginItem("- ", true);
        children(e);
        w.endItem();
        break;
      case "table":
        table(e);
        break;
      case "a":
        link(e);
        break;
      case "img":
        image(e);
        break;
      case "strong": case "b":
        wrapped(e, "**");
        break;
      case "em": case "i":
        wrapped(e, "*");
        break;
      case "del": case "s": case "strike":
        wrapped(e, "~~");
        break;
      case "code": case "kbd": case "samp": case "tt":
        code(e);
        break;
      case "head": case "title": case "script": case "style": case "noscript": case "template":
        break;
      default:
        if (NodeStats.BLOCK_TAGS.contains(tag)) {
          w.endParagraph();
          children(e);
          w.endParagraph();
        } else {
          children(e);
        }
    }
  }

  private void heading(Element e, int level) {
    w.endParagraph();
    if (w.singleLine()) {
      // Already on one line (a heading in a table cell or in a heading): its text joins the line.
      w.text(" ");
      children(e);
      w.text(" ");
      return;
    }
    String text = oneLine(e, false);
    if (text.isEmpty()) {
      return;
    }
    if (!titleSeen && w.length() < TITLE_WINDOW && Titles.sameAs(stats.text(e), title)) {
      titleSeen = true; // the title is emitted once, by the caller, as "# Title"
      return;
    }
    w.block("#".repeat(level) + " " + text);
  }

  /** An element's content on one line, through a writer of its own. */
  private String oneLine(Element e, boolean pipes) {
    MarkdownRenderer sub = new MarkdownRenderer(new MarkdownWriter(true, pipes), title, true, stats, dropped,
        budget);
    sub.children(e);
    return sub.w.finish();
  }

  private void pre(Element e) {
    StringBuilder b = new StringBuilder();
    Preformatted.text(e, b);
    String code = Preformatted.trim(b);
    if (code.isEmpty()) {
      return;
    }
    if (w.singleLine()) {
      w.raw(codeSpan(code.replace('\n', ' ')));
      return;
    }
    String fence = "`".repeat(Math.max(3, Preformatted.longestRun(code, '`') + 1));
    w.block(fence + Preformatted.language(e) + "\n" + code + "\n" + fence);
  }

  private void list(Element e, boolean ordered) {
    w.endParagraph();
    int n = ordered ? start(e) : 1;
    boolean first = true;
    for (Node child : e.childNodes()) {
      if (child instanceof Element && !dropped.contains(child)) {
        Element c = (Element) child;
        if (c.normalName().equals("li")) {
          w.beginItem(ordered ? n++ + ". " : "- ", first);
          first = false;
          children(c);
          w.endItem();
        } else {
          element(c);
        }
      }
    }
    w.loose();
  }

  private static int start(Element ol) {
    try {
      return Math.max(0, Math.min(Integer.parseInt(ol.attr("start").trim()), 1_000_000));
    } catch (NumberFormatException absentOrMalformed) {
      return 1;
    }
  }

  private void table(Element e) {
    if (!Tables.isData(e, stats) || w.singleLine()) {
      w.endParagraph();
      children(e); // layout, or a table inside a cell: the cells are blocks like any other
      w.endParagraph();
      return;
    }
    for (Element child : Dom.children(e)) {
      if (child.normalName().equals("caption") && !dropped.contains(child)) {
        w.endParagraph();
        children(child);
        w.endParagraph();
        break;
      }
    }
    String md = Tables.render(e, cell -> dropped.contains(cell) ? "" : oneLine(cell, true));
    if (!md.isEmpty()) {
      w.block(md);
    }
  }

  private void link(Element e) {
    if (permalink(e)) {
      return;
    }
    String href = url(e, "href");
    if (href.isEmpty() || href.regionMatches(true, 0, "javascript:", 0, 11) || inlineDepth >= MAX_INLINE_NESTING) {
      children(e);
      return;
    }
    int mark = w.mark();
    int gen = w.generation();
    inlineDepth++;
    w.beginLink();
    children(e);
    w.endLink();
    inlineDepth--;
    w.wrap(mark, gen, "[", "](" + destination(href) + ")");
  }

  /**
   * The mark documentation generators put after a heading ("¶", "§", "#", "🔗") to link to it: it
   * reads as noise in Markdown, and the heading says the same.
   */
  static boolean permalink(Element e) {
    if (!e.attr("href").strip().startsWith("#") || !Dom.children(e).isEmpty()) {
      return false;
    }
    String text = e.text();
    return text.equals("\u00b6") || text.equals("\u00a7") || text.equals("#")
        || text.equals("\ud83d\udd17");
  }

  private void image(Element e) {
    String src = imageSource(e);
    if (src.isEmpty()) {
      return;
    }
    String alt = e.attr("alt").replaceAll("\\s+", " ").strip();
    w.raw("![" + alt.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]") + "]("
        + destination(src) + ")");
  }

  private void wrapped(Element e, String delimiter) {
    if (inlineDepth >= MAX_INLINE_NESTING) {
      children(e);
      return;
    }
    int mark = w.mark();
    int gen = w.generation();
    inlineDepth++;
    children(e);
    inlineDepth--;
    w.wrap(mark, gen, delimiter, delimiter);
  }

  private void code(Element e) {
    if (inlineDepth >= MAX_INLINE_NESTING) {
      children(e);
      return;
    }
    int mark = w.mark();
    int gen = w.generation();
    inlineDepth++;
    w.beginLiteral();
    children(e);
    w.endLiteral();
    inlineDepth--;
    String content = w.take(mark, gen);
    if (content == null || content.isBlank()) {
      if (content != null) {
        w.raw(content);
      }
      return;
    }
    boolean lead = content.charAt(0) == ' ';
    boolean trail = content.charAt(content.length() - 1) == ' ';
    w.raw((lead ? " " : "") + codeSpan(content.strip()) + (trail ? " " : ""));
  }

  private static String codeSpan(String code) {
    String ticks = "`".repeat(Preformatted.longestRun(code, '`') + 1);
    boolean pad = code.startsWith("`") || code.endsWith("`");
    return ticks + (pad ? " " : "") + code + (pad ? " " : "") + ticks;
  }

  /** Lazy-loading pages keep the real image in a data attribute and a placeholder in {@code src}. */
  private static String imageSource(Element e) {
    for (String attr : new String[] {"data-src", "data-original", "data-lazy-src", "data-url", "src"}) {
      String v = url(e, attr);
      if (!v.isEmpty() && !v.regionMatches(true, 0, "data:", 0, 5)) {
        return v;
      }
    }
    for (String attr : new String[] {"srcset", "data-srcset"}) {
      String set = e.attr(attr).strip();
      if (!set.isEmpty()) {
        String first = set.split("[\\s,]+", 2)[0];
        String base = e.baseUri();
        String v = base.isEmpty() ? first : resolve(base, first);
        if (!v.isEmpty() && !v.regionMatches(true, 0, "data:", 0, 5)) {
          return v;
        }
      }
    }
    return "";
  }

  private static String resolve(String base, String relative) {
    try {
      return new URL(new URL(base), relative).toExternalForm();
    } catch (MalformedURLException unresolvable) {
      return relative;
    }
  }

  private static String url(Element e, String attr) {
    String raw = e.attr(attr).strip();
    if (raw.isEmpty()) {
      return "";
    }
    String abs = e.baseUri().isEmpty() ? "" : e.absUrl(attr);
    return abs.isEmpty() ? raw : abs;
  }

  /** A link destination that cannot end early: spaces, parentheses and angle brackets encoded. */
  private static String destination(String url) {
    StringBuilder b = null;
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      String enc = c == ' ' ? "%20" : c == '(' ? "%28" : c == ')' ? "%29" : c == '<' ? "%3C"
          : c == '>' ? "%3E" : c == '|' ? "%7C" : c < ' ' ? "" : null;
      if (enc != null && b == null) {
        b = new StringBuilder(url.length() + 8).append(url, 0, i);
      }
      if (b != null) {
        b.append(enc != null ? enc : String.valueOf(c));
      }
    }
    return b == null ? url : b.toString();
  }
}
