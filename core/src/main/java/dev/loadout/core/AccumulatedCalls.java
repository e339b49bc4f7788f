package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * What a streamed response called, once the stream is over ({@link ToolCallAccumulator#finish()}): every call that
 * completed, and every call that began but did not.
 *
 * @param calls the complete calls in the order the model made them (the provider's positions), the same calls
 *     {@link ToolCallAccumulator#accept(String)} handed out as each finished; never null
 * @param incomplete the calls that began but never finished, in the model's order; none of them was handed out,
 *     so none may be executed. Never null, empty when every call finished.
 * @param ended whether the provider's own end of the response arrived (OpenAI Chat {@code finish_reason} or
 *     {@code [DONE]}, Responses {@code response.completed}, Anthropic {@code message_stop}, Gemini
 *     {@code finishReason}); false for a stream cut off, even between calls
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AccumulatedCalls(List<ToolCall> calls, List<Incomplete> incomplete, boolean ended) {
  /** Copies the lists. */
  public AccumulatedCalls {
    calls = List.copyOf(calls);
    incomplete = List.copyOf(incomplete);
  }

  /** Whether the stream ended normally with every call complete. */
  public boolean isComplete() {
    return ended && incomplete.isEmpty();
  }

  /**
   * A call that began in the stream and never finished.
   *
   * @param position its position among the response's calls, as the provider numbered them
   * @param id the id the provider sent, or empty when none had arrived
   * @param name the tool name, or empty when it had not arrived
   * @param receivedChars how many characters of arguments had arrived
   * @param reason why it is incomplete
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Incomplete(int position, String id, String name, int receivedChars, Reason reason) {}

  /** Why a call is incomplete. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Reason {
    /** The stream ended (or was cut off) before the call's end arrived. */
    CUT_OFF,
    /** Its arguments passed the accumulator's limit; the rest was not kept. */
    ARGUMENTS_TOO_LONG,
    /** The accumulator stopped at a limit another call crossed before this call's end arrived. */
    STOPPED
  }
}
