package dev.loadout.core;

import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Turns results into each provider's history entries. See {@link Dialect#historyMessages(List)}. */
final class HistoryWriter {
  private HistoryWriter() {}

  static ArrayNode write(Dialect dialect, List<ToolOutcome> outcomes) {
    if (!Checks.noNulls(outcomes)) {
      throw new IllegalArgumentException("outcomes must be a list without nulls, but was " + outcomes);
    }
    ArrayNode out = Json.array();
    if (outcomes.isEmpty()) {
      return out;
    }
    // Every dialect writes from the same neutral entries, so the text a model reads is decided in one place.
    List<HistoryEntry> entries = outcomes.stream().map(HistoryEntry::of).toList();
    switch (dialect) {
      case OPENAI_CHAT:
        for (HistoryEntry e : entries) {
          out.addObject().put("role", "tool").put("tool_call_id", e.callId()).put("content", e.text());
        }
        imageCarrier(out, entries, "text", "image_url", true);
        break;
      case OPENAI_RESPONSES:
        for (HistoryEntry e : entries) {
          out.addObject().put("type", "function_call_output").put("call_id", e.callId()).put("output", e.text());
        }
        imageCarrier(out, entries, "input_text", "input_image", false);
        break;
      case ANTHROPIC: {
        ObjectNode message = out.addObject().put("role", "user");
        ArrayNode content = message.putArray("content");
        for (HistoryEntry e : entries) {
          ObjectNode block = content.addObject().put("type", "tool_result").put("tool_use_id", e.callId());
          ArrayNode parts = block.putArray("content");
          if (!e.text().isEmpty()) {
            parts.addObject().put("type", "text").put("text", e.text()); // Anthropic refuses empty text blocks
          }
          for (ToolMedia m : e.images()) {
            ObjectNode source = parts.addObject().put("type", "image").putObject("source");
            if (m.url().isPresent()) {
              source.put("type", "url").put("url", m.url().get());
            } else {
              source.put("type", "base64").put("media_type", m.mimeType()).put("data", m.base64().get());
            }
          }
          if (parts.isEmpty()) {
            block.remove("content"); // an empty summary and no images: content is optional
          }
          if (e.isError()) {
            block.put("is_error", true);
          }
        }
        break;
      }
      case GEMINI: {
        ObjectNode message = out.addObject().put("role", "user");
        ArrayNode parts = message.putArray("parts");
        for (int i = 0; i < entries.size(); i++) {
          HistoryEntry e = entries.get(i);
          ObjectNode fr = parts.addObject().putObject("functionResponse");
          if (!e.callId().isEmpty() && !e.callId().startsWith(ToolCallParser.GEMINI_MADE_UP_ID)) {
            fr.put("id", e.callId()); // Gemini matches a response to its call by this id when it sent one
          }
          fr.put("name", ToolRenderer.geminiWireName(e.toolName().isEmpty() ? "_" : e.toolName()));
          ObjectNode response = fr.putObject("response");
          ToolResult r = outcomes.get(i).result();
          if (r instanceof ToolResult.Success) {
            ToolResult.Success s = (ToolResult.Success) r;
            if (s.summary().isPresent()) {
              response.put("result", e.text());
            } else {
              response.set("result", s.dataView()); // Gemini takes structured data; its text is e.text()
            }
          } else {
            ToolResult.Failure f = (ToolResult.Failure) r;
            response.putObject("error").put("code", f.code()).put("message", f.message());
          }
        }
        for (HistoryEntry e : entries) {
          for (ToolMedia m : e.images()) {
            if (m.url().isPresent()) {
              parts.addObject().putObject("fileData").put("mimeType", m.mimeType()).put("fileUri", m.url().get());
            } else {
              parts.addObject().putObject("inlineData").put("mimeType", m.mimeType()).put("data", m.base64().get());
            }
          }
        }
        break;
      }
      default:
        throw new AssertionError(dialect);
    }
    return out;
  }

  /** OpenAI tool messages hold text only, so images travel in one user message after them. */
  private static void imageCarrier(ArrayNode out, List<HistoryEntry> entries, String textType, String imageType, boolean nested) {
    ArrayNode content = null;
    for (HistoryEntry e : entries) {
      List<ToolMedia> images = e.images();
      if (images.isEmpty()) {
        continue;
      }
      if (content == null) {
        content = out.addObject().put("role", "user").putArray("content");
      }
      content.addObject().put("type", textType)
          .put("text", "Images returned by tool " + e.toolName() + " (call " + e.callId() + "):");
      for (ToolMedia m : images) {
        ObjectNode part = content.addObject().put("type", imageType);
        if (nested) {
          part.putObject("image_url").put("url", m.asUrl());
        } else {
          part.put("image_url", m.asUrl());
        }
      }
    }
  }
}
