package dev.loadout.tools.web.search;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** A loopback HTTP server (127.0.0.1 only) answering canned bodies per path and recording what it got. */
final class SearchFakeServer implements AutoCloseable {
  record Answer(int status, String contentType, String body) {}

  record Received(String path, String query, Map<String, List<String>> headers) {
    String header(String name) {
      for (Map.Entry<String, List<String>> e : headers.entrySet()) {
        if (e.getKey().equalsIgnoreCase(name)) {
          return e.getValue().get(0);
        }
      }
      return null;
    }
  }

  private final HttpServer server;
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  final List<Received> received = new CopyOnWriteArrayList<>();

  SearchFakeServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      received.add(new Received(exchange.getRequestURI().getPath(), exchange.getRequestURI().getRawQuery(),
          Map.copyOf(exchange.getRequestHeaders())));
      Answer a = answers.getOrDefault(exchange.getRequestURI().getPath(), new Answer(404, "text/plain", "not found"));
      byte[] body = a.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", a.contentType());
      exchange.sendResponseHeaders(a.status(), body.length == 0 ? -1 : body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
  }

  SearchFakeServer json(String path, String body) {
    return answer(path, 200, "application/json", body);
  }

  SearchFakeServer html(String path, String body) {
    return answer(path, 200, "text/html; charset=utf-8", body);
  }

  SearchFakeServer answer(String path, int status, String contentType, String body) {
    answers.put(path, new Answer(status, contentType, body));
    return this;
  }

  /** The base URL, such as {@code http://127.0.0.1:41234/}. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
