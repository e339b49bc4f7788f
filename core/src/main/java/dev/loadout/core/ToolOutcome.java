package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * A call and its result, ready to be written back into the model's history with
 * {@link Dialect#historyMessages(java.util.List)}.
 *
 * @param call the call as the model sent it
 * @param result its result
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record ToolOutcome(ToolCall call, ToolResult result) {
  /** Rejects nulls. */
  public ToolOutcome {
    if (call == null || result == null) {
      throw new IllegalArgumentException("outcome needs a call and a result, but got " + call + ", " + result);
    }
  }
}
