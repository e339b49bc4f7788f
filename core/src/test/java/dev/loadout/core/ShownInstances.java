package dev.loadout.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Arguments generated from a rendered schema (JSON Schema as OpenAI and Anthropic read it, or Gemini's OpenAPI
 * subset), and mutations that each break it in one unambiguous way. Covers what the fixtures use: types and type
 * arrays, enums, {@code anyOf}, {@code nullable}, bounds, lengths, {@code required},
 * {@code additionalProperties: false}, items.
 */
final class ShownInstances {
  /** How an instance is broken. */
  enum Break { MISSING_REQUIRED, WRONG_TYPE, OUT_OF_ENUM, BELOW_MINIMUM, ABOVE_MAXIMUM, EXTRA_PROPERTY, NOT_AN_OBJECT }

  private ShownInstances() {}

  static ObjectNode valid(ObjectNode schema, Random random) {
    JsonNode v = value(schema, random, 0);
    return v instanceof ObjectNode ? (ObjectNode) v : Json.object();
  }

  private static JsonNode value(JsonNode schema, Random r, int depth) {
    if (!(schema instanceof ObjectNode)) {
      return Json.NODES.stringNode("any");
    }
    ObjectNode s = (ObjectNode) schema;
    if (isTrue(s.get("nullable")) && r.nextInt(5) == 0) {
      return Json.NODES.nullNode();
    }
    if (s.get("enum") instanceof ArrayNode && !s.get("enum").isEmpty()) {
      return s.get("enum").get(r.nextInt(s.get("enum").size())).deepCopy();
    }
    if (s.has("const")) {
      return s.get("const").deepCopy();
    }
    if (s.get("anyOf") instanceof ArrayNode && !s.get("anyOf").isEmpty()) {
      return value(s.get("anyOf").get(r.nextInt(s.get("anyOf").size())), r, depth);
    }
    String type = type(s, r);
    switch (type) {
      case "object": {
        ObjectNode o = Json.object();
        JsonNode props = s.get("properties");
        List<String> required = names(s.get("required"));
        if (props instanceof ObjectNode) {
          for (String name : props.propertyNames()) {
            if (required.contains(name) || depth < 4 && r.nextBoolean()) {
              o.set(name, value(props.get(name), r, depth + 1));
            }
          }
        }
        return o;
      }
      case "array": {
        ArrayNode a = Json.array();
        int min = s.path("minItems").asInt(0);
        int n = min + (depth < 4 ? r.nextInt(3) : 0);
        if (s.has("maxItems")) {
          n = Math.min(n, s.get("maxItems").asInt());
        }
        for (int i = 0; i < n; i++) {
          a.add(value(s.get("items"), r, depth + 1));
        }
        return a;
      }
      case "integer": {
        long lo = (long) Math.ceil(lower(s, -1_000));
        if (s.has("exclusiveMinimum") && s.get("exclusiveMinimum").isNumber() && lo <= s.get("exclusiveMinimum").doubleValue()) {
          lo = (long) Math.floor(s.get("exclusiveMinimum").doubleValue()) + 1;
        }
        long hi = (long) Math.floor(upper(s, lo + 2_000));
        if (s.has("exclusiveMaximum") && s.get("exclusiveMaximum").isNumber() && hi >= s.get("exclusiveMaximum").doubleValue()) {
          hi = (long) Math.ceil(s.get("exclusiveMaximum").doubleValue()) - 1;
        }
        return Json.NODES.numberNode(lo + (long) (r.nextDouble() * (hi - lo)));
      }
      case "number": {
        double lo = lower(s, -1_000);
        double hi = upper(s, lo + 2_000);
        // Strictly inside, which meets exclusive bounds too.
        double v = lo + (0.25 + r.nextDouble() / 2) * (hi - lo);
        return Json.NODES.numberNode(v);
      }
      case "boolean":
        return Json.NODES.booleanNode(r.nextBoolean());
      case "null":
        return Json.NODES.nullNode();
      default: {
        int min = s.path("minLength").asInt(0);
        int max = s.path("maxLength").asInt(min + 12);
        int len = min + r.nextInt(Math.max(1, max - min + 1));
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < len; i++) {
          b.append((char) ('a' + r.nextInt(26)));
        }
        return Json.NODES.stringNode("uri".equals(Json.string(s.get("format"))) ? "https://example.com/" + b : b.toString());
      }
    }
  }

  private static double lower(ObjectNode s, double fallback) {
    double lo = s.has("minimum") && s.get("minimum").isNumber() ? s.get("minimum").doubleValue() : fallback;
    JsonNode ex = s.get("exclusiveMinimum");
    return ex != null && ex.isNumber() ? Math.max(lo, ex.doubleValue()) : lo;
  }

  private static double upper(ObjectNode s, double fallback) {
    double hi = s.has("maximum") && s.get("maximum").isNumber() ? s.get("maximum").doubleValue() : fallback;
    JsonNode ex = s.get("exclusiveMaximum");
    return ex != null && ex.isNumber() ? Math.min(hi, ex.doubleValue()) : hi;
  }

  /** The type to generate: the schema's, one of a type array, or string when untyped. */
  private static String type(ObjectNode s, Random r) {
    JsonNode t = s.get("type");
    if (t instanceof ArrayNode && !t.isEmpty()) {
      return t.get(r.nextInt(t.size())).asString("string");
    }
    if (t != null && t.isString()) {
      return t.stringValue();
    }
    return s.has("properties") ? "object" : "string";
  }

  /**
   * The instance broken one way, or null when this way does not apply to the schema. {@code closed} says whether
   * the rendered root refuses unknown properties.
   */
  static JsonNode broken(ObjectNode schema, ObjectNode valid, Break how, Random r) {
    ObjectNode out = valid.deepCopy();
    JsonNode props = schema.get("properties");
    List<String> names = props instanceof ObjectNode ? new ArrayList<>(props.propertyNames()) : List.of();
    switch (how) {
      case NOT_AN_OBJECT:
        return Json.array().add(1);
      case MISSING_REQUIRED: {
        List<String> required = names(schema.get("required"));
        if (required.isEmpty()) {
          return null;
        }
        out.remove(required.get(r.nextInt(required.size())));
        return out;
      }
      case EXTRA_PROPERTY:
        if (!(schema.get("additionalProperties") != null && schema.get("additionalProperties").isBoolean()
            && !schema.get("additionalProperties").booleanValue())) {
          return null;
        }
        out.put("zz_not_a_property", 1);
        return out;
      default:
        break;
    }
    List<String> candidates = new ArrayList<>(names);
    java.util.Collections.shuffle(candidates, r);
    for (String name : candidates) {
      ObjectNode p = (ObjectNode) props.get(name);
      JsonNode bad = brokenValue(p, how);
      if (bad != null) {
        out.set(name, bad);
        return out;
      }
    }
    return null;
  }

  /** A value that breaks one property's schema the given way, or null when that way does not apply. */
  private static JsonNode brokenValue(ObjectNode p, Break how) {
    if (p.has("anyOf") || p.has("oneOf") || p.has("allOf") || p.has("$ref")) {
      return null; // a union admits too much to break one member reliably
    }
    switch (how) {
      case OUT_OF_ENUM:
        if (!(p.get("enum") instanceof ArrayNode)) {
          return null;
        }
        return Json.NODES.stringNode("zz-not-in-the-enum");
      case WRONG_TYPE: {
        JsonNode t = p.get("type");
        if (t == null || !t.isString() || p.has("enum")) {
          return null;
        }
        switch (t.stringValue()) {
          case "string":
            return Json.NODES.numberNode(12345);
          case "integer": case "number": case "boolean": case "array":
            return Json.NODES.stringNode("zz-wrong-type");
          case "object":
            return Json.NODES.numberNode(5);
          default:
            return null;
        }
      }
      case BELOW_MINIMUM: {
        JsonNode bound = p.has("minimum") && p.get("minimum").isNumber() ? p.get("minimum") : p.get("exclusiveMinimum");
        return bound != null && bound.isNumber() && !p.has("enum")
            ? Json.NODES.numberNode(bound.decimalValue().subtract(java.math.BigDecimal.ONE)) : null;
      }
      case ABOVE_MAXIMUM: {
        JsonNode bound = p.has("maximum") && p.get("maximum").isNumber() ? p.get("maximum") : p.get("exclusiveMaximum");
        return bound != null && bound.isNumber() && !p.has("enum")
            ? Json.NODES.numberNode(bound.decimalValue().add(java.math.BigDecimal.ONE)) : null;
      }
      default:
        return null;
    }
  }

  private static List<String> names(JsonNode array) {
    List<String> out = new ArrayList<>();
    if (array instanceof ArrayNode) {
      array.forEach(n -> out.add(n.asString("")));
    }
    return out;
  }

  private static boolean isTrue(JsonNode n) {
    return n != null && n.isBoolean() && n.booleanValue();
  }
}
