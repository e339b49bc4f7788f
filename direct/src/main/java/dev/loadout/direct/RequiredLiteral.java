package dev.loadout.direct;

import java.util.ArrayList;
import java.util.List;

/**
 * The literal every match of a keyword regex contains, read off {@link RegexSyntax}'s tree: the analysis apart from
 * the parser, so each stays small.
 */
final class RequiredLiteral {
  private RequiredLiteral() {}

  /**
   * The longest run of single characters every match contains, read from the top-level concatenation (groups
   * that are neither repeated nor alternatives count as part of it): {@code ^计算 (\d+)$} needs "计算 ",
   * {@code ^.*?查询\s*(.+)$} needs "查询". A message without it is skipped with one {@link String#contains}
   * before any automaton runs, which makes ordinary messages, the common case, cheap. Repetition, alternation
   * and sets end a run; a top-level alternation has none. Assertions take no width, so the characters either
   * side of one are adjacent in every match.
   *
   * @return the literal, or null when there is none (or the tree is null)
   */
  static String of(RegexSyntax.Node tree) {
    if (tree == null) {
      return null;
    }
    List<RegexSyntax.Node> sequence = new ArrayList<>();
    flatten(tree, sequence);
    String best = "";
    StringBuilder run = new StringBuilder();
    for (RegexSyntax.Node n : sequence) {
      int c = n instanceof RegexSyntax.Chars chars ? chars.single() : -1;
      if (c >= 0) {
        run.appendCodePoint(c);
      } else {
        best = longer(best, run);
      }
    }
    best = longer(best, run);
    return best.isEmpty() ? null : best;
  }

  private static void flatten(RegexSyntax.Node n, List<RegexSyntax.Node> out) {
    if (n instanceof RegexSyntax.Concat c) {
      c.parts().forEach(p -> flatten(p, out));
    } else {
      out.add(n);
    }
  }

  private static String longer(String best, StringBuilder run) {
    String r = run.toString();
    run.setLength(0);
    return r.length() > best.length() ? r : best;
  }
}
