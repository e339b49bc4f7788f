package dev.loadout.core;

import dev.loadout.core.ToolCallAccumulator.StreamCall;
import dev.loadout.core.ToolCallStreamException.Problem;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * How each provider's stream events grow calls: the one place that knows their shapes (see
 * {@link ToolCallAccumulator} for the rules). Values of unexpected types read as absent, as in
 * {@link ToolCallParser}; what no rule names is read past.
 */
final class StreamEvents {
  private final ToolCallAccumulator acc;
  /** OpenAI Chat: the call open at each delta index; Anthropic: the tool_use block at each index. */
  private final Map<Integer, StreamCall> byIndex = new HashMap<>();
  /** OpenAI Responses: calls by item id and by output index. */
  private final Map<String, StreamCall> byItem = new HashMap<>();
  private final Map<Integer, StreamCall> byOutput = new HashMap<>();
  /** OpenAI Chat: the call the last delta went to, for deltas without an index. */
  private StreamCall last;
  /** Gemini: parts seen so far in candidate 0, the position of the next one. */
  private int geminiParts;

  StreamEvents(ToolCallAccumulator acc) {
    this.acc = acc;
  }

  /** The end marker ({@code [DONE]}): it ends an OpenAI Chat stream and means nothing elsewhere. */
  void done() {
    if (acc.dialect() == Dialect.OPENAI_CHAT) {
      completeAll();
      acc.markEnded();
    }
  }

  void read(JsonNode event) {
    switch (acc.dialect()) {
      case OPENAI_CHAT:
        chat(event);
        break;
      case OPENAI_RESPONSES:
        responses(event);
        break;
      case ANTHROPIC:
        anthropic(event);
        break;
      case GEMINI:
        gemini(event);
        break;
      default:
        throw new AssertionError(acc.dialect());
    }
  }

  // ---- OpenAI Chat Completions

  private void chat(JsonNode event) {
    providerErrorObject(event);
    for (JsonNode choice : event.path("choices")) {
      if (index(choice.get("index"), 0) != 0) {
        continue; // parseToolCalls reads the first choice; so does the stream
      }
      for (JsonNode delta : choice.path("delta").path("tool_calls")) {
        chatDelta(delta);
      }
      if (Json.string(choice.get("finish_reason")) != null) {
        completeAll();
        acc.markEnded();
      }
    }
  }

  private void chatDelta(JsonNode delta) {
    int raw = index(delta.get("index"), -1);
    String id = ToolCallParser.sentId(delta.get("id"));
    JsonNode fn = delta.path("function");
    StreamCall c = raw >= 0 ? byIndex.get(raw) : last;
    // A different id, or a name, for a call that is already whole begins another call (Ollama numbers every call 0);
    // for one still growing it is a server repeating itself, and the first id and name stand.
    String name = Json.string(fn.get("name"));
    boolean another = id != null ? c != null && c.id != null && !id.equals(c.id) : name != null && !name.isEmpty();
    boolean begins = c == null || another && (c.done != null || c.end.whole());
    if (begins) {
      for (StreamCall open : acc.started()) {
        if (open.done == null && open.end.whole()) {
          acc.complete(open, null); // calls come one after another: a new one means the whole ones are done
        }
      }
      c = acc.begin(acc.started().size(), id, name, null);
      byIndex.put(raw, c);
    } else {
      acc.identify(c, id, name);
    }
    last = c;
    JsonNode arguments = fn.get("arguments");
    if (arguments != null) {
      acc.append(c, acc.body().textOf(arguments));
    }
    if (c.done == null && c.end.whole() && c != acc.started().get(acc.started().size() - 1)) {
      acc.complete(c, null); // interleaved: a later call has begun and this one just became whole
    }
  }

  private void completeAll() {
    for (StreamCall c : acc.started()) {
      acc.complete(c, null);
    }
  }

  // ---- OpenAI Responses

  private void responses(JsonNode event) {
    String type = Json.string(event.get("type"));
    if (type == null) {
      return;
    }
    switch (type) {
      case "response.output_item.added": {
        JsonNode item = event.path("item");
        if (isFunctionCall(item)) {
          beginItem(event, item);
        }
        break;
      }
      case "response.function_call_arguments.delta": {
        StreamCall c = findItem(event);
        if (c != null) {
          acc.append(c, acc.body().textOf(event.get("delta")));
        }
        break;
      }
      case "response.function_call_arguments.done": {
        StreamCall c = findItem(event);
        if (c != null) {
          acc.complete(c, event.has("arguments") ? acc.body().textOf(event.get("arguments")) : null);
        }
        break;
      }
      case "response.output_item.done": {
        JsonNode item = event.path("item");
        if (isFunctionCall(item)) {
          StreamCall c = byItem.get(Json.string(item.get("id")));
          if (c == null) {
            c = byOutput.get(index(event.get("output_index"), -1));
          }
          if (c == null) {
            c = beginItem(event, item); // never announced: the whole item arrives at once
          } else {
            acc.identify(c, ToolCallParser.sentId(item.get("call_id")), Json.string(item.get("name")));
          }
          acc.complete(c, item.has("arguments") ? acc.body().textOf(item.get("arguments")) : null);
        }
        break;
      }
      case "response.completed":
        acc.markEnded();
        break;
      case "error":
        throw acc.problem(Problem.PROVIDER_ERROR, "is an error event (" + code(event.path("code")) + ")");
      case "response.failed":
        throw acc.problem(Problem.PROVIDER_ERROR, "says the response failed ("
            + code(event.path("response").path("error").path("code")) + ")");
      default:
        break;
    }
  }

  private static boolean isFunctionCall(JsonNode item) {
    return "function_call".equals(Json.string(item.get("type")));
  }

  private StreamCall beginItem(JsonNode event, JsonNode item) {
    int position = index(event.get("output_index"), acc.started().size());
    StreamCall c = acc.begin(position, ToolCallParser.sentId(item.get("call_id")), Json.string(item.get("name")),
        acc.body().textOf(item.get("arguments")));
    String itemId = Json.string(item.get("id"));
    if (itemId != null) {
      byItem.put(itemId, c);
    }
    byOutput.put(position, c);
    return c;
  }

  private StreamCall findItem(JsonNode event) {
    StreamCall c = byItem.get(Json.string(event.get("item_id")));
    return c != null ? c : byOutput.get(index(event.get("output_index"), -1));
  }

  // ---- Anthropic

  private void anthropic(JsonNode event) {
    String type = Json.string(event.get("type"));
    if (type == null) {
      return;
    }
    switch (type) {
      case "content_block_start": {
        JsonNode block = event.path("content_block");
        if ("tool_use".equals(Json.string(block.get("type")))) {
          int position = index(event.get("index"), acc.started().size());
          byIndex.put(position, acc.begin(position, ToolCallParser.sentId(block.get("id")), Json.string(block.get("name")),
              acc.body().textOf(block.get("input"))));
        }
        break;
      }
      case "content_block_delta": {
        JsonNode delta = event.path("delta");
        StreamCall c = byIndex.get(index(event.get("index"), -1));
        if (c != null && "input_json_delta".equals(Json.string(delta.get("type")))) {
          acc.append(c, acc.body().textOf(delta.get("partial_json")));
        }
        break;
      }
      case "content_block_stop": {
        StreamCall c = byIndex.get(index(event.get("index"), -1));
        if (c != null) {
          acc.complete(c, null);
        }
        break;
      }
      case "message_stop":
        acc.markEnded();
        break;
      case "error":
        throw acc.problem(Problem.PROVIDER_ERROR, "is an error event (" + code(event.path("error").path("type")) + ")");
      default:
        break;
    }
  }

  // ---- Gemini

  private void gemini(JsonNode event) {
    providerErrorObject(event);
    JsonNode candidate = event.path("candidates").path(0);
    for (JsonNode part : candidate.path("content").path("parts")) {
      JsonNode fn = part.get("functionCall");
      int position = geminiParts++;
      if (fn == null) {
        continue;
      }
      JsonNode willContinue = fn.get("willContinue");
      if (fn.has("partialArgs") || willContinue != null && willContinue.isBoolean() && willContinue.booleanValue()) {
        throw acc.problem(Problem.UNSUPPORTED_EVENT, "streams a function call's arguments in parts (partialArgs), which "
            + "Loadout does not read; leave streamFunctionCallArguments off");
      }
      StreamCall c = acc.begin(position, ToolCallParser.sentId(fn.get("id")),
          ToolCallParser.geminiName(Json.string(fn.get("name"))), null);
      acc.complete(c, acc.body().textOf(fn.get("args")));
    }
    if (Json.string(candidate.get("finishReason")) != null) {
      acc.markEnded();
    }
  }

  // ---- shared

  /** OpenAI Chat and Gemini report a failure inside the stream as an {@code error} object. */
  private void providerErrorObject(JsonNode event) {
    JsonNode error = event.get("error");
    if (error != null && error.isObject()) {
      JsonNode code = error.has("code") ? error.get("code") : error.path("type");
      throw acc.problem(Problem.PROVIDER_ERROR, "is an error (" + code(code) + ")");
    }
  }

  /** A provider's error code, short and printable, or "no code": codes are safe to show, messages may not be. */
  private String code(JsonNode code) {
    String s = code == null || code.isMissingNode() || code.isNull() ? null : acc.body().textOf(code);
    if (s == null || s.isEmpty()) {
      return "no code";
    }
    s = s.length() > 64 ? s.substring(0, 64) + "…" : s;
    return s.replaceAll("[^\\p{Alnum}_.:-]", "?");
  }

  /** A non-negative index written as a JSON number, or the fallback. */
  private int index(JsonNode node, int fallback) {
    if (node == null || node.isString() || node.isBoolean() || node.isNull() || node.isContainer()) {
      return fallback;
    }
    String digits = acc.body().textOf(node);
    if (digits.isEmpty() || digits.length() > 9) {
      return fallback;
    }
    for (int i = 0; i < digits.length(); i++) {
      if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
        return fallback;
      }
    }
    return Integer.parseInt(digits);
  }
}
