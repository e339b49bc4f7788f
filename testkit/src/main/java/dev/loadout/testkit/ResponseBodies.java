package dev.loadout.testkit;

import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes response bodies the way each provider does, for {@link ScriptedModel}.
 *
 * <p>OpenAI sends arguments as a string, so they travel verbatim. Anthropic and Gemini send an object:
 * text that is strictly a JSON object (no duplicate keys, nothing trailing) is embedded as one, and the
 * parser reads it back re-serialised; anything else, malformed text included, is embedded as a JSON
 * string holding the text verbatim. No real provider sends that, but it is the only way to hand the
 * parser exactly the text that was scripted, so executing the call fails with {@code invalid_arguments}
 * as it would for an OpenAI model. Blank text becomes {@code {}}, the empty input these providers send
 * for a call without arguments.
 */
final class ResponseBodies {
  // Stricter than core's parser on purpose: whatever this mapper refuses is sent verbatim as a string.
  private static final JsonMapper STRICT = JsonMapper.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ResponseBodies() {}

  /**
   * A response carrying tool calls.
   *
   * @param n this response's number, for deterministic response ids
   * @param ids each call's id, already filled in where the script left it blank
   */
  static String toolCalls(Dialect dialect, int n, List<ToolCall> calls, List<String> ids) {
    ObjectNode root = NODES.objectNode();
    switch (dialect) {
      case OPENAI_CHAT: {
        ArrayNode toolCalls = openAiChat(root, n, "tool_calls").putNull("content").putArray("tool_calls");
        for (int i = 0; i < calls.size(); i++) {
          ObjectNode call = toolCalls.addObject().put("id", ids.get(i)).put("type", "function");
          call.putObject("function").put("name", calls.get(i).name()).put("arguments", calls.get(i).arguments());
        }
        break;
      }
      case OPENAI_RESPONSES: {
        ArrayNode output = root.put("id", "resp_scripted_" + n).put("object", "response").putArray("output");
        for (int i = 0; i < calls.size(); i++) {
          output.addObject().put("type", "function_call").put("id", "fc_scripted_" + n + "_" + i)
              .put("call_id", ids.get(i)).put("name", calls.get(i).name())
              .put("arguments", calls.get(i).arguments()).put("status", "completed");
        }
        break;
      }
      case ANTHROPIC: {
        ArrayNode content = anthropic(root, n, "tool_use");
        for (int i = 0; i < calls.size(); i++) {
          content.addObject().put("type", "tool_use").put("id", ids.get(i)).put("name", calls.get(i).name())
              .set("input", argumentsObject(calls.get(i).arguments()));
        }
        break;
      }
      case GEMINI: {
        ArrayNode parts = gemini(root);
        for (ToolCall call : calls) {
          parts.addObject().putObject("functionCall").put("name", Dialect.GEMINI.wireName(call.name()))
              .set("args", argumentsObject(call.arguments()));
        }
        break;
      }
      default:
        throw new AssertionError(dialect);
    }
    return STRICT.writeValueAsString(root);
  }

  /** A response with only text: what a model sends when it calls no tool. */
  static String text(Dialect dialect, int n, String text) {
    ObjectNode root = NODES.objectNode();
    switch (dialect) {
      case OPENAI_CHAT:
        openAiChat(root, n, "stop").put("content", text);
        break;
      case OPENAI_RESPONSES: {
        ObjectNode message = root.put("id", "resp_scripted_" + n).put("object", "response").putArray("output")
            .addObject().put("type", "message").put("id", "msg_scripted_" + n).put("role", "assistant");
        message.putArray("content").addObject().put("type", "output_text").put("text", text);
        break;
      }
      case ANTHROPIC:
        anthropic(root, n, "end_turn").addObject().put("type", "text").put("text", text);
        break;
      case GEMINI:
        gemini(root).addObject().put("text", text);
        break;
      default:
        throw new AssertionError(dialect);
    }
    return STRICT.writeValueAsString(root);
  }

  /** The id a provider would have given a call the script left without one. */
  static String callId(Dialect dialect, int n, int index) {
    return (dialect == Dialect.ANTHROPIC ? "toolu_scripted_" : "call_scripted_") + n + "_" + index;
  }

  private static ObjectNode openAiChat(ObjectNode root, int n, String finishReason) {
    root.put("id", "chatcmpl-scripted-" + n).put("object", "chat.completion").put("model", TestContexts.MODEL);
    ObjectNode choice = root.putArray("choices").addObject().put("index", 0);
    ObjectNode message = choice.putObject("message").put("role", "assistant");
    choice.put("finish_reason", finishReason);
    return message;
  }

  private static ArrayNode anthropic(ObjectNode root, int n, String stopReason) {
    root.put("id", "msg_scripted_" + n).put("type", "message").put("role", "assistant")
        .put("model", TestContexts.MODEL);
    ArrayNode content = root.putArray("content");
    root.put("stop_reason", stopReason);
    return content;
  }

  private static ArrayNode gemini(ObjectNode root) {
    ObjectNode candidate = root.putArray("candidates").addObject();
    ArrayNode parts = candidate.putObject("content").put("role", "model").putArray("parts");
    candidate.put("finishReason", "STOP");
    return parts;
  }

  private static JsonNode argumentsObject(String text) {
    if (text.isBlank()) {
      return NODES.objectNode();
    }
    try {
      JsonNode node = STRICT.readTree(text);
      if (node instanceof ObjectNode) {
        return node;
      }
    } catch (JacksonException e) {
      // Malformed: sent verbatim below, so the model's mistake reaches the parser unchanged.
    }
    return NODES.stringNode(text);
  }
}
