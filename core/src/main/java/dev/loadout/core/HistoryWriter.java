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
    switch (dialect) {
      case OPENAI_CHAT:
        for (ToolOutcome o : outcomes) {
          out.addObject().put("role", "tool").put("tool_call_id", o.call().id()).put("content", text(o.result()));
        }
        imageCarrier(out, outcomes, "text", "image_url", true);
        break;
      case OPENAI_RESPONSES:
        for (ToolOutcome o : outcomes) {
          out.addObject().put("type", "function_call_output").put("call_id", o.call().id()).put("output", text(o.result()));
        }
        imageCarrier(out, outcomes, "input_text", "input_image", false);
        break;
      case ANTHROPIC: {
        ObjectNode message = out.addObject().put("role", "user");
        ArrayNode content = message.putArray("content");
        for (ToolOutcome o : outcomes) {
          ObjectNode block = content.addObject().put("type", "tool_result").put("tool_use_id", o.call().id());
          ArrayNode parts = block.putArray("content");
          String text = text(o.result());
          if (!text.isEmpty()) {
            parts.addObject().put("type", "text").put("text", text); // Anthropic refuses empty text blocks
          }
          for (ToolMedia m : images(o.result())) {
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
          if (!o.result().isSuccess()) {
            block.put("is_error", true);
          }
        }
        break;
      }
      case GEMINI: {
        ObjectNode message = out.addObject().put("role", "user");
        ArrayNode parts = message.putArray("parts");
        for (ToolOutcome o : outcomes) {
          ObjectNode fr = parts.addObject().putObject("functionResponse");
          if (!o.call().id().isEmpty() && !o.call().id().startsWith(ToolCallParser.GEMINI_MADE_UP_ID)) {
            fr.put("id", o.call().id()); // Gemini matches a response to its call by this id when it sent one
          }
          fr.put("name", ToolRenderer.geminiWireName(o.call().name().isEmpty() ? "_" : o.call().name()));
          ObjectNode response = fr.putObject("response");
          ToolResult r = o.result();
          if (r instanceof ToolResult.Success) {
            ToolResult.Success s = (ToolResult.Success) r;
            if (s.summary().isPresent()) {
              response.put("result", s.summary().get());
            } else {
              response.set("result", s.dataView());
            }
          } else {
            ToolResult.Failure f = (ToolResult.Failure) r;
            response.putObject("error").put("code", f.code()).put("message", f.message());
          }
        }
        for (ToolOutcome o : outcomes) {
          for (ToolMedia m : images(o.result())) {
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

  static String text(ToolResult r) {
    return r instanceof ToolResult.Success ? ((ToolResult.Success) r).modelText() : ((ToolResult.Failure) r).modelText();
  }

  private static List<ToolMedia> images(ToolResult r) {
    if (!(r instanceof ToolResult.Success)) {
      return List.of();
    }
    return ((ToolResult.Success) r).media().stream().filter(ToolMedia::isImage).toList();
  }

  /** OpenAI tool messages hold text only, so images travel in one user message after them. */
  private static void imageCarrier(ArrayNode out, List<ToolOutcome> outcomes, String textType, String imageType, boolean nested) {
    ArrayNode content = null;
    for (ToolOutcome o : outcomes) {
      List<ToolMedia> images = images(o.result());
      if (images.isEmpty()) {
        continue;
      }
      if (content == null) {
        content = out.addObject().put("role", "user").putArray("content");
      }
      content.addObject().put("type", textType)
          .put("text", "Images returned by tool " + o.call().name() + " (call " + o.call().id() + "):");
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
