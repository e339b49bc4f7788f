package dev.loadout.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What each provider accepts in one rendered tool definition, written from the provider facts in
 * {@code shared/reference/mcp-sdk-peers-providers.md} §3, not from {@code DialectSchemas}: the two are
 * meant to be independent, so a rewrite bug and an oracle bug rarely hide each other. Every checker
 * returns the list of rule violations, empty when the definition is acceptable.
 *
 * <p>Sources per rule: §3.1 names (OpenAI and Anthropic {@code ^[a-zA-Z0-9_-]{1,64}$}; Gemini must start
 * with a letter or {@code _}; Gemini parameter names a letter or {@code _}, then {@code a-z A-Z 0-9 _},
 * at most 64); §3.2 and §3.4 root rules; §3.3 Gemini's {@code Schema} message and its real rejections
 * (non-string enum values fail as {@code TYPE_STRING}, so an enum also needs {@code type: string}).
 */
final class DialectRulesOracle {
  static final Pattern NAME = Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");
  /** The stricter of Gemini's documented name rules (the Node docs allow no dots). */
  static final Pattern GEMINI_NAME = Pattern.compile("^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$");
  static final Pattern GEMINI_PARAMETER_NAME = Pattern.compile("^[a-zA-Z_][a-zA-Z0-9_]{0,63}$");

  /** generativelanguage v1beta {@code Schema} fields, copied from the reference, not from main code. */
  static final Set<String> GEMINI_FIELDS = Set.of("type", "format", "title", "description", "nullable", "enum",
      "maxItems", "minItems", "properties", "required", "minProperties", "maxProperties", "minLength",
      "maxLength", "pattern", "example", "anyOf", "propertyOrdering", "default", "items", "minimum", "maximum");
  /** Called out by name in the reference as absent or rejected; reported with their own message. */
  static final Set<String> GEMINI_REJECTED = Set.of("additionalProperties", "$ref", "$defs", "oneOf", "allOf",
      "const", "exclusiveMinimum", "exclusiveMaximum", "$schema");
  static final Set<String> GEMINI_TYPES = Set.of("string", "number", "integer", "boolean", "array", "object");
  private static final Set<String> GEMINI_STRING_FIELDS = Set.of("format", "title", "description", "pattern");
  private static final Set<String> GEMINI_COUNT_FIELDS =
      Set.of("maxItems", "minItems", "minProperties", "maxProperties", "minLength", "maxLength");
  private static final Set<String> ROOT_COMPOSITIONS = Set.of("anyOf", "oneOf", "allOf");

  private DialectRulesOracle() {}

  /** Every rule violation of one rendered tool definition (one element of the provider's tools list). */
  static List<String> violations(Dialect dialect, JsonNode definition) {
    List<String> out = new ArrayList<>();
    if (!(definition instanceof ObjectNode)) {
      out.add("definition must be a JSON object, but was " + definition);
      return out;
    }
    switch (dialect) {
      case OPENAI_CHAT: {
        expect(out, "function".equals(text(definition.get("type"))), "type must be \"function\"");
        JsonNode fn = definition.get("function");
        if (!(fn instanceof ObjectNode)) {
          out.add("function must be an object");
          break;
        }
        name(out, fn.get("name"), NAME);
        openAiParameters(out, fn.get("parameters"));
        break;
      }
      case OPENAI_RESPONSES:
        expect(out, "function".equals(text(definition.get("type"))), "type must be \"function\"");
        name(out, definition.get("name"), NAME);
        openAiParameters(out, definition.get("parameters"));
        expect(out, definition.has("strict"), "strict must be present (the Responses API defaults it to true)");
        expect(out, !definition.has("strict") || definition.get("strict").isBoolean()
            && !definition.get("strict").booleanValue(), "strict must be false");
        break;
      case ANTHROPIC:
        name(out, definition.get("name"), NAME);
        JsonNode input = definition.get("input_schema");
        if (input == null) {
          out.add("input_schema is required");
        } else {
          rootObject(out, "input_schema", input);
          noRootComposition(out, "input_schema", input);
        }
        break;
      case GEMINI:
        name(out, definition.get("name"), GEMINI_NAME);
        expect(out, !(definition.has("parameters") && definition.has("parametersJsonSchema")),
            "parameters and parametersJsonSchema are mutually exclusive");
        JsonNode parameters = definition.get("parameters");
        if (parameters != null) {
          rootObject(out, "parameters", parameters);
          geminiSchema(out, "parameters", parameters);
        }
        break;
      default:
        throw new AssertionError(dialect);
    }
    return out;
  }

  private static void openAiParameters(List<String> out, JsonNode parameters) {
    if (parameters == null) {
      out.add("parameters are required");
      return;
    }
    rootObject(out, "parameters", parameters);
    noRootComposition(out, "parameters", parameters);
    for (String k : List.of("enum", "not")) {
      expect(out, !parameters.has(k), "parameters: no top-level " + k);
    }
    expect(out, parameters.get("properties") instanceof ObjectNode, "parameters: root properties must be present");
  }

  private static void rootObject(List<String> out, String at, JsonNode schema) {
    if (!(schema instanceof ObjectNode)) {
      out.add(at + " must be a JSON object");
      return;
    }
    expect(out, "object".equals(text(schema.get("type"))), at + ": root type must be \"object\", but was " + schema.get("type"));
  }

  private static void noRootComposition(List<String> out, String at, JsonNode schema) {
    for (String k : ROOT_COMPOSITIONS) {
      expect(out, !schema.has(k), at + ": no " + k + " at the top level");
    }
  }

  private static void name(List<String> out, JsonNode name, Pattern rule) {
    String n = text(name);
    expect(out, n != null && rule.matcher(n).matches(), "name must match " + rule.pattern() + ", but was " + name);
  }

  /** Gemini's subset, at every depth. */
  private static void geminiSchema(List<String> out, String at, JsonNode s) {
    if (!(s instanceof ObjectNode)) {
      out.add(at + ": a schema must be a JSON object, but was " + s);
      return;
    }
    for (String k : s.propertyNames()) {
      if (GEMINI_REJECTED.contains(k)) {
        out.add(at + ": Gemini rejects " + k);
      } else if (!GEMINI_FIELDS.contains(k)) {
        out.add(at + ": unknown Schema field " + k);
      }
    }
    JsonNode type = s.get("type");
    if (type != null) {
      if (type.isArray()) {
        out.add(at + ": type arrays are rejected (\"Proto field is not repeating\")");
      } else {
        expect(out, type.isString() && GEMINI_TYPES.contains(type.stringValue()), at + ": unknown type " + type);
      }
    }
    for (String k : s.propertyNames()) {
      JsonNode v = s.get(k);
      if (GEMINI_STRING_FIELDS.contains(k)) {
        expect(out, v.isString(), at + "." + k + " must be a string");
      } else if (GEMINI_COUNT_FIELDS.contains(k)) {
        expect(out, v.isIntegralNumber() && v.asLong() >= 0, at + "." + k + " must be a non-negative integer");
      } else if (k.equals("minimum") || k.equals("maximum")) {
        expect(out, v.isNumber(), at + "." + k + " must be a number");
      } else if (k.equals("nullable")) {
        expect(out, v.isBoolean(), at + ".nullable must be a boolean");
      }
    }
    JsonNode e = s.get("enum");
    if (e != null) {
      expect(out, e.isArray(), at + ".enum must be an array");
      expect(out, "string".equals(text(type)), at + ".enum: only allowed for STRING type");
      for (JsonNode v : e.isArray() ? e : List.<JsonNode>of()) {
        expect(out, v.isString(), at + ".enum values must all be strings, but found " + v);
      }
    }
    JsonNode properties = s.get("properties");
    Set<String> names = Set.of();
    if (properties != null) {
      if (!(properties instanceof ObjectNode)) {
        out.add(at + ".properties must be an object");
      } else {
        expect(out, !properties.isEmpty(), at + ".properties should be non-empty for OBJECT type");
        names = Set.copyOf(properties.propertyNames());
        for (String p : properties.propertyNames()) {
          expect(out, GEMINI_PARAMETER_NAME.matcher(p).matches(),
              at + ": parameter name '" + p + "' must match " + GEMINI_PARAMETER_NAME.pattern());
          geminiSchema(out, at + ".properties." + p, properties.get(p));
        }
      }
    }
    for (String list : List.of("required", "propertyOrdering")) {
      JsonNode v = s.get(list);
      if (v == null) {
        continue;
      }
      expect(out, v.isArray(), at + "." + list + " must be an array");
      for (JsonNode n : v.isArray() ? v : List.<JsonNode>of()) {
        expect(out, n.isString() && names.contains(n.stringValue()), at + "." + list + ": property is not defined: " + n);
      }
    }
    JsonNode items = s.get("items");
    if (items != null) {
      geminiSchema(out, at + ".items", items);
    }
    JsonNode anyOf = s.get("anyOf");
    if (anyOf != null) {
      expect(out, anyOf.isArray(), at + ".anyOf must be an array");
      int i = 0;
      for (JsonNode member : anyOf.isArray() ? anyOf : List.<JsonNode>of()) {
        String m = at + ".anyOf[" + i++ + "]";
        expect(out, member.get("type") != null, m + ": anyOf members need a type");
        geminiSchema(out, m, member);
      }
    }
  }

  private static String text(JsonNode node) {
    return node != null && node.isString() ? node.stringValue() : null;
  }

  private static void expect(List<String> out, boolean ok, String violation) {
    if (!ok) {
      out.add(violation);
    }
  }
}
