package dev.loadout.anthropic;

import com.anthropic.models.messages.ContentBlock;
import com.anthropic.models.messages.ContentBlockParam;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageParam;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** The history a round adds, as the SDK's message types. */
final class AnthropicMessages {
  private AnthropicMessages() {}

  /**
   * The assistant's turn of a response: every block as the SDK turns it into a parameter (thinking blocks keep their
   * signatures), except that each {@code tool_use} block is written from the call Loadout read, so an id Loadout made
   * up for a block sent without one is the id its result answers.
   */
  static MessageParam assistant(Message message, List<ToolCall> calls) {
    Iterator<ToolCall> next = calls.iterator();
    List<ContentBlockParam> content = new ArrayList<>();
    for (ContentBlock block : message.content()) {
      // By the JSON type, not isToolUse(): a block missing its id may not have matched the SDK's ToolUseBlock.
      if ("tool_use".equals(SdkJson.treeOf(block).path("type").asText()) && next.hasNext()) {
        content.add(toolUse(next.next()));
      } else {
        content.add(block.toParam());
      }
    }
    return MessageParam.ofAssistantOfContentBlockParams(content);
  }

  /** The assistant's turn of a streamed response: its text, then the calls that were handed out. */
  static MessageParam assistant(String text, List<ToolCall> calls) {
    List<ContentBlockParam> content = new ArrayList<>();
    if (text != null && !text.isEmpty()) {
      content.add(ContentBlockParam.ofText(com.anthropic.models.messages.TextBlockParam.builder().text(text).build()));
    }
    calls.forEach(call -> content.add(toolUse(call)));
    return MessageParam.ofAssistantOfContentBlockParams(content);
  }

  private static ContentBlockParam toolUse(ToolCall call) {
    ObjectNode block = SdkJson.object().put("type", "tool_use").put("id", call.id()).put("name", call.name());
    block.set("input", input(call.arguments()));
    return SdkJson.read(block, ContentBlockParam.class);
  }

  /**
   * Anthropic's input is an object; a call cut off mid-stream or sent malformed is answered with
   * {@code invalid_arguments}, and its turn still has to be valid history, so such input goes back as {@code {}}.
   */
  private static JsonNode input(String arguments) {
    JsonNode node = arguments.isBlank() ? null : SdkJson.tryTree(arguments.getBytes(StandardCharsets.UTF_8));
    return node != null && node.isObject() ? node : SdkJson.object();
  }

  /** Core writes the results ({@link Dialect#historyMessages(List)}), so they read the same on every path. */
  static MessageParam results(List<ToolOutcome> outcomes) {
    // Anthropic's results are one user message holding a tool_result block per call.
    tools.jackson.databind.JsonNode message = Dialect.ANTHROPIC.historyMessages(outcomes).get(0);
    return SdkJson.read(SdkJson.loadoutBytes(message), MessageParam.class);
  }
}
