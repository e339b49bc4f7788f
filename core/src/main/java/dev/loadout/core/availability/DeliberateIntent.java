package dev.loadout.core.availability;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.ToolSpec;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What {@link DeliberateToolMode} read from one turn: whether the mode is on, which intent families the
 * message shows (and by which trigger), and so which tools the turn admits. Hosts use it to explain a
 * turn ("no tools: the message shows no tool intent") or to skip tool plumbing altogether when
 * {@link #isActive()} and not {@link #hasIntent()}; the filter uses it to decide.
 *
 * <p>Immutable.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class DeliberateIntent {
  private final boolean active;
  private final String activation;
  private final boolean hasText;
  private final Map<IntentFamily, String> families;
  private final Set<String> toolNames;
  private final Set<String> specFamilies;
  private final Set<String> followUpNames;

  DeliberateIntent(boolean active, String activation, boolean hasText, Map<IntentFamily, String> families,
      Set<String> toolNames, Set<String> specFamilies, Set<String> followUpNames) {
    this.active = active;
    this.activation = activation;
    this.hasText = hasText;
    this.families = Collections.unmodifiableMap(new TreeMap<>(families));
    this.toolNames = Set.copyOf(toolNames);
    this.specFamilies = Set.copyOf(specFamilies);
    this.followUpNames = Collections.unmodifiableSet(new java.util.LinkedHashSet<>(followUpNames));
  }

  static DeliberateIntent inactive(String activation) {
    return new DeliberateIntent(false, activation, false, Map.of(), Set.of(), Set.of(), Set.of());
  }

  /** Whether deliberate tool mode applies to this turn; when it does not, every tool is admitted. */
  public boolean isActive() {
    return active;
  }

  /** Whether the message shows the intent of at least one family (a follow-up counts only with recent tools). */
  public boolean hasIntent() {
    return !families.isEmpty();
  }

  /**
   * The families the turn shows, in family order, each with the trigger that matched it: a custom
   * trigger as configured ({@code 'pic'}, {@code /\bsketch\b/}, {@code ^}), {@code built-in phrases}, or
   * {@code implied by search} for a family another one brings along. Empty when inactive.
   */
  public Map<IntentFamily, String> families() {
    return families;
  }

  /** The tool names the turn admits, follow-ups included; empty when inactive or without intent. */
  public Set<String> toolNames() {
    return toolNames;
  }

  /** The recent tools a follow-up phrase re-allowed, newest first; empty without a follow-up. */
  public Set<String> followUpToolNames() {
    return followUpNames;
  }

  /**
   * Whether the tool may be shown: always when inactive; otherwise when its name is admitted or its
   * {@link ToolSpec#family()} is one the matched families admit (such as {@code url_fetch}).
   */
  public boolean admits(ToolSpec spec) {
    return !active || toolNames.contains(spec.name()) || (spec.family().isPresent() && specFamilies.contains(spec.family().get()));
  }

  /** A sentence for a tool hidden by this intent; empty when the intent admits everything. */
  String reason() {
    if (!active) {
      return "";
    }
    String mode = "deliberate tool mode is on (" + activation + ")";
    if (families.isEmpty()) {
      return mode + " and " + (hasText ? "the message shows no tool intent" : "the turn has no message text")
          + ", so no tools are offered this turn";
    }
    StringBuilder s = new StringBuilder(mode).append(" and the message asks only for ");
    java.util.List<String> names = new java.util.ArrayList<>();
    for (IntentFamily f : families.keySet()) {
      if (f != IntentFamily.FOLLOW_UP) {
        names.add(f.name());
      }
    }
    if (!names.isEmpty()) {
      s.append(names);
      if (!followUpNames.isEmpty()) {
        s.append(" and ");
      }
    }
    if (!followUpNames.isEmpty()) {
      s.append("a follow-up of recent tools ").append(followUpNames);
    }
    return s.toString();
  }

  @Override
  public String toString() {
    if (!active) {
      return "DeliberateIntent{inactive: " + activation + "}";
    }
    return "DeliberateIntent{" + activation + ", families=" + families + ", tools=" + new java.util.TreeSet<>(toolNames)
        + (specFamilies.isEmpty() ? "" : ", specFamilies=" + new java.util.TreeSet<>(specFamilies)) + "}";
  }
}
