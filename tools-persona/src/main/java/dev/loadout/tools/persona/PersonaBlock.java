package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.apiguardian.api.API;

/**
 * One block of a user by a persona in a guild, until {@link #expiresAt()}. Instants are kept at millisecond
 * precision, the precision every store keeps.
 *
 * @param key which guild, persona and user
 * @param type mute or block
 * @param reason why, as the persona gave it; never null
 * @param createdAt when it was (last) set
 * @param expiresAt when it stops applying; after {@code createdAt}
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record PersonaBlock(Key key, BlockType type, String reason, Instant createdAt, Instant expiresAt) {

  /**
   * Checks the parts and truncates the instants to milliseconds.
   *
   * @throws IllegalArgumentException naming the part that is unacceptable
   */
  public PersonaBlock {
    if (key == null || type == null || reason == null || createdAt == null || expiresAt == null) {
      throw new IllegalArgumentException("persona block needs a key, type, reason, creation and expiry, but got "
          + key + ", " + type + ", " + (reason == null ? null : "reason") + ", " + createdAt + ", " + expiresAt);
    }
    createdAt = createdAt.truncatedTo(ChronoUnit.MILLIS);
    expiresAt = expiresAt.truncatedTo(ChronoUnit.MILLIS);
    if (!expiresAt.isAfter(createdAt)) {
      throw new IllegalArgumentException("expiresAt must be after createdAt " + createdAt + ", but was " + expiresAt);
    }
  }

  /** Whether the block still applies at this instant. */
  public boolean isActiveAt(Instant now) {
    return expiresAt.isAfter(now);
  }

  /** How long it still applies from this instant; zero once expired. */
  public Duration remainingAt(Instant now) {
    return isActiveAt(now) ? Duration.between(now, expiresAt) : Duration.ZERO;
  }

  /**
   * The scope of a block: one user, for one persona, in one guild. A store keeps at most one block per key.
   *
   * @param guildId the guild
   * @param personaId the persona
   * @param userId the blocked user's raw id
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public record Key(String guildId, String personaId, String userId) {
    /** Checks that no part is blank. */
    public Key {
      check("guildId", guildId);
      check("personaId", personaId);
      check("userId", userId);
    }

    private static void check(String part, String value) {
      if (value == null || value.isBlank()) {
        throw new IllegalArgumentException(part + " must not be blank, but was " + (value == null ? "null" : "'" + value + "'"));
      }
    }
  }
}
