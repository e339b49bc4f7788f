package dev.loadout;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rewrites a tool's JSON Schema into what one provider accepts. The rules and their sources are listed
 * on {@link Dialect}; this class is their only implementation. Every method works on a copy.
 *
 * <p>Runs once per tool variant and dialect (the render is cached on the spec), so clarity wins over
 * speed here.
 */
final class DialectSchemas {
  private static final Set<String> ROOT_DROPPED = Set.of("$schema", "$id", "not", "enum", "if", "then", "else");
  private static final List<String> COMPOSITIONS = List.of("allOf", "anyOf", "oneOf");

  /** The keywords of Gemini's OpenAPI-subset {@code Schema} message. */
  private static final Set<String> GEMINI_KEYWORDS = Set.of(
      "type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties",
      "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf",
      "propertyOrdering", "default", "items", "minimum", "maximum");
  private static final Set<String> GEMINI_TYPES = Set.of("string", "number", "integer", "boolean", "array", "object");
  private static final int MAX_REF_DEPTH = 8;

  private DialectSchemas() {}

  static ObjectNode forDialect(Dialect dialect, ObjectNode schema) {
    ObjectNode root = rootRules(schema.deepCopy());
    return dialect == Dialect.GEMINI ? gemini(root, schema) : root;
  }

  /** The root rules every provider shares: an object with properties and no root composition. */
  private static ObjectNode rootRules(ObjectNode root) {
    for (String keyword : COMPOSITIONS) {
      JsonNode branches = root.remove(keyword);
      if (branches instanceof ArrayNode) {
        flattenInto(root, (ArrayNode) branches, keyword.equals("allOf"));
      }
    }
    root.remove(ROOT_DROPPED);
    root.put("type", "object");
    if (!(root.get("properties") instanceof ObjectNode)) {
      root.set("properties", Json.object());
    }
    return root;
  }

  /** Moves branch properties to the root; {@code allOf} keeps every required name, the others only shared ones. */
  private static void flattenInto(ObjectNode root, ArrayNode branches, boolean all) {
    ObjectNode properties = root.get("properties") instanceof ObjectNode ? (ObjectNode) root.get("properties") : Json.object();
    Set<String> required = new LinkedHashSet<>(names(root.get("required")));
    Set<String> shared = null;
    for (JsonNode branch : branches) {
      if (!(branch instanceof ObjectNode)) {
        continue;
      }
      JsonNode branchProps = branch.get("properties");
      if (branchProps instanceof ObjectNode) {
        for (String name : branchProps.propertyNames()) {
          if (!properties.has(name)) {
            properties.set(name, branchProps.get(name).deepCopy());
          }
        }
      }
      Set<String> branchRequired = new LinkedHashSet<>(names(branch.get("required")));
      if (all) {
        required.addAll(branchRequired);
      } else if (shared == null) {
        shared = branchRequired;
      } else {
        shared.retainAll(branchRequired);
      }
    }
    if (shared != null) {
      required.addAll(shared);
    }
    root.set("properties", properties);
    writeRequired(root, required);
  }

  private static List<String> names(JsonNode array) {
    List<String> out = new ArrayList<>();
    if (array instanceof ArrayNode) {
      for (JsonNode n : array) {
        if (n.isString()) {
          out.add(n.stringValue());
        }
      }
    }
    return out;
  }

  private static void writeRequired(ObjectNode holder, Set<String> required) {
    if (required.isEmpty()) {
      holder.remove("required");
    } else {
      ArrayNode r = holder.putArray("required");
      required.forEach(r::add);
    }
  }

  // ---------------------------------------------------------------- Gemini

  private static ObjectNode gemini(ObjectNode root, ObjectNode original) {
    return geminiNode(root, original, 0);
  }

  private static ObjectNode geminiNode(JsonNode input, ObjectNode document, int refDepth) {
    if (!(input instanceof ObjectNode)) {
      return Json.object(); // `true` or junk: any value
    }
    ObjectNode s = ((ObjectNode) input).deepCopy();
    s = inlineRef(s, document, refDepth);
    mergeAllOf(s);
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
    format(s);

    String type = Json.string(s.get("type"));
    if (type != null && !GEMINI_TYPES.contains(type)) {
      s.remove("type");
      type = null;
    }
    JsonNode properties = s.get("properties");
    if (properties instanceof ObjectNode) {
      ObjectNode out = Json.object();
      for (String name : properties.propertyNames()) {
        out.set(name, geminiNode(properties.get(name), document, refDepth));
      }
      if (out.isEmpty()) {
        s.remove("properties");
      } else {
        s.set("properties", out);
      }
    } else {
      s.remove("properties");
    }
    Set<String> required = new LinkedHashSet<>(names(s.get("required")));
    required.retainAll(s.has("properties") ? s.get("properties").propertyNames() : Set.of());
    writeRequired(s, required);
    if (s.has("propertyOrdering")) {
      List<String> order = names(s.get("propertyOrdering"));
      order.retainAll(s.has("properties") ? s.get("properties").propertyNames() : Set.of());
      if (order.isEmpty()) {
        s.remove("propertyOrdering");
      } else {
        ArrayNode o = s.putArray("propertyOrdering");
        order.forEach(o::add);
      }
    }
    JsonNode items = s.get("items");
    if (items != null) {
      JsonNode first = items instanceof ArrayNode ? (items.isEmpty() ? Json.object() : items.get(0)) : items;
      s.set("items", geminiNode(first, document, refDepth));
    } else if ("array".equals(type)) {
      s.set("items", Json.object().put("type", "string"));
    }
    JsonNode anyOf = s.remove("anyOf");
    if (anyOf instanceof ArrayNode) {
      ArrayNode kept = Json.array();
      for (JsonNode member : anyOf) {
        ObjectNode m = geminiNode(member, document, refDepth);
        if (m.has("type") || m.has("anyOf")) {
          kept.add(m);
        }
      }
      if (kept.size() == 1 && type == null) {
        ObjectNode only = (ObjectNode) kept.get(0);
        for (String k : only.propertyNames()) {
          if (!s.has(k)) {
            s.set(k, only.get(k));
          }
        }
      } else if (kept.size() > 1) {
        s.set("anyOf", kept);
      }
    }
    if (s.get("enum") instanceof ArrayNode && !s.has("type")) {
      s.put("type", "string");
    }
    return s;
  }

  private static ObjectNode inlineRef(ObjectNode s, ObjectNode document, int refDepth) {
    String ref = Json.string(s.get("$ref"));
    if (ref == null) {
      return s;
    }
    s.remove("$ref");
    JsonNode target = ref.startsWith("#/") ? document.at(ref.substring(1)) : null;
    if (target == null || target.isMissingNode() || !target.isObject() || refDepth >= MAX_REF_DEPTH) {
      // Unresolvable, external or too deep (recursive): an untyped object is the honest approximation.
      ObjectNode any = Json.object();
      any.put("type", "object");
      if (s.has("description")) {
        any.set("description", s.get("description"));
      }
      return any;
    }
    ObjectNode resolved = geminiNode(target, document, refDepth + 1);
    for (String k : s.propertyNames()) {
      resolved.set(k, s.get(k));
    }
    return resolved;
  }

  private static void mergeAllOf(ObjectNode s) {
    JsonNode all = s.remove("allOf");
    if (!(all instanceof ArrayNode)) {
      return;
    }
    for (JsonNode member : all) {
      if (!(member instanceof ObjectNode)) {
        continue;
      }
      for (String k : member.propertyNames()) {
        JsonNode v = member.get(k);
        if (k.equals("properties") && v instanceof ObjectNode) {
          ObjectNode props = s.get("properties") instanceof ObjectNode ? (ObjectNode) s.get("properties") : s.putObject("properties");
          for (String p : v.propertyNames()) {
            if (!props.has(p)) {
              props.set(p, v.get(p));
            }
          }
        } else if (k.equals("required")) {
          Set<String> req = new LinkedHashSet<>(names(s.get("required")));
          req.addAll(names(v));
          writeRequired(s, req);
        } else if (!s.has(k)) {
          s.set(k, v);
        }
      }
    }
  }

  private static void typeArray(ObjectNode s) {
    JsonNode type = s.get("type");
    if (!(type instanceof ArrayNode)) {
      return;
    }
    List<String> types = names(type);
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

  private static void exclusiveBounds(ObjectNode s) {
    JsonNode min = s.remove("exclusiveMinimum");
    if (min != null && min.isNumber() && !s.has("minimum")) {
      s.set("minimum", min);
    }
    JsonNode max = s.remove("exclusiveMaximum");
    if (max != null && max.isNumber() && !s.has("maximum")) {
      s.set("maximum", max);
    }
  }

  private static void enumsAsStrings(ObjectNode s) {
    JsonNode e = s.get("enum");
    if (!(e instanceof ArrayNode)) {
      s.remove("enum");
      return;
    }
    ArrayNode strings = Json.array();
    Set<String> seen = new LinkedHashSet<>();
    for (JsonNode v : e) {
      if (v.isNull()) {
        s.put("nullable", true);
      } else {
        String text = v.isString() ? v.stringValue() : Json.text(v);
        if (seen.add(text)) {
          strings.add(text);
        }
      }
    }
    if (strings.isEmpty()) {
      s.remove("enum");
      return;
    }
    s.set("enum", strings);
    s.put("type", "string");
  }

  private static void format(ObjectNode s) {
    String format = Json.string(s.get("format"));
    if (format == null) {
      s.remove("format");
      return;
    }
    String type = Json.string(s.get("type"));
    boolean keep = "string".equals(type) ? Set.of("date-time", "enum").contains(format)
        : ("number".equals(type) || "integer".equals(type)) && Set.of("int32", "int64", "float", "double").contains(format);
    if (!keep) {
      s.remove("format");
    }
  }

  /** Gemini function names must start with a letter or underscore. */
  static String geminiWireName(String name) {
    char c = name.charAt(0);
    return Character.isLetter(c) || c == '_' ? name : "_" + name;
  }

  static String fromGeminiWireName(String wire) {
    if (wire.length() > 1 && wire.charAt(0) == '_') {
      char c = wire.charAt(1);
      if (Character.isDigit(c) || c == '-') {
        return wire.substring(1);
      }
    }
    return wire;
  }
}
