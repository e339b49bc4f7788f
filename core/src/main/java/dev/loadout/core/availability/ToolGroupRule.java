package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What the owner's {@code tool_groups} configuration says about one tool group, as read by
 * {@link ToolGroupsConfig}. Hosts read it (for diagnostics, for a settings report); they never build one.
 *
 * <p>A group whose settings could not be read has a {@link #problem()} and is {@linkplain #isOff() off}
 * everywhere: the owner meant to limit it, so Loadout does not guess a wider reading.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolGroupRule {
  private final String group;
  private final boolean enabled;
  private final Set<String> channels;
  private final Set<String> excludeChannels;
  private final String problem;

  ToolGroupRule(String group, boolean enabled, Set<String> channels, Set<String> excludeChannels, String problem) {
    this.group = group;
    this.enabled = enabled && problem == null;
    this.channels = Collections.unmodifiableSet(new LinkedHashSet<>(channels));
    this.excludeChannels = Collections.unmodifiableSet(new LinkedHashSet<>(excludeChannels));
    this.problem = problem;
  }

  static ToolGroupRule unreadable(String group, String problem) {
    return new ToolGroupRule(group, false, Set.of(), Set.of(), problem);
  }

  /** The group name, trimmed and lower-cased as {@link dev.loadout.core.ToolSpec#group()} is; never null. */
  public String group() {
    return group;
  }

  /** The {@code enabled} setting; true when not given, false when the settings could not be read. */
  public boolean enabled() {
    return enabled;
  }

  /**
   * The only channels the group is offered in, in configuration order; immutable, never null. Empty means
   * no limit (which is also what {@code channels: []} says).
   */
  public Set<String> channels() {
    return channels;
  }

  /** The channels the group is never offered in, in configuration order; immutable, never null. */
  public Set<String> excludeChannels() {
    return excludeChannels;
  }

  /** Why the group's settings could not be read; empty when they could. */
  public Optional<String> problem() {
    return Optional.ofNullable(problem);
  }

  /** Whether the group is off in every channel: disabled, or its settings could not be read. */
  public boolean isOff() {
    return !enabled;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ToolGroupRule)) {
      return false;
    }
    ToolGroupRule other = (ToolGroupRule) o;
    return group.equals(other.group) && enabled == other.enabled && channels.equals(other.channels)
        && excludeChannels.equals(other.excludeChannels) && java.util.Objects.equals(problem, other.problem);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(group, enabled, channels, excludeChannels, problem);
  }

  @Override
  public String toString() {
    if (problem != null) {
      return group + ": off (" + problem + ")";
    }
    return group + ": " + (enabled ? "on" : "off")
        + (channels.isEmpty() ? "" : ", channels " + channels)
        + (excludeChannels.isEmpty() ? "" : ", exclude_channels " + excludeChannels);
  }
}
