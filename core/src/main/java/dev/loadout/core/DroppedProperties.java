package dev.loadout.core;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The check behind {@link SchemaEdit#dropProperties(String...)}: a call that carries a property the variant
 * dropped is refused, whether or not the schema forbids additional properties, since a tool whose variant took
 * {@code seed} away must not be handed a {@code seed}.
 */
final class DroppedProperties {
  private DroppedProperties() {}

  /** One violation per dropped path the arguments carry, as {@code "/a/b: ..."}; empty when none. */
  static List<String> violations(List<String> dropped, JsonNode arguments) {
    if (dropped.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>(1);
    for (String path : dropped) {
      JsonNode at = arguments;
      String[] names = path.split("/");
      for (int i = 0; i < names.length && at != null; i++) {
        at = at.isObject() ? at.get(names[i]) : null;
      }
      if (at != null) {
        out.add("/" + path.replace("~", "~0") + ": property '" + names[names.length - 1]
            + "' is not accepted by this tool on this turn");
      }
    }
    return out;
  }
}
