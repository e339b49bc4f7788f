package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Text written straight into a container beside its blocks: "Comments are closed." after the last post's
 * {@code div}, a story typed with {@code <br>}s around an advert's {@code div}, a caption beside a picture's
 * wrapper. Such text belongs to no block, so no block rule ever saw it and scoring never counted it (a container
 * with block children is not a paragraph). Before scoring, each run of text and inline elements between two blocks
 * goes into a {@code <p>} of its own, as a browser would lay it out, and is then scored, cleaned and judged like any
 * paragraph. Runs of inline elements without text of their own are left as they are: those elements are judged
 * already.
 *
 * <p>Part of {@link ContentExtractor#pruneAlways}'s one rebuild of a parent's child list: the nodes are detached
 * before they move, so a move costs nothing and the pass stays linear.
 */
final class LooseText {
  /**
   * Containers whose loose text is left as it is: lists, tables and code have their own structure, and headings
   * and paragraphs hold no blocks.
   */
  private static final Set<String> UNWRAPPED = Set.of("pre", "code", "table", "thead", "tbody", "tfoot", "tr", "ul",
      "ol", "dl", "menu", "p", "h1", "h2", "h3", "h4", "h5", "h6", "head", "html");

  private LooseText() {}

  /** Whether {@code nodes}, the children {@code parent} keeps, hold a block and, beside it, text of their own. */
  static boolean besideBlocks(Element parent, List<Node> nodes) {
    if (UNWRAPPED.contains(parent.normalName())) {
      return false;
    }
    boolean block = false;
    boolean text = false;
    for (Node n : nodes) {
      if (n instanceof Element) {
        block |= NodeStats.BLOCK_TAGS.contains(((Element) n).normalName());
      } else if (n instanceof TextNode) {
        text |= !((TextNode) n).isBlank();
      }
    }
    return block && text;
  }

  /** The nodes, detached, with each run of loose text and inline elements between blocks in a {@code <p>}. */
  static List<Node> wrapped(List<Node> nodes) {
    List<Node> out = new ArrayList<>(nodes.size());
    List<Node> run = new ArrayList<>();
    boolean text = false;
    for (Node n : nodes) {
      if (n instanceof Element && NodeStats.BLOCK_TAGS.contains(((Element) n).normalName())) {
        flush(run, text, out);
        text = false;
        out.add(n);
        continue;
      }
      run.add(n);
      text |= n instanceof TextNode && !((TextNode) n).isBlank();
    }
    flush(run, text, out);
    return out;
  }

  private static void flush(List<Node> run, boolean text, List<Node> out) {
    if (text) {
      Element p = new Element("p");
      p.appendChildren(run);
      out.add(p);
    } else {
      out.addAll(run);
    }
    run.clear();
  }
}
