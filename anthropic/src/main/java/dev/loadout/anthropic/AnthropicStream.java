package dev.loadout.anthropic;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.fasterxml.jackson.databind.JsonNode;
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
 * The tool calls of one streamed Messages response, each handed out at its {@code content_block_stop}, so the host
 * can start running it while the model writes the next block.
 *
 * <pre>{@code
 * AnthropicStream stream = tools.stream();
 * List<CompletableFuture<ToolOutcome>> running = new ArrayList<>();
 * try (StreamResponse<RawMessageStreamEvent> events = client.messages().createStreaming(params.build())) {
 *   events.stream().forEach(event -> stream.accept(event).forEach(call -> running.add(
 *       turn.execute(call).toCompletableFuture().thenApply(r -> new ToolOutcome(call, r)))));
 * }
 * stream.appendTo(params, running.stream().map(CompletableFuture::join).toList());
 * }</pre>
 *
 * Each event goes to core's {@link ToolCallAccumulator} as the SDK's own JSON for it, so the accumulator's rules hold
 * unchanged ({@code input_json_delta} fragments joined as text, split anywhere). The text the model streams is kept
 * for the assistant's message; thinking blocks are not: a host that streams with extended thinking and tools
 * rebuilds the response with the SDK's {@code MessageAccumulator} and appends
 * {@link AnthropicTools#assistantMessage} of it instead.
 *
 * <p>One per streamed response; not thread-safe (feed events in order, from one thread at a time).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AnthropicStream {
  private final AnthropicTools tools;
  private final ToolCallAccumulator calls = ToolCallAccumulator.of(Dialect.ANTHROPIC);
  private final StringBuilder text = new StringBuilder();

  AnthropicStream(AnthropicTools tools) {
    this.tools = tools;
  }

  /**
   * Reads one event.
   *
   * @param event the SDK's event; never null
   * @return the calls this event completed, in order; possibly empty, never null
   * @throws dev.loadout.core.ToolCallStreamException as {@link ToolCallAccumulator#accept(byte[])}
   */
  public List<ToolCall> accept(RawMessageStreamEvent event) {
    if (event == null) {
      throw new IllegalArgumentException("event must not be null");
    }
    JsonNode tree = SdkJson.treeOf(event);
    JsonNode delta = tree.path("delta");
    if ("content_block_delta".equals(tree.path("type").asText()) && "text_delta".equals(delta.path("type").asText())) {
      text.append(delta.path("text").asText());
    }
    return calls.accept(SdkJson.bytes(tree));
  }

  /** The text the model streamed so far; never null, possibly empty. */
  public String text() {
    return text.toString();
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
   * Appends the round to the request: the assistant's message (the streamed text, then a {@code tool_use} block per
   * outcome's call), then the results as {@link AnthropicTools#resultMessage}. Nothing is appended for no outcomes.
   *
   * @param params the request builder to send next; never null
   * @param outcomes the calls this stream handed out and their results, in the model's order; never null
   */
  public void appendTo(MessageCreateParams.Builder params, List<ToolOutcome> outcomes) {
    if (params == null || outcomes == null || outcomes.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("params and outcomes (without nulls) are needed, but were " + params + ", "
          + outcomes);
    }
    if (outcomes.isEmpty()) {
      return;
    }
    List<ToolCall> made = new ArrayList<>(outcomes.size());
    outcomes.forEach(o -> made.add(o.call()));
    params.addMessage(AnthropicMessages.assistant(text.toString(), made));
    params.addMessage(tools.resultMessage(outcomes));
  }

  @Override
  public String toString() {
    return "AnthropicStream{" + calls + "}";
  }
}
