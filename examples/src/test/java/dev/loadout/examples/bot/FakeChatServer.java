package dev.loadout.examples.bot;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A fake OpenAI-compatible chat completions endpoint on 127.0.0.1: each streamed request ({@code "stream": true}) gets
 * the next queued answer, a list of SSE data payloads written and flushed one by one; any other request the next
 * queued {@link #completions completion} body. With none queued it answers HTTP 500. Records every request.
 */
final class FakeChatServer implements AutoCloseable {
  final Queue<List<String>> answers = new ConcurrentLinkedQueue<>();
  final Queue<String> completions = new ConcurrentLinkedQueue<>();
  final List<String> requests = new CopyOnWriteArrayList<>();
  final List<String> authorizations = new CopyOnWriteArrayList<>();
  private final HttpServer server;

  FakeChatServer() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/v1/chat/completions", exchange -> {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      requests.add(body);
      authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
      if (!body.contains("\"stream\":true")) {
        String completion = completions.poll();
        byte[] bytes = (completion == null ? "{\"error\":\"no completion scripted\"}" : completion)
            .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(completion == null ? 500 : 200, bytes.length);
        try (OutputStream os = exchange.getResponseBody()) {
          os.write(bytes);
        }
        return;
      }
      List<String> events = answers.poll();
      exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
      exchange.sendResponseHeaders(events == null ? 500 : 200, 0);
      try (OutputStream os = exchange.getResponseBody()) {
        for (String e : events == null ? List.of("{\"error\":\"no answer scripted\"}") : events) {
          os.write(("data: " + e + "\n\n").getBytes(StandardCharsets.UTF_8));
          os.flush();
        }
      }
    });
    server.start();
  }

  /** The API root, {@code http://127.0.0.1:PORT/v1}. */
  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
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
    server.stop(0);
  }
}
