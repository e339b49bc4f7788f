package dev.loadout.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Plausible arguments for a schema: the starting point that mutations then break. */
final class Instances {
  static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Instances() {}

  static ObjectNode of(JsonNode schema, Random r) {
    JsonNode v = value(schema, r, 0);
    return v instanceof ObjectNode ? (ObjectNode) v : NODES.objectNode();
  }

  static JsonNode value(JsonNode schema, Random r, int depth) {
    if (!(schema instanceof ObjectNode) || depth > 6) {
      return NODES.stringNode("x");
    }
    ObjectNode s = (ObjectNode) schema;
    if (s.get("enum") instanceof ArrayNode && !s.get("enum").isEmpty()) {
      return s.get("enum").get(r.nextInt(s.get("enum").size())).deepCopy();
    }
    if (s.has("const")) {
      return s.get("const").deepCopy();
    }
    for (String union : List.of("anyOf", "oneOf")) {
      if (s.get(union) instanceof ArrayNode && !s.get(union).isEmpty()) {
        return value(s.get(union).get(r.nextInt(s.get(union).size())), r, depth);
      }
    }
    String type = s.get("type") instanceof ArrayNode && !s.get("type").isEmpty()
        ? s.get("type").get(r.nextInt(s.get("type").size())).asString("string")
        : s.path("type").asString(s.has("properties") ? "object" : "string");
    switch (type) {
      case "object": {
        ObjectNode o = NODES.objectNode();
        JsonNode props = s.get("properties");
        List<String> required = new ArrayList<>();
        s.path("required").forEach(n -> required.add(n.asString("")));
        if (props instanceof ObjectNode) {
          for (String name : props.propertyNames()) {
            if (required.contains(name) || r.nextInt(3) == 0) {
              o.set(name, value(props.get(name), r, depth + 1));
            }
          }
        }
        return o;
      }
      case "array": {
        ArrayNode a = NODES.arrayNode();
        int n = r.nextInt(3) + s.path("minItems").asInt(0);
        for (int i = 0; i < n; i++) {
          a.add(value(s.get("items"), r, depth + 1));
        }
        return a;
      }
      case "integer": {
        long lo = (long) s.path("minimum").asDouble(0);
        long hi = (long) s.path("maximum").asDouble(lo + 100);
        return NODES.numberNode(lo + (hi > lo ? (long) (r.nextDouble() * (hi - lo)) : 0));
      }
      case "number":
        return NODES.numberNode(s.path("minimum").asDouble(0) + r.nextDouble());
      case "boolean":
        return NODES.booleanNode(r.nextBoolean());
      case "null":
        return NODES.nullNode();
      default: {
        String f = s.path("format").asString("");
        if (f.equals("uri") || s.toString().contains("URL") || s.toString().contains("url")) {
          return NODES.stringNode(Inputs.url(r));
        }
        int len = Math.max(s.path("minLength").asInt(0), 1 + r.nextInt(12));
        return NODES.stringNode(Inputs.word(r, len));
      }
    }
  }
}
