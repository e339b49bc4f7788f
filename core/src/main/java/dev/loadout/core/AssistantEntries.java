package dev.loadout.core;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The history entries that carry the assistant's turn of a response body, in the dialect's shape, for a
 * {@link ToolLoop} to append before the results. Each call the parser gave a made-up id has that id written into
 * its entry (Gemini's made-up ids excepted, which are never sent back), so every result matches its call.
 *
 * <p>The entries are fresh trees the caller owns: read from the text (Jackson reads trees without recursion), or
 * for a host's tree copied through its compact text, since {@code deepCopy} recurses once per level.
 */
final class AssistantEntries {
  /** Reads what {@link ResponseBody} accepts: the same depth, no length limits. */
  private static final JsonMapper READER = JsonMapper.builder(JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(ResponseBody.MAX_BODY_DEPTH)
          .maxNumberLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE).maxStringLength(Integer.MAX_VALUE).build())
      .build()).build();

  private AssistantEntries() {}

  static List<JsonNode> of(Dialect dialect, Object body, List<ToolCall> calls) {
    JsonNode root;
    if (body instanceof String) {
      root = READER.readTree((String) body);
    } else if (body instanceof byte[]) {
      root = READER.readTree((byte[]) body);
    } else {
      root = (JsonNode) body; // the host's: only the part taken is copied
    }
    boolean copy = !(body instanceof String || body instanceof byte[]);
    List<JsonNode> out = new ArrayList<>();
    switch (dialect) {
      case OPENAI_CHAT: {
        JsonNode message = root.has("choices") ? root.path("choices").path(0).path("message") : root;
        if (message.isObject()) {
          ObjectNode m = (ObjectNode) own(message, copy);
          writeIds(m.get("tool_calls"), "id", n -> true, calls);
          out.add(m);
        }
        break;
      }
      case OPENAI_RESPONSES: {
        JsonNode output = root.has("output") ? root.get("output") : root;
        if (output.isArray()) {
          ArrayNode items = (ArrayNode) own(output, copy);
          writeIds(items, "call_id", n -> "function_call".equals(Json.string(n.get("type"))), calls);
          items.forEach(out::add);
        }
        break;
      }
      case ANTHROPIC: {
        JsonNode content = root.has("content") ? root.get("content") : root;
        if (content.isArray()) {
          ArrayNode blocks = (ArrayNode) own(content, copy);
          writeIds(blocks, "id", n -> "tool_use".equals(Json.string(n.get("type"))), calls);
          ObjectNode message = Json.object().put("role", "assistant");
          message.set("content", blocks);
          out.add(message);
        }
        break;
      }
      case GEMINI: {
        JsonNode content = root.has("candidates") ? root.path("candidates").path(0).path("content")
            : root.has("parts") ? root : null;
        if (content != null && content.isObject()) {
          out.add(own(content, copy)); // made-up Gemini ids are never sent: nothing to write
        }
        break;
      }
      default:
        throw new AssertionError(dialect);
    }
    return out;
  }

  private static JsonNode own(JsonNode node, boolean copy) {
    return copy ? READER.readTree(Json.compact(node)) : node;
  }

  /**
   * Writes made-up ids into the entries that hold calls, in order: the k-th entry that holds a call is the k-th call
   * read, since the parser reads the same list in the same order.
   */
  private static void writeIds(JsonNode list, String field, java.util.function.Predicate<JsonNode> holdsCall,
      List<ToolCall> calls) {
    if (list == null || !list.isArray()) {
      return;
    }
    int k = 0;
    for (JsonNode entry : list) {
      if (!holdsCall.test(entry)) {
        continue;
      }
      if (k >= calls.size()) {
        return;
      }
      ToolCall call = calls.get(k++);
      if (entry instanceof ObjectNode && ToolCallParser.sentId(entry.get(field)) == null) {
        ((ObjectNode) entry).put(field, call.id());
      }
    }
  }
}
