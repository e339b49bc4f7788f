package dev.loadout.core.direct;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks expanded arguments against a tool's schema before the slot is claimed, so an invalid direct call
 * never touches the task store. The configuration matches core's own argument validator (2020-12 by default,
 * no remote references, no format assertions); {@code PreparedTurn.execute} checks again against the variant
 * shown. Core's validator is package-private, hence this twin; see the report of issue 7.
 */
final class ArgumentCheck {
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(
      SpecificationVersion.DRAFT_2020_12,
      b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder()
              .pathType(PathType.JSON_POINTER)
              .formatAssertionsEnabled(false)
              .build())
          .schemaLoader(loader -> loader.fetchRemoteResources(false)));
  private final Schema schema;

  private ArgumentCheck(Schema schema) {
    this.schema = schema;
  }

  /** The check of a tool's parameters, compiled once when the config is saved. */
  static ArgumentCheck compile(ObjectNode parameters) {
    Schema schema = REGISTRY.getSchema(parameters);
    schema.initializeValidators();
    return new ArgumentCheck(schema);
  }

  /** Every violation as "pointer: message"; empty when valid. */
  List<String> violations(JsonNode arguments) {
    List<String> out = new ArrayList<>();
    for (Error e : schema.validate(arguments)) {
      String pointer = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
      out.add((pointer.isEmpty() ? "/" : pointer) + ": " + e.getMessage());
    }
    return out;
  }
}
