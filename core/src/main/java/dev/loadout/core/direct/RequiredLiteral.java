package dev.loadout.core.direct;

/**
 * The longest run of plain characters every match of a pattern must contain, found by reading the pattern's top
 * level: {@code ^计算 (\d+)$} needs "计算 ", {@code ^.*?查询\s*(.+)$} needs "查询". A rule whose literal is absent from
 * the message is skipped with one {@link String#contains} instead of running the regex engine over the message,
 * which makes non-matching messages, the common case, cheap. Only characters outside groups, classes and escapes,
 * and not followed by a quantifier, count; a top-level alternation or any inline flag (such as {@code (?i)}) means
 * no literal, so the filter can only ever skip messages the pattern cannot match.
 */
final class RequiredLiteral {
  private RequiredLiteral() {}

  /** The literal, or null when the pattern has none worth checking. */
  static String of(String pattern) {
    // Inline flags ((?i) makes text case-blind) and \Q…\E quoting change what a character means: no filter.
    if (pattern.replace("(?:", "").contains("(?") || pattern.contains("\\Q")) {
      return null;
    }
    String best = "";
    StringBuilder run = new StringBuilder();
    int depth = 0;
    int n = pattern.length();
    for (int i = 0; i < n; i++) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        best = longer(best, run);
        i = skipEscape(pattern, i) - 1;
        continue;
      }
      if (c == '{') {
        // A counted repetition: its digits are not text, and it made the character before it optional.
        best = longer(best, run);
        int close = pattern.indexOf('}', i);
        i = close < 0 ? n : close;
        continue;
      }
      if (c == '[') {
        best = longer(best, run);
        i = RegexLimits.skipClass(pattern, i) - 1;
        continue;
      }
      if (c == '(') {
        best = longer(best, run);
        depth++;
        continue;
      }
      if (c == ')') {
        depth--;
        // A quantifier after a group applies to the group, not to the run before it.
        continue;
      }
      if (c == '|' && depth == 0) {
        return null;
      }
      if (depth > 0 || "^$.*+?{}|".indexOf(c) >= 0) {
        best = longer(best, run);
        continue;
      }
      char next = i + 1 < n ? pattern.charAt(i + 1) : 0;
      if (next == '*' || next == '?' || next == '+' || next == '{') {
        // The character is optional or repeated: the run ends before it.
        best = longer(best, run);
        continue;
      }
      if (Character.isHighSurrogate(c)) {
        best = longer(best, run);
        i++;
        continue;
      }
      run.append(c);
    }
    best = longer(best, run);
    return best.isEmpty() ? null : best;
  }

  private static String longer(String best, StringBuilder run) {
    String r = run.toString();
    run.setLength(0);
    return r.length() > best.length() ? r : best;
  }

  /** The index after an escape: {@code \d}, {@code \pL}, {@code \p{Han}}, {@code \x41}, {@code \x{4E2D}}, {@code \123}. */
  private static int skipEscape(String p, int i) {
    int k = i + 1;
    if (k >= p.length()) {
      return k;
    }
    char e = p.charAt(k);
    if ((e == 'p' || e == 'P' || e == 'x') && k + 1 < p.length() && p.charAt(k + 1) == '{') {
      int close = p.indexOf('}', k);
      return close < 0 ? p.length() : close + 1;
    }
    if (e == 'p' || e == 'P') {
      return Math.min(p.length(), k + 2);
    }
    if (e == 'x') {
      return Math.min(p.length(), k + 3);
    }
    if (e >= '0' && e <= '7') {
      while (k < p.length() && p.charAt(k) >= '0' && p.charAt(k) <= '7') {
        k++;
      }
      return k;
    }
    return k + 1;
  }
}
