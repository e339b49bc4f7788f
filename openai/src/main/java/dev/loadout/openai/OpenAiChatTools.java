package dev.loadout.openai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.openai.core.JsonValue;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionMessageParam;
import dev.loadout.core.Dialect;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolChoice;
import dev.loadout.core.ToolOutcome;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One {@link PreparedTurn} inside the OpenAI Java SDK's Chat Completions: its tools into a
 * {@link ChatCompletionCreateParams}, the model's tool calls out of a {@link ChatCompletion}, and their results back
 * as the SDK's messages.
 *
 * <pre>{@code
 * OpenAiChatTools tools = OpenAiChatTools.of(loadout.prepare(context));
 * ChatCompletionCreateParams.Builder params = tools.applyTo(ChatCompletionCreateParams.builder().model(model).addUserMessage(text));
 * ChatCompletion reply = client.chat().completions().create(params.build());
 * while (tools.appendResults(reply, params)) {
 *   reply = client.chat().completions().create(params.build());
 * }
 * }</pre>
 *
 * <h2>The tools the model sees</h2>
 * {@link #applyTo} sets the request's {@code tools} to Loadout's {@link Dialect#OPENAI_CHAT} render as a
 * {@link JsonValue}, not as the SDK's typed {@code ChatCompletionTool}s, so the SDK sends Loadout's schemas in
 * Loadout's order and key order, and nothing the SDK's types would add or drop (a default {@code strict}, say). The
 * SDK re-writes that JSON with its own Jackson 2, which keeps every value; a number is written as Jackson 2 writes
 * it ({@code 1e2} as {@code 100.0}), which Loadout's render already does, so the bytes match.
 *
 * <h2>Calls and results</h2>
 * Calls are read by core's {@link Dialect#parseToolCalls(byte[])} from the SDK object's own JSON, so every rule of
 * that method holds (a call without an id gets a stable made-up one; malformed arguments become an
 * {@code invalid_arguments} result, not an exception). Results are core's {@link Dialect#historyMessages(List)} read
 * into the SDK's types: one tool message per call, and one user message after them holding any images, since tool
 * messages hold text only.
 *
 * <p>Immutable and thread-safe; one per turn.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OpenAiChatTools {
  private final PreparedTurn turn;
  private final JsonValue tools;

  private OpenAiChatTools(PreparedTurn turn) {
    this.turn = turn;
    this.tools = SdkJson.value(turn.render(Dialect.OPENAI_CHAT).bytes());
  }

  /**
   * The turn's tools for Chat Completions, rendered once.
   *
   * @param turn the prepared turn whose tools are shown and whose calls are executed; never null
   * @return the adapter; never null
   */
  public static OpenAiChatTools of(PreparedTurn turn) {
    if (turn == null) {
      throw new IllegalArgumentException("turn must not be null");
    }
    return new OpenAiChatTools(turn);
  }

  /** The turn this adapter shows and executes. */
  public PreparedTurn turn() {
    return turn;
  }

  /** The request's {@code tools}: Loadout's render as the SDK's JSON value; never null. */
  public JsonValue tools() {
    return tools;
  }

  /**
   * Sets the request's tools to this turn's. A turn that shows no tool leaves {@code tools} unset, since OpenAI
   * refuses an empty list.
   *
   * @param params the host's request builder; never null
   * @return the same builder, for chaining
   */
  public ChatCompletionCreateParams.Builder applyTo(ChatCompletionCreateParams.Builder params) {
    if (params == null) {
      throw new IllegalArgumentException("params must not be null");
    }
    if (!turn.visible().isEmpty()) {
      setTools(params, tools);
    }
    return params;
  }

  // JsonValue is Kotlin's JsonField<Nothing>, which Java sees as a raw JsonField: passing it is the SDK's documented
  // way to send a value as it stands, and the unchecked conversion stays here rather than in the host's code.
  @SuppressWarnings("unchecked")
  private static void setTools(ChatCompletionCreateParams.Builder params, JsonValue value) {
    params.tools(value);
  }

  @SuppressWarnings("unchecked")
  private static void setToolChoice(ChatCompletionCreateParams.Builder params, JsonValue value) {
    params.toolChoice(value);
  }

  /**
   * Sets the request's tools, as {@link #applyTo(ChatCompletionCreateParams.Builder)}, and its {@code tool_choice} to
   * {@link PreparedTurn#toolChoice} in this dialect. The choice is checked first, so a refused one leaves the builder
   * as it was.
   *
   * @param params the host's request builder; never null
   * @param choice auto, none, required or a named tool; never null
   * @return the same builder, for chaining
   * @throws IllegalArgumentException as {@link PreparedTurn#toolChoice}: a tool this turn does not show, or
   *     {@code required} on a turn that shows none
   */
  public ChatCompletionCreateParams.Builder applyTo(ChatCompletionCreateParams.Builder params, ToolChoice choice) {
    if (params == null) {
      throw new IllegalArgumentException("params must not be null");
    }
    JsonValue value = SdkJson.value(turn.toolChoice(Dialect.OPENAI_CHAT, choice));
    applyTo(params);
    setToolChoice(params, value);
    return params;
  }

  /**
   * The tool calls of a response, in the model's order.
   *
   * @param completion the SDK's response; never null
   * @return the calls, possibly empty; never null
   */
  public List<ToolCall> toolCalls(ChatCompletion completion) {
    if (completion == null) {
      throw new IllegalArgumentException("completion must not be null");
    }
    return Dialect.OPENAI_CHAT.parseToolCalls(SdkJson.bytes(completion));
  }

  /**
   * Runs the response's tool calls and appends the round to the request: the assistant's message with its calls,
   * then the results. Blocks until every call has a result (each under its tool's deadline); a host on the SDK's
   * async client uses {@link #toolCalls}, {@link PreparedTurn#executeAll} and {@link #historyMessages} instead.
   *
   * @param completion the SDK's response; never null
   * @param params the request builder to send next; never null
   * @return whether the model called a tool; {@code false} means it answered and nothing was appended
   */
  public boolean appendResults(ChatCompletion completion, ChatCompletionCreateParams.Builder params) {
    if (params == null) {
      throw new IllegalArgumentException("params must not be null");
    }
    List<ToolCall> calls = toolCalls(completion);
    if (calls.isEmpty()) {
      return false;
    }
    List<ToolOutcome> outcomes = turn.executeAll(calls).toCompletableFuture().join();
    String text = completion.choices().isEmpty() ? null : completion.choices().get(0).message().content().orElse(null);
    params.addMessage(ChatMessages.assistant(text, calls));
    historyMessages(outcomes).forEach(params::addMessage);
    return true;
  }

  /**
   * The assistant's turn for calls Loadout read ({@link #toolCalls}, or an {@link OpenAiChatStream}): the message
   * that must precede their results, with each call's id as Loadout read it (made up where the provider sent none).
   *
   * @param text the text the model wrote before its calls; null or empty for none
   * @param calls the calls, in the model's order; never null
   */
  public ChatCompletionMessageParam assistantMessage(String text, List<ToolCall> calls) {
    if (calls == null || calls.stream().anyMatch(java.util.Objects::isNull)) {
      throw new IllegalArgumentException("calls must be a list without nulls, but was " + calls);
    }
    return ChatMessages.assistant(text, calls);
  }

  /**
   * The results as the SDK's messages, to append after the assistant's message: one tool message per outcome, in
   * order, then a user message with the images if any result has some.
   *
   * @param outcomes the calls and their results; never null
   * @return a new list; never null
   */
  public List<ChatCompletionMessageParam> historyMessages(List<ToolOutcome> outcomes) {
    return ChatMessages.results(outcomes);
  }

  /** A reader for one streamed response of this turn. */
  public OpenAiChatStream stream() {
    return new OpenAiChatStream();
  }

  @Override
  public String toString() {
    return "OpenAiChatTools{" + turn.visibleNames().size() + " tools}";
  }
}
