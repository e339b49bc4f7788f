package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apiguardian.api.API;

/**
 * A {@link ToolTaskStore} in this process's memory; each operation is one atomic
 * {@link ConcurrentMap#compute} on the session's entry. Slots are lost when the process stops.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InMemoryToolTaskStore implements ToolTaskStore {
  private final ConcurrentMap<String, ToolTask> slots = new ConcurrentHashMap<>();

  /** An empty store. */
  public InMemoryToolTaskStore() {}

  @Override
  public ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter) {
    return claim(task, cooldown, staleAfter, null);
  }

  @Override
  public ClaimResult claim(ToolTask task, Duration cooldown, Duration staleAfter, Duration pendingMaxAge) {
    Instant cutoff = pendingMaxAge == null ? null : task.startedAt().minus(pendingMaxAge);
    ClaimResult[] result = new ClaimResult[1];
    slots.compute(task.sessionKey(), (key, current) -> {
      ClaimResult refusal = ClaimResult.refusal(current, task, cooldown, staleAfter, task.startedAt(), cutoff);
      result[0] = refusal != null ? refusal : new ClaimResult.Claimed(task);
      return refusal != null ? current : task;
    });
    return result[0];
  }

  @Override
  public Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now) {
    return claimPending(sessionKey, messageId, generation, now, null);
  }

  @Override
  public Optional<ToolTask> claimPending(String sessionKey, String messageId, long generation, Instant now,
      Duration maxAge) {
    ToolTask[] claimed = new ToolTask[1];
    slots.computeIfPresent(sessionKey, (key, current) -> {
      if (current.state() != ToolTask.State.PENDING || current.generation() != generation) {
        return current;
      }
      if (maxAge != null && !current.startedAt().isAfter(now.minus(maxAge))) {
        return current.ended(ToolTask.State.EXPIRED);
      }
      if (current.sourceMessageId().equals(messageId)) {
        return current;
      }
      claimed[0] = current.running(now);
      return claimed[0];
    });
    return Optional.ofNullable(claimed[0]);
  }

  @Override
  public boolean complete(String sessionKey, String taskId) {
    boolean[] done = {false};
    slots.computeIfPresent(sessionKey, (key, current) -> {
      if (!current.taskId().equals(taskId) || current.state() != ToolTask.State.RUNNING) {
        return current;
      }
      done[0] = true;
      return current.ended(ToolTask.State.DONE);
    });
    return done[0];
  }

  @Override
  public Optional<ToolTask> cancel(String sessionKey) {
    ToolTask[] before = new ToolTask[1];
    slots.computeIfPresent(sessionKey, (key, current) -> {
      if (current.state() != ToolTask.State.PENDING && current.state() != ToolTask.State.RUNNING) {
        return current;
      }
      before[0] = current;
      return current.ended(ToolTask.State.CANCELLED);
    });
    return Optional.ofNullable(before[0]);
  }

  @Override
  public Optional<ToolTask> find(String sessionKey) {
    return Optional.ofNullable(slots.get(sessionKey));
  }

  @Override
  public String toString() {
    return "InMemoryToolTaskStore{slots=" + slots.size() + "}";
  }
}
