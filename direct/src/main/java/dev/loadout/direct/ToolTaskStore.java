package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The task slots of direct invocation: one row per session, never a growing log.
 *
 * <p>Implementations: {@link InMemoryToolTaskStore} for one process, {@link JdbcToolTaskStore} for SQLite or
 * PostgreSQL (several bot processes sharing sessions).
 *
 * <p><b>Contract.</b> {@link #claim} is atomic: of any number of concurrent claims for a session, across threads
 * and processes, at most one gets {@link ClaimResult.Claimed}. A claim for another message is refused while the
 * slot holds a pending task of the same generation (booked within the pending age, when one is given: an older
 * booking has expired), a running task started within {@code staleAfter} (an older running task was interrupted:
 * it is never retried and no longer blocks), or any task started within the cooldown; a claim for the message
 * the slot already holds is a {@link ClaimResult.Duplicate}. Stores keep a task's {@link ToolTask#createdAt()}
 * and {@link ToolTask#bookedContext()} as given, until the task ends. Thread-safe; a storage failure is a
 * {@link dev.loadout.core.store.StoreException}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ToolTaskStore {

  /**
   * Saves the task into its session's slot if the slot is free (see the class contract).
   *
   * @param task the task to save, {@link ToolTask.State#RUNNING} for a direct call or
   *     {@link ToolTask.State#PENDING} for a booking; its start is the claim's instant
   * @param cooldown how long after a task's start the slot stays closed to other messages
   * @param staleAfter how long a running task blocks the slot before it counts as interrupted
   */
  ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter);

  /**
   * {@link #claim(ToolTask, Duration, Duration)}, where a pending task booked longer than {@code pendingMaxAge}
   * before the claim no longer holds the slot. Implementations should override it; this default treats every
   * pending task as live, which refuses more than it should but never runs an expired booking.
   *
   * @since 0.1
   */
  default ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter, Duration pendingMaxAge) {
    return claim(task, cooldown, staleAfter);
  }

  /**
   * Turns the session's pending task of this generation into a running one started at {@code now}, if it was
   * booked by another message than {@code messageId}. Atomic: of concurrent calls, at most one gets the task.
   *
   * @return the task now running, or empty when there was none to claim
   */
  Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now);

  /**
   * {@link #claimPending(String, String, long, Instant)} for a booking at most {@code maxAge} old: an older one is
   * dropped ({@link ToolTask.State#EXPIRED}, arguments cleared), never run. Implementations should override it to
   * decide in the same atomic step; this default claims first and then ends a task that turns out too old, which
   * also never runs it.
   *
   * @return the task now running, or empty when there was none to claim or it had expired
   * @since 0.1
   */
  default Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now,
      Duration maxAge) {
    Optional<ToolTask> claimed = claimPending(sessionKey, messageId, generation, now);
    if (claimed.isPresent() && !claimed.get().createdAt().isAfter(now.minus(maxAge))) {
      complete(sessionKey, claimed.get().taskId());
      return Optional.empty();
    }
    return claimed;
  }

  /**
   * Marks the task done and clears its arguments, if the slot still holds that task (by id) running.
   *
   * @return whether it did
   */
  boolean complete(String sessionKey, String taskId);

  /**
   * Cancels the session's pending or running task and clears its arguments.
   *
   * @return the task as it was before cancelling, or empty when nothing was pending or running
   */
  Optional<ToolTask> cancel(String sessionKey);

  /** The session's slot as stored, in any state. */
  Optional<ToolTask> find(String sessionKey);
}
