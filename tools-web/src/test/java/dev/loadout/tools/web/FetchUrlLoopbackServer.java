package dev.loadout.tools.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A JDK HTTP server on 127.0.0.1 only, recording each request's method, path, headers and body. */
final class FetchUrlLoopbackServer implements AutoCloseable {
  /** One request as received. */
  record Received(String method, String path, String authorization, String body) {}

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "fetch-url-test-server");
    t.setDaemon(true);
    return t;
  });
  final List<Received> received = new CopyOnWriteArrayList<>();

  FetchUrlLoopbackServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(threads);
    server.start();
  }

  /** Serves a path; the handler sees the request after it was recorded. */
  FetchUrlLoopbackServer on(String path, HttpHandler handler) {
    server.createContext(path, exchange -> {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
          exchange.getRequestHeaders().getFirst("Authorization"), body));
      try {
        handler.handle(exchange);
      } finally {
        exchange.close();
      }
    });
    return this;
  }

  /** Serves fixed content with an honest Content-Length. */
  FetchUrlLoopbackServer page(String path, String contentType, String content) {
    return page(path, contentType, content.getBytes(StandardCharsets.UTF_8));
  }

  FetchUrlLoopbackServer page(String path, String contentType, byte[] content) {
    return on(path, exchange -> respond(exchange, 200, contentType, content));
  }

  static void respond(HttpExchange exchange, int status, String contentType, byte[] content) throws IOException {
    if (contentType != null) {
      exchange.getResponseHeaders().set("Content-Type", contentType);
    }
    exchange.sendResponseHeaders(status, content.length == 0 ? -1 : content.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(content);
    }
  }

  /** {@code http://127.0.0.1:<port>} followed by the path. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  String base() {
    return url("");
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
