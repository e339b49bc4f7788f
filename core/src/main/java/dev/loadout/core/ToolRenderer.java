package dev.loadout.core;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * Renders tool definitions per dialect. A tool's bytes are computed once per spec object and dialect
 * and kept on the spec; a turn's render is those bytes joined, so a warm render does no schema work.
 */
final class ToolRenderer {
  private static final byte[] OPEN = "[".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CLOSE = "]".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] GEMINI_OPEN = "[{\"functionDeclarations\":[".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] GEMINI_CLOSE = "]}]".getBytes(StandardCharsets.US_ASCII);

  private ToolRenderer() {}

  static byte[] tool(Dialect dialect, ToolSpec spec) {
    byte[] cached = spec.cachedRender(dialect);
    if (cached != null) {
      return cached;
    }
    byte[] bytes = Json.bytes(definition(dialect, spec));
    spec.cacheRender(dialect, bytes);
    return spec.cachedRender(dialect);
  }

  /** A tool's strict OpenAI definition, or its plain one when its schema cannot be strict; cached on the spec. */
  static byte[] strictTool(Dialect dialect, ToolSpec spec) {
    byte[] cached = spec.cachedStrictRender(dialect);
    if (cached != null) {
      return cached;
    }
    StrictSchema.Outcome strict = spec.strict();
    byte[] bytes;
    if (strict.refusal() != null) {
      bytes = tool(dialect, spec);
    } else {
      ObjectNode out = definition(dialect, spec);
      ObjectNode fn = dialect == Dialect.OPENAI_CHAT ? (ObjectNode) out.get("function") : out;
      fn.set("parameters", StrictSchema.withoutMarks(strict.annotated()));
      fn.put("strict", true);
      bytes = Json.bytes(out);
    }
    spec.cacheStrictRender(dialect, bytes);
    return spec.cachedStrictRender(dialect);
  }

  static ObjectNode definition(Dialect dialect, ToolSpec spec) {
    ObjectNode schema = DialectSchemas.forDialect(dialect, spec.parametersView());
    ObjectNode out = Json.object();
    switch (dialect) {
      case OPENAI_CHAT: {
        out.put("type", "function");
        ObjectNode fn = out.putObject("function");
        fn.put("name", spec.name());
        fn.put("description", spec.description());
        fn.set("parameters", schema);
        break;
      }
      case OPENAI_RESPONSES:
        out.put("type", "function");
        out.put("name", spec.name());
        out.put("description", spec.description());
        out.set("parameters", schema);
        out.put("strict", false);
        break;
      case ANTHROPIC:
        out.put("name", spec.name());
        out.put("description", spec.description());
        out.set("input_schema", schema);
        break;
      case GEMINI:
        out.put("name", geminiWireName(spec.name()));
        out.put("description", spec.description());
        if (schema.has("properties")) {
          out.set("parameters", schema);
        }
        break;
      default:
        throw new AssertionError(dialect);
    }
    return out;
  }

  /** The provider's {@code tools} value for these specs, in order. */
  static byte[] turn(Dialect dialect, List<ToolSpec> specs) {
    return turn(dialect, specs, false);
  }

  /** The provider's {@code tools} value, each tool strict where its schema allows when {@code strict}. */
  static byte[] turn(Dialect dialect, List<ToolSpec> specs, boolean strict) {
    return turn(dialect, specs, strict, -1);
  }

  /** Anthropic's marker of a cached prefix, added as the last member of the boundary tool's object. */
  private static final byte[] CACHE_CONTROL = ",\"cache_control\":{\"type\":\"ephemeral\"}}"
      .getBytes(StandardCharsets.US_ASCII);

  /**
   * The provider's {@code tools} value with Anthropic's {@code cache_control} breakpoint on the tool at
   * {@code breakpoint} (none when negative): the cached bytes of that tool with the marker spliced in before its
   * closing brace, so the tools before it stay byte-identical to a render without the breakpoint.
   */
  static byte[] turn(Dialect dialect, List<ToolSpec> specs, boolean strict, int breakpoint) {
    if (specs.isEmpty()) {
      return new byte[] {'[', ']'};
    }
    byte[][] parts = new byte[specs.size()][];
    int size = 0;
    for (int i = 0; i < parts.length; i++) {
      parts[i] = strict ? strictTool(dialect, specs.get(i)) : tool(dialect, specs.get(i));
      if (i == breakpoint) {
        parts[i] = withCacheControl(parts[i]);
      }
      size += parts[i].length + 1;
    }
    boolean gemini = dialect == Dialect.GEMINI;
    byte[] open = gemini ? GEMINI_OPEN : OPEN;
    byte[] close = gemini ? GEMINI_CLOSE : CLOSE;
    ByteArrayOutputStream out = new ByteArrayOutputStream(size + open.length + close.length);
    out.writeBytes(open);
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        out.write(',');
      }
      out.writeBytes(parts[i]);
    }
    out.writeBytes(close);
    return out.toByteArray();
  }

  static byte[] withCacheControl(byte[] tool) {
    return withMembers(tool, CACHE_CONTROL);
  }

  /** A JSON object's bytes with members spliced in before its closing brace; {@code members} starts with a comma. */
  static byte[] withMembers(byte[] object, byte[] members) {
    byte[] out = java.util.Arrays.copyOf(object, object.length - 1 + members.length);
    System.arraycopy(members, 0, out, object.length - 1, members.length);
    return out;
  }

  /**
   * Gemini function names must start with a letter or {@code _}. A name whose first character after
   * any leading {@code _} is a digit or {@code -} gets one more leading {@code _}: that covers the names
   * Gemini refuses and the names that would read the same once prefixed, so the mapping is reversible
   * for every name ({@code 1abc} is sent as {@code _1abc}, {@code _1abc} as {@code __1abc}).
   */
  static String geminiWireName(String name) {
    return needsGeminiPrefix(name) ? "_" + name : name;
  }

  /** The tool name a Gemini wire name stands for; the inverse of {@link #geminiWireName(String)}. */
  static String fromGeminiWireName(String wire) {
    return wire.startsWith("_") && needsGeminiPrefix(wire.substring(1)) ? wire.substring(1) : wire;
  }

  private static boolean needsGeminiPrefix(String name) {
    int i = 0;
    while (i < name.length() && name.charAt(i) == '_') {
      i++;
    }
    if (i == name.length()) {
      return false;
    }
    char c = name.charAt(i);
    return (c >= '0' && c <= '9') || c == '-';
  }
}
