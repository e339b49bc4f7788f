package dev.loadout;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One availability rule: may the model see this tool on this turn?
 *
 * <p>A filter is a pure function of the spec and the context: no I/O, no state that changes between two
 * calls with the same arguments, fast (it runs once per tool per turn). Every filter runs for every tool,
 * so a hidden tool carries all of its reasons, not just the first.
 *
 * <p>A filter that throws hides the tool for that turn; the failure is logged once per filter, tool and
 * exception type, and the reason is {@link AvailabilityDecision#FILTER_FAILED}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface AvailabilityFilter {
  /**
   * Decides for one tool.
   *
   * @param spec the tool's full spec (before assembly); never null
   * @param context the turn; never null
   * @return the decision; never null
   */
  AvailabilityDecision evaluate(ToolSpec spec, TurnContext context);
}
