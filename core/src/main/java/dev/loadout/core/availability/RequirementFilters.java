package dev.loadout.core.availability;

import static dev.loadout.core.availability.AvailabilityFilters.FEATURE_FLAG_OFF;
import static dev.loadout.core.availability.AvailabilityFilters.MISSING_MODEL_CAPABILITY;
import static dev.loadout.core.availability.AvailabilityFilters.MISSING_PERMISSION;
import static dev.loadout.core.availability.AvailabilityFilters.PERMISSIONS_UNKNOWN;
import static dev.loadout.core.availability.AvailabilityFilters.PROVIDER_CHECK_FAILED;
import static dev.loadout.core.availability.AvailabilityFilters.PROVIDER_NOT_SUPPORTED;
import static dev.loadout.core.availability.AvailabilityFilters.PROVIDER_REFUSED;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.PermissionRule;
import dev.loadout.core.ToolRequirements;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The four rules that read {@link ToolRequirements}. Stateless singletons; a tool without requirements
 * costs one field read per rule.
 */
final class RequirementFilters {
  static final AvailabilityFilter PROVIDER = AvailabilityFilter.named("provider", new Rule(RequirementFilters::provider,
      r -> !r.providers().isEmpty() || !r.refusedProviders().isEmpty() || r.providerCheck().isPresent()));
  static final AvailabilityFilter CAPABILITIES = AvailabilityFilter.named("model_capabilities",
      new Rule(RequirementFilters::capabilities, r -> !r.capabilities().isEmpty()));
  static final AvailabilityFilter FLAGS = AvailabilityFilter.named("feature_flags", new Rule(RequirementFilters::flags,
      r -> !r.featureFlags().isEmpty() || !r.switchFlags().isEmpty()));
  static final AvailabilityFilter PERMISSIONS = AvailabilityFilter.named("permissions",
      new Rule(RequirementFilters::permissions, r -> !r.permissions().isNone()));

  /**
   * One of the rules: it can hide only a tool that declares the requirement it reads, which {@link #mayHide} tells
   * Loadout, so tools without requirements (most of a guild's MCP tools) are not evaluated per turn.
   */
  private static final class Rule implements AvailabilityFilter {
    private final AvailabilityFilter rule;
    private final java.util.function.Predicate<ToolRequirements> declared;

    Rule(AvailabilityFilter rule, java.util.function.Predicate<ToolRequirements> declared) {
      this.rule = rule;
      this.declared = declared;
    }

    @Override
    public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
      return rule.evaluate(spec, context);
    }

    @Override
    public boolean mayHide(ToolSpec spec) {
      return declared.test(spec.requirements());
    }
  }

  private RequirementFilters() {}

  static AvailabilityDecision provider(ToolSpec spec, TurnContext context) {
    ToolRequirements r = spec.requirements();
    String provider = context.provider();
    if (!r.providers().isEmpty() && !r.providers().contains(provider)) {
      return AvailabilityDecision.hidden(PROVIDER_NOT_SUPPORTED,
          "provider [" + provider + "] is not one of " + new TreeSet<>(r.providers()));
    }
    if (r.refusedProviders().contains(provider)) {
      return AvailabilityDecision.hidden(PROVIDER_REFUSED, "the tool is not offered to provider [" + provider + "]");
    }
    if (r.providerCheck().isPresent() && !r.providerCheck().get().isAvailableFor(context)) {
      return AvailabilityDecision.hidden(PROVIDER_CHECK_FAILED,
          "the tool's provider check refused provider [" + provider + "] for this turn");
    }
    return AvailabilityDecision.available();
  }

  static AvailabilityDecision capabilities(ToolSpec spec, TurnContext context) {
    Map<String, Object> needed = spec.requirements().capabilities();
    if (needed.isEmpty()) {
      return AvailabilityDecision.available();
    }
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, Object> e : new java.util.TreeMap<>(needed).entrySet()) {
      Object declared = context.capabilities().get(e.getKey());
      if (!sameValue(e.getValue(), declared)) {
        missing.add(e.getKey() + "=" + show(e.getValue()) + " (model declares " + (declared == null ? "nothing" : show(declared)) + ")");
      }
    }
    return missing.isEmpty() ? AvailabilityDecision.available()
        : AvailabilityDecision.hidden(MISSING_MODEL_CAPABILITY, "model [" + context.model() + "] lacks " + missing);
  }

  static AvailabilityDecision flags(ToolSpec spec, TurnContext context) {
    java.util.Set<String> needed = spec.requirements().featureFlags();
    java.util.Set<String> switches = spec.requirements().switchFlags();
    if (needed.isEmpty() && switches.isEmpty()) {
      return AvailabilityDecision.available();
    }
    List<String> off = new ArrayList<>();
    for (String flag : new TreeSet<>(needed)) {
      if (!context.flag(flag)) {
        off.add(flag);
      }
    }
    for (String flag : new TreeSet<>(switches)) {
      if (!context.switchedOn(flag)) {
        off.add(flag);
      }
    }
    return off.isEmpty() ? AvailabilityDecision.available()
        : AvailabilityDecision.hidden(FEATURE_FLAG_OFF, "feature flag " + off + (off.size() == 1 ? " is" : " are") + " off");
  }

  static AvailabilityDecision permissions(ToolSpec spec, TurnContext context) {
    PermissionRule rule = spec.requirements().permissions();
    if (rule.isSatisfiedBy(context)) {
      return AvailabilityDecision.available();
    }
    if (context.permissions().isEmpty()) {
      return AvailabilityDecision.hidden(PERMISSIONS_UNKNOWN,
          "the member's permissions are unknown and the tool needs " + rule + " (fails closed)");
    }
    return AvailabilityDecision.hidden(MISSING_PERMISSION, "the member lacks " + rule);
  }

  /** Strings in quotes, so that "true" and true read differently. */
  private static String show(Object value) {
    return value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
  }

  /** Strict equality, except that numbers compare by value (3 equals 3.0, as declared in YAML or JSON). */
  static boolean sameValue(Object required, Object declared) {
    if (required instanceof Number && declared instanceof Number) {
      return new java.math.BigDecimal(required.toString()).compareTo(new java.math.BigDecimal(declared.toString())) == 0;
    }
    return Objects.equals(required, declared);
  }
}
