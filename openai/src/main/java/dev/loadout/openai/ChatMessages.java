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

  /**
   * The assistant's turn of a streamed reply for the loop's history, in Loadout's JSON: the text (an empty answer kept
   * as {@code ""}), and the calls when there are any, with the ids Loadout read.
   */
  static JsonNode assistantEntry(String text, List<ToolCall> calls) {
    ObjectNode message = SdkJson.object().put("role", "assistant");
    if (!text.isEmpty() || calls.isEmpty()) {
      message.put("content", text);
    } else {
      message.putNull("content");
    }
    if (!calls.isEmpty()) {
      ArrayNode toolCalls = message.putArray("tool_calls");
      for (ToolCall call : calls) {
        ObjectNode c = toolCalls.addObject().put("id", call.id()).put("type", "function");
        c.putObject("function").put("name", call.name()).put("arguments", call.arguments());
      }
    }
    return SdkJson.loadoutTree(SdkJson.bytes(message));
  }

  /**
   * A loop's history, Loadout's JSON, as the SDK's messages. The SDK keeps what its types do not name (a vendor's
   * extra field, a role it does not know), so each message goes out as the loop holds it.
   */
  static List<ChatCompletionMessageParam> history(List<JsonNode> messages) {
    List<ChatCompletionMessageParam> out = new ArrayList<>(messages.size());
    for (JsonNode message : messages) {
      out.add(SdkJson.read(SdkJson.loadoutBytes(message), ChatCompletionMessageParam.class));
    }
    return out;
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
