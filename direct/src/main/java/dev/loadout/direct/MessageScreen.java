package dev.loadout.direct;

import java.util.List;
import java.util.Locale;

/**
 * Which messages keyword rules never see: too long, quotes, quoted text, code, and messages that start with a
 * negation ("don't search …", "不要搜索 …"), where a match would do the opposite of what was asked.
 */
final class MessageScreen {
  static final int MAX_MESSAGE_CHARS = 512;

  private final List<String> negations;

  MessageScreen(List<String> negationWords) {
    this.negations = negationWords.stream().map(w -> w.toLowerCase(Locale.ROOT)).toList();
  }

  /** Why the message is skipped, or null when rules may see it. */
  String skipReason(IncomingMessage message) {
    String text = message.text().strip();
    if (text.codePointCount(0, text.length()) > MAX_MESSAGE_CHARS) {
      return "longer than " + MAX_MESSAGE_CHARS + " characters";
    }
    if (message.quotes()) {
      return "quotes a message";
    }
    if (text.isEmpty()) {
      return "empty";
    }
    char first = text.charAt(0);
    if (first == '>' || "\"“”'‘’「『«»".indexOf(first) >= 0) {
      return "quoted text";
    }
    if (text.contains("```") || first == '`') {
      return "code";
    }
    String lower = text.toLowerCase(Locale.ROOT);
    for (String w : negations) {
      if (lower.startsWith(w) && endsWord(lower, w)) {
        return "starts with the negation [" + w + "]";
      }
    }
    return null;
  }

  /** A Latin negation must end at a word boundary ("no" is not "now"); a CJK one needs none. */
  private static boolean endsWord(String text, String word) {
    char last = word.charAt(word.length() - 1);
    if (!Character.isLetter(last) || Character.UnicodeScript.of(last) != Character.UnicodeScript.LATIN) {
      return true;
    }
    return text.length() == word.length() || !Character.isLetterOrDigit(text.charAt(word.length()))
        && text.charAt(word.length()) != '\'';
  }
}
