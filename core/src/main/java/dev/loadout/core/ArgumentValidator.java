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
import tools.jackson.databind.exc.JsonNodeException;
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

  /**
   * The arguments with every double that is a whole number beyond {@code long} range ({@code 1e308}) as the same
   * exact integer, or the arguments themselves when there is none: the validator's bound checks read such a double
   * with {@code asLong()}, which Jackson 3 refuses, while it reads big integers exactly.
   */
  static JsonNode exactIntegers(JsonNode node) {
    if (node.isDouble() || node.isFloat()) {
      double d = node.doubleValue();
      // Beyond long range either way (-2^63 itself fits, but its exact integer reads the same).
      if (Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) >= 0x1p63) {
        return tools.jackson.databind.node.JsonNodeFactory.instance.numberNode(new java.math.BigDecimal(d).toBigInteger());
      }
      return node;
    }
    if (!node.isContainer()) {
      return node;
    }
    JsonNode copy = null;
    if (node.isObject()) {
      for (String name : node.propertyNames()) {
        JsonNode child = node.get(name);
        JsonNode exact = exactIntegers(child);
        if (exact != child) {
          copy = copy == null ? node.deepCopy() : copy;
          ((tools.jackson.databind.node.ObjectNode) copy).set(name, exact);
        }
      }
    } else {
      for (int i = 0; i < node.size(); i++) {
        JsonNode exact = exactIntegers(node.get(i));
        if (exact != node.get(i)) {
          copy = copy == null ? node.deepCopy() : copy;
          ((tools.jackson.databind.node.ArrayNode) copy).set(i, exact);
        }
      }
    }
    return copy == null ? node : copy;
  }

  /** The names the schema's root lists as {@code required}. */
  java.util.Set<String> requiredAtRoot() {
    return requiredAtRoot;
  }

  /** Every violation, in the validator's order; empty when valid. */
  List<Violation> violations(JsonNode arguments) {
    List<Error> errors;
    try {
      errors = schema.validate(exactIntegers(arguments));
    } catch (JsonNodeException e) {
      // A keyword read a value Jackson refuses to convert; the value is the model's, so it is the model's violation.
      return List.of(new Violation("/", "a number in the arguments is beyond the range this schema can check"));
    }
    List<Violation> out = new ArrayList<>(errors.size());
    for (Error e : errors) {
      String pointer = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
      out.add(new Violation(pointer.isEmpty() ? "/" : pointer, e.getMessage()));
    }
    return out;
  }
}
