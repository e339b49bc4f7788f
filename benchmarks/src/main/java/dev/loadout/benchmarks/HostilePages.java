package dev.loadout.benchmarks;

import java.util.function.IntFunction;

/**
 * Generated worst cases for an HTML converter, each filling a given number of bytes: the shapes that made
 * some stage of a tree-walking converter cost the page's size times its depth, or its width squared. Plus
 * {@link #ARTICLE}, ordinary paragraphs of the same size, as the reference a hostile page is compared with.
 */
public enum HostilePages {
  /** Ordinary paragraphs, closed: the size without the hostility. */
  ARTICLE(n -> repeat("<p>A paragraph of an article, with commas, and a sentence long enough to read.</p>", n)),
  /** {@code <div>} after {@code <div>}, never closed: nested as deep as the parser goes, again and again. */
  UNCLOSED_DIVS(n -> repeat("<div>Some text, with a comma. ", n)),
  /** Unclosed {@code <div><p>}: the parser closes each paragraph, the divs stay open. */
  UNCLOSED_PARAGRAPHS(n -> repeat("<div><p>Paragraph text, with, commas and some more words. ", n)),
  /** One {@code <div>} nested inside the next, closed at the end, with one word at the bottom. */
  DEEPLY_NESTED_DIVS(n -> "<div>".repeat(n / 11) + "deep" + "</div>".repeat(n / 11)),
  /** Unclosed cells holding tables holding cells: a table in every cell, as deep as the parser goes. */
  NESTED_TABLES(n -> "<table><tr>" + repeat("<td><table><tr><td>x, y", n)),
  /** One table of ten columns and as many rows as fit. */
  HUGE_TABLE(n -> "<table>" + repeat("<tr>" + "<td>cell, 1</td>".repeat(10) + "</tr>", n) + "</table>"),
  /** A header row of thousands of cells over rows of one cell: a grid far emptier than its cells. */
  RAGGED_TABLE(n -> "<table><tr>" + repeat("<th>h</th>", n / 2) + "</tr>" + repeat("<tr><td>d</td></tr>", n / 2)
      + "</table>"),
  /** Unclosed lists in items: every line of Markdown would carry the depth's indentation. */
  NESTED_LISTS(n -> repeat("<ul><li>item, ", n)),
  /** One paragraph of bold, links and italics, millions of characters long. */
  GIANT_INLINE_RUN(n -> "<p>" + repeat("<b>bold</b> <a href='/x'>link</a> <i>it</i>, ", n) + "</p>"),
  /** Unclosed bold in italics in links: inline markup nested as deep as the parser goes. */
  NESTED_INLINE(n -> repeat("<b><i><a href='/x'>a, ", n)),
  /** One parent with hundreds of thousands of children, a third of which are removed before scoring. */
  WIDE_PARENT(n -> "<div>" + repeat("<p>Text, more.</p><script>x</script><input>", n) + "</div>");

  private final IntFunction<String> body;

  HostilePages(IntFunction<String> body) {
    this.body = body;
  }

  /** The page, about {@code bytes} long (one more repetition at most). */
  public String page(int bytes) {
    return "<html><head><title>Generated page</title></head><body>" + body.apply(bytes) + "</body></html>";
  }

  private static String repeat(String piece, int bytes) {
    return piece.repeat(Math.max(1, bytes / piece.length()));
  }
}
