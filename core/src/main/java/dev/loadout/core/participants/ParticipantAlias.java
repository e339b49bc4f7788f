package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * One name a participant goes by, with what it may be used for.
 *
 * <p>Lookups compare {@link #normalized()} forms only (see {@link #normalize(String)}). A lower
 * {@link #priority()} is preferred: when a participant has several aliases for a purpose, the one with the
 * lowest priority is the one written in mentions.
 *
 * @param value the name as the platform shows it; never blank
 * @param normalized {@code normalize(value)}; never empty
 * @param purposes what the alias may be used for; immutable, possibly empty (a name kept for display only)
 * @param exposure whether the model may be shown the alias
 * @param priority preference among a participant's aliases, lower first; not negative
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record ParticipantAlias(String value, String normalized, Set<AliasPurpose> purposes, AliasExposure exposure,
    int priority) {

  /**
   * Checks the parts; {@code normalized} must be {@code normalize(value)}.
   *
   * @throws IllegalArgumentException naming the part that is unacceptable
   */
  public ParticipantAlias {
    if (value == null || normalize(value).isEmpty()) {
      throw new IllegalArgumentException("alias must not be empty after normalisation, but was "
          + (value == null ? "null" : "'" + value + "'"));
    }
    if (normalized == null || !normalized.equals(normalize(value))) {
      throw new IllegalArgumentException("normalized alias must be normalize(value) = '" + normalize(value) + "', but was "
          + (normalized == null ? "null" : "'" + normalized + "'"));
    }
    if (purposes == null || Nulls.any(purposes)) {
      throw new IllegalArgumentException("alias purposes must be a set without null, but was " + purposes);
    }
    if (exposure == null) {
      throw new IllegalArgumentException("alias exposure must not be null");
    }
    if (priority < 0) {
      throw new IllegalArgumentException("alias priority must not be negative, but was " + priority);
    }
    purposes = purposes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(purposes));
  }

  /**
   * An alias from a name as the platform shows it.
   *
   * @param value the name; not blank after normalisation
   * @param priority preference, lower first; not negative
   * @param exposure whether the model may be shown it
   * @param purposes what it may be used for; possibly empty
   */
  public static ParticipantAlias of(String value, int priority, AliasExposure exposure, Set<AliasPurpose> purposes) {
    return new ParticipantAlias(value, normalize(value), purposes, exposure, priority);
  }

  /** Whether the alias may be used for the purpose. */
  public boolean has(AliasPurpose purpose) {
    return purposes.contains(purpose);
  }

  /**
   * The form lookups compare: leading and trailing whitespace and leading {@code @} signs removed,
   * lower-cased without regard to the default locale, inner whitespace runs collapsed to one space.
   * Idempotent; null reads as empty.
   *
   * <p>Every leading {@code @} goes, not just one, so that normalising twice changes nothing.
   */
  public static String normalize(String value) {
    if (value == null) {
      return "";
    }
    int start = 0;
    int end = value.length();
    while (start < end && (value.charAt(start) == '@' || isSpace(value.charAt(start)))) {
      start++;
    }
    while (end > start && isSpace(value.charAt(end - 1))) {
      end--;
    }
    // Fast path: plain ASCII, already lower-case, single spaces. Most names and every warm lookup of an
    // already-normalised alias take it, which keeps resolution allocation-light.
    boolean simple = true;
    boolean previousSpace = false;
    for (int i = start; i < end; i++) {
      char c = value.charAt(i);
      if (c >= 128 || (c >= 'A' && c <= 'Z') || (isSpace(c) && (c != ' ' || previousSpace))) {
        simple = false;
        break;
      }
      previousSpace = c == ' ';
    }
    String trimmed = value.substring(start, end);
    if (simple) {
      return trimmed;
    }
    String lower = trimmed.toLowerCase(Locale.ROOT);
    StringBuilder out = new StringBuilder(lower.length());
    previousSpace = false;
    for (int i = 0; i < lower.length(); i++) {
      char c = lower.charAt(i);
      if (isSpace(c)) {
        if (!previousSpace) {
          out.append(' ');
        }
        previousSpace = true;
      } else {
        out.append(c);
        previousSpace = false;
      }
    }
    return out.toString();
  }

  private static boolean isSpace(char c) {
    return c == ' ' || Character.isWhitespace(c) || Character.isSpaceChar(c);
  }
}
