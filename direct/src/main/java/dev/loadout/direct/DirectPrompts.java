package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The instructions a host adds to its one model call, in English; hosts may localise them. They ask, the library
 * enforces: the answer is shaped by {@link AnswerShaper} whatever the model writes, and a booking is tied to the
 * current message by {@link DirectRouter#book} whatever the model claims.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DirectPrompts {
  private DirectPrompts() {}

  /**
   * The instruction for the one model call after a tool ran: one short sentence from the tool result only, as
   * JSON {@code {"answer": "…"}} (what {@link AnswerShaper#answer} reads).
   *
   * @param settings for the character cap
   */
  public static String answerInstruction(DirectSettings settings) {
    return "Answer the user's message in ONE sentence of at most " + settings.answerChars() + " characters, using only "
        + "the tool result above. No lists, no links, no promises to look anything up. Reply as JSON: "
        + "{\"answer\": \"...\"}";
  }

  /**
   * The instruction for deferred mode's ordinary turn: the model may book at most one tool call, for the current
   * message only, and writes a short waiting message; the library appends the marker.
   *
   * @param messageId the current message's id, which the booking is tied to
   */
  public static String bookingInstruction(String messageId) {
    if (messageId == null || messageId.isBlank()) {
      throw new IllegalArgumentException("messageId must not be blank, but was " + messageId);
    }
    return "You may call at most one tool, and only for the current message [" + messageId + "]; never repeat a "
        + "search or lookup from earlier history. If you call a tool, also write one short sentence telling the user "
        + "you are looking it up; do not add any tool marker yourself. If no tool is needed, just answer, and never "
        + "say you will check something.";
  }
}
