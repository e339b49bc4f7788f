package dev.loadout.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Reads tool calls out of provider responses. Lenient: a broken call still becomes a {@link ToolCall}, with its
 * arguments as the exact text sent, and only the call's own execution decides whether they are usable (see
 * {@link ResponseBody}).
 *
 * <p>Ids a provider did not send (missing, empty, or not a string) are made up here, in one place for bodies and
 * streams ({@link #assignIds}): the dialect's usual prefix, then twelve hex digits of a SHA-256 digest of the
 * response, then the call's position in it. The same response always gets the same ids; two responses get
 * different ones unless they are byte for byte the same; and within one response a made-up id never repeats, nor
 * equals an id the provider sent (on a clash it gains {@code _} until it is unique).
 */
final class ToolCallParser {
  /** The id prefix for Gemini calls that came without one; such ids are never sent back. */
  static final String GEMINI_MADE_UP_ID = "gemini_call_";

  private ToolCallParser() {}

  /** A call as read, before ids are assigned: a null id is one the provider did not send. */
  record Read(String id, String name, String arguments, int position) {}

  static List<ToolCall> parse(Dialect dialect, String body) {
    if (body == null) {
      throw new IllegalArgumentException(dialect + " response must not be null");
    }
    return parse(dialect, ResponseBody.read(dialect + " response", body));
  }

  static List<ToolCall> parse(Dialect dialect, byte[] body) {
    if (body == null) {
      throw new IllegalArgumentException(dialect + " response must not be null");
    }
    return parse(dialect, ResponseBody.read(dialect + " response", body));
  }

  static List<ToolCall> parse(Dialect dialect, JsonNode body) {
    if (body == null) {
      throw new IllegalArgumentException(dialect + " response must not be null");
    }
    return parse(dialect, ResponseBody.tree(body));
  }

  private static List<ToolCall> parse(Dialect dialect, ResponseBody read) {
    JsonNode root = read.root();
    if (root == null) {
      throw new IllegalArgumentException(dialect + " response is empty");
    }
    List<Read> calls = new ArrayList<>();
    switch (dialect) {
      case OPENAI_CHAT: {
        JsonNode message = root.has("choices") ? root.path("choices").path(0).path("message") : root;
        int i = 0;
        for (JsonNode call : message.path("tool_calls")) {
          JsonNode fn = call.path("function");
          calls.add(new Read(sentId(call.get("id")), Json.string(fn.get("name")), read.textOf(fn.get("arguments")), i));
          i++;
        }
        break;
      }
      case OPENAI_RESPONSES: {
        JsonNode output = root.has("output") ? root.get("output") : root;
        int i = 0;
        for (JsonNode item : output) {
          if ("function_call".equals(Json.string(item.get("type")))) {
            calls.add(new Read(sentId(item.get("call_id")), Json.string(item.get("name")), read.textOf(item.get("arguments")), i));
          }
          i++;
        }
        break;
      }
      case ANTHROPIC: {
        JsonNode content = root.has("content") ? root.get("content") : root;
        int i = 0;
        for (JsonNode block : content) {
          if ("tool_use".equals(Json.string(block.get("type")))) {
            calls.add(new Read(sentId(block.get("id")), Json.string(block.get("name")), read.textOf(block.get("input")), i));
          }
          i++;
        }
        break;
      }
      case GEMINI: {
        JsonNode parts = root.has("candidates") ? root.path("candidates").path(0).path("content").path("parts")
            : root.has("parts") ? root.get("parts") : root;
        int i = 0;
        for (JsonNode part : parts) {
          JsonNode fn = part.get("functionCall");
          if (fn != null) {
            calls.add(new Read(sentId(fn.get("id")), geminiName(Json.string(fn.get("name"))), read.textOf(fn.get("args")), i));
          }
          i++;
        }
        break;
      }
      default:
        throw new AssertionError(dialect);
    }
    return assignIds(dialect, calls, read::digest);
  }

  /** A Gemini wire name mapped back to the tool's name; null stays null. */
  static String geminiName(String wire) {
    return wire == null ? null : ToolRenderer.fromGeminiWireName(wire);
  }

  /** An id as sent, or null when the provider sent none that counts (absent, not a string, or empty). */
  static String sentId(JsonNode id) {
    String s = Json.string(id);
    return s == null || s.isEmpty() ? null : s;
  }

  /**
   * The calls with ids: each sent one as it was, each missing one made up from the response's digest (asked for
   * only when some id is missing) and the call's position.
   */
  static List<ToolCall> assignIds(Dialect dialect, List<Read> calls, java.util.function.Supplier<byte[]> digest) {
    Set<String> taken = new HashSet<>();
    boolean missing = false;
    for (Read r : calls) {
      if (r.id() != null) {
        taken.add(r.id());
      } else {
        missing = true;
      }
    }
    String stem = missing ? prefix(dialect) + hex(digest.get(), 6) + "_" : null;
    List<ToolCall> out = new ArrayList<>(calls.size());
    for (Read r : calls) {
      String id = r.id();
      if (id == null) {
        id = stem + r.position();
        while (!taken.add(id)) {
          id = id + "_";
        }
      }
      out.add(ToolCall.of(id, r.name(), r.arguments(), dialect));
    }
    return List.copyOf(out);
  }

  /** The prefix of a made-up id: what the dialect's own ids look like. */
  static String prefix(Dialect dialect) {
    switch (dialect) {
      case ANTHROPIC:
        return "toolu_";
      case GEMINI:
        return GEMINI_MADE_UP_ID;
      default:
        return "call_";
    }
  }

  static String hex(byte[] bytes, int count) {
    StringBuilder b = new StringBuilder(count * 2);
    for (int i = 0; i < count; i++) {
      b.append(Character.forDigit((bytes[i] >> 4) & 0xf, 16)).append(Character.forDigit(bytes[i] & 0xf, 16));
    }
    return b.toString();
  }
}
