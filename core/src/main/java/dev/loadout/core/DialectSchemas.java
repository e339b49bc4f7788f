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
 * on {@link Dialect}; this class (the rules every dialect shares) and {@link GeminiSchema} (Gemini's subset) are
 * their only implementation. Every method works on a copy.
 *
 * <p>Runs once per tool variant and dialect (the render is cached on the spec), so clarity wins over
 * speed here. {@code $ref}s always resolve against the schema as written, so rewriting the root first
 * never breaks a pointer.
 */
final class DialectSchemas {
  private static final Set<String> ROOT_DROPPED =
      Set.of("$schema", "$id", "$ref", "not", "enum", "const", "if", "then", "else");
  private static final List<String> COMPOSITIONS = List.of("allOf", "anyOf", "oneOf");

  /** Bounds chains of distinct {@code $ref}s (recursion is caught exactly; this only stops blow-up). */
  static final int MAX_REF_DEPTH = 8;

  private DialectSchemas() {}

  static ObjectNode forDialect(Dialect dialect, ObjectNode schema) {
    return dialect == Dialect.GEMINI ? ShownSchema.withoutTypedEnums(annotated(dialect, schema)) : annotated(dialect, schema);
  }

  /**
   * What {@link #forDialect} shows, with each Gemini enum whose values were turned into strings annotated
   * ({@value ShownSchema#TYPED_ENUM}) with the values as written, for {@link ShownSchema} to check and coerce.
   */
  static ObjectNode annotated(Dialect dialect, ObjectNode schema) {
    ObjectNode root = rootRules(schema.deepCopy(), schema);
    // The root is "#": a {"$ref": "#"} anywhere below it is recursive from the start.
    return dialect == Dialect.GEMINI ? GeminiSchema.node(root, schema, List.of("#")) : root;
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
  static ObjectNode localTarget(String ref, ObjectNode document) {
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
  static JsonNode pointer(ObjectNode document, String ref) {
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
  static void merge(ObjectNode into, ObjectNode from) {
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

  static List<String> names(JsonNode array) {
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

  static void writeRequired(ObjectNode holder, Set<String> required) {
    if (required.isEmpty()) {
      holder.remove("required");
    } else {
      ArrayNode r = holder.putArray("required");
      required.forEach(r::add);
    }
  }
}
