package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * What sort of participant an identity names. The constants are the kinds Loadout knows; a host may add
 * its own (a Matrix user, a Telegram channel) with {@link #of(String)}.
 *
 * <p>{@link #BOT} is special: bots are never resolved as {@link AliasPurpose#TOOL_TARGET tool targets}.
 *
 * @param name the lower_snake_case name used in serialised ids, such as {@code user}
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record ParticipantKind(String name) {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,31}");

  /** A human member of the chat platform. */
  public static final ParticipantKind USER = new ParticipantKind("user");
  /** A persona the bot speaks as. */
  public static final ParticipantKind PERSONA = new ParticipantKind("persona");
  /** Another bot account; never a tool target. */
  public static final ParticipantKind BOT = new ParticipantKind("bot");
  /** A webhook author. */
  public static final ParticipantKind WEBHOOK = new ParticipantKind("webhook");
  /** A user relayed from another network by a bridge. */
  public static final ParticipantKind BRIDGE_USER = new ParticipantKind("bridge_user");

  /**
   * Checks the name.
   *
   * @throws IllegalArgumentException if the name is not lower_snake_case of at most 32 characters
   */
  public ParticipantKind {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("participant kind must be lower_snake_case of at most 32 characters, but was "
          + (name == null ? "null" : "'" + name + "'"));
    }
  }

  /** The kind with this name: one of the constants or a host's own. */
  public static ParticipantKind of(String name) {
    return new ParticipantKind(name);
  }

  @Override
  public String toString() {
    return name;
  }
}
