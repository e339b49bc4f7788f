package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the host does with a message, as decided by {@link DirectRouter#route(IncomingMessage)}. The host sends
 * every reply; the texts here are the library's defaults, in English, for hosts that want them.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface DirectDecision {

  /** The session's task (if any) was cancelled; the host handles its clear or cancel command as usual. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Cancel(java.util.Optional<ToolTask> cancelled) implements DirectDecision {}

  /** Nothing direct: the ordinary chat flow continues. The task store was not touched in keyword mode. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record NotMatched() implements DirectDecision {}

  /**
   * Several different tools or arguments matched; nothing is called.
   *
   * @param candidates the distinct candidates, in tool order
   * @param replyText a reply asking the user to name the slash command
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Ambiguous(List<Candidate> candidates, String replyText) implements DirectDecision {
    /** Copies the list. */
    public Ambiguous {
      candidates = List.copyOf(candidates);
    }
  }

  /** One candidate of an ambiguous message: the tool and its slash command (null when it has none). */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Candidate(String toolName, String command) {}

  /**
   * The tool matched but is not called: a parameter is missing, has the wrong type, or breaks the schema.
   *
   * @param toolName the tool
   * @param reason which check failed
   * @param message what is wrong, safe to show the user
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Invalid(String toolName, InvalidReason reason, String message) implements DirectDecision {}

  /** Why a direct call is invalid. */
  @API(status = EXPERIMENTAL, since = "0.1")
  enum InvalidReason {
    /** A placeholder's value is empty, such as {@code /search} with no text. */
    MISSING_PARAMETER,
    /** A {@code number:} or {@code boolean:} placeholder's value does not convert. */
    TYPE_ERROR,
    /** The expanded arguments break the tool's JSON Schema. */
    SCHEMA_VIOLATION,
    /** The tool is not available on this turn. */
    NOT_AVAILABLE
  }

  /** Another task holds the session's slot; no tool call and no model call. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Busy(String toolName, ToolTask current) implements DirectDecision {}

  /** The session's cooldown is not over; no tool call and no model call. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record CoolingDown(String toolName, long secondsLeft) implements DirectDecision {}

  /** The model's tool decision was booked as the session's pending task; the next message runs it. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Booked(ToolTask task) implements DirectDecision {}

  /** This message already claimed the slot (a redelivery); ignore it. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Duplicate(ToolTask current) implements DirectDecision {}

  /**
   * Run the tool: the slot was claimed for this message. Pass this to
   * {@link DirectRouter#run(Invoke, dev.loadout.core.PreparedTurn)}.
   *
   * @param toolName the tool
   * @param arguments the expanded, schema-checked arguments (a copy)
   * @param task the claimed task
   * @param trigger how it was triggered, such as {@code /search}, {@code rules[0]} or {@code pending}
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Invoke(String toolName, ObjectNode arguments, ToolTask task, String trigger) implements DirectDecision {
    /** Copies the arguments. */
    public Invoke {
      arguments = arguments.deepCopy();
    }
  }
}
