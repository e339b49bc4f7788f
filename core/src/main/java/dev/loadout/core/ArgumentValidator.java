package dev.loadout.core;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks a call's arguments against the exact schema variant the model was shown.
 *
 * <p>Schemas are compiled once per spec object (the spec memoises this validator). The draft is the
 * one the schema declares in {@code $schema}, else 2020-12. Remote {@code $ref}s are never fetched: a
 * tool schema comes from code or from an MCP server, and neither may make Loadout open a socket.
 */
final class ArgumentValidator {
  private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(
      SpecificationVersion.DRAFT_2020_12,
      b -> b.schemaRegistryConfig(SchemaRegistryConfig.builder()
              .pathType(PathType.JSON_POINTER)
              .formatAssertionsEnabled(false)
              .build())
          .schemaLoader(loader -> loader.fetchRemoteResources(false)));

  private final Schema schema;

  private ArgumentValidator(Schema schema) {
    this.schema = schema;
  }

  static ArgumentValidator compile(String toolName, ObjectNode parameters) {
    try {
      Schema schema = REGISTRY.getSchema(parameters);
      schema.initializeValidators();
      return new ArgumentValidator(schema);
    } catch (SchemaException | IllegalArgumentException | IllegalStateException | UnsupportedOperationException e) {
      throw new IllegalArgumentException("parameters of tool '" + toolName
          + "' are not a JSON Schema Loadout can validate against: " + e.getMessage(), e);
    }
  }

  /** Every violation, as "pointer: message", in the validator's order; empty when valid. */
  List<String> violations(JsonNode arguments) {
    List<Error> errors = schema.validate(arguments);
    List<String> out = new ArrayList<>(errors.size());
    for (Error e : errors) {
      String pointer = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
      out.add((pointer.isEmpty() ? "/" : pointer) + ": " + e.getMessage());
    }
    return out;
  }
}
