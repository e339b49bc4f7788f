package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Applies persona blocks to the history a host is about to send to the model.
 *
 * <p>For each live turn or direct media entry whose author has an active {@link BlockType#BLOCK block}, the
 * entry is replaced by one notice:
 * <pre>[System: Alice sent a message but is currently blocked by you for 3 more hours. Use `unblock_user` to unblock if needed]</pre>
 * Consecutive entries of the same blocked author collapse into that one notice; any kept entry in between
 * (another user, a memory) ends the run. Kept entries that reply to a replaced message are marked so the
 * host drops their reply quote. Mutes, expired blocks and entries that are not live turns (memories,
 * reminders, documents, summaries, other users' references) are untouched.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class BlockedHistory {
  /** The prefix of a notice's synthetic id; the first replaced message's id follows it. */
  public static final String NOTICE_ID_PREFIX = "synthetic-user-block-";

  private static final long HOUR_MILLIS = Duration.ofHours(1).toMillis();

  private BlockedHistory() {}

  /**
   * Applies blocks to a history.
   *
   * @param history the host's entries, oldest first; never null
   * @param view how to read them; never null
   * @param blocksByUser the persona's blocks by user id, as from {@link PersonaBlocks#activeByUser}
   * @param now the instant the context is built at
   * @param <M> the host's entry type
   * @return a new list of items in the same order; never null
   */
  public static <M> List<HistoryItem<M>> apply(List<M> history, HistoryView<M> view, Map<String, PersonaBlock> blocksByUser,
      Instant now) {
    if (history == null || view == null || blocksByUser == null || now == null) {
      throw new IllegalArgumentException("history, view, blocks and now must not be null");
    }
    List<HistoryItem<M>> out = new ArrayList<>(history.size());
    Set<String> replaced = new HashSet<>();
    String runAuthor = null;
    for (M message : history) {
      String author = view.authorId(message);
      PersonaBlock block = author == null ? null : blocksByUser.get(author);
      boolean hidden = block != null && block.type() == BlockType.BLOCK && block.isActiveAt(now) && view.isLiveTurn(message);
      if (hidden) {
        replaced.add(view.messageId(message));
        if (author.equals(runAuthor)) {
          HistoryItem.Notice<M> last = (HistoryItem.Notice<M>) out.get(out.size() - 1);
          out.set(out.size() - 1, new HistoryItem.Notice<>(last.id(), last.authorId(), last.text(), last.replacedMessages() + 1));
        } else {
          out.add(new HistoryItem.Notice<>(NOTICE_ID_PREFIX + view.messageId(message), author,
              noticeText(view.authorName(message), block.remainingAt(now)), 1));
          runAuthor = author;
        }
        continue;
      }
      runAuthor = null;
      Optional<String> replyTo = view.replyToId(message);
      out.add(new HistoryItem.Kept<>(message, replyTo != null && replyTo.isPresent() && replaced.contains(replyTo.get())));
    }
    return out;
  }

  /**
   * The notice text for a blocked user with this much block left: the hours are rounded up, at least 1,
   * and "hour" is singular only for 1.
   */
  public static String noticeText(String name, Duration remaining) {
    long hours = Math.max(1, (remaining.toMillis() + HOUR_MILLIS - 1) / HOUR_MILLIS);
    return "[System: " + name + " sent a message but is currently blocked by you for " + hours
        + (hours == 1 ? " more hour" : " more hours") + ". Use `unblock_user` to unblock if needed]";
  }
}
