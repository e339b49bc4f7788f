package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Text measurements of every element under a root, computed in one post-order pass so that scoring,
 * cleaning and rendering never walk a subtree twice. Calling {@code Element.text()} or a selector per
 * candidate would make every stage cost the page's size times its depth; here each question about an
 * element's subtree (its text, whether it holds a table or a {@code <time>}, whether it lies inside another
 * element) is a lookup.
 *
 * <p>The pass also writes the text of the whole root once, the way {@code Element.text()} reads (whitespace
 * collapsed, a space at block boundaries and {@code <br>}, {@code <pre>} kept as is), and remembers where each
 * element's part starts and ends, so that {@link #text(Element)} is a substring. Elements in the {@code skip}
 * set (furniture or clutter a pass has set aside) count as absent, as if they had been removed.
 *
 * <p>Lookups by element cost a step forward while they come in document order, as the renderer's do: the
 * measurements sit in an array in that order, and a cursor follows the lookups. Only the first lookup out of
 * order (the extraction's, which climbs to parents and compares candidates) builds an identity map of every
 * element; a page of a million elements rendered whole never pays for one (hashing each element was a quarter
 * of converting such a page). Not thread-safe: one conversion uses it.
 */
final class NodeStats {
  /** Tags that start a new block; an element without such children is a run of text. */
  static final Set<String> BLOCK_TAGS = Set.of(
      "address", "article", "aside", "blockquote", "dd", "details", "dialog", "div", "dl", "dt",
      "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
      "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tbody", "thead",
      "tfoot", "tr", "td", "th", "ul", "summary", "center", "caption", "menu");

  /** Bits of {@link Stat#holds}: kinds of element found among the descendants. */
  static final int TABLE = 1;
  static final int PRE = 2;
  static final int CODE = 4;
  static final int MATH = 8;
  static final int TIME = 16;
  static final int PICTURE = 32;

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
    int pres;
    int images;
    int listItems;
    int inputs;
    /** Text inside headings. */
    int heading;
    /** Text inside lists. */
    int listText;
    /** Text in prose units: paragraphs and the like of some length and few links. */
    int prose;
    /** Which kinds of element ({@link #TABLE}, {@link #PRE}, …) are among the descendants. */
    int holds;
    boolean blockChild;
    /** Whether the element has a non-blank text node of its own. */
    boolean ownText;
    /** Position in document order, and the last position inside it: for ancestor tests in O(1). */
    int order;
    int lastOrder;
    /** Where the element's text starts and ends in {@link NodeStats#text}. */
    int from;
    int to;

    /**
     * The share of the text that is link text. A link to a place on the same page (a table of
     * contents, a footnote mark) leads nowhere else, so it weighs a third of one that leaves the page:
     * an article's own contents list is not a navigation menu.
     */
    double linkDensity() {
      return text == 0 ? 0 : (link - fragmentLink * (1 - FRAGMENT_LINK_WEIGHT)) / text;
    }

    boolean holds(int kinds) {
      return (holds & kinds) != 0;
    }
  }

  private static final double FRAGMENT_LINK_WEIGHT = 0.3;
  /** Where a text node sits: not in a link, in a link leaving the page, in one to a place on it. */
  private static final int NO_LINK = 0;
  private static final int LINK = 1;
  private static final int FRAGMENT = 2;
  private static final Stat ABSENT = new Stat();

  /** Each measured element's measurements, in the order of {@link #elements}. */
  private final List<Stat> stats;
  /** Element to measurements, built on the first lookup out of document order; null until then. */
  private IdentityHashMap<Element, Stat> index;
  /** Where the last lookup in document order found its element. */
  private int cursor;
  private final Set<Element> skip;
  private final WorkBudget budget;
  /** The roots' text, or null when this pass was asked for measurements only. */
  private final StringBuilder text;
  /** The measured elements in document order. */
  private final List<Element> elements;
  private int order;

  private NodeStats(Set<Element> skip, WorkBudget budget, int expected, boolean withText) {
    this.skip = skip;
    this.budget = budget;
    this.text = withText ? new StringBuilder() : null;
    // Sized up front: growing lists of a million elements copies them twenty times.
    this.stats = new ArrayList<>(expected);
    this.elements = new ArrayList<>(expected);
  }

  /** The measurements of everything under {@code root}. */
  static NodeStats of(Element root, WorkBudget budget) {
    return of(List.of(root), Set.of(), budget, 16);
  }

  /** The measurements of everything under {@code root}, without its text: {@link #text} answers "". */
  static NodeStats measurementsOnly(Element root, WorkBudget budget, int expected) {
    NodeStats s = new NodeStats(Set.of(), budget, Math.max(16, expected), false);
    s.measure(root, NO_LINK, false);
    return s;
  }

  /**
   * The measurements of everything under each of the roots (none inside another), {@code skip} left out.
   *
   * @param expected about how many elements there are, to size the tables once
   */
  static NodeStats of(List<Element> roots, Set<Element> skip, WorkBudget budget, int expected) {
    NodeStats s = new NodeStats(skip, budget, Math.max(16, expected), true);
    for (Element root : roots) {
      s.measure(root, NO_LINK, false);
    }
    return s;
  }

  /** How many elements were measured. */
  int size() {
    return elements.size();
  }

  /** The measured elements (under the roots, not skipped) in document order; roots included. */
  List<Element> elements() {
    return elements;
  }

  /** The element's measurements; zeros for an element that was not under the root. Never modify it. */
  Stat get(Element e) {
    Stat s = find(e);
    return s == null ? ABSENT : s;
  }

  /** Whether the element was measured: under the root and not skipped. */
  boolean has(Element e) {
    return find(e) != null;
  }

  /** The element's text as {@code Element.text()} gives it, without walking the element again. */
  String text(Element e) {
    Stat s = find(e);
    return s == null || text == null ? "" : text.substring(s.from, s.to).trim();
  }

  /** Whether {@code inner} is {@code outer} or lies inside it; false when either was not measured. */
  boolean inside(Element inner, Element outer) {
    Stat i = find(inner);
    Stat o = find(outer);
    return i != null && o != null && o.order <= i.order && i.order <= o.lastOrder;
  }

  /**
   * The element's measurements, or null. From the cursor forward while lookups come in document order (all of
   * them together walk the array once); the first element not found ahead (one before the cursor, or one not
   * measured) builds the identity map, which answers every lookup after it.
   */
  private Stat find(Element e) {
    if (index != null) {
      return index.get(e);
    }
    int n = elements.size();
    for (int i = cursor; i < n; i++) {
      if (elements.get(i) == e) {
        cursor = i;
        return stats.get(i);
      }
    }
    index = new IdentityHashMap<>(n);
    for (int i = 0; i < n; i++) {
      index.put(elements.get(i), stats.get(i));
    }
    return index.get(e);
  }

  private Stat measure(Element e, int inLink, boolean pre) {
    budget.spend(1);
    Stat s = new Stat();
    s.order = order++;
    elements.add(e);
    stats.add(s);
    if (text != null && e.isBlock() && !lastIsSpace()) {
      text.append(' ');
    }
    s.from = text == null ? 0 : text.length();
    int count = e.childNodeSize();
    for (int i = 0; i < count; i++) {
      Node n = e.childNode(i);
      if (n instanceof TextNode) {
        String t = ((TextNode) n).getWholeText();
        budget.spendChars(t.length());
        int len = appendText(t, pre);
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
        if (!skip.isEmpty() && skip.contains(c)) {
          continue;
        }
        String tag = c.normalName();
        if (text != null && tag.equals("br") && !lastIsSpace()) {
          text.append(' ');
        }
        Stat cs = measure(c, inLink != NO_LINK || !tag.equals("a") ? inLink : linkKind(c),
            pre || tag.equals("pre") || tag.equals("textarea"));
        if (text != null && c.isBlock() && i + 1 < count && inlineNode(e.childNode(i + 1)) && !lastIsSpace()) {
          text.append(' ');
        }
        add(s, cs, tag);
      }
    }
    s.to = text == null ? 0 : text.length();
    s.lastOrder = order - 1;
    return s;
  }

  private static void add(Stat s, Stat cs, String tag) {
    s.text += cs.text;
    s.link += cs.link;
    s.fragmentLink += cs.fragmentLink;
    s.commas += cs.commas;
    s.paragraphs += cs.paragraphs;
    s.pres += cs.pres;
    s.images += cs.images;
    s.listItems += cs.listItems;
    s.inputs += cs.inputs;
    s.heading += cs.heading;
    s.listText += cs.listText;
    s.holds |= cs.holds;
    s.prose += proseUnit(tag, cs) ? cs.text : cs.prose;
    if (BLOCK_TAGS.contains(tag)) {
      s.blockChild = true;
    }
    switch (tag) {
      case "p": s.paragraphs++; break;
      case "pre": s.pres++; s.holds |= PRE; break;
      case "img": s.images++; break;
      case "li": s.listItems++; break;
      case "table": s.holds |= TABLE; break;
      case "code": s.holds |= CODE; break;
      case "math": s.holds |= MATH; break;
      case "time": s.holds |= TIME; break;
      case "picture": s.holds |= PICTURE; break;
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

  /** A paragraph, cell or item that reads as running text: some length, few links. */
  private static boolean proseUnit(String tag, Stat s) {
    if (s.text < 25 || s.linkDensity() >= 0.3) {
      return false;
    }
    switch (tag) {
      case "p": case "pre": case "td": case "blockquote": case "dd": case "li":
        return s.prose == 0;
      default:
        return !s.blockChild && s.ownText && (tag.equals("div") || tag.equals("section") || tag.equals("span")
            || tag.equals("font") || tag.equals("center"));
    }
  }

  private static boolean inlineNode(Node n) {
    return n instanceof TextNode || n instanceof Element && !((Element) n).isBlock();
  }

  /**
   * Appends a text node as {@code Element.text()} would: whitespace runs as one space, invisible marks
   * dropped. Returns its {@link #normalizedLength}, counted in the same scan.
   */
  private int appendText(String t, boolean pre) {
    if (text == null) {
      return normalizedLength(t);
    }
    if (pre) {
      text.append(t);
      return normalizedLength(t);
    }
    int len = 0;
    boolean run = false;
    boolean space = lastIsSpace();
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\u00a0') {
        if (!run) {
          len++;
          run = true;
        }
        if (!space) {
          text.append(' ');
          space = true;
        }
      } else {
        len++;
        run = false;
        if (c != '\u200b' && c != '\u00ad') {
          text.append(c);
          space = false;
        }
      }
    }
    return len;
  }

  private boolean lastIsSpace() {
    int n = text.length();
    return n == 0 || text.charAt(n - 1) == ' ';
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
