package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * One entry of the model's history after {@link BlockedHistory}: the host's entry kept, or a notice in place
 * of a blocked user's messages.
 *
 * @param <M> the host's history entry type
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public sealed interface HistoryItem<M> permits HistoryItem.Kept, HistoryItem.Notice {

  /**
   * The host's entry, unchanged.
   *
   * @param message the entry
   * @param suppressReplyQuote whether the host must leave out its reply annotation, because the message it
   *     replies to was replaced by a notice and quoting it would leak what the blocked user wrote
   * @param <M> the host's entry type
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  record Kept<M>(M message, boolean suppressReplyQuote) implements HistoryItem<M> {}

  /**
   * A system notice standing for one or more consecutive live messages of one blocked user. The host adds it
   * as a system-role entry (an LLM-facing injection, in English, not localised).
   *
   * @param id a synthetic id, {@code synthetic-user-block-<first message id>}
   * @param authorId the blocked user's id
   * @param text the notice text
   * @param replacedMessages how many messages it stands for
   * @param <M> the host's entry type
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  record Notice<M>(String id, String authorId, String text, int replacedMessages) implements HistoryItem<M> {}
}
