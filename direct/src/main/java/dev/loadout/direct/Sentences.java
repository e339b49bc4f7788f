package dev.loadout.direct;

import java.util.Locale;
import java.util.Set;

/**
 * Where the first sentence of a short answer ends, in Chinese and English text. A Chinese end mark (。！？…) always
 * ends a sentence; an ASCII one (. ! ?) only before a space or the end, and a full stop not after an
 * abbreviation ("Dr."), an initial ("J."), a list number ("1.") or inside a URL. Decimals ("3.14") never end a
 * sentence because no space follows their point. A line break ends a sentence, which keeps lists out.
 */
final class Sentences {
  private static final Set<String> ABBREVIATIONS = Set.of("mr", "mrs", "ms", "dr", "prof", "st", "vs", "etc", "e.g",
      "i.e", "inc", "ltd", "jr", "sr", "no", "fig", "approx", "dept", "est", "u.s", "a.m", "p.m", "jan", "feb", "mar",
      "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "co", "corp", "mt", "vol", "ca");
  private static final String CLOSERS = "”’\"')）」』】]》";

  private Sentences() {}

  /** The index just after the first sentence of the text (its length when it is one sentence). */
  static int firstEnd(String text) {
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r') {
        return i;
      }
      if (c == '。' || c == '！' || c == '？' || c == '…' || c == '；') {
        int end = i + 1;
        while (end < n && (text.charAt(end) == '…' || text.charAt(end) == c)) {
          end++;
        }
        return skipClosers(text, end);
      }
      if ((c == '.' || c == '!' || c == '?') && endsHere(text, i)) {
        int end = i + 1;
        while (end < n && (text.charAt(end) == '.' || text.charAt(end) == '!' || text.charAt(end) == '?')) {
          end++;
        }
        end = skipClosers(text, end);
        if (end >= n || Character.isWhitespace(text.charAt(end))) {
          return end;
        }
      }
    }
    return n;
  }

  private static int skipClosers(String text, int end) {
    while (end < text.length() && CLOSERS.indexOf(text.charAt(end)) >= 0) {
      end++;
    }
    return end;
  }

  private static boolean endsHere(String text, int i) {
    int next = i + 1;
    while (next < text.length() && CLOSERS.indexOf(text.charAt(next)) >= 0) {
      next++;
    }
    if (next < text.length() && !Character.isWhitespace(text.charAt(next)) && ".!?".indexOf(text.charAt(next)) < 0) {
      return false;
    }
    if (text.charAt(i) != '.') {
      return true;
    }
    int start = i;
    while (start > 0 && !Character.isWhitespace(text.charAt(start - 1))) {
      start--;
    }
    String word = text.substring(start, i);
    String lower = word.toLowerCase(Locale.ROOT);
    if (word.isEmpty()) {
      return true;
    }
    if (ABBREVIATIONS.contains(lower.replaceAll("^[(\"“']+", ""))) {
      return false;
    }
    if (word.length() == 1 && Character.isUpperCase(word.charAt(0))) {
      return false;
    }
    // "1." at the start of a line numbers a list item; "in 2027." ends a sentence.
    int lineStart = start;
    while (lineStart > 0 && (text.charAt(lineStart - 1) == ' ' || text.charAt(lineStart - 1) == '\t')) {
      lineStart--;
    }
    boolean atLineStart = lineStart == 0 || text.charAt(lineStart - 1) == '\n';
    boolean number = word.length() <= 2 && word.chars().allMatch(Character::isDigit);
    if (number && atLineStart) {
      return false;
    }
    // "Here you go: 1. Open the app" numbers an inline list; "You rolled: 4." ends its sentence on the value.
    boolean afterColon = lineStart > 0 && (text.charAt(lineStart - 1) == ':' || text.charAt(lineStart - 1) == '：');
    return !(number && afterColon && moreTextFollows(text, i + 1));
  }

  private static boolean moreTextFollows(String text, int from) {
    for (int k = from; k < text.length(); k++) {
      char c = text.charAt(k);
      if (c == '\n' || c == '\r') {
        return false;
      }
      if (!Character.isWhitespace(c)) {
        return true;
      }
    }
    return false;
  }

  static boolean isUrl(String token) {
    String t = token.toLowerCase(Locale.ROOT);
    return t.startsWith("http://") || t.startsWith("https://") || t.startsWith("www.") || t.contains("://");
  }
}
