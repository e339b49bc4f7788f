package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * A typed identity: a kind and the platform's id for it, serialised as {@code kind:id}
 * ({@code user:123456789012345678}, {@code persona:7}). Two ids are equal when kind and id are equal, so a
 * user and a persona that happen to share a raw id never merge.
 *
 * @param kind what sort of participant; never null
 * @param id the platform's id; never blank
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record ParticipantId(ParticipantKind kind, String id) {

  /**
   * Checks both parts.
   *
   * @throws IllegalArgumentException if the kind is null or the id is null or blank
   */
  public ParticipantId {
    if (kind == null) {
      throw new IllegalArgumentException("participant kind must not be null");
    }
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException(kind + " id must not be empty, but was " + (id == null ? "null" : "'" + id + "'"));
    }
  }

  /** A user id. */
  public static ParticipantId user(String id) {
    return new ParticipantId(ParticipantKind.USER, id);
  }

  /** A persona id. */
  public static ParticipantId persona(String id) {
    return new ParticipantId(ParticipantKind.PERSONA, id);
  }

  /** A bot id. */
  public static ParticipantId bot(String id) {
    return new ParticipantId(ParticipantKind.BOT, id);
  }

  /**
   * Reads the {@code kind:id} form; the kind ends at the first colon, so ids may contain colons.
   *
   * @throws IllegalArgumentException if the text has no colon, or either part is unacceptable
   */
  public static ParticipantId parse(String serialised) {
    int colon = serialised == null ? -1 : serialised.indexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException("participant id must look like kind:id, but was "
          + (serialised == null ? "null" : "'" + serialised + "'"));
    }
    return new ParticipantId(ParticipantKind.of(serialised.substring(0, colon)), serialised.substring(colon + 1));
  }

  /** The {@code kind:id} form. */
  public String serialised() {
    return kind.name() + ":" + id;
  }

  /** The {@code kind:id} form. */
  @Override
  public String toString() {
    return serialised();
  }
}
