package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Custom phrases that show a family's intent, compiled once: a bot-wide set given to
 * {@link DeliberateToolMode.Builder#triggers(IntentTriggers)}, and optionally a per-guild set carried by
 * {@link DeliberateSettings#triggers()} (build it when the guild's settings load, not per message).
 *
 * <h2>Kinds of trigger</h2>
 * <ul>
 *   <li><b>Literal</b> ({@link Builder#literal}): matched as a whole word when it is word-like
 *       ({@code pic} matches "a pic please", not "pictures"); a literal in Chinese, Japanese or Korean
 *       script matches inside longer words ({@code 알림} matches "알림을 설정해 줘"); a trailing {@code *}
 *       makes a word-start stem ({@code lembr*} matches "me lembre", not "relembrar"); {@code ^} alone is
 *       a wildcard that matches every turn, even one without message text. Case and runs of spaces are
 *       ignored.</li>
 *   <li><b>Regular expression</b> ({@link Builder#regex}): RE2 syntax, matched case-insensitively
 *       anywhere in the message. RE2 runs in time linear in the message, so no pattern can stall a
 *       turn; a pattern RE2 cannot compile is refused here, with the family and the pattern in the
 *       message.</li>
 *   <li><b>Locale pack entry</b> ({@link Builder#localePack}): a literal written by a translator. Packs
 *       apply whatever language the user writes in, so they are stricter: regex syntax, the wildcard
 *       and single characters without a space are refused.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class IntentTriggers {
  private static final IntentTriggers NONE = new IntentTriggers(Map.of());

  private final Map<IntentFamily, List<IntentTrigger>> triggers;

  private IntentTriggers(Map<IntentFamily, List<IntentTrigger>> triggers) {
    this.triggers = triggers;
  }

  /** No triggers. */
  public static IntentTriggers none() {
    return NONE;
  }

  /** Starts an empty set. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads TomoriBot's stored trigger map: family name → list of entries, each either a string (a
   * literal, {@code ^} or a stem) or a map {@code {"type": "literal"|"regex", "value": "…"}}.
   *
   * @throws IllegalArgumentException naming the family and the entry that cannot be read
   */
  public static IntentTriggers fromMap(Map<String, ? extends Collection<?>> map) {
    if (map == null) {
      throw new IllegalArgumentException("trigger map must not be null");
    }
    Builder b = builder();
    for (Map.Entry<String, ? extends Collection<?>> e : map.entrySet()) {
      IntentFamily family = IntentFamily.of(e.getKey());
      if (e.getValue() == null) {
        throw new IllegalArgumentException("triggers of family [" + family + "] must be a list, but was null");
      }
      for (Object entry : e.getValue()) {
        if (entry instanceof String) {
          b.literal(family, (String) entry);
        } else if (entry instanceof Map && ((Map<?, ?>) entry).get("value") instanceof String) {
          Object type = ((Map<?, ?>) entry).get("type");
          String value = (String) ((Map<?, ?>) entry).get("value");
          if ("regex".equals(type)) {
            b.regex(family, value);
          } else if (type == null || "literal".equals(type)) {
            b.literal(family, value);
          } else {
            throw new IllegalArgumentException("trigger type of family [" + family + "] must be 'literal' or 'regex', but was "
                + type);
          }
        } else {
          throw new IllegalArgumentException("trigger of family [" + family + "] must be a string or {type, value}, but was "
              + entry);
        }
      }
    }
    return b.build();
  }

  /** The families that have at least one trigger, in the order they were first given. */
  public java.util.Set<IntentFamily> families() {
    return triggers.keySet();
  }

  /** Whether there are no triggers at all. */
  public boolean isEmpty() {
    return triggers.isEmpty();
  }

  /** Each family's triggers as reasons show them ({@code 'pic'}, {@code /\bsketch\b/}, {@code ^}). */
  public Map<IntentFamily, List<String>> describe() {
    Map<IntentFamily, List<String>> out = new LinkedHashMap<>();
    triggers.forEach((f, list) -> out.put(f, list.stream().map(IntentTrigger::description).toList()));
    return java.util.Collections.unmodifiableMap(out);
  }

  /** For each family with a matching trigger, the first trigger that matched, in family order of this set. */
  void matchInto(String text, Map<IntentFamily, String> out) {
    for (Map.Entry<IntentFamily, List<IntentTrigger>> e : triggers.entrySet()) {
      if (out.containsKey(e.getKey())) {
        continue;
      }
      for (IntentTrigger t : e.getValue()) {
        if (t.matches(text)) {
          out.put(e.getKey(), t.description());
          break;
        }
      }
    }
  }

  @Override
  public String toString() {
    return "IntentTriggers" + describe();
  }

  /**
   * Builds {@link IntentTriggers}. Each method compiles its trigger at once and rejects a bad one with a
   * message naming the family and the trigger.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final Map<IntentFamily, List<IntentTrigger>> triggers = new LinkedHashMap<>();

    private Builder() {}

    /**
     * Adds a literal: whole-word when word-like, inside words in CJK scripts, a word-start stem with a
     * trailing {@code *}, or the wildcard when it is {@code ^}.
     *
     * @throws IllegalArgumentException if the literal is null, blank, only {@code *} or over 500 characters
     */
    public Builder literal(IntentFamily family, String literal) {
      String t = literal == null ? null : literal.strip();
      if (t != null && t.isEmpty()) {
        throw new IllegalArgumentException("literal trigger of family [" + family(family) + "] must not be blank, but was '"
            + literal + "'");
      }
      return add(family, IntentTrigger.literal(family(family), literal));
    }

    /**
     * Adds an RE2 regular expression, matched case-insensitively anywhere in the message.
     *
     * @throws IllegalArgumentException if RE2 cannot compile it (the message names family and pattern)
     */
    public Builder regex(IntentFamily family, String regex) {
      return add(family, IntentTrigger.regex(family(family), regex));
    }

    /** Adds the wildcard: the family's intent is shown on every turn. */
    public Builder wildcard(IntentFamily family) {
      return add(family, IntentTrigger.wildcard());
    }

    /**
     * Adds one family's entries of a locale's intent pack. Entries are plain literals (a trailing
     * {@code *} stem is allowed); they apply whatever the user's language, as packs are meant to.
     *
     * @param locale the pack's locale, named in error messages
     * @throws IllegalArgumentException naming the locale, family and entry if an entry is empty, uses regex
     *     syntax or the wildcard, or is a single character without a space
     */
    public Builder localePack(Locale locale, IntentFamily family, Collection<String> entries) {
      if (locale == null || entries == null) {
        throw new IllegalArgumentException("a locale pack needs a locale and entries, but got " + locale + ", " + entries);
      }
      IntentFamily f = family(family);
      List<IntentTrigger> compiled = new ArrayList<>(entries.size());
      for (String entry : entries) {
        String problem = IntentTrigger.localePackProblem(entry);
        if (problem != null) {
          throw new IllegalArgumentException("locale pack entry " + (entry == null ? "null" : "'" + entry + "'") + " of family ["
              + f + "] for locale [" + locale.toLanguageTag() + "] " + problem);
        }
        compiled.add(IntentTrigger.literal(f, entry));
      }
      compiled.forEach(t -> add(f, t));
      return this;
    }

    /** Adds every trigger of another set, after the ones already here. */
    public Builder addAll(IntentTriggers other) {
      if (other == null) {
        throw new IllegalArgumentException("triggers must not be null");
      }
      other.triggers.forEach((f, list) -> list.forEach(t -> add(f, t)));
      return this;
    }

    private Builder add(IntentFamily family, IntentTrigger trigger) {
      triggers.computeIfAbsent(family(family), f -> new ArrayList<>()).add(trigger);
      return this;
    }

    private static IntentFamily family(IntentFamily family) {
      if (family == null) {
        throw new IllegalArgumentException("intent family must not be null");
      }
      return family;
    }

    /** Builds the immutable set. */
    public IntentTriggers build() {
      if (triggers.isEmpty()) {
        return NONE;
      }
      Map<IntentFamily, List<IntentTrigger>> copy = new LinkedHashMap<>();
      triggers.forEach((f, list) -> copy.put(f, List.copyOf(list)));
      return new IntentTriggers(java.util.Collections.unmodifiableMap(copy));
    }
  }
}
