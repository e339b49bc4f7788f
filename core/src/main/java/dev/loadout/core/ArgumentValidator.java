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
  private final java.util.Set<String> requiredAtRoot;

  private ArgumentValidator(Schema schema, java.util.Set<String> requiredAtRoot) {
    this.schema = schema;
    this.requiredAtRoot = requiredAtRoot;
  }

  static ArgumentValidator compile(String toolName, ObjectNode parameters) {
    try {
      Schema schema = REGISTRY.getSchema(parameters);
      schema.initializeValidators();
      java.util.Set<String> required = new java.util.HashSet<>();
      if (parameters.get("required") instanceof tools.jackson.databind.node.ArrayNode) {
        parameters.get("required").forEach(n -> {
          if (n.isString()) {
            required.add(n.stringValue());
          }
        });
      }
      return new ArgumentValidator(schema, java.util.Set.copyOf(required));
    } catch (SchemaException | IllegalArgumentException | IllegalStateException | UnsupportedOperationException e) {
      throw new IllegalArgumentException("parameters of tool '" + toolName
          + "' are not a JSON Schema Loadout can validate against: " + e.getMessage(), e);
    }
  }

  /** One broken rule: where in the arguments (a JSON pointer, {@code /} for the root) and what. */
  record Violation(String pointer, String message) {
    @Override
    public String toString() {
      return pointer + ": " + message;
    }
  }

  /** The names the schema's root lists as {@code required}. */
  java.util.Set<String> requiredAtRoot() {
    return requiredAtRoot;
  }

  /** Every violation, in the validator's order; empty when valid. */
  List<Violation> violations(JsonNode arguments) {
    List<Error> errors = schema.validate(arguments);
    List<Violation> out = new ArrayList<>(errors.size());
    for (Error e : errors) {
      String pointer = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
      out.add(new Violation(pointer.isEmpty() ? "/" : pointer, e.getMessage()));
    }
    return out;
  }
}
