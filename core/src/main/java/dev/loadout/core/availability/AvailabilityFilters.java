package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.AvailabilityFilter;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The built-in availability rules. Each factory returns a stateless, named filter; add them to a
 * {@link dev.loadout.core.Loadout.Builder} in the order you want their reasons listed.
 *
 * <pre>{@code
 * Loadout.Builder b = Loadout.builder(registry);
 * AvailabilityFilters.standard().forEach(b::addFilter);
 * }</pre>
 *
 * <table>
 *   <caption>Reason codes</caption>
 *   <tr><th>filter</th><th>code</th></tr>
 *   <tr><td>{@link #provider()}</td><td>{@code provider_not_supported}, {@code provider_refused},
 *       {@code provider_check_failed}</td></tr>
 *   <tr><td>{@link #modelCapabilities()}</td><td>{@code missing_model_capability}</td></tr>
 *   <tr><td>{@link #featureFlags()}</td><td>{@code feature_flag_off}</td></tr>
 *   <tr><td>{@link #permissions()}</td><td>{@code missing_permission}, {@code permissions_unknown}</td></tr>
 *   <tr><td>{@link #toolGroups(ToolGroupsConfig)}</td><td>{@code group_disabled}, {@code group_settings_unreadable},
 *       {@code group_excluded_in_channel}, {@code group_not_in_channel}, {@code group_channel_unknown}</td></tr>
 *   <tr><td>{@link #deliberateToolMode(DeliberateToolMode)}</td><td>{@code deliberate_no_intent},
 *       {@code deliberate_not_requested}</td></tr>
 * </table>
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class AvailabilityFilters {
  /** The provider is not among the tool's supported providers. */
  public static final String PROVIDER_NOT_SUPPORTED = "provider_not_supported";
  /** The tool refuses this provider. */
  public static final String PROVIDER_REFUSED = "provider_refused";
  /** The tool's context-dependent provider check said no. */
  public static final String PROVIDER_CHECK_FAILED = "provider_check_failed";
  /** A required model capability is missing or has another value. */
  public static final String MISSING_MODEL_CAPABILITY = "missing_model_capability";
  /** A required feature flag is off (or not set), or a switch is set to false. */
  public static final String FEATURE_FLAG_OFF = "feature_flag_off";
  /** The member is known not to hold the required permissions. */
  public static final String MISSING_PERMISSION = "missing_permission";
  /** The member's permissions are unknown, so a permission rule fails closed. */
  public static final String PERMISSIONS_UNKNOWN = "permissions_unknown";
  /** The owner turned the tool's group off ({@code enabled: false}). */
  public static final String GROUP_DISABLED = "group_disabled";
  /** The owner's settings for the tool's group cannot be read, so the group is off. */
  public static final String GROUP_SETTINGS_UNREADABLE = "group_settings_unreadable";
  /** The tool's group is excluded in this channel ({@code exclude_channels}). */
  public static final String GROUP_EXCLUDED_IN_CHANNEL = "group_excluded_in_channel";
  /** The tool's group is limited to other channels ({@code channels}). */
  public static final String GROUP_NOT_IN_CHANNEL = "group_not_in_channel";
  /** The tool's group is limited to some channels and the turn names none, so it fails closed. */
  public static final String GROUP_CHANNEL_UNKNOWN = "group_channel_unknown";

  /** Deliberate tool mode is on and the message shows no tool intent: no tool is offered this turn. */
  public static final String DELIBERATE_NO_INTENT = DeliberateToolMode.NO_INTENT;
  /** Deliberate tool mode is on and the message asks for other tools than this one. */
  public static final String DELIBERATE_NOT_REQUESTED = DeliberateToolMode.NOT_REQUESTED;

  private AvailabilityFilters() {}

  /** Provider rules: supported and refused providers, then the context-dependent check. */
  public static AvailabilityFilter provider() {
    return RequirementFilters.PROVIDER;
  }

  /** Each required model capability must equal the model's declared value. */
  public static AvailabilityFilter modelCapabilities() {
    return RequirementFilters.CAPABILITIES;
  }

  /**
   * Every required feature flag must be on (a flag that is not set is off), and no switch may be set to false
   * (a switch that is not set is on).
   */
  public static AvailabilityFilter featureFlags() {
    return RequirementFilters.FLAGS;
  }

  /** The member must satisfy the tool's permission rule; unknown permissions fail closed. */
  public static AvailabilityFilter permissions() {
    return RequirementFilters.PERMISSIONS;
  }

  /**
   * The owner's per-channel limits on tool groups; core tools are never limited. Call
   * {@link ToolGroupsConfig#validate(dev.loadout.core.ToolRegistry)} once the registry is built, so a
   * misspelt group name is warned about.
   *
   * @param config the owner's limits; never null ({@link ToolGroupsConfig#none()} for none)
   */
  public static AvailabilityFilter toolGroups(ToolGroupsConfig config) {
    if (config == null) {
      throw new IllegalArgumentException("tool groups config must not be null; use ToolGroupsConfig.none() for no limits");
    }
    return new ToolGroupFilter(config);
  }

  /**
   * Deliberate tool mode: while a turn's {@link DeliberateToolMode#SETTINGS} turn it on, only the tools
   * the message asks for are offered (none without intent). Same as {@code mode.filter()}.
   *
   * @param mode the mode's configuration; never null
   */
  public static AvailabilityFilter deliberateToolMode(DeliberateToolMode mode) {
    if (mode == null) {
      throw new IllegalArgumentException("deliberate tool mode must not be null; use DeliberateToolMode.defaults()");
    }
    return mode.filter();
  }

  /** Provider, model capabilities, feature flags and permissions, in that order. */
  public static List<AvailabilityFilter> standard() {
    return List.of(provider(), modelCapabilities(), featureFlags(), permissions());
  }
}
