package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.DescriptionOverride;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.internal.digest.Digests;
import java.util.Map;
import java.util.function.Function;
import org.apiguardian.api.API;
import tools.jackson.databind.node.ObjectNode;

/**
 * Custom tool descriptions: replacing a tool's description also strips explanatory annotations from its input
 * schema; and the schema fingerprint a direct config is reviewed against, so a changed schema is noticed.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CustomDescriptions {

  private CustomDescriptions() {}

  /**
   * A digest of a tool's parameters schema that ignores key order: a config saved against one fingerprint is
   * disabled when the tool comes back with another.
   */
  public static String fingerprint(ObjectNode parameters) {
    return Digests.schemaFingerprint(parameters);
  }

  /**
   * The spec a model is shown for a tool with a custom description: the description replaced (empty for none)
   * and the input schema {@linkplain dev.loadout.core.SchemaEdit#withoutAnnotations() stripped of annotations};
   * everything else as the tool declared it. A config without a replacement description returns the spec
   * unchanged.
   */
  public static ToolSpec customized(ToolSpec spec, DirectConfig config) {
    return config.description() == null ? spec : spec.edit().description(config.description()).withoutAnnotations().build();
  }

  /**
   * The per-turn hook that shows every tool with the custom description its direct config gives, for
   * {@link dev.loadout.core.Loadout.Builder#descriptionOverride}. The catalog is looked up for each turn (a
   * guild's catalog, typically), so one {@code Loadout} serves every guild. A custom description applies whether
   * or not direct invocation of the tool is enabled: it is how the operator wants the tool described to the
   * model, and stays when a changed schema disables the tool's commands and rules until they are reviewed.
   *
   * @param catalogForTurn the catalog of the turn's guild or server; may return null for "no catalog"
   */
  public static DescriptionOverride overrides(Function<TurnContext, DirectCatalog> catalogForTurn) {
    if (catalogForTurn == null) {
      throw new IllegalArgumentException("catalogForTurn must not be null");
    }
    return (spec, context) -> {
      DirectCatalog catalog = catalogForTurn.apply(context);
      return catalog == null ? null : catalog.config(spec.name()).map(DirectConfig::description).orElse(null);
    };
  }
}
