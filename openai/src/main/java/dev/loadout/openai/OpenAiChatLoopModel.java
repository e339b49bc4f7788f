package dev.loadout.openai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.openai.client.OpenAIClient;
import com.openai.client.OpenAIClientAsync;
import com.openai.core.JsonValue;
import com.openai.core.http.AsyncStreamResponse;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.loadout.core.AccumulatedCalls;
import dev.loadout.core.Dialect;
import dev.loadout.core.ModelReply;
import dev.loadout.core.ToolLoop;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model call of a {@link ToolLoop} on the SDK's streaming Chat Completions: each round is one
 * {@code createStreaming} request on the SDK's async client, its text handed to the host as it arrives and its tool
 * calls gathered by an {@link OpenAiChatStream}, so a {@link Dialect#OPENAI_CHAT} loop runs on any OpenAI-compatible
 * endpoint the client is pointed at (OpenAI, a local Ollama or llama.cpp server, a gateway).
 *
 * <pre>{@code
 * OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl("http://localhost:11434/v1").apiKey(key).build();
 * OpenAiChatLoopModel model = OpenAiChatLoopModel.builder(client, "llama3.1")
 *     .onText(piece -> System.out.print(piece))                 // the answer, as it streams in
 *     .params(p -> p.temperature(0.2))                           // anything else the request should carry
 *     .build();
 * ToolLoop loop = ToolLoop.builder(Dialect.OPENAI_CHAT).maxRounds(6).deadline(Duration.ofMinutes(2)).build();
 * ToolLoop.Result result = loop.run(turn, history, model).toCompletableFuture().join();
 * }</pre>
 *
 * <h2>A round on the wire</h2>
 * The request carries the model, the loop's messages (read into the SDK's message types, which keep what they do not
 * name, so every message goes out as the loop holds it, a vendor's extra field included), and the round's tools as Loadout rendered them, sent as a
 * {@link JsonValue} as {@link OpenAiChatTools#applyTo} does; a round that shows no tool sends no {@code tools}. The
 * {@link Builder#params params} hook runs first, so it may add settings but not replace what the loop owns.
 *
 * <h2>The reply</h2>
 * The stage completes when the stream ends, with the calls core's {@link dev.loadout.core.ToolCallAccumulator} read
 * (arguments split anywhere, a call without an id given a stable made-up one) and the assistant's turn for the
 * history: the streamed text and those calls. No calls means the model answered, and the text is the answer.
 *
 * <h2>Failures</h2>
 * The stage fails with the SDK's exception when the request or the stream fails (an HTTP error status is the SDK's
 * {@code OpenAIServiceException}, whose message holds the status and the body, never the key), with a
 * {@link dev.loadout.core.ToolCallStreamException} for a malformed stream, and with an {@link IllegalStateException}
 * when the stream ended inside a tool call, which is then never run. An {@code onText} consumer that throws
 * is logged once per round and the stream goes on. Cancelling the stage (as the loop's deadline does) ends the round
 * at once, for the loop and for {@code onText}, and closes the stream without blocking the canceller. The SDK offers no
 * way to abort a read in flight, so the connection itself closes when the provider next writes, or when the client's
 * read timeout passes (set it with the SDK's {@code timeout(...)} for a provider that may go silent).
 *
 * <p>Immutable and thread-safe; one serves any number of loops at once. {@code onText} runs on the SDK's stream
 * thread, one piece at a time per round.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OpenAiChatLoopModel implements ToolLoop.Model {
  private static final Logger LOG = LoggerFactory.getLogger(OpenAiChatLoopModel.class);

  private final OpenAIClientAsync client;
  private final String model;
  private final Consumer<String> onText;
  private final Consumer<ChatCompletionCreateParams.Builder> params;

  private OpenAiChatLoopModel(Builder b) {
    this.client = b.client;
    this.model = b.model;
    this.onText = b.onText;
    this.params = b.params;
  }

  /**
   * Starts a model call on a client; its async view ({@link OpenAIClient#async()}) sends the requests.
   *
   * @param client the SDK client, pointed at the endpoint and holding its key; never null
   * @param model the model's name, as the endpoint knows it; not blank
   */
  public static Builder builder(OpenAIClient client, String model) {
    if (client == null) {
      throw new IllegalArgumentException("client must not be null");
    }
    return builder(client.async(), model);
  }

  /**
   * Starts a model call on an async client.
   *
   * @param client the SDK's async client, pointed at the endpoint and holding its key; never null
   * @param model the model's name, as the endpoint knows it; not blank
   */
  public static Builder builder(OpenAIClientAsync client, String model) {
    if (client == null) {
      throw new IllegalArgumentException("client must not be null");
    }
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank, but was " + (model == null ? null : "\"" + model + "\""));
    }
    return new Builder(client, model);
  }

  @Override
  public CompletionStage<ModelReply> respond(ToolLoop.Request request) {
    if (request == null) {
      throw new IllegalArgumentException("request must not be null");
    }
    ChatCompletionCreateParams.Builder p = ChatCompletionCreateParams.builder();
    params.accept(p);
    p.model(model);
    p.messages(ChatMessages.history(request.messages()));
    com.fasterxml.jackson.databind.JsonNode tools = SdkJson.tree(request.tools().bytes());
    if (!tools.isEmpty()) {
      setTools(p, JsonValue.fromJsonNode(tools));
    }
    CompletableFuture<ModelReply> out = new CompletableFuture<>();
    AsyncStreamResponse<ChatCompletionChunk> stream = client.chat().completions().createStreaming(p.build());
    out.whenComplete((reply, error) -> {
      if (out.isCancelled()) {
        closeLater(stream);
      }
    });
    stream.subscribe(new Round(out, stream, request.round()));
    return out;
  }

  /**
   * Closes a cancelled round's stream on a thread of its own: the SDK's {@code close} waits for a read in flight to
   * return (its line reader's lock), so on the canceller's thread (the loop's deadline timer, say) it would block until
   * the provider next writes or the client's read timeout passes. Cancels are rare, so a short-lived thread each is
   * cheap.
   */
  private static void closeLater(AsyncStreamResponse<ChatCompletionChunk> stream) {
    Thread closer = new Thread(() -> {
      try {
        stream.close();
      } catch (RuntimeException e) {
        LOG.debug("Closing a cancelled stream failed", e);
      }
    }, "loadout-openai-stream-close");
    closer.setDaemon(true);
    closer.start();
  }

  // As in OpenAiChatTools: the SDK's documented way to send a value as it stands.
  @SuppressWarnings("unchecked")
  private static void setTools(ChatCompletionCreateParams.Builder params, JsonValue value) {
    params.tools(value);
  }

  /** One round's stream: its text to the host, its calls to the accumulator, the reply at the end. */
  private final class Round implements AsyncStreamResponse.Handler<ChatCompletionChunk> {
    private final CompletableFuture<ModelReply> out;
    private final AsyncStreamResponse<ChatCompletionChunk> stream;
    private final int number;
    private final OpenAiChatStream reader = new OpenAiChatStream();
    private boolean textFailed;

    Round(CompletableFuture<ModelReply> out, AsyncStreamResponse<ChatCompletionChunk> stream, int number) {
      this.out = out;
      this.stream = stream;
      this.number = number;
    }

    @Override
    public void onNext(ChatCompletionChunk chunk) {
      if (out.isDone()) {
        return;
      }
      try {
        reader.accept(chunk, this::text);
      } catch (RuntimeException e) {
        out.completeExceptionally(e);
        stream.close();
      }
    }

    private void text(String piece) {
      try {
        onText.accept(piece);
      } catch (RuntimeException e) {
        if (!textFailed) {
          textFailed = true;
          LOG.warn("onText consumer {} threw in round {}; the stream goes on", onText.getClass().getName(), number, e);
        }
      }
    }

    @Override
    public void onComplete(Optional<Throwable> error) {
      if (error.isPresent()) {
        out.completeExceptionally(error.get());
        return;
      }
      if (out.isDone()) {
        return;
      }
      AccumulatedCalls end = reader.finish();
      if (!end.incomplete().isEmpty()) {
        out.completeExceptionally(new IllegalStateException("the stream of round " + number + " ended inside "
            + end.incomplete().size() + " tool call(s), never run: " + end.incomplete().stream()
            .map(i -> i.name() + " (" + i.reason() + ")").toList()));
        return;
      }
      out.complete(ModelReply.calls(end.calls(), List.of(ChatMessages.assistantEntry(reader.text(), end.calls()))));
    }
  }

  @Override
  public String toString() {
    return "OpenAiChatLoopModel{" + model + "}";
  }

  /**
   * The settings of a model call. Each setter checks its value at once.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final OpenAIClientAsync client;
    private final String model;
    private Consumer<String> onText = piece -> {};
    private Consumer<ChatCompletionCreateParams.Builder> params = p -> {};

    private Builder(OpenAIClientAsync client, String model) {
      this.client = client;
      this.model = model;
    }

    /** Receives each piece of the model's text as it streams in, never an empty one; none by default. */
    public Builder onText(Consumer<String> onText) {
      if (onText == null) {
        throw new IllegalArgumentException("onText must not be null");
      }
      this.onText = onText;
      return this;
    }

    /**
     * Adds settings to every request (temperature, a token cap, {@code tool_choice}, a user id), before the loop sets
     * the model, the messages and the tools; nothing by default.
     */
    public Builder params(Consumer<ChatCompletionCreateParams.Builder> params) {
      if (params == null) {
        throw new IllegalArgumentException("params must not be null");
      }
      this.params = params;
      return this;
    }

    /** The model call. */
    public OpenAiChatLoopModel build() {
      return new OpenAiChatLoopModel(this);
    }
  }
}
