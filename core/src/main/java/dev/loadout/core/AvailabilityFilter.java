package dev.loadout.core;

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
 * exception type, and the reason is {@link AvailabilityDecision#FILTER_FAILED}. Reasons and logs name the
 * filter by {@link #name()}.
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

  /**
   * Whether this filter can ever hide this tool. {@code false} is a promise that {@link #evaluate} answers
   * available for this spec on every turn, whatever the context: Loadout then skips the call for it. Loadout asks
   * once per tool and registry version (for a source's tools, once per list of sources), not per turn, so a guild
   * with hundreds of tools that no rule of this filter concerns costs nothing per turn. The default, {@code true},
   * is always correct; a filter that throws here is asked per turn, as if it had answered {@code true}.
   *
   * @param spec the tool's full spec (before assembly); never null
   * @return false only if this filter never hides the tool
   */
  default boolean mayHide(ToolSpec spec) {
    return true;
  }

  /**
   * The name diagnostics show as the source of this filter's reasons, and logs name when it fails. The
   * default is the class name; lambdas should be wrapped with {@link #named(String, AvailabilityFilter)}.
   */
  default String name() {
    return getClass().getName();
  }

  /**
   * Gives a filter (typically a lambda) a readable name for diagnostics; its {@link #mayHide} is kept.
   *
   * @param name the name shown as the source of its reasons; not blank
   * @param filter the rule
   */
  static AvailabilityFilter named(String name, AvailabilityFilter filter) {
    if (name == null || name.isBlank() || filter == null) {
      throw new IllegalArgumentException("a named filter needs a name and a filter, but got " + name + ", " + filter);
    }
    return new AvailabilityFilter() {
      @Override
      public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
        return filter.evaluate(spec, context);
      }

      @Override
      public boolean mayHide(ToolSpec spec) {
        return filter.mayHide(spec);
      }

      @Override
      public String name() {
        return name;
      }

      @Override
      public String toString() {
        return name;
      }
    };
  }
}
