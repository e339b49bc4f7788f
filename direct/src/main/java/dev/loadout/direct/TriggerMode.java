package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How tools are triggered besides slash commands, which work in every mode.
 *
 * <p>Switching the mode starts a new config generation: tasks booked under an older generation never run.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum TriggerMode {
  /**
   * The default: the model decides in the ordinary turn and may book one pending task for the current
   * message; the session's next message claims and runs it. Keyword rules are not matched.
   */
  DEFERRED,
  /** Keyword rules are matched on every message, and a match runs the tool in the same event. */
  KEYWORD
}
