package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;

/**
 * What the host's model call answered in one round of a {@link ToolLoop}: either the provider's response body, which
 * the loop reads (its calls with {@link Dialect#parseToolCalls(String)}, and the assistant's turn to append to
 * history), or calls the host already read, with the entries it wants appended for them.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ModelReply {
  private final Object body;
  private final List<ToolCall> calls;
  private final List<JsonNode> entries;

  private ModelReply(Object body, List<ToolCall> calls, List<JsonNode> entries) {
    this.body = body;
    this.calls = calls;
    this.entries = entries;
  }

  /**
   * A response body as text. The loop appends the assistant's turn it holds (OpenAI Chat: the message; Responses:
   * every output item; Anthropic: an assistant message with the content; Gemini: the candidate's content), with
   * each id the loop made up for a call written in, so the results that follow match their calls.
   *
   * @param json the body; never null
   */
  public static ModelReply body(String json) {
    if (json == null) {
      throw new IllegalArgumentException("response body must not be null");
    }
    return new ModelReply(json, null, null);
  }

  /** A response body as UTF-8 bytes, as {@link #body(String)}; the array is copied. */
  public static ModelReply body(byte[] json) {
    if (json == null) {
      throw new IllegalArgumentException("response body must not be null");
    }
    return new ModelReply(json.clone(), null, null);
  }

  /** A response body the host's client already parsed, as {@link #body(String)}; the tree is never modified. */
  public static ModelReply body(JsonNode json) {
    if (json == null) {
      throw new IllegalArgumentException("response body must not be null");
    }
    return new ModelReply(json, null, null);
  }

  /**
   * Calls the host already read (from its client's own types, or a {@link ToolCallAccumulator}), and the history
   * entries that carry the assistant's turn, appended before the results; no calls means the model answered.
   *
   * @param calls the calls in the model's order; never null, no nulls
   * @param assistantEntries the entries to append for the assistant's turn, in the dialect's shape; possibly empty
   */
  public static ModelReply calls(List<ToolCall> calls, List<JsonNode> assistantEntries) {
    if (!Checks.noNulls(calls)) {
      throw new IllegalArgumentException("calls must be a list without nulls, but was " + calls);
    }
    if (!Checks.noNulls(assistantEntries)) {
      throw new IllegalArgumentException("assistantEntries must be a list without nulls, but was " + assistantEntries);
    }
    return new ModelReply(null, List.copyOf(calls), List.copyOf(assistantEntries));
  }

  /** The reply read in a dialect: its calls, and the entries to append for the assistant's turn. */
  record Read(List<ToolCall> calls, List<JsonNode> entries) {}

  /**
   * Reads the reply.
   *
   * @throws IllegalArgumentException when a body cannot be read, as {@link Dialect#parseToolCalls(String)}
   */
  Read read(Dialect dialect) {
    if (body == null) {
      return new Read(calls, entries);
    }
    List<ToolCall> parsed;
    if (body instanceof String) {
      parsed = dialect.parseToolCalls((String) body);
    } else if (body instanceof byte[]) {
      parsed = dialect.parseToolCalls((byte[]) body);
    } else {
      parsed = dialect.parseToolCalls((JsonNode) body);
    }
    return new Read(parsed, AssistantEntries.of(dialect, body, parsed));
  }

  @Override
  public String toString() {
    if (body == null) {
      return "ModelReply{calls=" + calls.size() + ", entries=" + entries.size() + "}";
    }
    return "ModelReply{body" + (body instanceof String ? " of " + ((String) body).length() + " chars"
        : body instanceof byte[] ? " of " + ((byte[]) body).length + " bytes" : " tree") + "}";
  }
}
