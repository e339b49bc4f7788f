package dev.loadout.core;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads tool calls out of provider responses. Lenient: a broken call still becomes a {@link ToolCall}, with its
 * arguments as the exact text sent, and only the call's own execution decides whether they are usable (see
 * {@link ResponseBody}).
 */
final class ToolCallParser {
  /** The id prefix for Gemini calls that came without one; such ids are never sent back. */
  static final String GEMINI_MADE_UP_ID = "gemini_call_";

  private ToolCallParser() {}

  static List<ToolCall> parse(Dialect dialect, String body) {
    if (body == null) {
      throw new IllegalArgumentException(dialect + " response must not be null");
    }
    ResponseBody read = ResponseBody.read(dialect + " response", body);
    JsonNode root = read.root();
    if (root == null) {
      throw new IllegalArgumentException(dialect + " response is empty");
    }
    List<ToolCall> calls = new ArrayList<>();
    switch (dialect) {
      case OPENAI_CHAT: {
        JsonNode message = root.has("choices") ? root.path("choices").path(0).path("message") : root;
        int i = 0;
        for (JsonNode call : message.path("tool_calls")) {
          JsonNode fn = call.path("function");
          calls.add(toolCall(dialect, idOr(call.get("id"), "call_" + i), Json.string(fn.get("name")), read.textOf(fn.get("arguments"))));
          i++;
        }
        break;
      }
      case OPENAI_RESPONSES: {
        JsonNode output = root.has("output") ? root.get("output") : root;
        int i = 0;
        for (JsonNode item : output) {
          if ("function_call".equals(Json.string(item.get("type")))) {
            calls.add(toolCall(dialect, idOr(item.get("call_id"), "call_" + i), Json.string(item.get("name")),
                read.textOf(item.get("arguments"))));
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
            calls.add(toolCall(dialect, idOr(block.get("id"), "toolu_" + i), Json.string(block.get("name")),
                read.textOf(block.get("input"))));
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
            String name = Json.string(fn.get("name"));
            calls.add(toolCall(dialect, idOr(fn.get("id"), GEMINI_MADE_UP_ID + i),
                name == null ? null : ToolRenderer.fromGeminiWireName(name), read.textOf(fn.get("args"))));
          }
          i++;
        }
        break;
      }
      default:
        throw new AssertionError(dialect);
    }
    return List.copyOf(calls);
  }

  private static ToolCall toolCall(Dialect dialect, String id, String name, String arguments) {
    return ToolCall.of(id, name, arguments, dialect);
  }

  private static String idOr(JsonNode id, String fallback) {
    String s = Json.string(id);
    return s == null || s.isEmpty() ? fallback : s;
  }
}
