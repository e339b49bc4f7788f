package dev.loadout.fuzz;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The only web the fuzzed tools reach: a JDK HTTP server on 127.0.0.1 serving random HTML pages, SearXNG-shaped
 * search answers (some broken), a small image, a redirect to a refused address and an empty reply.
 */
final class LoopbackSite implements AutoCloseable {
  private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 0};
  private final HttpServer server;
  private final ExecutorService threads;
  private final AtomicInteger served = new AtomicInteger();

  LoopbackSite() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    AtomicInteger n = new AtomicInteger();
    threads = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "fuzz-site-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(threads);
    server.createContext("/", this::serve);
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** The base URL under the host name the fuzz resolver maps to loopback. */
  String base() {
    return "http://fuzz.test:" + port();
  }

  private void serve(HttpExchange exchange) throws IOException {
    served.incrementAndGet();
    String path = exchange.getRequestURI().getPath();
    Random r = new Random(exchange.getRequestURI().toString().hashCode());
    try (exchange) {
      if (path.startsWith("/search")) {
        String json = r.nextInt(4) == 0 ? "{\"results\": [" : "{\"query\":\"q\",\"results\":[{\"title\":\"T\",\"url\":\""
            + base() + "/page\",\"content\":\"c\",\"engine\":\"e\"}],\"number_of_results\":1}";
        send(exchange, 200, "application/json", json.getBytes(StandardCharsets.UTF_8));
      } else if (path.startsWith("/img")) {
        send(exchange, 200, "image/png", PNG);
      } else if (path.startsWith("/redir")) {
        exchange.getResponseHeaders().add("Location", "http://169.254.169.254/latest/meta-data/");
        send(exchange, 302, "text/plain", new byte[0]);
      } else if (path.startsWith("/empty")) {
        send(exchange, 204, "text/html", new byte[0]);
      } else {
        send(exchange, 200, "text/html; charset=utf-8", Inputs.html(r).getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
    exchange.getResponseHeaders().add("Content-Type", type);
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  int served() {
    return served.get();
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
