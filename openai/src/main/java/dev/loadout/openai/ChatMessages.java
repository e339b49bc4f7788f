package dev.loadout.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.openai.models.chat.completions.ChatCompletionMessageParam;
import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** The history a round adds, as the SDK's message types. */
final class ChatMessages {
  private ChatMessages() {}

  /**
   * The assistant's turn with the calls as Loadout read them. Built from the calls rather than the SDK's message so
   * that an id Loadout made up for a call sent without one is the id its result answers.
   */
  static ChatCompletionMessageParam assistant(String text, List<ToolCall> calls) {
    ObjectNode message = SdkJson.object().put("role", "assistant");
    if (text != null && !text.isEmpty()) {
      message.put("content", text);
    }
    ArrayNode toolCalls = message.putArray("tool_calls");
    for (ToolCall call : calls) {
      ObjectNode c = toolCalls.addObject().put("id", call.id()).put("type", "function");
      c.putObject("function").put("name", call.name()).put("arguments", call.arguments());
    }
    return SdkJson.read(message, ChatCompletionMessageParam.class);
  }

  /** Core writes the results ({@link Dialect#historyMessages(List)}), so they read the same on every path. */
  static List<ChatCompletionMessageParam> results(List<ToolOutcome> outcomes) {
    List<ChatCompletionMessageParam> out = new ArrayList<>();
    for (JsonNode entry : Dialect.OPENAI_CHAT.historyMessages(outcomes)) {
      out.add(SdkJson.read(SdkJson.loadoutBytes(entry),
          ChatCompletionMessageParam.class));
    }
    return out;
  }
}
