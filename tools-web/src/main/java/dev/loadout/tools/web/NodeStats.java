package dev.loadout.tools.web;

import java.util.IdentityHashMap;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Text measurements of every element under a root, computed in one post-order pass so that scoring
 * and cleaning never walk a subtree twice (calling {@code Element.text()} per candidate would make
 * extraction quadratic in the page's depth).
 */
final class NodeStats {
  /** Tags that start a new block; an element without such children is a run of text. */
  static final Set<String> BLOCK_TAGS = Set.of(
      "address", "article", "aside", "blockquote", "dd", "details", "dialog", "div", "dl", "dt",
      "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
      "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "thead",
      "tfoot", "tr", "td", "th", "ul", "summary", "center", "caption", "menu");

  /** The measurements of one element, its descendants included. */
  static final class Stat {
    /** Characters of text, each whitespace run counted as one. */
    int text;
    /** The part of {@link #text} inside links. */
    int link;
    /** The part of {@link #link} inside links to a place on the same page ({@code href="#…"}). */
    int fragmentLink;
    int commas;
    int paragraphs;
    int images;
    int listItems;
    int inputs;
    /** Text inside headings. */
    int heading;
    /** Text inside lists. */
    int listText;
    boolean blockChild;
    /** Whether the element has a non-blank text node of its own. */
    boolean ownText;

    /**
     * The share of the text that is link text. A link to a place on the same page (a table of
     * contents, a footnote mark) leads nowhere else, so it weighs a third of one that leaves the page:
     * an article's own contents list is not a navigation menu.
     */
    double linkDensity() {
      return text == 0 ? 0 : (link - fragmentLink * (1 - FRAGMENT_LINK_WEIGHT)) / text;
    }
  }

  private static final double FRAGMENT_LINK_WEIGHT = 0.3;
  /** Where a text node sits: not in a link, in a link leaving the page, in one to a place on it. */
  private static final int NO_LINK = 0;
  private static final int LINK = 1;
  private static final int FRAGMENT = 2;

  private final IdentityHashMap<Element, Stat> stats = new IdentityHashMap<>();

  private NodeStats() {}

  static NodeStats of(Element root) {
    NodeStats s = new NodeStats();
    s.measure(root, NO_LINK);
    return s;
  }

  /** The element's measurements; zeros for an element that was not under the root. */
  Stat get(Element e) {
    Stat s = stats.get(e);
    return s == null ? new Stat() : s;
  }

  private Stat measure(Element e, int inLink) {
    Stat s = new Stat();
    for (Node n : e.childNodes()) {
      if (n instanceof TextNode) {
        String t = ((TextNode) n).getWholeText();
        int len = normalizedLength(t);
        s.text += len;
        if (inLink != NO_LINK) {
          s.link += len;
        }
        if (inLink == FRAGMENT) {
          s.fragmentLink += len;
        }
        if (len > 1 || (len == 1 && !t.isBlank())) {
          s.ownText |= !t.isBlank();
          s.commas += commas(t);
        }
      } else if (n instanceof Element) {
        Element c = (Element) n;
        String tag = c.normalName();
        Stat cs = measure(c, inLink != NO_LINK || !tag.equals("a") ? inLink : linkKind(c));
        s.text += cs.text;
        s.link += cs.link;
        s.fragmentLink += cs.fragmentLink;
        s.commas += cs.commas;
        s.paragraphs += cs.paragraphs;
        s.images += cs.images;
        s.listItems += cs.listItems;
        s.inputs += cs.inputs;
        s.heading += cs.heading;
        s.listText += cs.listText;
        if (BLOCK_TAGS.contains(tag)) {
          s.blockChild = true;
        }
        switch (tag) {
          case "p": s.paragraphs++; break;
          case "img": s.images++; break;
          case "li": s.listItems++; break;
          case "input": case "select": case "textarea": case "button": s.inputs++; break;
          case "h1": case "h2": case "h3": case "h4": case "h5": case "h6":
            s.heading += cs.text - cs.heading;
            break;
          case "ul": case "ol":
            s.listText += cs.text - cs.listText;
            break;
          default:
            break;
        }
      }
    }
    stats.put(e, s);
    return s;
  }

  /**
   * A link to a fragment of this page, or one leaving it. Hash routes ({@code #/inbox}, {@code #!/})
   * are pages of a single-page application, so they leave; a bare {@code #} is a scripted button.
   */
  private static int linkKind(Element a) {
    String href = a.attr("href");
    int i = 0;
    while (i < href.length() && href.charAt(i) <= ' ') {
      i++;
    }
    if (i >= href.length() || href.charAt(i) != '#') {
      return LINK;
    }
    char next = i + 1 < href.length() ? href.charAt(i + 1) : ' ';
    return next <= ' ' || next == '/' || next == '!' ? LINK : FRAGMENT;
  }

  /** Length with whitespace runs counted once, as a reader sees the text. */
  static int normalizedLength(String t) {
    int len = 0;
    boolean space = false;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      boolean ws = c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\u00a0';
      if (!ws) {
        len++;
      } else if (!space) {
        len++;
      }
      space = ws;
    }
    return len;
  }

  private static int commas(String t) {
    int n = 0;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      // Latin, CJK full-width and ideographic, Arabic commas: each marks a clause of running text.
      if (c == ',' || c == '\uff0c' || c == '\u3001' || c == '\u060c' || c == '\ufe50') {
        n++;
      }
    }
    return n;
  }
}
