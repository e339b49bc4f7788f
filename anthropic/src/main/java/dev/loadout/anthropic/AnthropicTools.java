package dev.loadout.anthropic;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.anthropic.core.JsonValue;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.MessageParam;
import dev.loadout.core.Dialect;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolChoice;
import dev.loadout.core.ToolOutcome;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One {@link PreparedTurn} inside the Anthropic Java SDK's Messages API: its tools into a {@link MessageCreateParams},
 * the model's {@code tool_use} blocks out of a {@link Message}, and their results back as the SDK's message.
 *
 * <pre>{@code
 * AnthropicTools tools = AnthropicTools.of(loadout.prepare(context));
 * MessageCreateParams.Builder params = tools.applyTo(MessageCreateParams.builder().model(model).maxTokens(1024).addUserMessage(text));
 * Message reply = client.messages().create(params.build());
 * while (tools.appendResults(reply, params)) {
 *   reply = client.messages().create(params.build());
 * }
 * }</pre>
 *
 * <h2>The tools the model sees</h2>
 * {@link #applyTo} sets the request's {@code tools} to Loadout's {@link Dialect#ANTHROPIC} render as a
 * {@link JsonValue}, not as the SDK's typed {@code Tool}s, so the SDK sends Loadout's schemas in Loadout's order and
 * key order, and nothing its types would add or drop. The SDK re-writes that JSON with its own Jackson 2, which keeps
 * every value and writes numbers as Loadout's render already does, so the bytes match.
 *
 * <h2>Calls and results</h2>
 * Calls are read by core's {@link Dialect#parseToolCalls(byte[])} from the SDK object's own JSON: a block without an
 * id gets a stable made-up one ({@code toolu_...}); malformed input becomes an {@code invalid_arguments} result.
 * Results are core's {@link Dialect#historyMessages(List)} read into the SDK's types: one user message with a
 * {@code tool_result} block per call ({@code is_error} on failure), images inside the block they belong to.
 *
 * <p>Immutable and thread-safe; one per turn.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AnthropicTools {
  private final PreparedTurn turn;
  private final JsonValue tools;

  private AnthropicTools(PreparedTurn turn) {
    this.turn = turn;
    this.tools = SdkJson.value(turn.render(Dialect.ANTHROPIC).bytes());
  }

  /**
   * The turn's tools for the Messages API, rendered once.
   *
   * @param turn the prepared turn whose tools are shown and whose calls are executed; never null
   * @return the adapter; never null
   */
  public static AnthropicTools of(PreparedTurn turn) {
    if (turn == null) {
      throw new IllegalArgumentException("turn must not be null");
    }
    return new AnthropicTools(turn);
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
   * Sets the request's tools to this turn's. A turn that shows no tool leaves {@code tools} unset.
   *
   * @param params the host's request builder; never null
   * @return the same builder, for chaining
   */
  public MessageCreateParams.Builder applyTo(MessageCreateParams.Builder params) {
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
  private static void setTools(MessageCreateParams.Builder params, JsonValue value) {
    params.tools(value);
  }

  @SuppressWarnings("unchecked")
  private static void setToolChoice(MessageCreateParams.Builder params, JsonValue value) {
    params.toolChoice(value);
  }

  /**
   * Sets the request's tools, as {@link #applyTo(MessageCreateParams.Builder)}, and its {@code tool_choice} to
   * {@link PreparedTurn#toolChoice} in this dialect. The choice is checked first, so a refused one leaves the builder
   * as it was.
   *
   * @param params the host's request builder; never null
   * @param choice auto, none, required or a named tool; never null
   * @return the same builder, for chaining
   * @throws IllegalArgumentException as {@link PreparedTurn#toolChoice}: a tool this turn does not show, or
   *     {@code required} on a turn that shows none
   */
  public MessageCreateParams.Builder applyTo(MessageCreateParams.Builder params, ToolChoice choice) {
    if (params == null) {
      throw new IllegalArgumentException("params must not be null");
    }
    JsonValue value = SdkJson.value(turn.toolChoice(Dialect.ANTHROPIC, choice));
    applyTo(params);
    setToolChoice(params, value);
    return params;
  }

  /**
   * The tool calls of a response, in the model's order.
   *
   * @param message the SDK's response; never null
   * @return the calls, possibly empty; never null
   */
  public List<ToolCall> toolCalls(Message message) {
    if (message == null) {
      throw new IllegalArgumentException("message must not be null");
    }
    return Dialect.ANTHROPIC.parseToolCalls(SdkJson.bytes(message));
  }

  /**
   * Runs the response's tool calls and appends the round to the request: the assistant's message (every block of
   * the response, thinking included, with the {@code tool_use} blocks as Loadout read them), then the results.
   * Blocks until every call has a result (each under its tool's deadline); a host on the SDK's async client uses
   * {@link #toolCalls}, {@link PreparedTurn#executeAll}, {@link #assistantMessage} and {@link #resultMessage}.
   *
   * @param message the SDK's response; never null
   * @param params the request builder to send next; never null
   * @return whether the model called a tool; {@code false} means it answered and nothing was appended
   */
  public boolean appendResults(Message message, MessageCreateParams.Builder params) {
    if (params == null) {
      throw new IllegalArgumentException("params must not be null");
    }
    List<ToolCall> calls = toolCalls(message);
    if (calls.isEmpty()) {
      return false;
    }
    List<ToolOutcome> outcomes = turn.executeAll(calls).toCompletableFuture().join();
    params.addMessage(AnthropicMessages.assistant(message, calls));
    params.addMessage(resultMessage(outcomes));
    return true;
  }

  /**
   * The assistant's turn of a response, to precede its results: every block as the SDK converts it, the
   * {@code tool_use} blocks written from {@link #toolCalls} so a made-up id is the id its result answers.
   *
   * @param message the SDK's response; never null
   */
  public MessageParam assistantMessage(Message message) {
    return AnthropicMessages.assistant(message, toolCalls(message));
  }

  /**
   * The results as the SDK's message: one user message with a {@code tool_result} block per outcome, in order.
   *
   * @param outcomes the calls and their results; never null, not empty
   * @return the message; never null
   */
  public MessageParam resultMessage(List<ToolOutcome> outcomes) {
    if (outcomes == null || outcomes.isEmpty() || outcomes.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("outcomes must be a non-empty list without nulls, but was " + outcomes);
    }
    return AnthropicMessages.results(outcomes);
  }

  /** A reader for one streamed response of this turn. */
  public AnthropicStream stream() {
    return new AnthropicStream(this);
  }

  @Override
  public String toString() {
    return "AnthropicTools{" + turn.visibleNames().size() + " tools}";
  }
}
