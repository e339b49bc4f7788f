package dev.loadout.core.internal.regex;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The one policy for RE2 patterns that people write: intent triggers (core's availability) and keyword rules
 * (direct invocation). RE2 already guarantees matching in time linear in the message; the policy bounds the other
 * factor, the compiled program's size, which length alone does not, since counted repetition multiplies it
 * ({@code (a{64}){64}} compiles to 4,096 states from 11 characters).
 *
 * <p>Each use gets its {@link Limits} (keyword rules are short and run on every message of a guild; intent triggers
 * may be long alternations of phrases), but the checks, their order and their messages are these. Length counts
 * code points, so a CJK or emoji pattern is measured as people count it. The size estimate walks the pattern once,
 * iteratively (a pattern of ten thousand {@code (} cannot exhaust the stack), counting one unit per atom and
 * multiplying by counted repetitions, nested ones included; it over-counts (alternatives are summed, not maxed),
 * which is the safe direction for a limit.
 */
@API(status = INTERNAL, since = "0.1")
public final class UserRegex {
  /** Bounds for one use; each problem sentence names the bound it broke. */
  @API(status = INTERNAL, since = "0.1")
  public record Limits(int maxLength, int maxGroups, int maxRepeat, int maxExpansion) {}

  /** Keyword rules of direct invocation: short, matched against every message of a guild. */
  public static final Limits KEYWORD_RULE = new Limits(160, 9, 64, 256);

  /**
   * Intent triggers: long enough for an alternation of phrases, a repetition as large as the built-in phrases use
   * ({@code .{0,120}}) and RE2's own ceiling of 1,000; groups are not used, so not limited.
   */
  public static final Limits INTENT_TRIGGER = new Limits(500, Integer.MAX_VALUE, 1_000, 1_024);

  /**
   * A checked pattern: compiled, or refused with the syntax error and/or the broken bounds.
   *
   * @param pattern the compiled pattern, null when refused
   * @param syntaxError RE2's complaint when the text does not compile, else null
   * @param problems every reason it was refused, each a sentence without a subject ("must be at most 160
   *     characters, but was 200"), the syntax error in the standard wording first; empty when it compiled
   */
  @API(status = INTERNAL, since = "0.1")
  public record Checked(Pattern pattern, PatternSyntaxException syntaxError, List<String> problems) {
    public Checked {
      problems = List.copyOf(problems);
    }
  }

  private UserRegex() {}

  /** The sentence for an over-long pattern, or null when it fits: shared with rules that are not regexes. */
  public static String lengthProblem(String text, Limits limits) {
    int length = text.codePointCount(0, text.length());
    return length > limits.maxLength() ? "must be at most " + limits.maxLength() + " characters, but was " + length : null;
  }

  /**
   * Checks and compiles a pattern. Length is checked first and alone, so an over-long pattern is never compiled.
   *
   * @param flags RE2J {@link Pattern} flags
   */
  public static Checked check(String pattern, Limits limits, int flags) {
    String tooLong = lengthProblem(pattern, limits);
    if (tooLong != null) {
      return new Checked(null, null, List.of(tooLong));
    }
    Pattern compiled;
    try {
      compiled = Pattern.compile(pattern, flags);
    } catch (PatternSyntaxException e) {
      return new Checked(null, e, List.of(syntaxSentence(e, pattern)));
    }
    List<String> problems = new ArrayList<>();
    if (compiled.groupCount() > limits.maxGroups()) {
      problems.add("must have at most " + limits.maxGroups() + " capture groups, but had " + compiled.groupCount());
    }
    Estimate e = estimate(pattern);
    if (e.maxRepeat > limits.maxRepeat()) {
      problems.add("must repeat at most " + limits.maxRepeat() + " times in one counted repetition, but had {" + e.maxRepeat
          + "}");
    }
    if (e.size > limits.maxExpansion()) {
      problems.add("must expand to at most " + limits.maxExpansion() + " atoms after counted repetition, but the estimate"
          + " was " + e.size);
    }
    return new Checked(problems.isEmpty() ? compiled : null, null, problems);
  }

  /** Every reason a pattern is refused, in the standard wording; empty when it is accepted. */
  public static List<String> problems(String pattern, Limits limits, int flags) {
    return check(pattern, limits, flags).problems();
  }

  static String syntaxSentence(PatternSyntaxException e, String pattern) {
    return "must be an RE2 regular expression (no look-around, no back-references), but " + e.getDescription() + " in ["
        + pattern + "]";
  }

  /** The program-size estimate: atoms after counted repetition, and the largest repetition count. */
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
}
