package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import org.apiguardian.api.API;

/**
 * The outcome of claiming a session's task slot.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ClaimResult {

  /** The slot is ours: the task was saved. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Claimed(ToolTask task) implements ClaimResult {}

  /** Another task holds the slot (pending, or running within the event deadline); nothing was written. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Busy(ToolTask current) implements ClaimResult {}

  /** The last task started too recently; nothing was written. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record CoolingDown(ToolTask current, Duration left) implements ClaimResult {
    /** The seconds left, rounded up, at least 1. */
    public long secondsLeft() {
      long s = (left.toMillis() + 999) / 1000;
      return Math.max(1, s);
    }
  }

  /** The slot already holds a task for this very message (a redelivery); nothing was written. */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Duplicate(ToolTask current) implements ClaimResult {}

  /**
   * Why {@code current} keeps a new task for another message out at {@code now}, or null when it does not. This
   * is the rule every store applies atomically; the JDBC store spells it as the {@code WHERE} of its upsert. A
   * pending task booked before {@code pendingCutoff} has expired and no longer blocks (null: never expires).
   */
  static ClaimResult refusal(ToolTask current, ToolTask wanted, Duration cooldown, Duration staleAfter, Instant now,
      Instant pendingCutoff) {
    if (current == null) {
      return null;
    }
    if (current.sourceMessageId().equals(wanted.sourceMessageId())) {
      return new Duplicate(current);
    }
    if (current.state() == ToolTask.State.PENDING && current.generation() == wanted.generation()
        && (pendingCutoff == null || current.startedAt().isAfter(pendingCutoff))) {
      return new Busy(current);
    }
    if (current.state() == ToolTask.State.RUNNING && current.startedAt().isAfter(now.minus(staleAfter))) {
      return new Busy(current);
    }
    Instant free = current.startedAt().plus(cooldown);
    if (free.isAfter(now)) {
      return new CoolingDown(current, Duration.between(now, free));
    }
    return null;
  }
}
