package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolResult;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;

/**
 * What the bot does with one message (or one booking turn) in the direct-invocation flow of {@link DirectFlow}:
 * the texts it posts, in order, and whether the host's ordinary chat turn still runs.
 *
 * <p>{@link #posts()} already carries the marker where one belongs; {@link #historyText()} is the short answer
 * without it, to store under {@link ToolAnswerHistory#TOOL_ANSWER_SOURCE} (the marker never enters model
 * history). Immutable.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FlowReply {
  private final DirectDecision decision;
  private final List<String> posts;
  private final String historyText;
  private final ToolResult result;
  private final boolean ordinaryTurn;
  private final CompletionStage<FlowReply> continuation;

  FlowReply(DirectDecision decision, List<String> posts, String historyText, ToolResult result, boolean ordinaryTurn,
      CompletionStage<FlowReply> continuation) {
    this.decision = decision;
    this.posts = List.copyOf(posts);
    this.historyText = historyText;
    this.result = result;
    this.ordinaryTurn = ordinaryTurn;
    this.continuation = continuation;
  }

  static FlowReply posting(DirectDecision decision, List<String> posts) {
    return new FlowReply(decision, posts, null, null, false, null);
  }

  /** The router's decision for the message, or {@link DirectDecision.Booked} for a saved booking. */
  public DirectDecision decision() {
    return decision;
  }

  /** What the bot posts, in order; never null, potentially empty (post nothing). */
  public List<String> posts() {
    return posts;
  }

  /** The tool's short answer without the marker, for history; empty when no tool answered. */
  public Optional<String> historyText() {
    return Optional.ofNullable(historyText);
  }

  /** The tool's result, when a tool ran. */
  public Optional<ToolResult> result() {
    return Optional.ofNullable(result);
  }

  /**
   * Whether the host runs its ordinary chat turn for this message: true only when nothing direct applied. In
   * deferred mode that turn carries {@link DirectFlow#bookingInstruction} and ends in {@link DirectFlow#afterTurn}.
   */
  public boolean runsOrdinaryTurn() {
    return ordinaryTurn;
  }

  /**
   * The auto-continued run of a booking just saved, which posts the tool's answer when it completes; empty when
   * auto-continue is off or could not start, in which case the session's next message claims the booking.
   */
  public Optional<CompletionStage<FlowReply>> continuation() {
    return Optional.ofNullable(continuation);
  }

  @Override
  public String toString() {
    return "FlowReply{" + decision.getClass().getSimpleName() + ", posts=" + posts.size()
        + (ordinaryTurn ? ", ordinary turn" : "") + (continuation == null ? "" : ", continues") + "}";
  }
}
