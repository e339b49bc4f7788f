package dev.loadout.tools.web;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The metric of {@code shared/bench/htmlmd/score-trafilatura.js} (Trafilatura's {@code eval_common.py}), in
 * Java: per page, the output's Markdown is stripped of its syntax ({@link TokenF1#stripMarkdown}, the
 * scorer's {@code stripMarkdown}) and its whitespace normalised; each segment that must appear ({@code with})
 * and is found is a true positive, else a false negative; each that must not ({@code without}) and is found is
 * a false positive, else a true negative. Counts are summed over pages, then precision, recall and F1.
 *
 * <p>Exactly as the script does it: whitespace is JavaScript's {@code \s} (Unicode spaces, not just ASCII), a
 * page whose normalised text is empty finds nothing (the script tests the string for truth), and a
 * segment is found by a plain substring test.
 */
final class SegmentScore {
  private static final Pattern JS_SPACES = Pattern.compile(
      "[\\t\\n\\x0B\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+");

  /** Sums over pages. */
  static final class Counts {
    long truePositives;
    long falsePositives;
    long falseNegatives;
    long trueNegatives;

    void add(Page page) {
      truePositives += page.foundWith;
      falseNegatives += page.with - page.foundWith;
      falsePositives += page.foundWithout;
      trueNegatives += page.without - page.foundWithout;
    }

    double precision() {
      return (double) truePositives / (truePositives + falsePositives);
    }

    double recall() {
      return (double) truePositives / (truePositives + falseNegatives);
    }

    double f1() {
      double p = precision();
      double r = recall();
      return 2 * p * r / (p + r);
    }
  }

  /** One page's result: how many segments of each kind, and how many were found. */
  record Page(int with, int foundWith, int without, int foundWithout, List<String> missed, List<String> leaked) {}

  private SegmentScore() {}

  /** Scores one page's Markdown, as the script reads it from its file (with the trailing newline written). */
  static Page page(String markdownFile, List<String> with, List<String> without) {
    String text = normalise(TokenF1.stripMarkdown(markdownFile));
    List<String> missed = with.stream().filter(w -> text.isEmpty() || !text.contains(normalise(w))).toList();
    List<String> leaked = without.stream().filter(w -> !text.isEmpty() && text.contains(normalise(w))).toList();
    return new Page(with.size(), with.size() - missed.size(), without.size(), leaked.size(), missed, leaked);
  }

  /** JavaScript's {@code s.replace(/\s+/g, " ").trim()}. */
  static String normalise(String s) {
    String spaced = JS_SPACES.matcher(s).replaceAll(" ");
    int start = 0;
    int end = spaced.length();
    while (start < end && spaced.charAt(start) == ' ') {
      start++;
    }
    while (end > start && spaced.charAt(end - 1) == ' ') {
      end--;
    }
    return spaced.substring(start, end);
  }
}
