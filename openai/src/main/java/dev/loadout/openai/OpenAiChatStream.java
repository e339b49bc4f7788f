package dev.loadout.openai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.loadout.core.AccumulatedCalls;
import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolCallAccumulator;
import dev.loadout.core.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The tool calls of one streamed Chat Completions response, each handed out as soon as it is complete, so the host
 * can start running it while the model writes the next.
 *
 * <pre>{@code
 * OpenAiChatStream stream = tools.stream();
 * List<CompletableFuture<ToolOutcome>> running = new ArrayList<>();
 * try (StreamResponse<ChatCompletionChunk> chunks = client.chat().completions().createStreaming(params.build())) {
 *   chunks.stream().forEach(chunk -> stream.accept(chunk).forEach(call -> running.add(
 *       turn.execute(call).toCompletableFuture().thenApply(r -> new ToolOutcome(call, r)))));
 * }
 * stream.appendTo(params, running.stream().map(CompletableFuture::join).toList());
 * }</pre>
 *
 * Each chunk goes to core's {@link ToolCallAccumulator} as the SDK's own JSON for it, so the accumulator's rules hold
 * unchanged: fragments joined by index, arguments split anywhere, a call complete at {@code finish_reason} or when
 * the next begins. The text the model streams is kept for the assistant's message.
 *
 * <p>One per streamed response; not thread-safe (feed chunks in order, from one thread at a time).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OpenAiChatStream {
  private final ToolCallAccumulator calls = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
  private final StringBuilder text = new StringBuilder();

  OpenAiChatStream() {}

  /**
   * Reads one chunk.
   *
   * @param chunk the SDK's chunk; never null
   * @return the calls this chunk completed, in order; possibly empty, never null
   * @throws dev.loadout.core.ToolCallStreamException as {@link ToolCallAccumulator#accept(byte[])}
   */
  public List<ToolCall> accept(ChatCompletionChunk chunk) {
    return accept(chunk, piece -> {});
  }

  /** As {@link #accept(ChatCompletionChunk)}, handing the chunk's text, if it has any, to {@code onText} first. */
  List<ToolCall> accept(ChatCompletionChunk chunk, java.util.function.Consumer<String> onText) {
    if (chunk == null) {
      throw new IllegalArgumentException("chunk must not be null");
    }
    JsonNode tree = SdkJson.treeOf(chunk);
    JsonNode content = tree.path("choices").path(0).path("delta").path("content");
    if (content.isTextual() && !content.asText().isEmpty()) {
      text.append(content.asText());
      onText.accept(content.asText());
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
   * Appends the round to the request: the assistant's message (the streamed text and the outcomes' calls), then
   * the results, as {@link OpenAiChatTools#historyMessages}. Nothing is appended for no outcomes.
   *
   * @param params the request builder to send next; never null
   * @param outcomes the calls this stream handed out and their results, in the model's order; never null
   */
  public void appendTo(ChatCompletionCreateParams.Builder params, List<ToolOutcome> outcomes) {
    if (params == null || outcomes == null || outcomes.stream().anyMatch(java.util.Objects::isNull)) {
      throw new IllegalArgumentException("params and outcomes (without nulls) are needed, but were " + params + ", "
          + outcomes);
    }
    if (outcomes.isEmpty()) {
      return;
    }
    List<ToolCall> made = new ArrayList<>(outcomes.size());
    outcomes.forEach(o -> made.add(o.call()));
    params.addMessage(ChatMessages.assistant(text.toString(), made));
    ChatMessages.results(outcomes).forEach(params::addMessage);
  }

  @Override
  public String toString() {
    return "OpenAiChatStream{" + calls + "}";
  }
}
