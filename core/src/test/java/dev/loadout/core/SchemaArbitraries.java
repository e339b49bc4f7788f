package dev.loadout.core;

import static dev.loadout.core.RenderFixtures.json;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Arbitrary tool schemas shaped like what MCP servers send: nested objects and arrays, type arrays,
 * mixed enums, const, compositions, local {@code $ref}s (recursive ones included), additionalProperties,
 * formats and exclusive bounds, at most four levels deep, plus the root-level oddities (a root
 * {@code $ref}, root compositions, root {@code enum}/{@code not}). Every schema compiles, so a
 * {@link ToolSpec} can be built from it.
 */
final class SchemaArbitraries {
  /**
   * Property names. All meet Gemini's parameter-name rule, which Loadout does not enforce (documented on
   * {@link Dialect}, pinned by DialectSchemasGeminiTest); names that look like keywords are on purpose.
   */
  static final List<String> PROPERTY_NAMES =
      List.of("query", "city", "limit", "page_id", "_cursor", "maxResults", "x1", "type", "properties", "items", "enum");

  /** Values for enum, const and default: every JSON type. */
  private static final List<JsonNode> VALUES = List.of(json("'a'"), json("'b'"), json("''"), json("'1'"), json("0"),
      json("1"), json("-2.5"), json("true"), json("false"), json("null"), json("{'k':1}"), json("[1,'x']"));

  /** Keywords sprinkled onto any schema, later ones winning: kept, rewritten and dropped ones alike. */
  private static final List<ObjectNode> DECORATIONS = List.of("{'format':'date-time'}", "{'format':'email'}",
      "{'format':'uri'}", "{'format':'enum'}", "{'format':'int32'}", "{'format':'int64'}", "{'format':'double'}",
      "{'minLength':1}", "{'maxLength':20}", "{'pattern':'^[a-z]+$'}", "{'description':'text'}", "{'title':'T'}",
      "{'default':'x'}", "{'default':3}", "{'examples':['a']}", "{'example':'e'}", "{'x-order':3}", "{'$comment':'c'}",
      "{'deprecated':true}", "{'readOnly':true}", "{'nullable':true}", "{'minimum':0}", "{'maximum':9.5}",
      "{'exclusiveMinimum':0}", "{'exclusiveMaximum':100}", "{'multipleOf':2}", "{'not':{'type':'string'}}",
      "{'if':{'type':'string'},'then':{'minLength':2}}", "{'minItems':1}", "{'maxItems':3}", "{'uniqueItems':true}",
      "{'minProperties':1}", "{'contentMediaType':'text/plain'}")
      .stream().map(RenderFixtures::object).toList();

  private static final List<JsonNode> TYPE_ARRAYS = List.of(json("['string','null']"), json("['integer','string']"),
      json("['null']"), json("['number','boolean','null']"), json("['array','null']"), json("['object','null']"), json("[]"));

  private static final ObjectNode FIXED_DEFS = RenderFixtures.object("{"
      + "'Address':{'type':'object','properties':{'street':{'type':'string'},'zip':{'type':['string','null']}},"
      + "'required':['street'],'additionalProperties':false},"
      + "'Node':{'type':'object','properties':{'label':{'type':'string'},'next':{'$ref':'#/$defs/Node'},"
      + "'children':{'type':'array','items':{'$ref':'#/$defs/Node'}}}},"
      + "'Tag':{'type':'integer','enum':[1,2,3]}}");

  private static final int DEPTH = 3;

  private SchemaArbitraries() {}

  /** Whole tool schemas (the root plus up to three nested levels below each property). */
  static Arbitrary<ObjectNode> toolSchemas() {
    List<String> fixedRefs = List.of("#/$defs/Address", "#/$defs/Node", "#/$defs/Tag");
    List<String> allRefs = List.of("#/$defs/Address", "#/$defs/Node", "#/$defs/Tag", "#/$defs/Free", "#");
    // Free is a generated definition; it may not point at itself at its top, which no validator accepts.
    Arbitrary<JsonNode> free = levels(fixedRefs, 2).get(2);
    List<Arbitrary<JsonNode>> levels = levels(allRefs, DEPTH);
    Arbitrary<JsonNode> property = levels.get(DEPTH);
    Arbitrary<ObjectNode> branch = objects(levels.get(1));
    Arbitrary<ArrayNode> composition = Arbitraries.oneOf(branch, Arbitraries.just(RenderFixtures.object("{'$ref':'#/$defs/Address'}")))
        .list().ofMinSize(1).ofMaxSize(3).map(SchemaArbitraries::array);
    Arbitrary<ObjectNode> rootExtras = Arbitraries.of(List.of("{}", "{'$schema':'https://json-schema.org/draft/2020-12/schema'}",
        "{'$schema':'http://json-schema.org/draft-07/schema#'}", "{'$id':'urn:tool'}", "{'additionalProperties':false}",
        "{'description':'arguments','title':'Args'}", "{'enum':[{}]}", "{'not':{'required':['zzz']}}", "{'const':{}}",
        "{'type':'object'}", "{'$ref':'#/$defs/Address'}", "{'if':{'required':['query']},'then':{'required':['city']}}"))
        .map(RenderFixtures::object).list().ofMaxSize(3).map(SchemaArbitraries::merged);
    return Combinators.combine(
            Arbitraries.maps(Arbitraries.of(PROPERTY_NAMES), property).ofMaxSize(5),
            Arbitraries.of(PROPERTY_NAMES).list().ofMaxSize(3),
            rootExtras,
            Arbitraries.of("none", "anyOf", "oneOf", "allOf"),
            composition,
            free)
        .as((props, required, extras, compositionKeyword, branches, freeDef) -> {
          ObjectNode root = extras.deepCopy();
          if (!props.isEmpty() || required.isEmpty()) {
            root.set("properties", objectOf(props));
          }
          if (!required.isEmpty()) {
            root.set("required", strings(new LinkedHashSet<>(required)));
          }
          if (!compositionKeyword.equals("none")) {
            root.set(compositionKeyword, branches);
          }
          ObjectNode defs = FIXED_DEFS.deepCopy();
          defs.set("Free", freeDef);
          root.set("$defs", defs);
          return root;
        });
  }

  /** Tool names matching {@link ToolSpec#NAME_PATTERN}, with the Gemini prefix cases made likely. */
  static Arbitrary<String> toolNames() {
    Arbitrary<String> any = Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z')
        .withCharRange('0', '9').withChars('_', '-').ofMinLength(1).ofMaxLength(64);
    Arbitrary<String> prefixed = Combinators.combine(Arbitraries.of("", "_", "__", "-", "1", "_1", "_-", "9"), any)
        .as((p, rest) -> (p + rest).substring(0, Math.min(64, p.length() + rest.length())));
    return Arbitraries.oneOf(any, prefixed, Arbitraries.of("get_weather", "_", "__", "-", "0", "_9", "a".repeat(64)));
  }

  /** Schemas by depth: element {@code d} nests at most {@code d} levels of objects, arrays or compositions. */
  private static List<Arbitrary<JsonNode>> levels(List<String> refs, int depth) {
    Arbitrary<ObjectNode> decorations = Arbitraries.of(DECORATIONS).list().ofMaxSize(3).map(SchemaArbitraries::merged);
    Arbitrary<JsonNode> leaf = Arbitraries.oneOf(
        Arbitraries.of("string", "number", "integer", "boolean", "null").map(t -> json("{'type':'" + t + "'}")),
        Arbitraries.of(TYPE_ARRAYS).map(t -> (JsonNode) RenderFixtures.object("{}").set("type", t)),
        Arbitraries.of(VALUES).list().ofMinSize(1).ofMaxSize(4).map(v -> (JsonNode) RenderFixtures.object("{}").set("enum", array(v))),
        Arbitraries.of(VALUES).list().ofMinSize(1).ofMaxSize(3)
            .map(v -> (JsonNode) RenderFixtures.object("{'type':'integer'}").set("enum", array(v))),
        Arbitraries.of(VALUES).map(v -> (JsonNode) RenderFixtures.object("{}").set("const", v)),
        Arbitraries.of(refs).map(r -> (JsonNode) RenderFixtures.object("{'description':'see def'}").put("$ref", r)),
        Arbitraries.just(json("{}")),
        Arbitraries.just(json("true")));
    List<Arbitrary<JsonNode>> out = new ArrayList<>();
    out.add(decorate(leaf, decorations));
    for (int d = 1; d <= depth; d++) {
      Arbitrary<JsonNode> child = out.get(d - 1);
      Arbitrary<JsonNode> nested = Arbitraries.oneOf(
          child,
          objects(child).map(o -> (JsonNode) o),
          Arbitraries.oneOf(
                  child.map(i -> (JsonNode) RenderFixtures.object("{'type':'array'}").set("items", i)),
                  child.list().ofMinSize(1).ofMaxSize(2).map(t -> (JsonNode) RenderFixtures.object("{'type':'array'}")
                      .set("prefixItems", array(t))),
                  Arbitraries.just(json("{'type':'array'}"))),
          Combinators.combine(Arbitraries.of("anyOf", "oneOf", "allOf"), child.list().ofMinSize(1).ofMaxSize(3))
              .as((k, members) -> (JsonNode) RenderFixtures.object("{}").set(k, array(members))),
          child.map(c -> (JsonNode) RenderFixtures.object("{}").set("anyOf", array(List.of(c, json("{'type':'null'}"))))));
      out.add(decorate(nested, decorations));
    }
    return out;
  }

  private static Arbitrary<ObjectNode> objects(Arbitrary<JsonNode> child) {
    return Combinators.combine(
            Arbitraries.maps(Arbitraries.of(PROPERTY_NAMES), child).ofMaxSize(4),
            Arbitraries.of(PROPERTY_NAMES).list().ofMaxSize(2),
            Arbitraries.oneOf(Arbitraries.just(json("'absent'")), Arbitraries.of(json("false"), json("true")), child))
        .as((props, required, additional) -> {
          ObjectNode o = RenderFixtures.object("{'type':'object'}");
          o.set("properties", objectOf(props));
          if (!required.isEmpty()) {
            o.set("required", strings(new LinkedHashSet<>(required)));
          }
          if (!additional.isString()) {
            o.set("additionalProperties", additional);
          }
          return o;
        });
  }

  private static Arbitrary<JsonNode> decorate(Arbitrary<JsonNode> schemas, Arbitrary<ObjectNode> decorations) {
    return Combinators.combine(schemas, decorations).as((s, extra) -> {
      if (!(s instanceof ObjectNode) || extra.isEmpty()) {
        return s;
      }
      ObjectNode out = ((ObjectNode) s).deepCopy();
      out.setAll(extra.deepCopy());
      return out;
    });
  }

  private static ObjectNode merged(List<ObjectNode> parts) {
    ObjectNode out = RenderFixtures.object("{}");
    parts.forEach(p -> out.setAll(p.deepCopy()));
    return out;
  }

  private static ObjectNode objectOf(Map<String, JsonNode> props) {
    ObjectNode o = RenderFixtures.object("{}");
    props.forEach((k, v) -> o.set(k, v.deepCopy()));
    return o;
  }

  private static ArrayNode array(List<? extends JsonNode> nodes) {
    ArrayNode a = Json.array();
    nodes.forEach(n -> a.add(n.deepCopy()));
    return a;
  }

  private static ArrayNode strings(Set<String> names) {
    ArrayNode a = Json.array();
    names.forEach(a::add);
    return a;
  }
}
