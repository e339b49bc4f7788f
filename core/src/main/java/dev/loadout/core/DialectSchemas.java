package dev.loadout.core;

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
 * speed here. {@code $ref}s always resolve against the schema as written, so rewriting the root first
 * never breaks a pointer.
 */
final class DialectSchemas {
  private static final Set<String> ROOT_DROPPED =
      Set.of("$schema", "$id", "$ref", "not", "enum", "const", "if", "then", "else");
  private static final List<String> COMPOSITIONS = List.of("allOf", "anyOf", "oneOf");

  /** The keywords of Gemini's OpenAPI-subset {@code Schema} message. */
  private static final Set<String> GEMINI_KEYWORDS = Set.of(
      "type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties",
      "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf",
      "propertyOrdering", "default", "items", "minimum", "maximum");
  private static final Set<String> GEMINI_TYPES = Set.of("string", "number", "integer", "boolean", "array", "object");
  /** Gemini keywords whose value is a string, a count (int64) and a number (double). */
  private static final Set<String> GEMINI_TEXTS = Set.of("format", "title", "description", "pattern");
  private static final Set<String> GEMINI_COUNTS =
      Set.of("maxItems", "minItems", "minProperties", "maxProperties", "minLength", "maxLength");
  private static final Set<String> GEMINI_NUMBERS = Set.of("minimum", "maximum");
  /** Bounds chains of distinct {@code $ref}s (recursion is caught exactly; this only stops blow-up). */
  private static final int MAX_REF_DEPTH = 8;

  private DialectSchemas() {}

  static ObjectNode forDialect(Dialect dialect, ObjectNode schema) {
    ObjectNode root = rootRules(schema.deepCopy(), schema);
    // The root is "#": a {"$ref": "#"} anywhere below it is recursive from the start.
    return dialect == Dialect.GEMINI ? geminiNode(root, schema, List.of("#")) : root;
  }

  /** The root rules every provider shares: an object with properties and no root composition. */
  private static ObjectNode rootRules(ObjectNode root, ObjectNode document) {
    ObjectNode target = localTarget(Json.string(root.get("$ref")), document);
    if (target != null) {
      merge(root, target.deepCopy());
    }
    for (String keyword : COMPOSITIONS) {
      JsonNode branches = root.remove(keyword);
      if (branches instanceof ArrayNode) {
        flattenInto(root, (ArrayNode) branches, keyword.equals("allOf"), document);
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
  private static void flattenInto(ObjectNode root, ArrayNode branches, boolean all, ObjectNode document) {
    ObjectNode properties = root.get("properties") instanceof ObjectNode ? (ObjectNode) root.get("properties") : Json.object();
    Set<String> required = new LinkedHashSet<>(names(root.get("required")));
    Set<String> shared = null;
    for (JsonNode branch : branches) {
      ObjectNode target = localTarget(Json.string(branch.get("$ref")), document);
      if (target != null) {
        branch = target;
      }
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

  /** The object a local {@code #/...} pointer names, following a chain of {@code $ref}s; null if none. */
  private static ObjectNode localTarget(String ref, ObjectNode document) {
    for (int hops = 0; ref != null && ref.startsWith("#/") && hops < MAX_REF_DEPTH; hops++) {
      JsonNode target = pointer(document, ref);
      if (!(target instanceof ObjectNode)) {
        return null;
      }
      String next = Json.string(target.get("$ref"));
      if (next == null) {
        return (ObjectNode) target;
      }
      ref = next;
    }
    return null;
  }

  /** What a local pointer ({@code #} or {@code #/...}) names in the document, or null. */
  private static JsonNode pointer(ObjectNode document, String ref) {
    if (ref.equals("#")) {
      return document;
    }
    if (!ref.startsWith("#/")) {
      return null; // external: never fetched
    }
    try {
      JsonNode target = document.at(ref.substring(1));
      return target.isMissingNode() ? null : target;
    } catch (IllegalArgumentException malformed) {
      return null;
    }
  }

  /**
   * Adds what {@code from} says to {@code into}, as {@code allOf} would: properties and required names
   * are joined, any other keyword is taken only where {@code into} has none. {@code from} is consumed.
   */
  private static void merge(ObjectNode into, ObjectNode from) {
    for (String k : from.propertyNames()) {
      JsonNode v = from.get(k);
      if (k.equals("properties") && v instanceof ObjectNode) {
        ObjectNode props = into.get("properties") instanceof ObjectNode ? (ObjectNode) into.get("properties") : into.putObject("properties");
        for (String p : v.propertyNames()) {
          if (!props.has(p)) {
            props.set(p, v.get(p));
          }
        }
      } else if (k.equals("required")) {
        Set<String> req = new LinkedHashSet<>(names(into.get("required")));
        req.addAll(names(v));
        writeRequired(into, req);
      } else if (!into.has(k)) {
        into.set(k, v);
      }
    }
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

  /** One schema in Gemini's subset; {@code expanding} holds the {@code $ref}s this schema sits inside. */
  private static ObjectNode geminiNode(JsonNode input, ObjectNode document, List<String> expanding) {
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
        out.set(name, geminiNode(properties.get(name), document, expanding));
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
      s.set("items", geminiNode(first, document, expanding));
    } else if ("array".equals(Json.string(s.get("type")))) {
      s.set("items", Json.object().put("type", "string")); // Gemini refuses an array without items
    }
    JsonNode anyOf = s.remove("anyOf");
    if (anyOf instanceof ArrayNode) {
      ArrayNode kept = Json.array();
      for (JsonNode member : anyOf) {
        ObjectNode m = geminiNode(member, document, expanding);
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
        merge(s, (ObjectNode) kept.get(0));
        return geminiNode(s, document, expanding); // normalise what the member brought (an enum makes a string)
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
    JsonNode target = expanding.contains(ref) || expanding.size() > MAX_REF_DEPTH ? null : pointer(document, ref);
    if (target instanceof ObjectNode) {
      List<String> inside = new ArrayList<>(expanding);
      inside.add(ref);
      merge(s, geminiNode(target, document, List.copyOf(inside)));
    } else {
      // Recursive, unresolvable or external: an untyped object is the honest approximation.
      merge(s, Json.object().put("type", "object"));
    }
    return s;
  }

  private static void mergeAllOf(ObjectNode s, ObjectNode document, List<String> expanding) {
    // A member may bring its own allOf; a few rounds flatten any realistic nesting.
    for (int round = 0; round < MAX_REF_DEPTH && s.get("allOf") instanceof ArrayNode; round++) {
      for (JsonNode member : (ArrayNode) s.remove("allOf")) {
        if (member instanceof ObjectNode) {
          merge(s, inlineRef(((ObjectNode) member).deepCopy(), document, expanding));
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
    Set<String> kept = new LinkedHashSet<>(names(s.get(keyword)));
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
