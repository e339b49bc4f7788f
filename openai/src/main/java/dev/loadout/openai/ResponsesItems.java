package dev.loadout.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.openai.models.responses.ResponseInputItem;
import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** The input items a Responses round adds, as the SDK's types. */
final class ResponsesItems {
  private ResponsesItems() {}

  /**
   * A response's output items as input for the next request, as the Responses API takes them back when nothing is
   * stored server-side: every item as sent (reasoning and messages included), with each {@code function_call}'s
   * {@code call_id} written from the call Loadout read, so an id Loadout made up is the id its output answers.
   *
   * @param output the response's {@code output} array, as the SDK's JSON
   */
  static List<ResponseInputItem> output(JsonNode output, List<ToolCall> calls) {
    Iterator<ToolCall> next = calls.iterator();
    List<ResponseInputItem> out = new ArrayList<>();
    for (JsonNode item : output) {
      if (item instanceof ObjectNode && "function_call".equals(item.path("type").asText()) && next.hasNext()) {
        ObjectNode copy = ((ObjectNode) item).deepCopy();
        copy.put("call_id", next.next().id());
        item = copy;
      }
      out.add(SdkJson.read(item, ResponseInputItem.class));
    }
    return out;
  }

  /** Function calls as input items, for a stream that never delivered its completed response. */
  static List<ResponseInputItem> calls(List<ToolCall> calls) {
    List<ResponseInputItem> out = new ArrayList<>();
    for (ToolCall call : calls) {
      ObjectNode item = SdkJson.object().put("type", "function_call").put("call_id", call.id())
          .put("name", call.name()).put("arguments", call.arguments());
      out.add(SdkJson.read(item, ResponseInputItem.class));
    }
    return out;
  }

  /** Core writes the results ({@link Dialect#historyMessages(List)}), so they read the same on every path. */
  static List<ResponseInputItem> results(List<ToolOutcome> outcomes) {
    List<ResponseInputItem> out = new ArrayList<>();
    for (tools.jackson.databind.JsonNode entry : Dialect.OPENAI_RESPONSES.historyMessages(outcomes)) {
      out.add(SdkJson.read(SdkJson.loadoutBytes(entry), ResponseInputItem.class));
    }
    return out;
  }
}
