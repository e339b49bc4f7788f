package dev.loadout.tools.web;

import java.util.ArrayList;
import java.util.List;

/**
 * The output side of the conversion: a Markdown document written block by block.
 *
 * <p>Inline content accumulates in a paragraph buffer, with whitespace collapsed as a browser would;
 * inline markup (links, emphasis, code spans) is applied by wrapping what was written since a mark, so
 * that the DOM can be walked once. A block boundary flushes the buffer as a paragraph. Every line of a
 * block gets the current prefix: the indentation of the enclosing list items and the {@code > } of
 * enclosing quotes, with an item's marker ({@code - }, {@code 3. }) in place of its indentation on the
 * item's first line. A wrap that spans a flush (a block inside a link) is dropped, since its start is
 * gone; the text stays.
 *
 * <p>A single-line writer (headings, table cells) turns every block boundary into a space.
 *
 * <p>Lists and quotes nest at most {@value #MAX_NESTING} levels deep in the output; deeper ones continue at the
 * deepest level. Every line carries its prefix, so unbounded nesting would make the output grow with the
 * page's size times its depth, and no reader follows a list twelve levels down anyway.
 */
final class MarkdownWriter {
  static final int MAX_NESTING = 10;

  private final StringBuilder out = new StringBuilder();
  private final StringBuilder para = new StringBuilder();
  private final List<String> indents = new ArrayList<>();
  private final List<String> markers = new ArrayList<>();
  private final boolean singleLine;
  private final boolean pipes;
  /** Separator before the next block: 1 = new line, 2 = blank line. */
  private int pending = 2;
  private int generation;
  private int literal;
  private int linkDepth;
  /** Levels of nesting beyond {@link #MAX_NESTING} that were not given a prefix of their own. */
  private int flattened;

  MarkdownWriter(boolean singleLine, boolean pipes) {
    this.singleLine = singleLine;
    this.pipes = pipes;
  }

  // ---- inline ----

  /** Text from the document: whitespace collapsed, Markdown characters escaped where needed. */
  void text(String raw) {
    int n = raw.length();
    int from = 0;
    StringBuilder run = null;
    for (int i = 0; i < n; i++) {
      char c = raw.charAt(i);
      if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\u00a0') {
        if (run == null) {
          run = new StringBuilder(n);
        }
        run.append(raw, from, i);
        if (run.length() > 0 ? run.charAt(run.length() - 1) != ' ' : !endsWithSpace()) {
          run.append(' ');
        }
        from = i + 1;
      }
    }
    String collapsed;
    if (run == null) {
      collapsed = raw;
    } else {
      run.append(raw, from, n);
      collapsed = run.toString();
    }
    if (collapsed.isEmpty() || collapsed.equals(" ") && endsWithSpace()) {
      return;
    }
    para.append(literal > 0 ? collapsed : Escaping.inline(collapsed, pipes, linkDepth > 0));
  }

  /** Markup that must not be escaped. */
  void raw(String markup) {
    para.append(markup);
  }

  /** A {@code <br>}: a hard line break, or a space in a single-line writer. */
  void lineBreak() {
    trimTrailingSpaces();
    if (para.length() == 0 || para.charAt(para.length() - 1) == '\n') {
      return;
    }
    para.append(singleLine ? ' ' : '\n');
  }

  void beginLink() {
    linkDepth++;
  }

  void endLink() {
    linkDepth--;
  }

  void beginLiteral() {
    literal++;
  }

  void endLiteral() {
    literal--;
  }

  int mark() {
    return para.length();
  }

  int generation() {
    return generation;
  }

  /**
   * Wraps what was written since {@code mark} in {@code open}…{@code close}, moving surrounding
   * spaces outside the markup ({@code **bold** text}, not {@code **bold **text}). Nothing written, or
   * only spaces: nothing is wrapped. A flush since the mark: nothing is wrapped.
   */
  void wrap(int mark, int gen, String open, String close) {
    if (gen != generation || mark > para.length()) {
      return;
    }
    String content = para.substring(mark);
    String core = content.strip();
    if (core.isEmpty()) {
      return;
    }
    if (core.startsWith(open) && core.endsWith(close) && core.length() >= open.length() + close.length()) {
      return;
    }
    boolean lead = content.charAt(0) == ' ';
    boolean trail = content.charAt(content.length() - 1) == ' ';
    para.setLength(mark);
    if (lead) {
      para.append(' ');
    }
    para.append(open).append(core.replace('\n', ' ')).append(close);
    if (trail) {
      para.append(' ');
    }
  }

  /** What was written since the mark, for inline code; removes it. */
  String take(int mark, int gen) {
    if (gen != generation || mark > para.length()) {
      return null;
    }
    String s = para.substring(mark);
    para.setLength(mark);
    return s;
  }

  // ---- blocks ----

  /** Flushes the paragraph buffer as one block. */
  void endParagraph() {
    if (singleLine) {
      if (para.length() > 0 && !endsWithSpace()) {
        para.append(' ');
      }
      return;
    }
    trimTrailingSpaces();
    int start = 0;
    while (start < para.length() && (para.charAt(start) == ' ' || para.charAt(start) == '\n')) {
      start++;
    }
    // A <br> that ends a paragraph ("text<br></p>", "<b>Title<br></b>") breaks nothing: the block ends.
    int end = para.length();
    while (end > start && (para.charAt(end - 1) == ' ' || para.charAt(end - 1) == '\n')) {
      end--;
    }
    if (start < end) {
      String[] lines = para.substring(start, end).split("\n", -1);
      StringBuilder b = new StringBuilder(para.length() + 8);
      for (int i = 0; i < lines.length; i++) {
        if (i > 0) {
          b.append("  \n");
        }
        b.append(Escaping.lineStart(lines[i].strip()));
      }
      emit(b.toString());
    }
    para.setLength(0);
    generation++;
  }

  /** A finished block (heading, fence, table, rule), its lines already formatted. */
  void block(String text) {
    endParagraph();
    if (singleLine) {
      text(text.replace('\n', ' '));
      return;
    }
    emit(text);
  }

  /** Asks for at most a line break (not a blank line) before the next block: tight list items. */
  void tight() {
    pending = 1;
  }

  /** Asks for a blank line before the next block: after a list. */
  void loose() {
    endParagraph();
    pending = 2;
  }

  void pushIndent(String indent) {
    endParagraph();
    if (indents.size() >= MAX_NESTING) {
      flattened++;
      return;
    }
    indents.add(indent);
    markers.add(null);
  }

  void popIndent() {
    endParagraph();
    if (flattened > 0) {
      flattened--;
    } else {
      indents.remove(indents.size() - 1);
      markers.remove(markers.size() - 1);
    }
    pending = 2;
  }

  /**
   * Starts a list item: its marker replaces its indentation on its first line. Items follow each
   * other on the next line; a list's first item keeps the blank line before it, unless the list is
   * nested in an item, where it sits right under the item's text.
   */
  void beginItem(String marker, boolean first) {
    endParagraph();
    if (!first || insideItem()) {
      pending = 1;
    }
    if (indents.size() >= MAX_NESTING) {
      flattened++;
      return;
    }
    indents.add(" ".repeat(marker.length()));
    markers.add(marker);
  }

  private boolean insideItem() {
    return !indents.isEmpty() && indents.get(indents.size() - 1).startsWith(" ");
  }

  void endItem() {
    popIndent();
    pending = 1;
  }

  boolean singleLine() {
    return singleLine;
  }

  /** The document, or for a single-line writer the line. */
  String finish() {
    endParagraph();
    if (singleLine) {
      return para.toString().strip();
    }
    return out.toString();
  }

  /** Characters written so far, for deciding whether a heading is still at the top. */
  int length() {
    return out.length() + para.length();
  }

  private void emit(String block) {
    if (out.length() > 0) {
      out.append('\n');
      if (pending >= 2) {
        out.append(prefix(false).stripTrailing()).append('\n');
      }
    }
    int from = 0;
    boolean first = true;
    while (true) {
      int nl = block.indexOf('\n', from);
      String line = nl < 0 ? block.substring(from) : block.substring(from, nl);
      String prefix = prefix(first);
      out.append(line.isEmpty() ? prefix.stripTrailing() : prefix).append(line);
      first = false;
      if (nl < 0) {
        break;
      }
      out.append('\n');
      from = nl + 1;
    }
    pending = 2;
  }

  private String prefix(boolean first) {
    if (indents.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < indents.size(); i++) {
      String marker = markers.get(i);
      if (first && marker != null) {
        b.append(marker);
        markers.set(i, null);
      } else {
        b.append(indents.get(i));
      }
    }
    return b.toString();
  }

  private boolean endsWithSpace() {
    if (para.length() == 0) {
      return true;
    }
    char c = para.charAt(para.length() - 1);
    return c == ' ' || c == '\n';
  }

  private void trimTrailingSpaces() {
    int n = para.length();
    while (n > 0 && para.charAt(n - 1) == ' ') {
      n--;
    }
    para.setLength(n);
  }

  /** The title line's text: escaped like inline text, on one line. */
  static String escapeHeading(String title) {
    return Escaping.inline(title.replace('\n', ' '), false);
  }
}
