package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The short notices {@link DirectFlow} posts itself, in English by default; a host localises them. Placeholders:
 * {@code {tool}}, {@code {seconds}}, {@code {message}}. The marker and the honest line that replaces a fake
 * waiting promise are the {@link ToolMarker}'s.
 *
 * @param busy the session's slot holds another task (a pending booking, or a call still running)
 * @param coolingDown the session's cooldown is not over; {@code {seconds}}
 * @param cancelled a clear or cancel command cancelled a task; {@code {tool}}
 * @param failed the tool failed; {@code {tool}}, {@code {message}} (its user-safe message, cut short)
 * @param invalid a direct call's arguments are missing or wrong; {@code {tool}}, {@code {message}}
 * @param waiting posted with the marker when the model booked a tool but wrote nothing itself
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FlowTexts(String busy, String coolingDown, String cancelled, String failed, String invalid,
    String waiting) {

  /** Checks that no text is null. */
  public FlowTexts {
    if (busy == null || coolingDown == null || cancelled == null || failed == null || invalid == null
        || waiting == null) {
      throw new IllegalArgumentException("flow texts must not be null, but got " + busy + ", " + coolingDown + ", "
          + cancelled + ", " + failed + ", " + invalid + ", " + waiting);
    }
  }

  /** The English defaults. */
  public static FlowTexts english() {
    return new FlowTexts("Another tool call is still pending or running here; try again once it is done.",
        "Please wait {seconds} s before the next tool call.",
        "Cancelled the pending {tool} call.",
        "{tool} failed: {message}",
        "Cannot run {tool}: {message}",
        "Looking it up…");
  }

  static String fill(String template, String tool, String message, long seconds) {
    return template.replace("{tool}", tool == null ? "" : tool).replace("{message}", message == null ? "" : message)
        .replace("{seconds}", String.valueOf(seconds));
  }
}
