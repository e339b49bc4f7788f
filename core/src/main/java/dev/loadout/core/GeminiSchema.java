package dev.loadout.core;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Gemini's part of {@link DialectSchemas}: keeps only the OpenAPI subset Gemini accepts, at every depth, as
 * {@link Dialect} lists. Runs after the root rules every dialect shares.
 */
final class GeminiSchema {
  /** The keywords of Gemini's OpenAPI-subset {@code Schema} message. */
  private static final Set<String> GEMINI_KEYWORDS = Set.of(
      "type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties",
      "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf",
      "propertyOrdering", "default", "items", "minimum", "maximum", ShownSchema.TYPED_ENUM);
  private static final Set<String> GEMINI_TYPES = Set.of("string", "number", "integer", "boolean", "array", "object");
  /** Gemini keywords whose value is a string, a count (int64) and a number (double). */
  private static final Set<String> GEMINI_TEXTS = Set.of("format", "title", "description", "pattern");
  private static final Set<String> GEMINI_COUNTS =
      Set.of("maxItems", "minItems", "minProperties", "maxProperties", "minLength", "maxLength");
  private static final Set<String> GEMINI_NUMBERS = Set.of("minimum", "maximum");

  private GeminiSchema() {}

  /** One schema in Gemini's subset; {@code expanding} holds the {@code $ref}s this schema sits inside. */
  static ObjectNode node(JsonNode input, ObjectNode document, List<String> expanding) {
    if (!(input instanceof ObjectNode)) {
      return Json.object(); // `true` or junk: any value
    }
    ObjectNode s = inlineRef(((ObjectNode) input).deepCopy(), document, expanding);
    mergeAllOf(s, document, expanding);
    if (s.has("oneOf") && !s.has("anyOf")) {
      s.set("anyOf", s.get("oneOf"));
    }
    if (s.has("const")) {
      ArrayNode e = Json.array();
      e.add(s.get("const"));
      s.set("enum", e);
    }
    typeArray(s);
    exclusiveBounds(s);
    enumsAsStrings(s);
    s.retain(GEMINI_KEYWORDS);
    wellTyped(s);
    format(s);

    JsonNode properties = s.get("properties");
    if (properties instanceof ObjectNode) {
      ObjectNode out = Json.object();
      for (String name : properties.propertyNames()) {
        out.set(name, node(properties.get(name), document, expanding));
      }
      if (out.isEmpty()) {
        s.remove("properties");
      } else {
        s.set("properties", out);
      }
    } else {
      s.remove("properties");
    }
    keepExisting(s, "required");
    keepExisting(s, "propertyOrdering");
    JsonNode items = s.get("items");
    if (items != null) {
      JsonNode first = items instanceof ArrayNode ? (items.isEmpty() ? Json.object() : items.get(0)) : items;
      s.set("items", node(first, document, expanding));
    } else if ("array".equals(Json.string(s.get("type")))) {
      s.set("items", Json.object().put("type", "string")); // Gemini refuses an array without items
    }
    JsonNode anyOf = s.remove("anyOf");
    if (anyOf instanceof ArrayNode) {
      ArrayNode kept = Json.array();
      for (JsonNode member : anyOf) {
        ObjectNode m = node(member, document, expanding);
        if (m.has("type")) {
          kept.add(m);
          continue;
        }
        if (m.get("anyOf") instanceof ArrayNode) {
          kept.addAll((ArrayNode) m.get("anyOf")); // a union inside a union; its members are typed
        }
        if (isTrue(m.get("nullable"))) {
          s.put("nullable", true); // what {"type": "null"} became
        }
      }
      if (kept.size() == 1) {
        DialectSchemas.merge(s, (ObjectNode) kept.get(0));
        return node(s, document, expanding); // normalise what the member brought (an enum makes a string)
      } else if (kept.size() > 1) {
        s.set("anyOf", kept);
      }
    }
    return s;
  }

  /** Replaces a {@code $ref} by its target, merged like an {@code allOf} member under the sibling keywords. */
  private static ObjectNode inlineRef(ObjectNode s, ObjectNode document, List<String> expanding) {
    JsonNode refNode = s.remove("$ref");
    String ref = Json.string(refNode);
    if (ref == null) {
      return s;
    }
    JsonNode target = expanding.contains(ref) || expanding.size() > DialectSchemas.MAX_REF_DEPTH ? null : DialectSchemas.pointer(document, ref);
    if (target instanceof ObjectNode) {
      List<String> inside = new ArrayList<>(expanding);
      inside.add(ref);
      DialectSchemas.merge(s, node(target, document, List.copyOf(inside)));
    } else {
      // Recursive, unresolvable or external: an untyped object is the honest approximation.
      DialectSchemas.merge(s, Json.object().put("type", "object"));
    }
    return s;
  }

  private static void mergeAllOf(ObjectNode s, ObjectNode document, List<String> expanding) {
    // A member may bring its own allOf; a few rounds flatten any realistic nesting.
    for (int round = 0; round < DialectSchemas.MAX_REF_DEPTH && s.get("allOf") instanceof ArrayNode; round++) {
      for (JsonNode member : (ArrayNode) s.remove("allOf")) {
        if (member instanceof ObjectNode) {
          DialectSchemas.merge(s, inlineRef(((ObjectNode) member).deepCopy(), document, expanding));
        }
      }
    }
    s.remove("allOf");
  }

  private static void typeArray(ObjectNode s) {
    JsonNode type = s.get("type");
    if (type != null && type.isString() && type.stringValue().equals("null")) {
      s.remove("type");
      s.put("nullable", true);
      return;
    }
    if (!(type instanceof ArrayNode)) {
      return;
    }
    List<String> types = DialectSchemas.names(type);
    boolean nullable = types.remove("null");
    if (nullable) {
      s.put("nullable", true);
    }
    if (types.isEmpty()) {
      s.remove("type");
    } else if (types.size() == 1) {
      s.put("type", types.get(0));
    } else {
      s.remove("type");
      ArrayNode anyOf = Json.array();
      for (String t : types) {
        anyOf.add(Json.object().put("type", t));
      }
      s.set("anyOf", anyOf);
    }
  }

  /**
   * Gemini has no exclusive bounds, so each becomes the inclusive bound that admits the same values: the next
   * integer for an integer, the next double for any other number (so a shown bound never admits the value the
   * tool excluded). An inclusive bound already set keeps whichever of the two is stricter.
   */
  private static void exclusiveBounds(ObjectNode s) {
    boolean integer = "integer".equals(Json.string(s.get("type")));
    JsonNode min = s.remove("exclusiveMinimum");
    if (min != null && min.isNumber()) {
      s.set("minimum", stricter(s.get("minimum"), inclusive(min, integer, true), true));
    }
    JsonNode max = s.remove("exclusiveMaximum");
    if (max != null && max.isNumber()) {
      s.set("maximum", stricter(s.get("maximum"), inclusive(max, integer, false), false));
    }
  }

  private static JsonNode inclusive(JsonNode bound, boolean integer, boolean lower) {
    if (integer) {
      java.math.BigDecimal b = bound.decimalValue();
      java.math.BigDecimal whole = b.setScale(0, lower ? java.math.RoundingMode.FLOOR : java.math.RoundingMode.CEILING);
      java.math.BigInteger next = whole.toBigInteger().add(java.math.BigInteger.valueOf(lower ? 1 : -1));
      // The smallest node type that holds it, as a parser would have made it: 1 renders and compares as 1.
      return next.bitLength() < 32 ? Json.NODES.numberNode(next.intValue())
          : next.bitLength() < 64 ? Json.NODES.numberNode(next.longValue()) : Json.NODES.numberNode(next);
    }
    double d = bound.doubleValue();
    return Double.isFinite(d) ? Json.NODES.numberNode(lower ? Math.nextUp(d) : Math.nextDown(d)) : bound;
  }

  private static JsonNode stricter(JsonNode existing, JsonNode candidate, boolean lower) {
    if (existing == null || !existing.isNumber()) {
      return candidate;
    }
    int c = existing.decimalValue().compareTo(candidate.decimalValue());
    return (lower ? c >= 0 : c <= 0) ? existing : candidate;
  }

  private static void enumsAsStrings(ObjectNode s) {
    JsonNode e = s.get("enum");
    if (!(e instanceof ArrayNode)) {
      s.remove("enum");
      return;
    }
    ArrayNode strings = Json.array();
    Set<String> seen = new LinkedHashSet<>();
    ObjectNode typed = Json.object();
    for (JsonNode v : e) {
      if (v.isNull()) {
        s.put("nullable", true);
      } else {
        String text = v.isString() ? v.stringValue() : Json.text(v);
        if (seen.add(text)) {
          strings.add(text);
          if (!v.isString()) {
            typed.set(text, v); // shown as text; a call's "2" means the 2 the tool wrote
          }
        }
      }
    }
    if (strings.isEmpty()) {
      s.remove("enum");
      return;
    }
    if (!typed.isEmpty()) {
      s.set(ShownSchema.TYPED_ENUM, typed);
    }
    s.set("enum", strings);
    s.put("type", "string");
  }

  /** Removes a kept keyword whose value has a JSON type Gemini's Schema message cannot read. */
  private static void wellTyped(ObjectNode s) {
    String type = Json.string(s.get("type"));
    if (type == null || !GEMINI_TYPES.contains(type)) {
      s.remove("type");
    }
    for (String k : List.copyOf(s.propertyNames())) {
      JsonNode v = s.get(k);
      boolean bad = GEMINI_TEXTS.contains(k) ? !v.isString()
          : GEMINI_COUNTS.contains(k) ? !(v.isIntegralNumber() && v.canConvertToLong() && v.asLong() >= 0)
          : GEMINI_NUMBERS.contains(k) ? !v.isNumber()
          : k.equals("nullable") && !v.isBoolean();
      if (bad) {
        s.remove(k);
      }
    }
  }

  private static void format(ObjectNode s) {
    String format = Json.string(s.get("format"));
    if (format == null) {
      return;
    }
    String type = Json.string(s.get("type"));
    boolean keep = "string".equals(type) ? Set.of("date-time", "enum").contains(format)
        : ("number".equals(type) || "integer".equals(type)) && Set.of("int32", "int64", "float", "double").contains(format);
    if (!keep) {
      s.remove("format");
    }
  }

  /** Keeps only the names in a name list that are properties of this schema, or drops the list. */
  private static void keepExisting(ObjectNode s, String keyword) {
    if (!s.has(keyword)) {
      return;
    }
    Set<String> kept = new LinkedHashSet<>(DialectSchemas.names(s.get(keyword)));
    kept.retainAll(s.has("properties") ? s.get("properties").propertyNames() : Set.of());
    if (kept.isEmpty()) {
      s.remove(keyword);
    } else {
      ArrayNode out = s.putArray(keyword);
      kept.forEach(out::add);
    }
  }

  private static boolean isTrue(JsonNode node) {
    return node != null && node.isBoolean() && node.booleanValue();
  }
}
