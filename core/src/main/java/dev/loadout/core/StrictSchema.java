package dev.loadout.core;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI's strict mode for a tool's shown schema: the rewrite strict mode needs, or the reason the schema cannot take
 * it. Strict mode constrains decoding to a subset of JSON Schema in which every object lists all its properties as
 * required and forbids others. The rewrite, applied to every object at every depth ({@code $defs} included):
 * <ul>
 *   <li>{@code additionalProperties} becomes {@code false};</li>
 *   <li>every property becomes required; one that was optional and did not admit {@code null} is made nullable
 *       ({@code "type": ["string", "null"]}, {@code null} added to an {@code enum}, a {@code const} or {@code $ref}
 *       wrapped in {@code anyOf} with {@code {"type": "null"}}), and marked {@value #NULL_MEANS_ABSENT}, so that a
 *       call's {@code null} there reaches the tool as the property not being given.</li>
 * </ul>
 * Nothing else changes, so a call that keeps to the strict schema keeps, once those nulls are dropped, to the tool's
 * own. What the rewrite cannot express without changing the tool's meaning is refused with a sentence naming the
 * place: a keyword outside strict mode's subset (allowed: {@code type}, {@code properties}, {@code required},
 * {@code additionalProperties: false}, {@code items}, {@code enum}, {@code const}, {@code anyOf}, {@code $ref},
 * {@code $defs}/{@code definitions} at the root, {@code description}, {@code title}, {@code pattern}, the formats
 * OpenAI lists, {@code minimum}, {@code maximum}, {@code exclusiveMinimum}, {@code exclusiveMaximum},
 * {@code multipleOf}, {@code minItems}, {@code maxItems}); {@code additionalProperties} other than {@code false};
 * a nested object without properties (a free-form map); an array without one {@code items} schema; a schema without
 * a type; more than {@value #MAX_DEPTH} levels, {@value #MAX_PROPERTIES} properties or {@value #MAX_ENUM_VALUES} enum
 * values (OpenAI's limits). Bounded: the walk stops at the depth limit.
 */
final class StrictSchema {
  /** Marks a property whose {@code null} the rewrite added: a call's null there means "not given". */
  static final String NULL_MEANS_ABSENT = "x-loadout-null-means-absent";
  static final int MAX_DEPTH = 10;
  static final int MAX_PROPERTIES = 5_000;
  static final int MAX_ENUM_VALUES = 1_000;

  private static final Set<String> KEYWORDS = Set.of("type", "properties", "required", "additionalProperties", "items",
      "enum", "const", "anyOf", "$ref", "description", "title", "pattern", "format", "minimum", "maximum",
      "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems");
  private static final Set<String> ROOT_ONLY = Set.of("$defs", "definitions");
  private static final Set<String> FORMATS = Set.of("date-time", "time", "date", "duration", "email", "hostname", "ipv4",
      "ipv6", "uuid");
  private static final Set<String> TYPES = Set.of("string", "number", "integer", "boolean", "object", "array", "null");

  /** The annotated strict schema, or why there is none. */
  record Outcome(ObjectNode annotated, String refusal) {}

  private int properties;
  private int enumValues;

  private StrictSchema() {}

  /** The strict form of a schema as OpenAI shows it (root rules applied); the argument is not modified. */
  static Outcome of(ObjectNode shown) {
    ObjectNode copy = shown.deepCopy();
    StrictSchema walk = new StrictSchema();
    String refusal = walk.node(copy, "", 1, true);
    if (refusal == null) {
      for (String defs : ROOT_ONLY) {
        JsonNode d = copy.get(defs);
        if (d != null) {
          if (!(d instanceof ObjectNode)) {
            return new Outcome(null, "'" + defs + "' is not an object");
          }
          for (String name : d.propertyNames()) {
            refusal = walk.node(d.get(name), "/" + defs + "/" + name, 2, false);
            if (refusal != null) {
              return new Outcome(null, refusal);
            }
          }
        }
      }
    }
    return refusal != null ? new Outcome(null, refusal) : new Outcome(copy, null);
  }

  /** Rewrites one schema in place; the refusal, or null. */
  private String node(JsonNode schema, String path, int depth, boolean root) {
    String at = path.isEmpty() ? "the root" : path;
    if (depth > MAX_DEPTH) {
      return "it nests deeper than " + MAX_DEPTH + " levels, strict mode's limit";
    }
    if (!(schema instanceof ObjectNode)) {
      return "the schema at " + at + " is not an object";
    }
    ObjectNode s = (ObjectNode) schema;
    for (String k : s.propertyNames()) {
      if (!KEYWORDS.contains(k) && !(root && ROOT_ONLY.contains(k))) {
        return "'" + k + "' at " + at + " is not supported in strict mode";
      }
    }
    String format = Json.string(s.get("format"));
    if (s.has("format") && (format == null || !FORMATS.contains(format))) {
      return "format '" + s.get("format") + "' at " + at + " is not supported in strict mode";
    }
    Set<String> types = types(s.get("type"));
    if (types == null) {
      return "the type at " + at + " is not a type strict mode knows";
    }
    if (s.get("enum") != null) {
      if (!(s.get("enum") instanceof ArrayNode)) {
        return "the enum at " + at + " is not an array";
      }
      enumValues += s.get("enum").size();
      if (enumValues > MAX_ENUM_VALUES) {
        return "it has more than " + MAX_ENUM_VALUES + " enum values, strict mode's limit";
      }
    }
    JsonNode anyOf = s.get("anyOf");
    if (anyOf != null) {
      if (root || !(anyOf instanceof ArrayNode) || anyOf.isEmpty()) {
        return root ? "'anyOf' at the root is not supported in strict mode" : "the anyOf at " + at + " is not a list of schemas";
      }
      for (int i = 0; i < anyOf.size(); i++) {
        String r = node(anyOf.get(i), path + "/anyOf/" + i, depth + 1, false);
        if (r != null) {
          return r;
        }
      }
    }
    if (types.isEmpty() && anyOf == null && !s.has("enum") && !s.has("const") && !s.has("$ref")) {
      return "the schema at " + at + " has no type";
    }
    if (types.contains("object") || s.has("properties")) {
      String r = object(s, path, at, depth, root);
      if (r != null) {
        return r;
      }
    }
    if (types.contains("array") || s.has("items")) {
      JsonNode items = s.get("items");
      if (!(items instanceof ObjectNode)) {
        return "the array at " + at + " has no single items schema";
      }
      return node(items, path + "/items", depth + 1, false);
    }
    return null;
  }

  private String object(ObjectNode s, String path, String at, int depth, boolean root) {
    JsonNode additional = s.get("additionalProperties");
    if (additional != null && !(additional.isBoolean() && !additional.booleanValue())) {
      return "the object at " + at + " allows additional properties, which strict mode cannot express";
    }
    JsonNode props = s.get("properties");
    if (props != null && !(props instanceof ObjectNode)) {
      return "the properties at " + at + " are not an object";
    }
    if (!root && additional == null && (props == null || props.isEmpty())) {
      return "the object at " + at + " has no properties (a free-form map), which strict mode cannot express";
    }
    Set<String> required = new LinkedHashSet<>(DialectSchemas.names(s.get("required")));
    ArrayNode all = Json.array();
    if (props != null) {
      properties += props.size();
      if (properties > MAX_PROPERTIES) {
        return "it has more than " + MAX_PROPERTIES + " properties, strict mode's limit";
      }
      for (String name : List.copyOf(props.propertyNames())) {
        String r = node(props.get(name), path + "/properties/" + name, depth + 1, false);
        if (r != null) {
          return r;
        }
        if (!required.contains(name) && !admitsNull((ObjectNode) props.get(name))) {
          ((ObjectNode) props).set(name, nullable((ObjectNode) props.get(name)));
        }
        all.add(name);
      }
    } else {
      s.putObject("properties");
    }
    s.set("required", all);
    s.put("additionalProperties", false);
    return null;
  }

  /** The schema's types: empty when it has none, null when the keyword is not a type strict mode knows. */
  private static Set<String> types(JsonNode type) {
    Set<String> out = new LinkedHashSet<>();
    if (type == null) {
      return out;
    }
    if (type.isString()) {
      out.add(type.stringValue());
    } else if (type instanceof ArrayNode && !type.isEmpty()) {
      for (JsonNode t : type) {
        if (!t.isString()) {
          return null;
        }
        out.add(t.stringValue());
      }
    } else {
      return null;
    }
    return TYPES.containsAll(out) ? out : null;
  }

  private static boolean admitsNull(ObjectNode s) {
    Set<String> types = types(s.get("type"));
    if (types != null && types.contains("null")) {
      return true;
    }
    JsonNode anyOf = s.get("anyOf");
    if (anyOf instanceof ArrayNode) {
      for (JsonNode branch : anyOf) {
        if (branch instanceof ObjectNode && admitsNull((ObjectNode) branch)) {
          return true;
        }
      }
    }
    return types != null && types.isEmpty() && anyOf == null && s.get("enum") instanceof ArrayNode
        && containsNull((ArrayNode) s.get("enum"));
  }

  private static boolean containsNull(ArrayNode values) {
    for (JsonNode v : values) {
      if (v.isNull()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The property made nullable and marked; a {@code $ref}, {@code const} or {@code anyOf} is wrapped, as strict mode
   * requires (a null added to the type alone would still fail every branch of the anyOf).
   */
  private static ObjectNode nullable(ObjectNode s) {
    ObjectNode out;
    if (s.has("$ref") || s.has("const") || s.has("anyOf")) {
      out = Json.object();
      for (String keep : List.of("description", "title")) {
        if (s.has(keep)) {
          out.set(keep, s.remove(keep));
        }
      }
      ArrayNode branches = out.putArray("anyOf");
      if (s.has("anyOf") && s.size() == 1) {
        s.get("anyOf").forEach(branches::add);
      } else {
        branches.add(s);
      }
      branches.addObject().put("type", "null");
    } else {
      out = s;
      JsonNode type = s.get("type");
      if (type != null && type.isString()) {
        s.putArray("type").add(type.stringValue()).add("null");
      } else if (type instanceof ArrayNode) {
        ((ArrayNode) type).add("null");
      }
      // An enum may list null already (its type did not admit it): the values stay unique.
      if (s.get("enum") instanceof ArrayNode && !containsNull((ArrayNode) s.get("enum"))) {
        ((ArrayNode) s.get("enum")).addNull();
      }
    }
    out.put(NULL_MEANS_ABSENT, true);
    return out;
  }

  /** A copy without the marks: what is rendered and compiled. */
  static ObjectNode withoutMarks(ObjectNode annotated) {
    ObjectNode copy = annotated.deepCopy();
    strip(copy, 0);
    return copy;
  }

  private static void strip(JsonNode node, int depth) {
    if (depth > 4 * MAX_DEPTH || !node.isContainer()) {
      return; // the walk above allowed at most MAX_DEPTH schema levels, each at most a few containers deep
    }
    if (node instanceof ObjectNode) {
      ((ObjectNode) node).remove(NULL_MEANS_ABSENT);
    }
    for (JsonNode child : node) {
      strip(child, depth + 1);
    }
  }

  /**
   * The arguments the tool receives: a copy without the nulls strict mode made the model send for properties it
   * did not mean to give; the same object when there are none. Follows properties, items, anyOf branches and local
   * {@code $ref}s; bounded by the arguments' depth, which the {@link JsonLimits} bound.
   */
  static ObjectNode coerce(ObjectNode arguments, ObjectNode annotated) {
    ObjectNode copy = arguments.deepCopy();
    return drop(copy, annotated, annotated, 0) ? copy : arguments;
  }

  private static boolean drop(JsonNode value, JsonNode schema, ObjectNode document, int depth) {
    if (!(schema instanceof ObjectNode) || depth > JsonLimits.MAX_NESTING_DEPTH_LIMIT) {
      return false;
    }
    ObjectNode target = DialectSchemas.localTarget(Json.string(schema.get("$ref")), document);
    if (target != null) {
      return drop(value, target, document, depth + 1);
    }
    boolean changed = false;
    JsonNode anyOf = schema.get("anyOf");
    if (anyOf instanceof ArrayNode) {
      for (JsonNode branch : anyOf) {
        changed |= drop(value, branch, document, depth + 1);
      }
    }
    JsonNode props = schema.get("properties");
    if (value instanceof ObjectNode && props instanceof ObjectNode) {
      ObjectNode object = (ObjectNode) value;
      for (String name : List.copyOf(object.propertyNames())) {
        JsonNode p = props.get(name);
        if (p == null) {
          continue;
        }
        if (object.get(name).isNull() && p.path(NULL_MEANS_ABSENT).asBoolean(false)) {
          object.remove(name);
          changed = true;
        } else {
          changed |= drop(object.get(name), p, document, depth + 1);
        }
      }
    }
    JsonNode items = schema.get("items");
    if (value instanceof ArrayNode && items instanceof ObjectNode) {
      for (JsonNode element : value) {
        changed |= drop(element, items, document, depth + 1);
      }
    }
    return changed;
  }
}
