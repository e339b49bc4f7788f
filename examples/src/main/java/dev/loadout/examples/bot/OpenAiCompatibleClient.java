package dev.loadout.examples.bot;

import dev.loadout.core.AccumulatedCalls;
import dev.loadout.core.Dialect;
import dev.loadout.core.ModelReply;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolCallAccumulator;
import dev.loadout.core.ToolLoop;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A minimal client of any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, llama.cpp, vLLM, a gateway),
 * on {@code java.net.http} only, until the openai-java adapter lands; all of it is in this class so it can be
 * swapped out whole. It streams ({@code stream: true}): the answer's text goes to the consumer as it arrives, and
 * every {@code data:} event goes to a {@link ToolCallAccumulator}, which hands back the tool calls however the
 * server cut their arguments. The key goes only into the {@code Authorization} header and is never printed.
 */
final class OpenAiCompatibleClient implements ToolLoop.Model {
  private final HttpClient http;
  private final URI endpoint;
  private final String model;
  private final String apiKey;
  private final Consumer<String> text;

  /**
   * @param baseUrl the API root, such as {@code https://api.openai.com/v1} or {@code http://localhost:11434/v1}
   * @param apiKey the bearer key, or null or blank for a local server without one
   * @param text receives each piece of the answer's text as it streams in
   */
  OpenAiCompatibleClient(HttpClient http, String baseUrl, String model, String apiKey, Consumer<String> text) {
    this.http = http;
    this.endpoint = URI.create(baseUrl.replaceAll("/+$", "") + "/chat/completions");
    this.model = model;
    this.apiKey = apiKey;
    this.text = text;
  }

  /** The request body: the model, the messages so far, the turn's tools as Loadout rendered them. */
  static ObjectNode requestBody(String model, ToolLoop.Request request, boolean stream) {
    ObjectNode body = ChatSession.object().put("model", model);
    ArrayNode messages = body.putArray("messages");
    request.messages().forEach(messages::add);
    JsonNode tools = request.tools().toJsonNode();
    if (!tools.isEmpty()) {
      body.set("tools", tools);
    }
    return body.put("stream", stream);
  }

  @Override
  public CompletionStage<ModelReply> respond(ToolLoop.Request request) {
    HttpRequest.Builder b = HttpRequest.newBuilder(endpoint).timeout(Duration.ofMinutes(5))
        .header("Content-Type", "application/json").header("Accept", "text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(requestBody(model, request, true).toString()));
    if (apiKey != null && !apiKey.isBlank()) {
      b.header("Authorization", "Bearer " + apiKey);
    }
    return http.sendAsync(b.build(), HttpResponse.BodyHandlers.ofLines()).thenApply(this::read);
  }

  private ModelReply read(HttpResponse<Stream<String>> response) {
    try (Stream<String> lines = response.body()) {
      if (response.statusCode() / 100 != 2) {
        String body = lines.limit(20).collect(Collectors.joining(" "));
        throw new UncheckedIOException(new IOException("the endpoint answered HTTP " + response.statusCode() + ": "
            + (body.length() > 300 ? body.substring(0, 300) + "..." : body)));
      }
      ToolCallAccumulator calls = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
      StringBuilder answer = new StringBuilder();
      lines.forEach(line -> {
        // SSE: only data lines carry events; comments (": ping") and event names are read past.
        if (!line.startsWith("data:")) {
          return;
        }
        String data = line.substring(5).strip();
        if (!data.equals("[DONE]")) {
          JsonNode event = ChatSession.JSON.readTree(data);
          String piece = event.path("choices").path(0).path("delta").path("content").asString("");
          if (!piece.isEmpty()) {
            answer.append(piece);
            text.accept(piece);
          }
          calls.accept(event);
        } else {
          calls.accept(data);
        }
      });
      AccumulatedCalls end = calls.finish();
      return ModelReply.calls(end.calls(), List.of(assistantEntry(answer.toString(), end.calls())));
    }
  }

  /** The assistant's turn as a non-streamed response would have held it, for the history. */
  static JsonNode assistantEntry(String answer, List<ToolCall> calls) {
    ObjectNode message = ChatSession.object().put("role", "assistant");
    if (answer.isEmpty()) {
      message.putNull("content");
    } else {
      message.put("content", answer);
    }
    if (!calls.isEmpty()) {
      ArrayNode list = message.putArray("tool_calls");
      for (ToolCall c : calls) {
        ObjectNode call = list.addObject().put("id", c.id()).put("type", "function");
        call.putObject("function").put("name", c.name()).put("arguments", c.arguments());
      }
    }
    return message;
  }
}
