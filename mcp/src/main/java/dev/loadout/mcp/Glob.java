package dev.loadout.mcp;

import java.util.ArrayList;
import java.util.List;

/**
 * One validated tool-name glob of a {@link ToolSelection}: {@code *} matches any run of characters, including
 * none, and every other character matches itself, exact case.
 *
 * <p>The pattern is split once at its stars into literal parts. A name matches when it starts with the first
 * part, ends with the last, and holds the middle parts in order, in between. Each middle part is taken at its
 * leftmost place after the previous one: leftmost is never worse, because a later part can only gain room
 * from an earlier end. So the match never backtracks, whatever the stars; its cost is at most the name's
 * length times the pattern's (at most 128), never exponential as a backtracking regex over {@code *a*a*a…}
 * would be. No regex is built from the pattern.
 */
final class Glob {
  private static final int SHOWN_CODE_POINTS = 128;

  private final String text;
  private final String head;
  private final String tail;
  private final List<String> middle;
  private final boolean hasStar;

  private Glob(String text) {
    this.text = text;
    List<String> parts = split(text);
    this.hasStar = parts.size() > 1;
    this.head = parts.get(0);
    this.tail = hasStar ? parts.get(parts.size() - 1) : "";
    List<String> inner = new ArrayList<>();
    for (String p : parts.subList(hasStar ? 1 : 0, hasStar ? parts.size() - 1 : 0)) {
      if (!p.isEmpty()) {
        // "a**b" has an empty middle part; it constrains nothing.
        inner.add(p);
      }
    }
    this.middle = List.copyOf(inner);
  }

  /**
   * Checks a trimmed pattern against the rules of {@link ToolSelection}.
   *
   * @param list the list's name for the message, {@code allowlist} or {@code denylist}
   * @throws IllegalArgumentException naming the list, the pattern and the rule broken
   */
  static void check(String list, String pattern) {
    if (pattern.isEmpty() || pattern.length() > ToolSelection.MAX_PATTERN_CHARS) {
      throw new IllegalArgumentException(list + " pattern [" + shown(pattern) + "] must be 1 to "
          + ToolSelection.MAX_PATTERN_CHARS + " characters, but had " + pattern.length());
    }
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (!allowed(c)) {
        throw new IllegalArgumentException(list + " pattern [" + shown(pattern) + "] may contain only ASCII letters, "
            + "digits, '_', '-', '.', '/' and '*', but character " + (i + 1) + " is " + describe(c));
      }
    }
  }

  /** The MCP tool-name alphabet, and the star. */
  private static boolean allowed(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
        || c == '.' || c == '/' || c == '*';
  }

  private static String describe(char c) {
    return c > ' ' && c < 0x7f ? "'" + c + "'" : c == ' ' ? "' '" : String.format("U+%04X", (int) c);
  }

  /**
   * Untrusted text (a typed pattern, a server's tool name) made fit for a message: control characters become
   * U+FFFD and anything past 128 code points is cut with an ellipsis.
   */
  static String shown(String text) {
    StringBuilder out = new StringBuilder();
    int count = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      if (count == SHOWN_CODE_POINTS) {
        return out.append('…').toString();
      }
      out.appendCodePoint(Character.isISOControl(cp) ? 0xFFFD : cp);
      count++;
      i += Character.charCount(cp);
    }
    return out.toString();
  }

  /** A glob of a pattern that passed {@link #check}. */
  static Glob of(String text) {
    return new Glob(text);
  }

  String text() {
    return text;
  }

  boolean matches(String name) {
    if (!hasStar) {
      return name.equals(text);
    }
    if (name.length() < head.length() + tail.length() || !name.startsWith(head) || !name.endsWith(tail)) {
      return false;
    }
    // The tail is fixed at the end, so the middle parts must fit in [from, end).
    int from = head.length();
    int end = name.length() - tail.length();
    for (String part : middle) {
      int at = name.indexOf(part, from);
      if (at < 0 || at + part.length() > end) {
        return false;
      }
      from = at + part.length();
    }
    return true;
  }

  private static List<String> split(String text) {
    List<String> parts = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '*') {
        parts.add(text.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(text.substring(start));
    return parts;
  }

  @Override
  public String toString() {
    return text;
  }
}
