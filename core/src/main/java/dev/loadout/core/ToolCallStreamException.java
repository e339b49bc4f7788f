package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A stream event a {@link ToolCallAccumulator} could not take, with a stable {@link Problem} and a message that
 * names the dialect and the event's number in the stream but never quotes its content (arguments may carry user
 * data).
 *
 * <p>No call is lost to it: {@link #completedCalls()} holds the calls the same event completed before the problem
 * was found (an event may carry fragments of several calls), and every call completed earlier is still in
 * {@link ToolCallAccumulator#completed()} and {@link ToolCallAccumulator#finish()}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolCallStreamException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** What went wrong; whether the accumulator takes further events depends on it. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Problem {
    /**
     * The event is not one JSON object, or contradicts the stream (arguments for a call that was already complete).
     * The event is ignored and the accumulator takes the next one.
     */
    MALFORMED_EVENT,
    /**
     * The provider reported an error inside the stream (an {@code error} event or object). The accumulator takes
     * further events, though a provider usually sends none after it; calls still open are reported by
     * {@link ToolCallAccumulator#finish()}.
     */
    PROVIDER_ERROR,
    /** The event uses a streaming feature Loadout does not read (Vertex AI's {@code partialArgs}); ignored. */
    UNSUPPORTED_EVENT,
    /**
     * One call's arguments passed {@link ToolCallAccumulator.Builder#maxArgumentsChars(int)}. The accumulator stops:
     * further events are refused, and the call is reported as incomplete.
     */
    ARGUMENTS_TOO_LONG,
    /** A call beyond {@link ToolCallAccumulator.Builder#maxCalls(int)} began. The accumulator stops, as above. */
    TOO_MANY_CALLS
  }

  private final Problem problem;
  private final transient List<ToolCall> completed;

  ToolCallStreamException(Problem problem, String message, Throwable cause) {
    this(problem, message, cause, List.of());
  }

  private ToolCallStreamException(Problem problem, String message, Throwable cause, List<ToolCall> completed) {
    super(message, cause);
    this.problem = problem;
    this.completed = completed;
  }

  /** The same problem, carrying the calls the event completed before it. */
  ToolCallStreamException withCompleted(List<ToolCall> calls) {
    ToolCallStreamException e = new ToolCallStreamException(problem, getMessage(), getCause(), List.copyOf(calls));
    e.setStackTrace(getStackTrace());
    return e;
  }

  /** The stable kind of problem. */
  public Problem problem() {
    return problem;
  }

  /** The calls the failing event completed before the problem, in completion order; never null, usually empty. */
  public List<ToolCall> completedCalls() {
    return completed == null ? List.of() : completed;
  }
}
