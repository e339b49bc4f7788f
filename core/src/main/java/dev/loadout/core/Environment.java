package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the bot runs. Some safety defaults depend on it; production is the default and the strict one.
 *
 * <p>{@link #fromVariables(Map)} is the one reading of {@value #RUN_ENV} behind every {@code fromEnvironment} in
 * Loadout ({@code NetworkPolicy}, {@code McpSettings}, the tools' settings): development only when
 * {@code RUN_ENV} names it with one of {@link #DEVELOPMENT_WORDS} (trimmed, any case); anything else, unset,
 * blank or a word Loadout does not know ({@code staging}, a typo) included, is production. An embeddable
 * library fails safe: a production bot that forgot the variable keeps production's rules.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum Environment {
  /** A deployed bot: strict defaults. */
  PRODUCTION,
  /** A developer's machine: some guards may be relaxed explicitly, never silently. */
  DEVELOPMENT;

  /** The variable that selects the environment. */
  public static final String RUN_ENV = "RUN_ENV";
  /** The values of {@value #RUN_ENV} that select {@link #DEVELOPMENT}: development, dev, local, test. */
  public static final Set<String> DEVELOPMENT_WORDS = Set.of("development", "dev", "local", "test");

  private static final Logger LOG = LoggerFactory.getLogger(Environment.class);
  /** Each distinct reading is logged once per JVM; bounded, since the value is outside Loadout's control. */
  private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

  /**
   * The environment a set of variables names; logs once, at INFO, which one and why.
   *
   * @param variables variable names to values, such as {@link System#getenv()}; never null
   */
  public static Environment fromVariables(Map<String, String> variables) {
    if (variables == null) {
      throw new IllegalArgumentException("variables must not be null; pass System.getenv() or a map");
    }
    String raw = variables.get(RUN_ENV);
    String word = raw == null ? "" : raw.strip().toLowerCase(Locale.ROOT);
    Environment chosen = DEVELOPMENT_WORDS.contains(word) ? DEVELOPMENT : PRODUCTION;
    if (LOGGED.size() < 64 && LOGGED.add(word)) {
      LOG.info("Loadout applies {} rules: {}", chosen.name().toLowerCase(Locale.ROOT), explain(variables));
    }
    return chosen;
  }

  /**
   * Why {@link #fromVariables(Map)} chooses what it does, as one sentence for logs and operator tools, such as
   * "RUN_ENV is not set, and only development, dev, local or test select development".
   */
  public static String explain(Map<String, String> variables) {
    if (variables == null) {
      throw new IllegalArgumentException("variables must not be null");
    }
    String raw = variables.get(RUN_ENV);
    String word = raw == null ? "" : raw.strip().toLowerCase(Locale.ROOT);
    if (DEVELOPMENT_WORDS.contains(word)) {
      return RUN_ENV + " is '" + word + "'";
    }
    String shown = raw == null || raw.isBlank() ? "is not set"
        : "is '" + (raw.length() > 40 ? raw.substring(0, 40) + "…" : raw).replaceAll("\\p{Cntrl}", "?") + "'";
    return RUN_ENV + " " + shown + ", and only development, dev, local or test select development";
  }
}
