package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalInt;
import org.apiguardian.api.API;

/**
 * One turn's deliberate-tool-mode settings, as stored by the host: the server's flag, the speaking user's
 * personal setting, the server's context-turns override and the server's custom triggers. Put it in the
 * turn with {@link DeliberateToolMode#SETTINGS}; a turn without it is not deliberate.
 *
 * <p>The personal setting wins over the server flag: {@link Personal#ON} turns the mode on for this user
 * even where the server has it off, {@link Personal#OFF} turns it off, and {@link Personal#FOLLOW} (the
 * default) uses the server flag.
 *
 * <pre>{@code
 * DeliberateSettings s = DeliberateSettings.server(guild.deliberateToolMode())
 *     .withPersonal(DeliberateSettings.Personal.parse(user.deliberateToolMode()))
 *     .withTriggers(guildTriggers);   // compiled once per guild config load
 * }</pre>
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class DeliberateSettings {
  /** The server has the mode off and the user follows it. */
  public static final DeliberateSettings OFF = new DeliberateSettings(false, Personal.FOLLOW, -1, IntentTriggers.none());

  private final boolean server;
  private final Personal personal;
  private final int contextTurns; // -1: use the mode's default
  private final IntentTriggers triggers;

  private DeliberateSettings(boolean server, Personal personal, int contextTurns, IntentTriggers triggers) {
    this.server = server;
    this.personal = personal;
    this.contextTurns = contextTurns;
    this.triggers = triggers;
  }

  /** Settings with the server flag given, the user following it, and nothing else set. */
  public static DeliberateSettings server(boolean serverFlag) {
    return new DeliberateSettings(serverFlag, Personal.FOLLOW, -1, IntentTriggers.none());
  }

  /** The same settings with the user's personal setting. */
  public DeliberateSettings withPersonal(Personal personal) {
    if (personal == null) {
      throw new IllegalArgumentException("personal setting must be off, follow or on, but was null");
    }
    return new DeliberateSettings(server, personal, contextTurns, triggers);
  }

  /**
   * The same settings with the server's own number of context turns for follow-ups, clamped to
   * {@code 0..}{@value DeliberateToolMode#MAX_CONTEXT_TURNS} as the reference does (a stored 12 means
   * 10, not an error).
   */
  public DeliberateSettings withContextTurns(int turns) {
    return new DeliberateSettings(server, personal, DeliberateToolMode.clampTurns(turns), triggers);
  }

  /** The same settings with the server's custom triggers, which add to the bot-wide ones. */
  public DeliberateSettings withTriggers(IntentTriggers triggers) {
    if (triggers == null) {
      throw new IllegalArgumentException("triggers must not be null; use IntentTriggers.none()");
    }
    return new DeliberateSettings(server, personal, contextTurns, triggers);
  }

  /** The server's flag. */
  public boolean serverFlag() {
    return server;
  }

  /** The user's personal setting; {@link Personal#FOLLOW} unless set. */
  public Personal personal() {
    return personal;
  }

  /** The server's context-turns override, already clamped; empty to use the mode's default. */
  public OptionalInt contextTurns() {
    return contextTurns < 0 ? OptionalInt.empty() : OptionalInt.of(contextTurns);
  }

  /** The server's custom triggers; never null. */
  public IntentTriggers triggers() {
    return triggers;
  }

  /** Whether the mode is on for this turn: the personal setting, unless it follows the server flag. */
  public boolean isActive() {
    return personal == Personal.ON || (personal == Personal.FOLLOW && server);
  }

  /** Why it is on or off, for reasons: {@code personal setting [on]} or {@code server setting [off]}. */
  String activation() {
    return personal == Personal.FOLLOW ? "server setting [" + (server ? "on" : "off") + "]"
        : "personal setting [" + personal.name().toLowerCase(Locale.ROOT) + "]";
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof DeliberateSettings)) {
      return false;
    }
    DeliberateSettings s = (DeliberateSettings) o;
    return s.server == server && s.personal == personal && s.contextTurns == contextTurns && s.triggers.equals(triggers);
  }

  @Override
  public int hashCode() {
    return Objects.hash(server, personal, contextTurns, triggers);
  }

  @Override
  public String toString() {
    return "DeliberateSettings{" + activation() + (contextTurns < 0 ? "" : ", contextTurns=" + contextTurns)
        + (triggers.isEmpty() ? "" : ", triggers=" + triggers.families()) + "}";
  }

  /**
   * A user's personal deliberate-tool-mode setting.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public enum Personal {
    /** Never deliberate for this user. */
    OFF,
    /** Use the server flag (the default). */
    FOLLOW,
    /** Always deliberate for this user. */
    ON;

    /**
     * Reads a stored value: {@code off}, {@code follow} or {@code on}, ignoring case and spaces; null or
     * blank reads as {@link #FOLLOW}, the reference's default.
     *
     * @throws IllegalArgumentException for any other value
     */
    public static Personal parse(String value) {
      if (value == null || value.isBlank()) {
        return FOLLOW;
      }
      switch (value.strip().toLowerCase(Locale.ROOT)) {
        case "off":
          return OFF;
        case "follow":
          return FOLLOW;
        case "on":
          return ON;
        default:
          throw new IllegalArgumentException("personal deliberate tool mode must be off, follow or on, but was '" + value + "'");
      }
    }
  }
}
