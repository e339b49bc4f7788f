package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * What an alias may be used for. An alias serves only the purposes it carries: a guild display name, for
 * example, is good for reading what users write but is never written back as a mention.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum AliasPurpose {
  /** Recognising who a user's text refers to. */
  INPUT_REFERENCE,
  /** The name the bot may write when it mentions someone (streamed or in a tool reply). */
  OUTPUT_MENTION,
  /** A name a tool call may use to target someone, such as {@code block_user}'s {@code blocked_user}. */
  TOOL_TARGET,
  /** A name the bot may take when it copies someone's identity. */
  COPIED_IDENTITY,
  /** A word that makes a persona answer. */
  PERSONA_TRIGGER;

  /** The lower_snake_case name, such as {@code tool_target}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
