package dev.loadout.openai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.models.responses.ResponseInputItem;
import com.openai.models.responses.ResponseStreamEvent;
import dev.loadout.core.AccumulatedCalls;
import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolCallAccumulator;
import dev.loadout.core.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The tool calls of one streamed Responses API response, each handed out as soon as it is complete
 * ({@code response.function_call_arguments.done} or {@code response.output_item.done}).
 *
 * <p>Each event goes to core's {@link ToolCallAccumulator} as the SDK's own JSON for it. The
 * {@code response.completed} event carries the whole response; {@link #appendTo} sends its output items back, so
 * reasoning items survive a streamed round too. A stream that ended without it goes back as its calls alone.
 *
 * <p>One per streamed response; not thread-safe (feed events in order, from one thread at a time).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OpenAiResponsesStream {
  private final OpenAiResponsesTools tools;
  private final ToolCallAccumulator calls = ToolCallAccumulator.of(Dialect.OPENAI_RESPONSES);
  private JsonNode completedOutput;

  OpenAiResponsesStream(OpenAiResponsesTools tools) {
    this.tools = tools;
  }

  /**
   * Reads one event.
   *
   * @param event the SDK's event; never null
   * @return the calls this event completed, in order; possibly empty, never null
   * @throws dev.loadout.core.ToolCallStreamException as {@link ToolCallAccumulator#accept(byte[])}
   */
  public List<ToolCall> accept(ResponseStreamEvent event) {
    if (event == null) {
      throw new IllegalArgumentException("event must not be null");
    }
    JsonNode tree = SdkJson.treeOf(event);
    if ("response.completed".equals(tree.path("type").asText())) {
      completedOutput = tree.path("response").path("output");
    }
    return calls.accept(SdkJson.bytes(tree));
  }

  /**
   * Ends the stream: every call, and the ones cut off, as {@link ToolCallAccumulator#finish()}.
   *
   * @return the calls; never null
   */
  public AccumulatedCalls finish() {
    return calls.finish();
  }

  /**
   * Appends the round to the host's input items: the completed response's output items (or, without one, a
   * {@code function_call} item per outcome's call), then the results. Nothing is appended for no outcomes.
   *
   * @param input the host's input items; modified; never null
   * @param outcomes the calls this stream handed out and their results, in the model's order; never null
   */
  public void appendTo(List<ResponseInputItem> input, List<ToolOutcome> outcomes) {
    if (input == null || outcomes == null || outcomes.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("input and outcomes (without nulls) are needed, but were " + input + ", "
          + outcomes);
    }
    if (outcomes.isEmpty()) {
      return;
    }
    List<ToolCall> made = new ArrayList<>(outcomes.size());
    outcomes.forEach(o -> made.add(o.call()));
    input.addAll(completedOutput != null && completedOutput.isArray() ? ResponsesItems.output(completedOutput, made)
        : ResponsesItems.calls(made));
    input.addAll(tools.historyItems(outcomes));
  }

  @Override
  public String toString() {
    return "OpenAiResponsesStream{" + calls + "}";
  }
}
