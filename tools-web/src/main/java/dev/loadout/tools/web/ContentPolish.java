package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * The last passes over the chosen content, once {@link ContentCleaner} has removed what it judges block by
 * block: rules that need to see the content as a sequence of blocks. Each walks the leaf blocks (blocks
 * without block children) once, in document order, and adds what it removes to the pass's dropped set.
 *
 * <ul>
 *   <li>Repeated labels: a short line that appears three times or more is a button or label of the template
 *       ("Show picture", "Reply", "Rate this"), not something the author wrote three times. Longer blocks that
 *       repeat stay: a refrain, a pull quote, a form letter quoted twice are the author's.</li>
 *   <li>Datelines at the edges: a short line that is a date and little else ("23.10.2018", "Updated on
 *       17.01.2021") among the first or last blocks is the publication line; the date belongs in the page's
 *       metadata. In the middle of an article a dated line is an event's date, and stays.</li>
 *   <li>Orphan headings: a heading whose section is gone ("Related articles" over a removed list) or that ends
 *       the content.</li>
 * </ul>
 */
final class ContentPolish {
  /** A label that repeats is shorter than this; longer blocks are the author's. */
  private static final int LABEL_TEXT = 60;
  private static final int LABEL_REPEATS = 3;
  /** How many blocks at each end of the content a publication line may sit among. */
  private static final int EDGE_BLOCKS = 3;
  private static final int DATELINE_TEXT = 80;
  /** Characters besides the date that a dateline may have ("Aktualisiert am", "Published: "). */
  private static final int DATELINE_OTHER = 20;
  /**
   * A date as pages write it: 23.10.2018, 2018-10-23, 10/23/18, 23 octobre 2018, 7. Oktober 2020,
   * January 5, 2021.
   */
  static final Pattern DATE = Pattern.compile(
      "\\b\\d{1,2}[./-]\\s?\\d{1,2}[./-]\\s?\\d{2,4}\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b"
          + "|\\b\\d{1,2}\\.?\\s+\\p{L}{3,}\\.?\\s+\\d{4}\\b|\\b\\p{L}{3,}\\.?\\s+\\d{1,2},\\s+\\d{4}\\b");

  private ContentPolish() {}

  /**
   * Runs the passes.
   *
   * @return the characters of text removed
   */
  static int polish(List<Element> roots, NodeStats stats, Set<Element> dropped, WorkBudget budget) {
    // One walk for the three passes; each later pass sees the blocks the earlier ones kept.
    List<Element> leaves = leafBlocks(roots, stats, dropped, budget);
    int removed = repeatedLabels(leaves, stats, dropped);
    leaves = kept(leaves, dropped);
    removed += edgeDatelines(leaves, stats, dropped);
    removed += orphanHeadings(kept(leaves, dropped), stats, dropped);
    return removed;
  }

  private static List<Element> kept(List<Element> leaves, Set<Element> dropped) {
    List<Element> out = new ArrayList<>(leaves.size());
    for (Element e : leaves) {
      if (!dropped.contains(e)) {
        out.add(e);
      }
    }
    return out;
  }

  static boolean heading(String tag) {
    return tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6';
  }

  /** Blocks without block children (and data tables and code, whole), not dropped, in document order. */
  static List<Element> leafBlocks(List<Element> roots, NodeStats stats, Set<Element> dropped,
      WorkBudget budget) {
    List<Element> out = new ArrayList<>();
    List<Element> pending = new ArrayList<>();
    for (int i = roots.size() - 1; i >= 0; i--) {
      pending.add(roots.get(i));
    }
    while (!pending.isEmpty()) {
      Element e = pending.remove(pending.size() - 1);
      budget.spend(1);
      NodeStats.Stat s = stats.get(e);
      if (s.text == 0) {
        continue;
      }
      String tag = e.normalName();
      if (!s.blockChild || tag.equals("pre") || tag.equals("table") && Tables.isData(e, stats)) {
        out.add(e);
        continue;
      }
      List<Element> children = Dom.children(e);
      for (int i = children.size() - 1; i >= 0; i--) {
        Element c = children.get(i);
        if (!dropped.contains(c)) {
          pending.add(c);
        }
      }
    }
    return out;
  }

  private static int repeatedLabels(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    Map<String, Integer> counts = new HashMap<>();
    List<String> texts = new ArrayList<>(leaves.size());
    for (Element e : leaves) {
      String t = stats.text(e);
      texts.add(t);
      counts.merge(t, 1, Integer::sum);
    }
    int removed = 0;
    for (int i = 0; i < leaves.size(); i++) {
      String t = texts.get(i);
      if (t.length() < LABEL_TEXT && counts.get(t) >= LABEL_REPEATS) {
        dropped.add(leaves.get(i));
        removed += stats.get(leaves.get(i)).text;
      }
    }
    return removed;
  }

  private static int edgeDatelines(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    int removed = 0;
    for (int i = 0; i < leaves.size(); i++) {
      if (i >= EDGE_BLOCKS && i < leaves.size() - EDGE_BLOCKS) {
        continue;
      }
      Element e = leaves.get(i);
      String t = stats.text(e);
      if (t.length() >= DATELINE_TEXT || heading(e.normalName())) {
        continue;
      }
      Matcher m = DATE.matcher(t);
      if (m.find() && t.length() - (m.end() - m.start()) <= DATELINE_OTHER) {
        dropped.add(e);
        removed += stats.get(e).text;
      }
    }
    return removed;
  }

  /**
   * Walks the blocks backwards: a heading with no content between it and the next heading of its level or a
   * higher one (or the end) introduced something that is gone.
   */
  private static int orphanHeadings(List<Element> leaves, NodeStats stats, Set<Element> dropped) {
    int removed = 0;
    int nextLevel = 0; // the level of the next kept heading after this point; 0 when there is none
    boolean contentAfter = false;
    for (int i = leaves.size() - 1; i >= 0; i--) {
      Element e = leaves.get(i);
      String tag = e.normalName();
      if (!heading(tag)) {
        contentAfter = true;
        continue;
      }
      int level = tag.charAt(1) - '0';
      if (!contentAfter && (nextLevel == 0 || nextLevel <= level)) {
        dropped.add(e);
        removed += stats.get(e).text;
        continue;
      }
      nextLevel = level;
      contentAfter = false;
    }
    return removed;
  }
}
