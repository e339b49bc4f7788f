package dev.loadout.tools.web;

/**
 * Minimal Markdown escaping: a backslash only where the text would otherwise turn into markup.
 *
 * <p>Escaping every punctuation mark (as Turndown does) keeps Markdown exact but feeds a model
 * {@code 3\.5} and {@code snake\_case}; an unescaped {@code *} or {@code [x](y)} in prose, on the other
 * hand, silently changes what the text says. So inline: {@code `} always (it would open a code span),
 * {@code *} and {@code _} when they touch a word on one side only (where emphasis can start or end;
 * an intra-word {@code _} as in {@code snake_case} is not emphasis), {@code ]} before {@code (},
 * any bracket inside link text, {@code <} before a tag-like character, {@code &} before an entity-like name, a backslash before
 * punctuation, and {@code |} in table cells. At the start of a line: what would make a heading,
 * quote, list item, rule, setext underline or fence.
 */
final class Escaping {
  private Escaping() {}

  static String inline(String s, boolean pipes) {
    return inline(s, pipes, false);
  }

  /** As {@link #inline(String, boolean)}; in link text, brackets too ({@code [[3]](#cite)} would break). */
  static String inline(String s, boolean pipes, boolean brackets) {
    StringBuilder b = null;
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (needsEscape(s, i, c, pipes) || brackets && (c == '[' || c == ']')) {
        if (b == null) {
          b = new StringBuilder(n + 8).append(s, 0, i);
        }
        b.append('\\');
      }
      if (b != null) {
        b.append(c);
      }
    }
    return b == null ? s : b.toString();
  }

  private static boolean needsEscape(String s, int i, char c, boolean pipes) {
    switch (c) {
      case '`':
        return true;
      case '*':
      case '_': {
        boolean before = i > 0 && !Character.isWhitespace(s.charAt(i - 1));
        boolean after = i + 1 < s.length() && !Character.isWhitespace(s.charAt(i + 1));
        if (!before && !after) {
          return false;
        }
        if (c == '_') {
          boolean wordBefore = i > 0 && Character.isLetterOrDigit(s.charAt(i - 1));
          boolean wordAfter = i + 1 < s.length() && Character.isLetterOrDigit(s.charAt(i + 1));
          return !(wordBefore && wordAfter);
        }
        return true;
      }
      case ']':
        return i + 1 < s.length() && s.charAt(i + 1) == '(';
      case '<':
        if (i + 1 >= s.length()) {
          return false;
        }
        char next = s.charAt(i + 1);
        return Character.isLetter(next) || next == '/' || next == '!' || next == '?';
      case '&':
        return entityFollows(s, i + 1);
      case '\\':
        return i + 1 < s.length() && isAsciiPunctuation(s.charAt(i + 1));
      case '|':
        return pipes;
      default:
        return false;
    }
  }

  private static boolean entityFollows(String s, int from) {
    int i = from;
    while (i < s.length() && i - from < 32 && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '#')) {
      i++;
    }
    return i > from && i < s.length() && s.charAt(i) == ';';
  }

  private static boolean isAsciiPunctuation(char c) {
    return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~';
  }

  /** Escapes what would make a line start a block construct. The line has no leading spaces. */
  static String lineStart(String line) {
    if (line.isEmpty()) {
      return line;
    }
    char c = line.charAt(0);
    switch (c) {
      case '#': {
        int i = 0;
        while (i < line.length() && line.charAt(i) == '#') {
          i++;
        }
        return i <= 6 && (i == line.length() || line.charAt(i) == ' ') ? "\\" + line : line;
      }
      case '>':
        return "\\" + line;
      case '-':
      case '+':
      case '*':
      case '=':
        if (line.length() == 1 || line.charAt(1) == ' ' || onlyChar(line, c)) {
          return "\\" + line;
        }
        return line;
      case '~':
        return line.startsWith("~~~") ? "\\" + line : line;
      default:
        break;
    }
    if (c >= '0' && c <= '9') {
      int i = 0;
      while (i < line.length() && i < 9 && Character.isDigit(line.charAt(i))) {
        i++;
      }
      if (i < line.length() && (line.charAt(i) == '.' || line.charAt(i) == ')')
          && (i + 1 == line.length() || line.charAt(i + 1) == ' ')) {
        return line.substring(0, i) + "\\" + line.substring(i);
      }
    }
    return line;
  }

  private static boolean onlyChar(String line, char c) {
    for (int i = 0; i < line.length(); i++) {
      char x = line.charAt(i);
      if (x != c && x != ' ') {
        return false;
      }
    }
    return true;
  }
}
