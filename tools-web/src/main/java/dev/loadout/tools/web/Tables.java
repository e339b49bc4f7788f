package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.jsoup.nodes.Element;

/**
 * HTML tables as GFM pipe tables.
 *
 * <p>A table is data unless it is layout in disguise: marked presentational, holding another table,
 * or a single row or column (a page frame, an image with its caption). A data table always gets a
 * header row, since GFM has no header-less tables: the first row is promoted when there is no
 * {@code <th>} row, rather than leaving raw HTML. Spans are expanded into empty cells, so that every
 * row has every column and the values stay under their headings.
 */
final class Tables {
  /** Bounds on spans from the page, so that a hostile {@code colspan="100000"} cannot blow up output. */
  private static final int MAX_SPAN = 64;
  /** How much emptier than its cells a table's grid may be; spans and short rows give honest tables some. */
  private static final int RAGGED = 4;
  private static final int RAGGED_SLACK = 256;

  private Tables() {}

  /** Whether the table holds data; {@code stats} tells whether another table is nested in it. */
  static boolean isData(Element table, NodeStats stats) {
    String role = table.attr("role").toLowerCase(Locale.ROOT);
    if (role.equals("presentation") || role.equals("none") || table.attr("datatable").equals("0")) {
      return false;
    }
    if (stats.get(table).holds(NodeStats.TABLE)) {
      return false;
    }
    List<Element> rows = rows(table);
    if (rows.size() < 2) {
      return false;
    }
    int cols = 0;
    long cells = 0;
    for (Element row : rows) {
      int w = width(row);
      cols = Math.max(cols, w);
      cells += w;
    }
    // A grid far emptier than its cells (one row of thousands of cells over rows of one) is not data, and as
    // a pipe table it would cost rows times columns.
    return cols >= 2 && (long) rows.size() * cols <= RAGGED * cells + RAGGED_SLACK;
  }

  /**
   * The table as Markdown lines; {@code cell} renders one cell's content on one line (pipes
   * escaped). Empty when no cell has content.
   */
  static String render(Element table, Function<Element, String> cell) {
    List<List<String>> grid = new ArrayList<>();
    List<Integer> carry = new ArrayList<>(); // rows still covered by a rowspan, per column
    boolean any = false;
    for (Element row : rows(table)) {
      List<String> out = new ArrayList<>();
      int col = 0;
      for (Element c : Dom.children(row)) {
        String tag = c.normalName();
        if (!tag.equals("td") && !tag.equals("th")) {
          continue;
        }
        col = fillCarried(out, carry, col, false);
        String text = cell.apply(c);
        any |= !text.isEmpty();
        int colspan = span(c, "colspan");
        int rowspan = span(c, "rowspan");
        for (int k = 0; k < colspan; k++) {
          out.add(k == 0 ? text : "");
          while (carry.size() <= col) {
            carry.add(0);
          }
          carry.set(col, rowspan - 1);
          col++;
        }
      }
      fillCarried(out, carry, col, true);
      grid.add(out);
    }
    if (!any) {
      return "";
    }
    int cols = 0;
    for (List<String> r : grid) {
      cols = Math.max(cols, r.size());
    }
    StringBuilder b = new StringBuilder();
    for (int r = 0; r < grid.size(); r++) {
      List<String> row = grid.get(r);
      if (r > 0) {
        b.append('\n');
      }
      b.append('|');
      for (int c = 0; c < cols; c++) {
        String v = c < row.size() ? row.get(c) : "";
        b.append(' ').append(v).append(v.isEmpty() ? "|" : " |");
      }
      if (r == 0) {
        b.append('\n').append('|');
        for (int c = 0; c < cols; c++) {
          b.append(" --- |");
        }
      }
    }
    return b.toString();
  }

  /** Adds empty cells for columns covered by a rowspan from above, from {@code col} on. */
  private static int fillCarried(List<String> out, List<Integer> carry, int col, boolean toEnd) {
    int last = toEnd ? lastCarried(carry) : -1;
    while (col < carry.size() && (carry.get(col) > 0 || col <= last)) {
      if (carry.get(col) > 0) {
        carry.set(col, carry.get(col) - 1);
      }
      out.add("");
      col++;
    }
    return col;
  }

  /** The last column still covered by a rowspan, or -1. */
  private static int lastCarried(List<Integer> carry) {
    for (int i = carry.size() - 1; i >= 0; i--) {
      if (carry.get(i) > 0) {
        return i;
      }
    }
    return -1;
  }

  /** The rows of this table, not of tables nested in it. */
  static List<Element> rows(Element table) {
    List<Element> rows = new ArrayList<>();
    for (Element child : Dom.children(table)) {
      String tag = child.normalName();
      if (tag.equals("tr")) {
        rows.add(child);
      } else if (tag.equals("thead") || tag.equals("tbody") || tag.equals("tfoot")) {
        for (Element tr : Dom.children(child)) {
          if (tr.normalName().equals("tr")) {
            rows.add(tr);
          }
        }
      }
    }
    return rows;
  }

  private static int width(Element row) {
    int w = 0;
    for (Element c : Dom.children(row)) {
      String tag = c.normalName();
      if (tag.equals("td") || tag.equals("th")) {
        w += span(c, "colspan");
      }
    }
    return w;
  }

  private static int span(Element cell, String attr) {
    String v = cell.attr(attr).trim();
    if (v.isEmpty()) {
      return 1;
    }
    try {
      int n = Integer.parseInt(v);
      return Math.max(1, Math.min(n, MAX_SPAN));
    } catch (NumberFormatException notANumber) {
      return 1;
    }
  }
}
