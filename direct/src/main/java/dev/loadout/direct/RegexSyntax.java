package dev.loadout.direct;

import java.util.ArrayList;
import java.util.List;

/**
 * A keyword regex read into a tree of the language it can match, for {@link RegexDfa}: characters as code-point
 * sets, concatenation, alternation and repetition. Captures, laziness and assertions do not change which whole
 * messages a pattern can match, so they are dropped (an assertion becomes the empty string, which can only widen
 * the language). Sets this reader does not model exactly ({@code \p{Han}}, {@code [[:alpha:]]}) widen to any code
 * point. The tree therefore describes a superset of what RE2 matches, never a subset; syntax that cannot be
 * widened safely (inline flags, which change what every later character means, {@code \Q…\E}, a negated class
 * holding a widened set) makes {@link #parse} return null.
 *
 * <p>Patterns reach this reader only after RE2J compiled them with its default (Perl) flags: {@code .} does not
 * match a newline, {@code ^}/{@code $} are the message's ends, negated classes do match a newline, and
 * {@code \d \s \w} are ASCII.
 */
final class RegexSyntax {
  static final int MAX_CODE_POINT = Character.MAX_CODE_POINT;

  /** A node of the tree. */
  sealed interface Node permits Chars, Concat, Alt, Repeat {}

  /** One code point from a set given as sorted, disjoint, inclusive {@code [lo, hi]} pairs. */
  record Chars(int[] ranges) implements Node {
    /** The code point when the set holds exactly one, else -1. */
    int single() {
      return ranges.length == 2 && ranges[0] == ranges[1] ? ranges[0] : -1;
    }
  }

  /** The parts in order; no parts is the empty string. */
  record Concat(List<Node> parts) implements Node {}

  /** Any one of the choices. */
  record Alt(List<Node> choices) implements Node {}

  /** {@code node} repeated {@code min} to {@code max} times; {@code max} -1 means without bound. */
  record Repeat(Node node, int min, int max) implements Node {}

  static final Chars ANY = new Chars(new int[] {0, MAX_CODE_POINT});
  private static final Chars ANY_BUT_NEWLINE = new Chars(new int[] {0, '\n' - 1, '\n' + 1, MAX_CODE_POINT});
  private static final int[] DIGIT = {'0', '9'};
  private static final int[] SPACE = {'\t', '\n', '\f', '\r', ' ', ' '};
  private static final int[] WORD = {'0', '9', 'A', 'Z', '_', '_', 'a', 'z'};

  private final String p;
  private int i;
  /** Whether the class being read holds a widened set, whose complement would be too narrow. */
  private boolean widenedInClass;

  private RegexSyntax(String pattern) {
    this.p = pattern;
  }

  /** The tree of a pattern RE2J compiled, or null when it uses syntax this reader cannot widen safely. */
  static Node parse(String pattern) {
    try {
      RegexSyntax r = new RegexSyntax(pattern);
      Node n = r.alternation();
      return r.i == pattern.length() ? n : null;
    } catch (Unsupported | IndexOutOfBoundsException e) {
      return null;
    }
  }

  /** Thrown inside the reader to give up; {@link #parse} turns it into null. */
  private static final class Unsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unsupported() {
      super(null, null, false, false);
    }
  }

  private Node alternation() {
    List<Node> choices = new ArrayList<>();
    choices.add(concatenation());
    while (i < p.length() && p.charAt(i) == '|') {
      i++;
      choices.add(concatenation());
    }
    return choices.size() == 1 ? choices.get(0) : new Alt(List.copyOf(choices));
  }

  private Node concatenation() {
    List<Node> parts = new ArrayList<>();
    while (i < p.length() && p.charAt(i) != '|' && p.charAt(i) != ')') {
      Node atom = atom();
      if (atom != null) {
        parts.add(quantified(atom));
      } else {
        skipQuantifier(); // RE2 refuses a quantified assertion at compile time; nothing to do for the rest.
      }
    }
    return parts.size() == 1 ? parts.get(0) : new Concat(List.copyOf(parts));
  }

  /** The next atom, or null for an assertion (which widens to the empty string). */
  private Node atom() {
    int c = p.codePointAt(i);
    i += Character.charCount(c);
    switch (c) {
      case '^', '$':
        return null;
      case '.':
        return ANY_BUT_NEWLINE;
      case '[':
        return charClass();
      case '(':
        return group();
      case '\\':
        return escape(false);
      default:
        return new Chars(new int[] {c, c});
    }
  }

  private Node group() {
    if (p.startsWith("?:", i)) {
      i += 2;
    } else if (p.startsWith("?P<", i) || p.startsWith("?<", i)) {
      int close = p.indexOf('>', i);
      if (close < 0) {
        throw new Unsupported();
      }
      i = close + 1;
    } else if (p.startsWith("?", i)) {
      throw new Unsupported(); // (?i), (?s), (?U)… change what the characters after them mean.
    }
    Node inner = alternation();
    if (i >= p.length() || p.charAt(i) != ')') {
      throw new Unsupported();
    }
    i++;
    return inner;
  }

  /** An escape after its backslash: a set, a single code point, or null for an assertion. */
  private Chars escape(boolean inClass) {
    char e = p.charAt(i++);
    switch (e) {
      case 'd': return new Chars(DIGIT);
      case 'D': return new Chars(complement(DIGIT));
      case 's': return new Chars(SPACE);
      case 'S': return new Chars(complement(SPACE));
      case 'w': return new Chars(WORD);
      case 'W': return new Chars(complement(WORD));
      case 'n': return single('\n');
      case 't': return single('\t');
      case 'r': return single('\r');
      case 'f': return single('\f');
      case 'v': return single(0x0B);
      case 'a': return single(0x07);
      case 'C': return ANY;
      case 'p', 'P':
        if (p.charAt(i) == '{') {
          int close = p.indexOf('}', i);
          if (close < 0) {
            throw new Unsupported();
          }
          i = close + 1;
        } else {
          i++;
        }
        return widened();
      case 'x': return single(hex());
      case 'A', 'z', 'b', 'B':
        if (inClass) {
          throw new Unsupported();
        }
        return null;
      default:
        if (e < 0x80 && !Character.isLetterOrDigit(e)) {
          return single(e); // \. \* \\ and every other escaped punctuation are the character itself.
        }
        throw new Unsupported(); // octal, \Q…\E and anything else: no model, no filter.
    }
  }

  /** A set modelled as "any code point": marks the set so a negated class holding it gives up. */
  private Chars widened() {
    widenedInClass = true;
    return ANY;
  }

  private int hex() {
    int end;
    int start;
    if (p.charAt(i) == '{') {
      start = i + 1;
      end = p.indexOf('}', i);
      if (end < 0) {
        throw new Unsupported();
      }
      i = end + 1;
    } else {
      start = i;
      end = i + 2;
      i = end;
    }
    try {
      return Integer.parseInt(p.substring(start, end), 16);
    } catch (NumberFormatException e) {
      throw new Unsupported();
    }
  }

  private Chars charClass() {
    boolean negated = p.charAt(i) == '^';
    if (negated) {
      i++;
    }
    widenedInClass = false;
    List<int[]> parts = new ArrayList<>();
    boolean first = true;
    while (first || p.charAt(i) != ']') {
      first = false;
      if (p.startsWith("[:", i)) {
        int close = p.indexOf(":]", i + 2);
        if (close < 0) {
          throw new Unsupported();
        }
        i = close + 2;
        parts.add(widened().ranges());
        continue;
      }
      int lo = classChar(parts);
      if (lo < 0) {
        continue; // it was a set such as \d, already added
      }
      int hi = lo;
      if (p.charAt(i) == '-' && p.charAt(i + 1) != ']') {
        i++;
        hi = classChar(null);
      }
      parts.add(new int[] {lo, hi});
    }
    i++;
    if (negated && widenedInClass) {
      throw new Unsupported(); // the complement of a widened set would be too narrow
    }
    int[] set = union(parts);
    return new Chars(negated ? complement(set) : set);
  }

  /** One class member: a code point, or -1 after adding a whole set to {@code sets}. */
  private int classChar(List<int[]> sets) {
    int c = p.codePointAt(i);
    i += Character.charCount(c);
    if (c != '\\') {
      return c;
    }
    Chars escaped = escape(true);
    int single = escaped.single();
    if (single >= 0) {
      return single;
    }
    if (sets == null) {
      throw new Unsupported(); // a set as a range end: RE2 refuses it anyway
    }
    sets.add(escaped.ranges());
    return -1;
  }

  private Node quantified(Node atom) {
    Node n = atom;
    while (i < p.length()) {
      char c = p.charAt(i);
      int min;
      int max;
      if (c == '*' || c == '+' || c == '?') {
        i++;
        min = c == '+' ? 1 : 0;
        max = c == '?' ? 1 : -1;
      } else if (c == '{' && counted() != null) {
        int[] mm = counted();
        i = mm[2];
        min = mm[0];
        max = mm[1];
      } else {
        return n;
      }
      if (i < p.length() && p.charAt(i) == '?') {
        i++; // lazy: same language
      }
      n = new Repeat(n, min, max);
    }
    return n;
  }

  /** {@code {n}}, {@code {n,}} or {@code {n,m}} at {@code i}: min, max (-1 = open), the index after; else null. */
  private int[] counted() {
    int close = p.indexOf('}', i);
    if (close < 0) {
      return null;
    }
    String body = p.substring(i + 1, close);
    if (!body.matches("\\d{1,4}(,\\d{0,4})?")) {
      return null; // RE2 reads "{" that starts no repetition as a literal
    }
    int comma = body.indexOf(',');
    if (comma < 0) {
      int n = Integer.parseInt(body);
      return new int[] {n, n, close + 1};
    }
    int min = Integer.parseInt(body.substring(0, comma));
    int max = comma == body.length() - 1 ? -1 : Integer.parseInt(body.substring(comma + 1));
    return new int[] {min, max, close + 1};
  }

  private void skipQuantifier() {
    quantified(ANY);
  }

  private static Chars single(int c) {
    return new Chars(new int[] {c, c});
  }

  /** The sorted, merged union of {@code [lo, hi]} pair arrays. */
  static int[] union(List<int[]> sets) {
    List<int[]> pairs = new ArrayList<>();
    for (int[] s : sets) {
      for (int k = 0; k < s.length; k += 2) {
        pairs.add(new int[] {Math.min(s[k], s[k + 1]), Math.max(s[k], s[k + 1])});
      }
    }
    pairs.sort((a, b) -> Integer.compare(a[0], b[0]));
    List<Integer> out = new ArrayList<>();
    for (int[] r : pairs) {
      int n = out.size();
      if (n > 0 && r[0] <= out.get(n - 1) + 1) {
        out.set(n - 1, Math.max(out.get(n - 1), r[1]));
      } else {
        out.add(r[0]);
        out.add(r[1]);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Every code point not in the sorted, merged set. */
  static int[] complement(int[] set) {
    List<Integer> out = new ArrayList<>();
    int next = 0;
    for (int k = 0; k < set.length; k += 2) {
      if (set[k] > next) {
        out.add(next);
        out.add(set[k] - 1);
      }
      next = set[k + 1] + 1;
    }
    if (next <= MAX_CODE_POINT) {
      out.add(next);
      out.add(MAX_CODE_POINT);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }
}
