package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How {@link BlockedHistory} reads the host's own history entries, so the host keeps its message type.
 *
 * @param <M> the host's history entry type
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface HistoryView<M> {

  /** The entry's message id; never null. */
  String messageId(M message);

  /** The author's raw user id; null when the entry has no user author (a system or bot entry). */
  String authorId(M message);

  /** The author's name as the persona knows it, used in the notice; never null for a user entry. */
  String authorName(M message);

  /**
   * Whether the entry is one of the author's live dialogue turns or direct media, which a block replaces.
   * Memories, reminders, documents, summaries and references written by others are not: return false, and
   * they stay as they are.
   */
  boolean isLiveTurn(M message);

  /** The id of the message this entry replies to (and may quote), if any. */
  Optional<String> replyToId(M message);
}
