package dev.loadout.examples.bot;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.net.ReceivedRequest;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A fake OpenAI-compatible chat completions endpoint on 127.0.0.1: each streamed request ({@code "stream": true}) gets
 * the next queued answer, a list of SSE data payloads written and flushed one by one; any other request the next
 * queued {@link #completions completion} body. With none queued it answers HTTP 500. On the testkit's loopback server,
 * which records every request.
 */
final class FakeChatServer implements AutoCloseable {
  final Queue<List<String>> answers = new ConcurrentLinkedQueue<>();
  final Queue<String> completions = new ConcurrentLinkedQueue<>();
  private final LoopbackHttpServer server = LoopbackHttpServer.start();

  FakeChatServer() {
    server.on("/v1/chat/completions", HttpReply.from(request -> {
      if (!request.bodyText().contains("\"stream\":true")) {
        String completion = completions.poll();
        return completion == null ? HttpReply.of(500, "application/json", "{\"error\":\"no completion scripted\"}")
            : HttpReply.json(completion);
      }
      List<String> events = answers.poll();
      List<String> data = events == null ? List.of("{\"error\":\"no answer scripted\"}") : events;
      HttpReply stream = HttpReply.sse(data.stream().map(e -> "data: " + e).toArray(String[]::new));
      return events == null ? stream.withStatus(500) : stream;
    }));
  }

  /** The request bodies, in order. */
  List<String> requests() {
    return server.requests().stream().map(ReceivedRequest::bodyText).toList();
  }

  /** Each request's {@code Authorization} header, {@code "null"} when it had none. */
  List<String> authorizations() {
    return server.requests().stream().map(r -> r.header("Authorization").orElse("null")).toList();
  }

  /** The API root, {@code http://127.0.0.1:PORT/v1}. */
  String baseUrl() {
    return server.url("/v1");
  }

  /** A streamed call of roll_dice with {@code {"sides": 6}}, its name and its arguments in separate chunks. */
  static List<String> rollDiceCall(String id) {
    return List.of(
        "{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null,"
            + "\"tool_calls\":[{\"index\":0,\"id\":\"" + id + "\",\"type\":\"function\",\"function\":{\"name\":\"roll_dice\","
            + "\"arguments\":\"\"}}]}}]}",
        "{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"function\":{\"arguments\":\"{\\\"si\"}}]}}]}",
        "{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,"
            + "\"function\":{\"arguments\":\"des\\\": 6}\"}}]}}]}",
        "{\"id\":\"chatcmpl-1\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}",
        "[DONE]");
  }

  /** A whole (not streamed) completion whose message is {@code content}, ended for {@code finishReason}. */
  static String completion(String content, String finishReason) {
    return "{\"id\":\"chatcmpl-3\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"local-llama\","
        + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":"
        + ChatSession.JSON.writeValueAsString(content) + "},\"finish_reason\":\"" + finishReason + "\"}]}";
  }

  /** A streamed text answer in the given pieces. */
  static List<String> text(String... pieces) {
    List<String> events = new java.util.ArrayList<>();
    for (String p : pieces) {
      events.add("{\"id\":\"chatcmpl-2\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
          + p.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}}]}");
    }
    events.add("{\"id\":\"chatcmpl-2\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}");
    events.add("[DONE]");
    return events;
  }

  @Override
  public void close() {
    server.close();
  }
}
