package dev.loadout.direct;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The save-time limits on a keyword regex. RE2 already guarantees matching in time linear in the message;
 * these limits bound the other factor, the compiled program's size, which counted repetition multiplies
 * ({@code (a{64}){64}} compiles to 4,096 states). The estimate below walks the pattern once, counting one
 * unit per atom and multiplying by counted repetitions, nested ones included. It over-counts (alternatives are
 * summed, not maxed), which is the safe direction for a limit.
 */
final class RegexLimits {
  static final int MAX_PATTERN_LENGTH = 160;
  static final int MAX_GROUPS = 9;
  static final int MAX_REPEAT = 64;
  static final int MAX_EXPANSION = 256;

  private RegexLimits() {}

  /** The compiled pattern, or problems (each a sentence without the field name) added to {@code problems}. */
  static Pattern check(String pattern, List<String> problems) {
    int before = problems.size();
    int length = pattern.codePointCount(0, pattern.length());
    if (length > MAX_PATTERN_LENGTH) {
      problems.add("must be at most " + MAX_PATTERN_LENGTH + " characters, but was " + length);
      return null;
    }
    Pattern compiled;
    try {
      compiled = Pattern.compile(pattern);
    } catch (PatternSyntaxException e) {
      problems.add("must be an RE2 regular expression (no look-around, no back-references), but " + e.getDescription()
          + " in [" + pattern + "]");
      return null;
    }
    if (compiled.groupCount() > MAX_GROUPS) {
      problems.add("must have at most " + MAX_GROUPS + " capture groups, but had " + compiled.groupCount());
    }
    Estimate e = estimate(pattern);
    if (e.maxRepeat > MAX_REPEAT) {
      problems.add("must repeat at most " + MAX_REPEAT + " times in one counted repetition, but had {" + e.maxRepeat + "}");
    }
    if (e.size > MAX_EXPANSION) {
      problems.add("must expand to at most " + MAX_EXPANSION + " atoms after counted repetition, but the estimate was "
          + e.size);
    }
    return problems.size() == before ? compiled : null;
  }

  record Estimate(long size, long maxRepeat) {}

  /** One group being read: the sum of its finished alternatives, its current sequence, its last atom. */
  private static final class Frame {
    long alternatives;
    long sequence;
    long last;
  }

  static Estimate estimate(String p) {
    Deque<Frame> stack = new ArrayDeque<>();
    Frame f = new Frame();
    long maxRepeat = 0;
    int i = 0;
    int n = p.length();
    while (i < n) {
      char c = p.charAt(i);
      switch (c) {
        case '\\' -> {
          i = skipEscape(p, i, f);
          continue;
        }
        case '[' -> {
          i = skipClass(p, i);
          atom(f, 1);
          continue;
        }
        case '(' -> {
          stack.push(f);
          f = new Frame();
          i++;
          if (i < n && p.charAt(i) == '?') {
            // (?:…), (?P<name>…), (?i) and (?i:…) are not atoms: skip to the body (or to the ')' of a flag group).
            while (i < n && p.charAt(i) != ':' && p.charAt(i) != '>' && p.charAt(i) != ')') {
              i++;
            }
            if (i < n && p.charAt(i) != ')') {
              i++;
            }
          }
          continue;
        }
        case ')' -> {
          long size = f.alternatives + f.sequence;
          f = stack.isEmpty() ? new Frame() : stack.pop();
          atom(f, size);
          i++;
          continue;
        }
        case '|' -> {
          f.alternatives = cap(f.alternatives + f.sequence);
          f.sequence = 0;
          f.last = 0;
          i++;
          continue;
        }
        case '{' -> {
          long[] q = quantifier(p, i);
          if (q != null) {
            long count = q[1] < 0 ? q[0] + 1 : q[1];
            maxRepeat = Math.max(maxRepeat, Math.max(q[0], q[1]));
            f.sequence = cap(f.sequence - f.last + cap(f.last * count));
            f.last = cap(f.last * count);
            i = (int) q[2];
            continue;
          }
          atom(f, 1);
          i++;
          continue;
        }
        case '*', '+', '?', '^', '$' -> {
          i++;
          continue;
        }
        default -> {
          atom(f, 1);
          i += Character.charCount(p.codePointAt(i));
        }
      }
    }
    while (!stack.isEmpty()) {
      long size = f.alternatives + f.sequence;
      f = stack.pop();
      atom(f, size);
    }
    return new Estimate(cap(f.alternatives + f.sequence), maxRepeat);
  }

  private static void atom(Frame f, long size) {
    f.sequence = cap(f.sequence + size);
    f.last = size;
  }

  private static long cap(long v) {
    return Math.min(v, 1L << 40);
  }

  private static int skipEscape(String p, int i, Frame f) {
    if (i + 1 >= p.length()) {
      return i + 1;
    }
    char e = p.charAt(i + 1);
    if (e == 'Q') {
      int end = p.indexOf("\\E", i + 2);
      int stop = end < 0 ? p.length() : end;
      for (int k = i + 2; k < stop; k++) {
        atom(f, 1);
      }
      return end < 0 ? p.length() : end + 2;
    }
    atom(f, 1);
    if ((e == 'p' || e == 'P' || e == 'x') && i + 2 < p.length() && p.charAt(i + 2) == '{') {
      int close = p.indexOf('}', i + 3);
      return close < 0 ? p.length() : close + 1;
    }
    return i + 2;
  }

  /** The index after the character class opening at {@code i}, POSIX classes ({@code [:alpha:]}) included. */
  private static int skipClass(String p, int i) {
    int k = i + 1;
    if (k < p.length() && p.charAt(k) == '^') {
      k++;
    }
    if (k < p.length() && p.charAt(k) == ']') {
      k++;
    }
    while (k < p.length()) {
      char c = p.charAt(k);
      if (c == '\\') {
        k += 2;
      } else if (c == '[' && k + 1 < p.length() && p.charAt(k + 1) == ':') {
        int close = p.indexOf(":]", k + 2);
        k = close < 0 ? k + 1 : close + 2;
      } else if (c == ']') {
        return k + 1;
      } else {
        k++;
      }
    }
    return k;
  }

  /** {min, max or -1 when open, index after the brace}, or null when the brace is a literal. */
  private static long[] quantifier(String p, int i) {
    int close = p.indexOf('}', i);
    if (close < 0) {
      return null;
    }
    String body = p.substring(i + 1, close);
    int comma = body.indexOf(',');
    try {
      if (comma < 0) {
        long v = digits(body);
        return new long[] {v, v, close + 1};
      }
      long min = digits(body.substring(0, comma));
      String rest = body.substring(comma + 1);
      return new long[] {min, rest.isEmpty() ? -1 : digits(rest), close + 1};
    } catch (NumberFormatException notCounted) {
      return null;
    }
  }

  private static long digits(String s) {
    if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw new NumberFormatException(s);
    }
    return Long.parseLong(s);
  }

  static List<String> problems(String pattern) {
    List<String> out = new ArrayList<>();
    check(pattern, out);
    return out;
  }
}
