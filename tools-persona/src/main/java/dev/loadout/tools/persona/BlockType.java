package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How far a persona block goes.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum BlockType {
  /** The user cannot trigger the persona; what they wrote stays in its context. */
  MUTE,
  /** As {@link #MUTE}, and their recent live messages and media are replaced by a notice in its context. */
  BLOCK;

  /** The lower-case name used in tool arguments and storage: {@code mute} or {@code block}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The type with this wire name (exact, lower-case), if any. */
  public static Optional<BlockType> fromWireName(String name) {
    for (BlockType t : values()) {
      if (t.wireName().equals(name)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }
}
