package dev.loadout.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs a turn's availability filters and tool assembly for one tool, as JUnit's condition evaluator does
 * for tests, with one difference: every filter always runs, so a hidden tool carries all of its reasons
 * (diagnostics and {@code inspect} show them all). A filter or an assembly that throws, returns null or
 * breaks its contract hides the tool for the turn and is logged once per distinct problem; the turn
 * goes on.
 */
final class AvailabilityRunner {
  private final List<AvailabilityFilter> filters;
  private final String[] filterNames;
  private final WarnOnce warnings;

  AvailabilityRunner(List<AvailabilityFilter> filters, WarnOnce warnings) {
    this.filters = List.copyOf(filters);
    this.warnings = warnings;
    this.filterNames = this.filters.stream().map(this::filterName).toArray(String[]::new);
  }

  int size() {
    return filters.size();
  }

  /** Whether a filter of this name runs. */
  boolean has(String filterName) {
    for (String n : filterNames) {
      if (n.equals(filterName)) {
        return true;
      }
    }
    return false;
  }

  private String filterName(AvailabilityFilter f) {
    String name;
    try {
      name = f.name();
    } catch (RuntimeException e) {
      warnings.warn(Loadout.LOG, "filter-name|" + f.getClass().getName(), () -> "Availability filter "
          + f.getClass().getName() + " threw from name(); its hiding reasons name its class instead", e);
      name = null;
    }
    return name == null || name.isBlank() ? f.getClass().getName() : name;
  }

  /** Every filter may hide: the mask of a tool no filter was asked about. */
  static final long EVERY_FILTER = -1L;

  /**
   * Which filters can hide this tool ({@link AvailabilityFilter#mayHide}), one bit per filter in filter order. Asked
   * once per tool while its registry version or sources hold, so that a turn runs only the filters a tool's
   * requirements concern. With more filters than a mask has bits, every filter runs for every tool.
   */
  long mask(ToolSpec spec) {
    if (filterNames.length > Long.SIZE) {
      return EVERY_FILTER;
    }
    long mask = 0;
    for (int i = 0; i < filterNames.length; i++) {
      boolean may;
      try {
        may = filters.get(i).mayHide(spec);
      } catch (RuntimeException e) {
        String filter = filterNames[i];
        warnings.warn(Loadout.LOG, "may-hide|" + filter + "|" + e.getClass().getName(), () -> "Availability filter "
            + filter + " threw from mayHide(); it runs for every tool on every turn", e);
        may = true;
      }
      if (may) {
        mask |= 1L << i;
      }
    }
    return mask;
  }

  /** {@link #mask} of each entry's spec, in order: what a turn runs per tool, decided when the entries are. */
  long[] masks(ToolRegistry.Entry[] entries) {
    long[] masks = new long[entries.length];
    for (int i = 0; i < entries.length; i++) {
      masks[i] = mask(entries[i].spec);
    }
    return masks;
  }

  /** {@link #assembles} of each entry's tool, in order. */
  boolean[] assemblies(ToolRegistry.Entry[] entries) {
    boolean[] assembles = new boolean[entries.length];
    for (int i = 0; i < entries.length; i++) {
      assembles[i] = assembles(entries[i].tool);
    }
    return assembles;
  }

  /** Per tool class, whether it has an assembly of its own (see {@link #assembles}). */
  private final java.util.Map<Class<?>, Boolean> ownAssembly = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * Whether the tool's class overrides {@link BaseTool#assembleForContext}. One that does not (an MCP server's tool,
   * most host tools) always shows its spec, which {@code spec()} returns the same every time, so a turn need not call
   * it: on a guild of hundreds of MCP tools that call, and the {@code Optional} it allocates, was a third of a warm
   * turn. Asked with the filters' masks, once per tool while its registry version or sources hold.
   */
  boolean assembles(BaseTool tool) {
    return ownAssembly.computeIfAbsent(tool.getClass(), AvailabilityRunner::overridesAssembly);
  }

  private static boolean overridesAssembly(Class<?> type) {
    try {
      return type.getMethod("assembleForContext", TurnContext.class).getDeclaringClass() != BaseTool.class;
    } catch (NoSuchMethodException | SecurityException e) {
      return true; // cannot tell: call it, which is always correct
    }
  }

  /** Every hiding reason of every filter, in filter order; null when the tool is available. */
  List<HiddenTool.Reason> evaluate(ToolSpec spec, TurnContext context) {
    return evaluate(spec, context, EVERY_FILTER);
  }

  /**
   * The same, running only the filters whose bit is set in {@code mask} (see {@link #mask}): the others answered
   * that they never hide this tool, so the reasons are the same.
   */
  List<HiddenTool.Reason> evaluate(ToolSpec spec, TurnContext context, long mask) {
    if (mask == 0) {
      return null;
    }
    List<HiddenTool.Reason> reasons = null;
    for (int i = 0; i < filterNames.length; i++) {
      if (i < Long.SIZE && (mask & (1L << i)) == 0) {
        continue;
      }
      AvailabilityDecision d;
      try {
        d = filters.get(i).evaluate(spec, context);
        if (d == null) {
          throw new IllegalStateException("availability filter " + filterNames[i] + " returned null");
        }
      } catch (RuntimeException e) {
        String filter = filterNames[i];
        warnings.warn(Loadout.LOG, "filter|" + filter + "|" + spec.name() + "|" + e.getClass().getName(),
            () -> "Availability filter " + filter + " failed for tool '" + spec.name() + "'; hiding the tool for this turn", e);
        d = AvailabilityDecision.hidden(AvailabilityDecision.FILTER_FAILED,
            "availability filter [" + filter + "] failed: " + e.getClass().getSimpleName());
      }
      if (!d.isAvailable()) {
        if (reasons == null) {
          reasons = new ArrayList<>(2);
        }
        reasons.add(new HiddenTool.Reason(d.code(), d.reason(), filterNames[i]));
      }
    }
    return reasons;
  }

  private static final AvailabilityDecision GENERIC_HIDDEN = AvailabilityDecision.hidden(
      AvailabilityDecision.HIDDEN_BY_ASSEMBLY, "the tool hid itself for this turn");

  /** The tool's own reason for hiding itself; the generic one when it gives none usable. */
  private AvailabilityDecision hiddenReason(BaseTool tool, TurnContext context) {
    try {
      AvailabilityDecision d = tool.hiddenReason(context);
      return d != null && !d.isAvailable() ? d : GENERIC_HIDDEN;
    } catch (RuntimeException e) {
      warnings.warn(Loadout.LOG, "hidden-reason|" + tool.getClass().getName() + "|" + e.getClass().getName(),
          () -> "Tool " + tool.getClass().getName() + " threw from hiddenReason(); it is hidden with the generic reason",
          e);
      return GENERIC_HIDDEN;
    }
  }

  /** The variant to show, or null after adding the tool to {@code hidden} with its reason. */
  ToolSpec assemble(ToolRegistry.Entry entry, TurnContext context, List<HiddenTool> hidden) {
    ToolSpec spec = entry.spec;
    String problem;
    RuntimeException error = null;
    try {
      Optional<ToolSpec> result = entry.tool.assembleForContext(context);
      if (result != null && result.isEmpty()) {
        AvailabilityDecision why = hiddenReason(entry.tool, context);
        hidden.add(new HiddenTool(spec.name(), List.of(new HiddenTool.Reason(why.code(), why.reason(), "assembly"))));
        return null;
      }
      if (result == null) {
        problem = "returned null instead of Optional.empty()";
      } else {
        ToolSpec v = result.get();
        if (v == spec || (v.name().equals(spec.name()) && v.group().equals(spec.group())
            && v.family().equals(spec.family()) && v.requirements().equals(spec.requirements()))) {
          return v;
        }
        problem = "returned a variant that changes the name, group, family or requirements";
      }
    } catch (RuntimeException e) {
      problem = "threw " + e.getClass().getSimpleName();
      error = e;
    }
    String p = problem;
    warnings.warn(Loadout.LOG, "assembly|" + spec.name() + "|" + p, () -> "Tool schema assembly failed for '" + spec.name() + "' ("
        + p + "); omitting the tool for this turn", error);
    hidden.add(new HiddenTool(spec.name(), List.of(new HiddenTool.Reason(AvailabilityDecision.ASSEMBLY_FAILED,
        "assembly " + p, "assembly"))));
    return null;
  }

}
