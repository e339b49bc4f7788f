package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Which families an external source replaces on this turn, and with which tool names (see
 * {@link ExternalToolSources}). Loadout puts it in the context its availability filters see, under
 * {@link #KEY}, whenever a replacement applies, so that rules keyed on families (deliberate tool mode's
 * URL-reading intent, say) admit the replacing tools too.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class FamilyReplacements {
  /** Where filters find it in the {@link TurnContext}; absent when no replacement applies. */
  public static final AttributeKey<FamilyReplacements> KEY = AttributeKey.of("loadout.family-replacements", FamilyReplacements.class);

  private final Map<String, List<String>> names;

  FamilyReplacements(Map<String, List<String>> names) {
    this.names = Map.copyOf(names);
  }

  /** The replacing tools' names for a family, sorted; empty when the family is not replaced. */
  public List<String> names(String family) {
    return names.getOrDefault(family, List.of());
  }

  /** The replaced families. */
  public Set<String> families() {
    return names.keySet();
  }

  @Override
  public String toString() {
    return "FamilyReplacements" + names;
  }
}
