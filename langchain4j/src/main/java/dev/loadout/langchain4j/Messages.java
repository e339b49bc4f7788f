package dev.loadout.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loadout.core.Dialect;
import dev.loadout.core.HistoryEntry;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import java.util.Optional;
import dev.langchain4j.data.message.UserMessage;
import tools.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** LangChain4j's message types to and from Loadout's calls and history entries. */
final class Messages {
  private static final JsonMapper JSON = JsonMapper.shared();

  private Messages() {}

  /**
   * The message's calls, read by core from the OpenAI Chat assistant message they stand for, so that a call without
   * an id gets core's stable made-up one.
   */
  static List<ToolCall> toolCalls(AiMessage message) {
    if (!message.hasToolExecutionRequests()) {
      return List.of();
    }
    return toolCalls(message.toolExecutionRequests());
  }

  static List<ToolCall> toolCalls(List<ToolExecutionRequest> requests) {
    ObjectNode assistant = JSON.createObjectNode().put("role", "assistant");
    ArrayNode calls = assistant.putArray("tool_calls");
    for (ToolExecutionRequest request : requests) {
      ObjectNode call = calls.addObject();
      if (request.id() != null && !request.id().isEmpty()) {
        call.put("id", request.id());
      }
      call.put("type", "function");
      call.putObject("function").put("name", request.name() == null ? "" : request.name())
          .put("arguments", request.arguments() == null ? "" : request.arguments());
    }
    return Dialect.OPENAI_CHAT.parseToolCalls(JSON.writeValueAsBytes(assistant));
  }

  /** Text only: LangChain4j's OpenAI module refuses any other content in a tool result. */
  static ToolExecutionResultMessage result(HistoryEntry entry) {
    return ToolExecutionResultMessage.builder().id(entry.callId()).toolName(entry.toolName()).text(entry.text())
        .isError(entry.isError()).build();
  }

  /**
   * The user message core's OpenAI Chat dialect writes after the tool messages when results carry images (its
   * wording, its order), as LangChain4j's; empty when no result has an image.
   */
  static Optional<UserMessage> images(List<ToolOutcome> outcomes) {
    ArrayNode history = Dialect.OPENAI_CHAT.historyMessages(outcomes);
    JsonNode last = history.isEmpty() ? null : history.get(history.size() - 1);
    if (last == null || !"user".equals(last.path("role").asString(""))) {
      return Optional.empty();
    }
    List<Content> contents = new ArrayList<>();
    for (JsonNode part : last.path("content")) {
      String type = part.path("type").asString("");
      if (type.equals("text")) {
        contents.add(TextContent.from(part.path("text").asString("")));
      } else if (type.equals("image_url")) {
        contents.add(image(part.path("image_url").path("url").asString("")));
      }
    }
    return Optional.of(UserMessage.from(contents));
  }

  private static ImageContent image(String url) {
    // data:<mime>;base64,<data> as core writes base64 media; any other URL is the image's own.
    if (url.startsWith("data:")) {
      int semi = url.indexOf(";base64,");
      if (semi > 0) {
        return ImageContent.from(url.substring(semi + ";base64,".length()), url.substring("data:".length(), semi));
      }
    }
    return ImageContent.from(url);
  }
}
