package dev.loadout.openai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.openai.core.JsonValue;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseInputItem;
import dev.loadout.core.Dialect;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolChoice;
import dev.loadout.core.ToolOutcome;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One {@link PreparedTurn} inside the OpenAI Java SDK's Responses API: its tools into a {@link ResponseCreateParams},
 * the model's {@code function_call} items out of a {@link Response}, and their results back as the SDK's input items.
 *
 * <pre>{@code
 * OpenAiResponsesTools tools = OpenAiResponsesTools.of(loadout.prepare(context));
 * ResponseCreateParams.Builder params = tools.applyTo(ResponseCreateParams.builder().model(model));
 * Response reply = client.responses().create(params.inputOfResponse(input).build());   // input: the host's items
 * while (tools.appendResults(reply, input)) {
 *   reply = client.responses().create(params.inputOfResponse(input).build());
 * }
 * }</pre>
 *
 * The round goes back in the request's {@code input}, as the Responses API takes it without server-side state: the
 * response's output items (reasoning and messages included), then a {@code function_call_output} per call. A host
 * that chains with {@code previous_response_id} instead sends {@link #historyItems} alone.
 *
 * <p>{@link #applyTo} sends Loadout's {@link Dialect#OPENAI_RESPONSES} render as a {@link JsonValue}, byte for byte
 * (with the {@code "strict": false} that render carries, since the Responses API would otherwise enforce strict
 * mode). Calls are read by core's {@link Dialect#parseToolCalls(byte[])} from the SDK object's JSON; results are
 * core's {@link Dialect#historyMessages(List)}, images in one user message after the outputs.
 *
 * <p>Immutable and thread-safe; one per turn.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OpenAiResponsesTools {
  private final PreparedTurn turn;
  private final JsonValue tools;

  private OpenAiResponsesTools(PreparedTurn turn) {
    this.turn = turn;
    this.tools = SdkJson.value(turn.render(Dialect.OPENAI_RESPONSES).bytes());
  }

  /**
   * The turn's tools for the Responses API, rendered once.
   *
   * @param turn the prepared turn whose tools are shown and whose calls are executed; never null
   * @return the adapter; never null
   */
  public static OpenAiResponsesTools of(PreparedTurn turn) {
    if (turn == null) {
      throw new IllegalArgumentException("turn must not be null");
    }
    return new OpenAiResponsesTools(turn);
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
  public ResponseCreateParams.Builder applyTo(ResponseCreateParams.Builder params) {
    if (params == null) {
      throw new IllegalArgumentException("params must not be null");
    }
    if (!turn.visible().isEmpty()) {
      setTools(params, tools);
    }
    return params;
  }

  /**
   * Sets the request's tools, as {@link #applyTo(ResponseCreateParams.Builder)}, and its {@code tool_choice} to
   * {@link PreparedTurn#toolChoice} in this dialect. The choice is checked first, so a refused one leaves the builder
   * as it was.
   *
   * @param params the host's request builder; never null
   * @param choice auto, none, required or a named tool; never null
   * @return the same builder, for chaining
   * @throws IllegalArgumentException as {@link PreparedTurn#toolChoice}
   */
  public ResponseCreateParams.Builder applyTo(ResponseCreateParams.Builder params, ToolChoice choice) {
    if (params == null) {
      throw new IllegalArgumentException("params must not be null");
    }
    JsonValue value = SdkJson.value(turn.toolChoice(Dialect.OPENAI_RESPONSES, choice));
    applyTo(params);
    setToolChoice(params, value);
    return params;
  }

  // JsonValue is Kotlin's JsonField<Nothing>, which Java sees as a raw JsonField: passing it is the SDK's documented
  // way to send a value as it stands, and the unchecked conversion stays here rather than in the host's code.
  @SuppressWarnings("unchecked")
  private static void setTools(ResponseCreateParams.Builder params, JsonValue value) {
    params.tools(value);
  }

  @SuppressWarnings("unchecked")
  private static void setToolChoice(ResponseCreateParams.Builder params, JsonValue value) {
    params.toolChoice(value);
  }

  /**
   * The tool calls of a response, in the model's order.
   *
   * @param response the SDK's response; never null
   * @return the calls, possibly empty; never null
   */
  public List<ToolCall> toolCalls(Response response) {
    if (response == null) {
      throw new IllegalArgumentException("response must not be null");
    }
    return Dialect.OPENAI_RESPONSES.parseToolCalls(SdkJson.bytes(response));
  }

  /**
   * Runs the response's tool calls and appends the round to the host's input items: the response's output items,
   * then the results. Blocks until every call has a result (each under its tool's deadline).
   *
   * @param response the SDK's response; never null
   * @param input the host's input items, to send as the next request's {@code input}; modified; never null
   * @return whether the model called a tool; {@code false} means it answered and nothing was appended
   */
  public boolean appendResults(Response response, List<ResponseInputItem> input) {
    if (input == null) {
      throw new IllegalArgumentException("input must not be null");
    }
    List<ToolCall> calls = toolCalls(response);
    if (calls.isEmpty()) {
      return false;
    }
    List<ToolOutcome> outcomes = turn.executeAll(calls).toCompletableFuture().join();
    input.addAll(outputItems(response));
    input.addAll(historyItems(outcomes));
    return true;
  }

  /**
   * A response's output items as input items for the next request, each {@code function_call}'s {@code call_id} as
   * {@link #toolCalls} read it (made up where the provider sent none).
   *
   * @param response the SDK's response; never null
   * @return a new list; never null
   */
  public List<ResponseInputItem> outputItems(Response response) {
    return ResponsesItems.output(SdkJson.treeOf(response).path("output"), toolCalls(response));
  }

  /**
   * The results as the SDK's input items: one {@code function_call_output} per outcome, in order, then a user
   * message with the images if any result has some.
   *
   * @param outcomes the calls and their results; never null
   * @return a new list; never null
   */
  public List<ResponseInputItem> historyItems(List<ToolOutcome> outcomes) {
    if (outcomes == null || outcomes.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("outcomes must be a list without nulls, but was " + outcomes);
    }
    return ResponsesItems.results(outcomes);
  }

  /** A reader for one streamed response of this turn. */
  public OpenAiResponsesStream stream() {
    return new OpenAiResponsesStream(this);
  }

  @Override
  public String toString() {
    return "OpenAiResponsesTools{" + turn.visibleNames().size() + " tools}";
  }
}
