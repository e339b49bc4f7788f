package dev.loadout.core.availability;

import static dev.loadout.core.availability.AvailabilityFilters.GROUP_CHANNEL_UNKNOWN;
import static dev.loadout.core.availability.AvailabilityFilters.GROUP_DISABLED;
import static dev.loadout.core.availability.AvailabilityFilters.GROUP_EXCLUDED_IN_CHANNEL;
import static dev.loadout.core.availability.AvailabilityFilters.GROUP_NOT_IN_CHANNEL;
import static dev.loadout.core.availability.AvailabilityFilters.GROUP_SETTINGS_UNREADABLE;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;

/**
 * Applies a {@link ToolGroupsConfig}. A core tool, or a group the owner did not mention, costs one map
 * lookup. Checks run from the broadest "no" to the narrowest: unreadable settings, disabled, excluded
 * here, not among the allowed channels; the first that applies is the reason.
 */
final class ToolGroupFilter implements AvailabilityFilter {
  static final String NAME = "tool_groups";
  private static final int LISTED = 5;

  private final ToolGroupsConfig config;

  ToolGroupFilter(ToolGroupsConfig config) {
    this.config = config;
  }

  /** Only a group the owner configured is ever limited, as {@link #evaluate} answers for the others at once. */
  @Override
  public boolean mayHide(ToolSpec spec) {
    Optional<String> group = spec.group();
    return group.isPresent() && config.ruleFor(group.get()) != null;
  }

  @Override
  public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
    Optional<String> group = spec.group();
    if (group.isEmpty()) {
      return AvailabilityDecision.available();
    }
    ToolGroupRule rule = config.ruleFor(group.get());
    if (rule == null) {
      return AvailabilityDecision.available();
    }
    String name = rule.group();
    if (rule.problem().isPresent()) {
      return AvailabilityDecision.hidden(GROUP_SETTINGS_UNREADABLE, "tool group [" + name
          + "] is off because its tool_groups settings cannot be read: " + rule.problem().get());
    }
    if (!rule.enabled()) {
      return AvailabilityDecision.hidden(GROUP_DISABLED, "tool group [" + name + "] is disabled in tool_groups");
    }
    Optional<String> channel = context.channelId();
    if (channel.isEmpty()) {
      // exclude_channels cannot exclude an unknown channel; channels cannot admit one.
      return rule.channels().isEmpty() ? AvailabilityDecision.available()
          : AvailabilityDecision.hidden(GROUP_CHANNEL_UNKNOWN, "tool group [" + name + "] is limited to channels "
              + list(rule.channels()) + " and the turn names no channel (fails closed)");
    }
    String here = channel.get();
    if (rule.excludeChannels().contains(here)) {
      return AvailabilityDecision.hidden(GROUP_EXCLUDED_IN_CHANNEL, "tool group [" + name + "] is excluded in channel ["
          + here + "]" + thread(context));
    }
    if (!rule.channels().isEmpty() && !rule.channels().contains(here)) {
      return AvailabilityDecision.hidden(GROUP_NOT_IN_CHANNEL, "tool group [" + name + "] is limited to channels "
          + list(rule.channels()) + ", not channel [" + here + "]" + thread(context));
    }
    return AvailabilityDecision.available();
  }

  /** A thread follows its parent channel; say so, since the owner may look for the thread's id. */
  private static String thread(TurnContext context) {
    return context.threadId().map(t -> " (the parent of thread [" + t + "])").orElse("");
  }

  private static String list(Set<String> ids) {
    StringBuilder out = new StringBuilder("[");
    Iterator<String> it = ids.iterator();
    for (int i = 0; it.hasNext() && i < LISTED; i++) {
      out.append(i == 0 ? "" : ", ").append(it.next());
    }
    if (ids.size() > LISTED) {
      out.append(", … ").append(ids.size() - LISTED).append(" more");
    }
    return out.append(']').toString();
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String toString() {
    return NAME + config.rules().values();
  }
}
