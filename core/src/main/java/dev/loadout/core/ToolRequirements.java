package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a turn must offer for a tool to be shown: providers, model capabilities, feature flags and member
 * permissions. Declared on the {@link ToolSpec} builder; read by the built-in availability filters
 * ({@code dev.loadout.core.availability.AvailabilityFilters}). Not shown to models and not part of the
 * spec's fingerprint.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolRequirements {
  static final ToolRequirements NONE = new ToolRequirements(Set.of(), Set.of(), null, Map.of(), Set.of(), Set.of(),
      PermissionRule.none());

  private final Set<String> providers;
  private final Set<String> refusedProviders;
  private final ProviderCheck providerCheck;
  private final Map<String, Object> capabilities;
  private final Set<String> featureFlags;
  private final Set<String> switchFlags;
  private final PermissionRule permissions;

  ToolRequirements(Set<String> providers, Set<String> refusedProviders, ProviderCheck providerCheck,
      Map<String, Object> capabilities, Set<String> featureFlags, Set<String> switchFlags, PermissionRule permissions) {
    this.providers = Set.copyOf(providers);
    this.refusedProviders = Set.copyOf(refusedProviders);
    this.providerCheck = providerCheck;
    this.capabilities = Map.copyOf(capabilities);
    this.featureFlags = Set.copyOf(featureFlags);
    this.switchFlags = Set.copyOf(switchFlags);
    this.permissions = permissions;
  }

  /** Providers the tool supports (lower-case ids); empty means every provider not refused. */
  public Set<String> providers() {
    return providers;
  }

  /** Providers the tool refuses, such as prompt-based tool calling that cannot carry its payloads. */
  public Set<String> refusedProviders() {
    return refusedProviders;
  }

  /** A check that needs the whole context to decide about the provider. */
  public Optional<ProviderCheck> providerCheck() {
    return Optional.ofNullable(providerCheck);
  }

  /** Model capabilities the tool needs; each must equal the model's declared value. */
  public Map<String, Object> capabilities() {
    return capabilities;
  }

  /**
   * Feature flags that must all be on, for opt-in features: a flag that is not set counts as off. See
   * {@link #switchFlags()} for features that are on unless a turn turns them off.
   */
  public Set<String> featureFlags() {
    return featureFlags;
  }

  /**
   * Switches that turn the tool off when a turn sets them to {@code false}: a switch that is not set counts as
   * on, so a host that sets nothing gets the tool (the built-in {@code web_search_enabled},
   * {@code imagegen_enabled}, {@code voice_messages_enabled}). A tool whose switch is off is hidden
   * ({@code feature_flag_off}), not shown and then refused.
   */
  public Set<String> switchFlags() {
    return switchFlags;
  }

  /** The member permissions needed. */
  public PermissionRule permissions() {
    return permissions;
  }

  ToolRequirements with(Set<String> providers, Set<String> refused, ProviderCheck check, Map<String, Object> capabilities,
      Set<String> flags, Set<String> switches, PermissionRule permissions) {
    return new ToolRequirements(providers, refused, check, capabilities, flags, switches, permissions);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ToolRequirements)) {
      return false;
    }
    ToolRequirements r = (ToolRequirements) o;
    return providers.equals(r.providers) && refusedProviders.equals(r.refusedProviders)
        && java.util.Objects.equals(providerCheck, r.providerCheck) && capabilities.equals(r.capabilities)
        && featureFlags.equals(r.featureFlags) && switchFlags.equals(r.switchFlags) && permissions.equals(r.permissions);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(providers, refusedProviders, capabilities, featureFlags, switchFlags, permissions);
  }

  @Override
  public String toString() {
    return "ToolRequirements{providers=" + providers + ", refusedProviders=" + refusedProviders
        + ", providerCheck=" + (providerCheck != null) + ", capabilities=" + capabilities.keySet()
        + ", featureFlags=" + featureFlags + (switchFlags.isEmpty() ? "" : ", switchFlags=" + switchFlags)
        + ", permissions=" + permissions + "}";
  }

  /**
   * A provider decision that needs the whole turn, such as "only when the provider's native tool calling
   * is on for this guild".
   *
   * @since 0.1
   */
  @API(status = org.apiguardian.api.API.Status.EXPERIMENTAL, since = "0.1")
  @FunctionalInterface
  public interface ProviderCheck {
    /** Whether the tool may be offered through this turn's provider. */
    boolean isAvailableFor(TurnContext context);
  }
}
