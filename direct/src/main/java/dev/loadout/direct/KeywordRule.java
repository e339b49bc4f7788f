package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One keyword rule of a tool: a prefix or a whole-message RE2 regular expression, optionally only when the
 * message mentions the bot. Limits are checked when the config is saved (see {@link DirectCatalog}).
 *
 * @param kind prefix or regex; never null
 * @param pattern the prefix text, or the RE2 pattern matched against the whole message; never blank
 * @param requireMention whether the rule matches only messages that mention the bot
 * @param enabled whether the rule is matched at all
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record KeywordRule(Kind kind, String pattern, boolean requireMention, boolean enabled) {

  /** The kind of a rule. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Kind {
    /**
     * The message starts with the text, followed by a space, a colon or the end of the message; the rest is
     * {@code {{input}}}.
     */
    PREFIX,
    /** The whole message matches the RE2 pattern; group 1 (or the whole match) is {@code {{input}}}. */
    REGEX
  }

  /** Checks the parts; the limits are checked when saved. */
  public KeywordRule {
    if (kind == null) {
      throw new IllegalArgumentException("kind must not be null");
    }
    if (pattern == null || pattern.isBlank()) {
      throw new IllegalArgumentException("pattern must not be blank, but was " + (pattern == null ? "null" : "'" + pattern + "'"));
    }
  }

  /** An enabled prefix rule. */
  public static KeywordRule prefix(String prefix) {
    return new KeywordRule(Kind.PREFIX, prefix, false, true);
  }

  /** An enabled whole-message regex rule. */
  public static KeywordRule regex(String pattern) {
    return new KeywordRule(Kind.REGEX, pattern, false, true);
  }

  /** The same rule, matching only messages that mention the bot. */
  public KeywordRule mentionRequired() {
    return new KeywordRule(kind, pattern, true, enabled);
  }

  /** The same rule, switched off. */
  public KeywordRule disabled() {
    return new KeywordRule(kind, pattern, requireMention, false);
  }
}
