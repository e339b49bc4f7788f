package dev.loadout.core.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The one task of a session's slot: which tool, with which arguments, for which message, and in which state.
 *
 * @param sessionKey the session the slot belongs to
 * @param taskId a unique id per claim, so completing an old task never completes a newer one
 * @param toolName the tool to run
 * @param arguments the expanded arguments as JSON; null once the task is done or cancelled
 * @param sourceMessageId the host's id of the message the task was claimed or booked for
 * @param generation the config generation it was claimed under
 * @param state where the task is
 * @param startedAt when it was claimed (or booked), at millisecond precision; the cooldown counts from here
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ToolTask(String sessionKey, String taskId, String toolName, String arguments, String sourceMessageId,
    long generation, State state, Instant startedAt) {

  /** Where a task is. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum State {
    /** Booked by the model in deferred mode; the session's next message claims and runs it. */
    PENDING,
    /** Claimed and running (or interrupted: a running task is never retried, and stops blocking after the event deadline). */
    RUNNING,
    /** Finished, successfully or not; its arguments are cleared. */
    DONE,
    /** Cancelled by {@code /clear} or {@code /mcp-cancel}; its arguments are cleared. */
    CANCELLED;

    /** The lower-case name stored in a database. */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The state of a stored name. */
    public static State fromWireName(String name) {
      return valueOf(name.toUpperCase(Locale.ROOT));
    }
  }

  /** Checks the parts and truncates the start to milliseconds, as every store keeps it. */
  public ToolTask {
    if (sessionKey == null || taskId == null || toolName == null || sourceMessageId == null || state == null
        || startedAt == null) {
      throw new IllegalArgumentException("a task needs a session, id, tool, source message, state and start, but got "
          + sessionKey + ", " + taskId + ", " + toolName + ", " + sourceMessageId + ", " + state + ", " + startedAt);
    }
    startedAt = Instant.ofEpochMilli(startedAt.toEpochMilli());
  }

  /** The arguments, while the task holds them. */
  public Optional<String> argumentsJson() {
    return Optional.ofNullable(arguments);
  }

  ToolTask with(State newState, String newArguments) {
    return new ToolTask(sessionKey, taskId, toolName, newArguments, sourceMessageId, generation, newState, startedAt);
  }
}
