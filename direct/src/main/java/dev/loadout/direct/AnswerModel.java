package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

/**
 * The host's one model call after a direct or deferred tool ran: it turns the tool's result into one short
 * sentence. {@link DirectFlow} calls it at most once per task, never again to make up for a failure: a stage that
 * fails, or an answer that is missing or cut off, is replaced by a short excerpt of the tool data marked as
 * unverified ({@link AnswerShaper#answer}).
 *
 * <p>Implementations send {@link Request#instruction()} with the tool result to their LLM client, capped at
 * {@link Request#maxTokens()} output tokens and within {@link Request#budget()}, and report whether the model
 * stopped at the token cap. They are called from the thread that completed the tool's run.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface AnswerModel {

  /**
   * Asks the model for the short answer.
   *
   * @param request what to ask; never null
   * @return the model's answer; may complete exceptionally, which counts as no answer
   */
  CompletionStage<Reply> answer(Request request);

  /**
   * One request for a short answer.
   *
   * @param context the turn the tool ran in: for a booking, the booking user's ({@link BookedContext})
   * @param question the message the tool ran for: the booking message for a deferred task
   * @param toolName the tool that ran
   * @param toolResult what the model may read of the result, within the turn's result cap
   * @param instruction what to ask for ({@link DirectPrompts#answerInstruction})
   * @param maxTokens the output token cap ({@link DirectSettings#answerTokens()})
   * @param budget what is left of the event for this call and the send
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Request(TurnContext context, String question, String toolName, String toolResult, String instruction,
      int maxTokens, Duration budget) {}

  /**
   * The model's answer.
   *
   * @param text what it wrote: plain text, or JSON {@code {"answer": "…"}}; may be null
   * @param cutOff whether it stopped at the token cap
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Reply(String text, boolean cutOff) {
    /** An answer that was not cut off. */
    public static Reply of(String text) {
      return new Reply(text, false);
    }
  }
}
