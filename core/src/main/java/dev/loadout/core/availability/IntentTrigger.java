package dev.loadout.core.availability;

import com.google.re2j.Pattern;
import dev.loadout.core.internal.regex.UserRegex;
import java.lang.Character.UnicodeScript;
import java.util.Locale;

/**
 * One compiled custom trigger: the {@code ^} wildcard, a literal (optionally a {@code *} stem) or an RE2
 * regular expression. Everything is compiled to RE2 once, at configuration time, so matching a message
 * is linear in its length whatever a guild administrator typed; a regex also passes the one user-regex policy
 * ({@link UserRegex#INTENT_TRIGGER}), which bounds the compiled program's size.
 *
 * <p>Literal rules, which exist because literals are typed by people who do not write regexes:
 * <ul>
 *   <li>case and runs of whitespace are ignored;</li>
 *   <li>an edge of the literal that is a word character (letter, mark, digit, {@code _}) must sit at a
 *       word edge of the message, so {@code pic} does not match "pictures" but {@code c++} matches
 *       "c++ please";</li>
 *   <li>a literal containing Han, Hiragana, Katakana or Hangul matches inside words, since those
 *       scripts do not separate words with spaces ({@code リマインド} matches "リマインドしてね");</li>
 *   <li>a trailing {@code *} makes a word-start stem: {@code lembr*} matches "lembre" but not
 *       "relembrar".</li>
 * </ul>
 */
final class IntentTrigger {
  private static final String WORD = "\\p{L}\\p{M}\\p{N}_";

  private final String description;
  private final Pattern pattern; // null for the wildcard

  private IntentTrigger(String description, Pattern pattern) {
    this.description = description;
    this.pattern = pattern;
  }

  /** Whether the trigger matches the text; the wildcard matches everything, even no text. */
  boolean matches(String text) {
    return pattern == null || pattern.matcher(text).find();
  }

  boolean isWildcard() {
    return pattern == null;
  }

  /** How reasons show the trigger: {@code 'pic'}, {@code 'lembr*'}, {@code /\bsketch\b/} or {@code ^}. */
  String description() {
    return description;
  }

  static IntentTrigger wildcard() {
    return new IntentTrigger("^", null);
  }

  static IntentTrigger literal(IntentFamily family, String text) {
    String t = checkLength(family, "literal", text).replaceAll("\\s+", " ").strip().toLowerCase(Locale.ROOT);
    if (t.equals("^")) {
      return wildcard();
    }
    boolean stem = t.endsWith("*");
    String base = stem ? t.substring(0, t.length() - 1).strip() : t;
    if (base.isEmpty()) {
      throw new IllegalArgumentException("literal trigger of family [" + family + "] must have text before '*', but was '"
          + text + "'");
    }
    boolean insideWords = base.codePoints().anyMatch(IntentTrigger::isCjk);
    StringBuilder re = new StringBuilder();
    int first = base.codePointAt(0);
    int last = base.codePointBefore(base.length());
    if (!insideWords && isWordChar(first)) {
      re.append("(?:^|[^").append(WORD).append("])");
    }
    boolean space = false;
    for (int i = 0; i < base.length(); i += Character.charCount(base.codePointAt(i))) {
      int cp = base.codePointAt(i);
      if (cp == ' ') {
        space = true;
        continue;
      }
      if (space) {
        re.append("\\s+");
        space = false;
      }
      if (Character.isLetterOrDigit(cp)) {
        re.appendCodePoint(cp);
      } else {
        re.append("\\x{").append(Integer.toHexString(cp)).append('}');
      }
    }
    if (!insideWords && !stem && isWordChar(last)) {
      re.append("(?:$|[^").append(WORD).append("])");
    }
    return new IntentTrigger("'" + base + (stem ? "*" : "") + "'", Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE));
  }

  static IntentTrigger regex(IntentFamily family, String regex) {
    String r = checkLength(family, "regex", regex).strip();
    if (r.isEmpty()) {
      throw new IllegalArgumentException("regex trigger of family [" + family + "] must not be blank, but was '" + regex + "'");
    }
    UserRegex.Checked checked = UserRegex.check(r, UserRegex.INTENT_TRIGGER, Pattern.CASE_INSENSITIVE);
    if (checked.syntaxError() != null) {
      throw new IllegalArgumentException("regex trigger /" + r + "/ of family [" + family
          + "] is not a valid RE2 regular expression: " + checked.syntaxError().getDescription(), checked.syntaxError());
    }
    if (checked.pattern() == null) {
      throw new IllegalArgumentException("regex trigger /" + r + "/ of family [" + family + "] "
          + String.join("; ", checked.problems()));
    }
    return new IntentTrigger("/" + r + "/", checked.pattern());
  }

  /**
   * Why a locale pack entry is refused, or null when it is fine. Packs are plain text written by
   * translators and matched for every user whatever their language, so anything that could match far
   * more than intended is refused: regex syntax (including the {@code ^} wildcard and a {@code *} that is
   * not a trailing stem), and a single character without a space (one CJK character is in many words).
   */
  static String localePackProblem(String entry) {
    String e = entry == null ? "" : entry.strip();
    if (e.isEmpty()) {
      return "is empty";
    }
    for (int i = 0; i < e.length(); i++) {
      char c = e.charAt(i);
      if ("^$.()[]{}|\\+?".indexOf(c) >= 0 || (c == '*' && i != e.length() - 1)) {
        return "contains regex syntax [" + c + "]; packs take plain text (a trailing * for a stem)";
      }
    }
    String base = e.endsWith("*") ? e.substring(0, e.length() - 1).strip() : e;
    if (base.codePointCount(0, base.length()) < 2) {
      return "is a single character, which would match inside too many words";
    }
    return null;
  }

  /** Literals and regexes share the policy's length bound, so a trigger's size reads the same whatever its kind. */
  private static String checkLength(IntentFamily family, String kind, String text) {
    if (text == null) {
      throw new IllegalArgumentException(kind + " trigger of family [" + family + "] must not be null");
    }
    String tooLong = UserRegex.lengthProblem(text, UserRegex.INTENT_TRIGGER);
    if (tooLong != null) {
      throw new IllegalArgumentException(kind + " trigger of family [" + family + "] " + tooLong);
    }
    return text;
  }

  static boolean isWordChar(int cp) {
    return Character.isLetterOrDigit(cp) || cp == '_' || Character.getType(cp) == Character.NON_SPACING_MARK
        || Character.getType(cp) == Character.COMBINING_SPACING_MARK;
  }

  static boolean isCjk(int cp) {
    UnicodeScript s = UnicodeScript.of(cp);
    return s == UnicodeScript.HAN || s == UnicodeScript.HIRAGANA || s == UnicodeScript.KATAKANA || s == UnicodeScript.HANGUL;
  }

  @Override
  public String toString() {
    return description;
  }
}
