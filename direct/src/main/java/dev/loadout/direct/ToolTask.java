package dev.loadout.direct;

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
 * @param createdAt when the task was first saved: the booking, for a deferred task (its pending age counts from
 *     here); the claim, for a direct call; at millisecond precision
 * @param bookedContext who booked a deferred task, as the booking turn knew them; null for a direct call, and
 *     once the task is done, cancelled or expired
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ToolTask(String sessionKey, String taskId, String toolName, String arguments, String sourceMessageId,
    long generation, State state, Instant startedAt, Instant createdAt, BookedContext bookedContext) {

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
    CANCELLED,
    /**
     * A booking that waited longer than {@link DirectSettings#pendingMaxAge()} for a message to claim it: dropped,
     * never run; its arguments are cleared.
     */
    EXPIRED;

    /** The lower-case name stored in a database. */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The state of a stored name. */
    public static State fromWireName(String name) {
      return valueOf(name.toUpperCase(Locale.ROOT));
    }
  }

  /** Checks the parts and truncates the instants to milliseconds, as every store keeps them. */
  public ToolTask {
    if (sessionKey == null || taskId == null || toolName == null || sourceMessageId == null || state == null
        || startedAt == null || createdAt == null) {
      throw new IllegalArgumentException("a task needs a session, id, tool, source message, state, start and "
          + "creation, but got " + sessionKey + ", " + taskId + ", " + toolName + ", " + sourceMessageId + ", " + state
          + ", " + startedAt + ", " + createdAt);
    }
    startedAt = Instant.ofEpochMilli(startedAt.toEpochMilli());
    createdAt = Instant.ofEpochMilli(createdAt.toEpochMilli());
  }

  /** A task created when it started, booked by nobody: a direct call, or a store that keeps no more. */
  public ToolTask(String sessionKey, String taskId, String toolName, String arguments, String sourceMessageId,
      long generation, State state, Instant startedAt) {
    this(sessionKey, taskId, toolName, arguments, sourceMessageId, generation, state, startedAt, startedAt, null);
  }

  /** The booked context of a deferred task, while the task holds it. */
  public Optional<BookedContext> booking() {
    return Optional.ofNullable(bookedContext);
  }

  /** The arguments, while the task holds them. */
  public Optional<String> argumentsJson() {
    return Optional.ofNullable(arguments);
  }

  /** The task in a final state: its arguments and booked context cleared. */
  ToolTask ended(State newState) {
    return new ToolTask(sessionKey, taskId, toolName, null, sourceMessageId, generation, newState, startedAt, createdAt,
        null);
  }

  /** The pending task claimed: running from {@code now}. */
  ToolTask running(Instant now) {
    return new ToolTask(sessionKey, taskId, toolName, arguments, sourceMessageId, generation, State.RUNNING, now,
        createdAt, bookedContext);
  }

  /** Names the task and its state, never its arguments or who booked it. */
  @Override
  public String toString() {
    return "ToolTask{" + toolName + ", " + state + ", session=" + sessionKey + ", task=" + taskId + ", message="
        + sourceMessageId + ", generation=" + generation + ", started=" + startedAt + ", created=" + createdAt
        + (bookedContext == null ? "" : ", booked") + "}";
  }
}
