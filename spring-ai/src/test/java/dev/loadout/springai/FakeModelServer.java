package dev.loadout.springai;

import com.sun.net.httpserver.HttpServer;
import dev.loadout.testkit.ScriptedModel;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The provider on loopback: each request's body goes to a {@link ScriptedModel}, which answers from its script and
 * records the body as Spring AI put it on the wire. A scripted answer that starts like an SSE stream is served as
 * {@code text/event-stream}.
 */
final class FakeModelServer implements AutoCloseable {
  final ScriptedModel model;
  private final HttpServer server;
  private final List<String> paths = new ArrayList<>();

  FakeModelServer(ScriptedModel model) throws IOException {
    this.model = model;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      try (exchange) {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        synchronized (paths) {
          paths.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
        }
        byte[] answer;
        int status = 200;
        try {
          answer = model.respond(body).getBytes(StandardCharsets.UTF_8);
        } catch (AssertionError e) {
          answer = ("{\"error\":{\"message\":\"" + e.getMessage() + "\"}}").getBytes(StandardCharsets.UTF_8);
          status = 500;
        }
        String text = new String(answer, StandardCharsets.UTF_8);
        boolean sse = text.startsWith("data:") || text.startsWith("event:");
        exchange.getResponseHeaders().add("Content-Type", sse ? "text/event-stream" : "application/json");
        exchange.sendResponseHeaders(status, answer.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(answer);
        }
      }
    });
    server.start();
  }

  /** The base URL Spring AI is pointed at. */
  String baseUrl(String suffix) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + suffix;
  }

  List<String> paths() {
    synchronized (paths) {
      return List.copyOf(paths);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
