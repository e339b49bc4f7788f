package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A participant as listed in a conversation's users metadata: a projection of the
 * {@link ParticipantTargetIndex}, never a second source of names.
 *
 * @param id the identity
 * @param label the primary name
 * @param aliases the visible tool-target aliases, preferred first; immutable
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record ConversationReference(ParticipantId id, String label, List<String> aliases) {
  /** Checks the parts and copies the aliases. */
  public ConversationReference {
    if (id == null || label == null || aliases == null || Nulls.any(aliases)) {
      throw new IllegalArgumentException("conversation reference needs an id, a label and aliases, but got "
          + id + ", " + label + ", " + aliases);
    }
    aliases = List.copyOf(aliases);
  }
}
