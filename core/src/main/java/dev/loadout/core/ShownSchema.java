package dev.loadout.core;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The schema one dialect showed the model, as {@link PreparedTurn#execute(ToolCall)} checks it: what was shown is
 * what is checked.
 *
 * <p>A dialect's rewrite ({@link DialectSchemas}) loosens some schemas: every dialect flattens a root
 * {@code oneOf}/{@code anyOf}/{@code allOf} and drops a root {@code not}, {@code enum}, {@code if}…; Gemini keeps
 * only its OpenAPI subset (no {@code additionalProperties}, no recursion below the first level, tuple items
 * reduced to the first, …). A model that follows the shown schema must not be refused for a rule it was never
 * shown, so a call is checked against the shown schema, read as JSON Schema:
 * <ul>
 *   <li>OpenAI Chat, OpenAI Responses, Anthropic: the shown schema, with the tool's own {@code $schema} and
 *       {@code $id} kept so that nested keywords mean what the tool's draft says.</li>
 *   <li>Gemini: the shown OpenAPI schema translated back: {@code nullable} admits {@code null}; an enum shown as
 *       strings admits those strings, and a call's string is then turned back into the value the tool wrote
 *       ({@code "2"} becomes {@code 2}) before the tool sees it.</li>
 * </ul>
 * Where a rewrite could keep the tool's meaning exactly, it does (Gemini's inclusive bounds for exclusive ones).
 * What no dialect can show is not enforced for that dialect's calls; a tool that depends on such a rule (a root
 * {@code oneOf}, or for Gemini {@code additionalProperties}, {@code uniqueItems}, {@code not}, …) checks it
 * itself. Properties a variant dropped are refused whatever was shown (see {@link ToolSpec}).
 */
final class ShownSchema {
  /** Marks, in an annotated Gemini tree, the values as written of an enum shown as strings. */
  static final String TYPED_ENUM = "x-loadout-typed-enum";

  private final ArgumentValidator validator;
  /** The annotated tree to coerce with; null when nothing needs coercing. */
  private final ObjectNode coercions;
  /** Whether {@link #coercions} is a strict schema, whose marked nulls are dropped, rather than Gemini's enums. */
  private final boolean strict;

  private ShownSchema(ArgumentValidator validator, ObjectNode coercions, boolean strict) {
    this.validator = validator;
    this.coercions = coercions;
    this.strict = strict;
  }

  /**
   * The strict schema an OpenAI strict render showed ({@link StrictSchema}): checked as shown, with the tool's own
   * {@code $schema} and {@code $id}, and the nulls strict mode made the model send for optional properties dropped
   * before the tool sees the arguments.
   */
  static ShownSchema strict(ToolSpec spec, ObjectNode annotated) {
    ObjectNode checked = StrictSchema.withoutMarks(annotated);
    for (String keyword : List.of("$schema", "$id")) {
      if (spec.parametersView().has(keyword)) {
        checked.set(keyword, spec.parametersView().get(keyword).deepCopy());
      }
    }
    return new ShownSchema(ArgumentValidator.compile(spec.name(), checked), annotated, true);
  }

  /**
   * The shown schema of a spec in a dialect, compiled.
   *
   * @throws IllegalArgumentException when the shown schema cannot be compiled (the caller falls back to the
   *     spec's own)
   */
  static ShownSchema of(Dialect dialect, ToolSpec spec) {
    ObjectNode original = spec.parametersView();
    ObjectNode shown = DialectSchemas.annotated(dialect, original);
    ObjectNode checked;
    ObjectNode coercions = null;
    if (dialect == Dialect.GEMINI) {
      checked = withoutTypedEnums(shown);
      asJsonSchema(checked);
      coercions = hasTypedEnum(shown) ? shown : null;
    } else {
      checked = shown;
      for (String keyword : List.of("$schema", "$id")) {
        if (original.has(keyword)) {
          checked.set(keyword, original.get(keyword).deepCopy());
        }
      }
    }
    return new ShownSchema(ArgumentValidator.compile(spec.name(), checked), coercions, false);
  }

  ArgumentValidator validator() {
    return validator;
  }

  /** The arguments the tool receives: a copy with shown strings turned back into typed enum values, or them. */
  ObjectNode coerce(ObjectNode arguments) {
    if (strict) {
      return StrictSchema.coerce(arguments, coercions);
    }
    return coercions == null ? arguments : (ObjectNode) coerce(arguments.deepCopy(), coercions);
  }

  private static JsonNode coerce(JsonNode value, JsonNode schema) {
    if (!(schema instanceof ObjectNode)) {
      return value;
    }
    JsonNode typed = schema.get(TYPED_ENUM);
    if (value.isString() && typed instanceof ObjectNode && typed.has(value.stringValue())) {
      return typed.get(value.stringValue()).deepCopy();
    }
    JsonNode properties = schema.get("properties");
    if (value instanceof ObjectNode && properties instanceof ObjectNode) {
      ObjectNode object = (ObjectNode) value;
      for (String name : List.copyOf(object.propertyNames())) {
        JsonNode property = properties.get(name);
        if (property != null) {
          object.set(name, coerce(object.get(name), property));
        }
      }
    }
    JsonNode items = schema.get("items");
    if (value instanceof ArrayNode && items instanceof ObjectNode) {
      ArrayNode array = (ArrayNode) value;
      for (int i = 0; i < array.size(); i++) {
        array.set(i, coerce(array.get(i), items));
      }
    }
    JsonNode anyOf = schema.get("anyOf");
    if (anyOf instanceof ArrayNode) {
      // The first member that changes the value is the one the value was meant for.
      for (JsonNode member : anyOf) {
        JsonNode out = coerce(value, member);
        if (out != value || value.isContainer() && sameType(value, member)) {
          return out;
        }
      }
    }
    return value;
  }

  private static boolean sameType(JsonNode value, JsonNode member) {
    String type = Json.string(member.get("type"));
    return value.isObject() ? "object".equals(type) : "array".equals(type);
  }

  /** Reads Gemini's OpenAPI subset as JSON Schema, in place: {@code nullable} admits null; the rest means the same. */
  private static void asJsonSchema(JsonNode node) {
    if (!(node instanceof ObjectNode)) {
      return;
    }
    ObjectNode s = (ObjectNode) node;
    JsonNode properties = s.get("properties");
    if (properties instanceof ObjectNode) {
      properties.forEach(ShownSchema::asJsonSchema);
    }
    asJsonSchema(s.get("items"));
    JsonNode anyOf = s.get("anyOf");
    if (anyOf instanceof ArrayNode) {
      anyOf.forEach(ShownSchema::asJsonSchema);
    }
    s.remove(List.of("propertyOrdering", "example"));
    JsonNode nullable = s.remove("nullable");
    if (nullable == null || !nullable.isBoolean() || !nullable.booleanValue()) {
      return;
    }
    JsonNode type = s.get("type");
    if (type != null && type.isString()) {
      s.putArray("type").add(type.stringValue()).add("null");
    }
    if (s.get("enum") instanceof ArrayNode) {
      ((ArrayNode) s.get("enum")).addNull();
    }
    if (anyOf instanceof ArrayNode) {
      ((ArrayNode) anyOf).add(Json.object().put("type", "null"));
    }
  }

  /** A copy without {@value #TYPED_ENUM} annotations: what is rendered, and what the validator compiles. */
  static ObjectNode withoutTypedEnums(ObjectNode schema) {
    ObjectNode copy = schema.deepCopy();
    strip(copy);
    return copy;
  }

  private static void strip(JsonNode node) {
    if (!(node instanceof ObjectNode)) {
      return;
    }
    ObjectNode s = (ObjectNode) node;
    s.remove(TYPED_ENUM);
    JsonNode properties = s.get("properties");
    if (properties instanceof ObjectNode) {
      properties.forEach(ShownSchema::strip);
    }
    strip(s.get("items"));
    if (s.get("anyOf") instanceof ArrayNode) {
      s.get("anyOf").forEach(ShownSchema::strip);
    }
  }

  private static boolean hasTypedEnum(JsonNode node) {
    if (!(node instanceof ObjectNode)) {
      return false;
    }
    if (node.has(TYPED_ENUM)) {
      return true;
    }
    JsonNode properties = node.get("properties");
    if (properties instanceof ObjectNode) {
      for (JsonNode p : properties) {
        if (hasTypedEnum(p)) {
          return true;
        }
      }
    }
    if (hasTypedEnum(node.get("items"))) {
      return true;
    }
    if (node.get("anyOf") instanceof ArrayNode) {
      for (JsonNode m : node.get("anyOf")) {
        if (hasTypedEnum(m)) {
          return true;
        }
      }
    }
    return false;
  }
}
