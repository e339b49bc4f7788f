package dev.loadout.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Ways to break a tool call's arguments: wrong types, missing and extra properties, huge strings, deep nesting,
 * duplicate keys, trailing garbage, lone surrogates, NUL, non-objects, truncation. Each returns the arguments
 * text a model might send.
 */
final class Mutations {
  static final JsonMapper JSON = JsonMapper.builder().build();
  private static final JsonNode[] ODD_VALUES = {
      Instances.NODES.nullNode(), Instances.NODES.booleanNode(true), Instances.NODES.numberNode(-1),
      Instances.NODES.numberNode(1e308), Instances.NODES.numberNode(0.5), Instances.NODES.stringNode(""),
      Instances.NODES.stringNode("\u0000"), Instances.NODES.stringNode("\uD800"), Instances.NODES.arrayNode(),
      Instances.NODES.objectNode(), Instances.NODES.stringNode("1"), Instances.NODES.stringNode("true"),
      Instances.NODES.stringNode("https://169.254.169.254/latest/meta-data/")};

  private Mutations() {}

  /** Arguments text: sometimes as generated, mostly broken one or two ways. */
  static String arguments(JsonNode schema, Random r) {
    ObjectNode seed = Instances.of(schema, r);
    if (r.nextInt(4) == 0) {
      return JSON.writeValueAsString(seed);
    }
    String text = structural(seed, schema, r);
    return r.nextInt(3) == 0 ? textual(text, r) : text;
  }

  private static String structural(ObjectNode args, JsonNode schema, Random r) {
    List<String> names = new ArrayList<>(args.propertyNames());
    List<String> declared = new ArrayList<>();
    schema.path("properties").propertyNames().forEach(declared::add);
    switch (r.nextInt(10)) {
      case 0: // a wrong or odd value for a property
        if (!declared.isEmpty()) {
          args.set(declared.get(r.nextInt(declared.size())), ODD_VALUES[r.nextInt(ODD_VALUES.length)]);
        }
        break;
      case 1: // a required property missing
        if (!names.isEmpty()) {
          args.remove(names.get(r.nextInt(names.size())));
        }
        break;
      case 2: // extra properties, some with hostile names
        args.put(Inputs.word(r, 1 + r.nextInt(20)), 1);
        args.put(r.nextBoolean() ? "" : "\u0000\uD800" + "n".repeat(r.nextInt(2_000)), "x");
        break;
      case 3: // a huge string
        args.put(declared.isEmpty() ? "text" : declared.get(r.nextInt(declared.size())),
            "é".repeat(10_000 + r.nextInt(60_000)));
        break;
      case 4: // deep nesting, around the limits
        int depth = List.of(8, 9, 63, 64, 65, 255, 256, 257, 499, 500, 501, 700).get(r.nextInt(12));
        String property = declared.isEmpty() ? "value" : declared.get(r.nextInt(declared.size()));
        String inner = r.nextBoolean() ? "[".repeat(depth) + "1" + "]".repeat(depth)
            : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
        String text = JSON.writeValueAsString(args);
        return text.length() <= 2 ? "{\"" + property + "\":" + inner + "}"
            : "{\"" + property + "\":" + inner + "," + text.substring(1);
      case 5: // not an object
        return List.of("[]", "[1,2]", "42", "\"text\"", "null", "true", "-0", "1e400", "\"{}\"").get(r.nextInt(9));
      case 6: // numbers and names at the length limits
        String digits = "9".repeat(List.of(999, 1000, 1001, 5000).get(r.nextInt(4)));
        String name = "k".repeat(List.of(999, 1000, 1001, 60_000).get(r.nextInt(4)));
        return r.nextBoolean() ? "{\"n\":" + digits + "}" : "{\"" + name + "\":1}";
      case 7: // every property null
        names.forEach(n -> args.putNull(n));
        declared.forEach(n -> args.putNull(n));
        break;
      case 8: // arrays where objects are expected and the reverse
        if (!declared.isEmpty()) {
          String p = declared.get(r.nextInt(declared.size()));
          args.set(p, r.nextBoolean() ? Instances.NODES.arrayNode().add(args.path(p)) : Instances.NODES.objectNode().put("v", 1));
        }
        break;
      default: // an escaped lone surrogate and a NUL in every string value
        for (String n : names) {
          if (args.get(n).isString()) {
            args.put(n, args.get(n).stringValue() + "\uDC00\u0000");
          }
        }
    }
    return JSON.writeValueAsString(args);
  }

  /** Text-level damage that no tree can express. */
  static String textual(String text, Random r) {
    switch (r.nextInt(8)) {
      case 0: // duplicate key
        return text.length() > 2 ? "{\"dup\":1,\"dup\":2," + text.substring(1) : "{\"dup\":1,\"dup\":2}";
      case 1: // trailing garbage
        return text + List.of(" x", "}", ",", " {}", "\u0000", "\n// comment").get(r.nextInt(6));
      case 2: // truncated
        return text.substring(0, r.nextInt(text.length() + 1));
      case 3: // a raw lone surrogate and raw control characters
        return text.replaceFirst("\"", "\"\uD800\u0001\u001F");
      case 4: // JSON with comments, single quotes or unquoted names
        return text.replace('"', '\'');
      case 5: // blank
        return List.of("", " ", "\n\t").get(r.nextInt(3));
      case 6: // random bytes as text
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < r.nextInt(200); i++) {
          b.append((char) r.nextInt(0x3000));
        }
        return b.toString();
      default: // wrapped as a JSON string (a model double-encoding its arguments)
        return JSON.writeValueAsString(text);
    }
  }
}
