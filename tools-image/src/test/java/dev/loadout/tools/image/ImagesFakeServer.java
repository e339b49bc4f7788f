package dev.loadout.tools.image;

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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A loopback (127.0.0.1 only) fake of an OpenAI-compatible images API, recording every request. */
final class ImagesFakeServer implements AutoCloseable {
  record Answer(int status, String contentType, byte[] body) {}

  record Received(String method, String path, String authorization, String contentType, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.ISO_8859_1);
    }
  }

  static final String ONE_IMAGE = "{\"created\":1,\"data\":[{\"b64_json\":\"iVBORw0KGgo=\"}]}";

  private final HttpServer server;
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private volatile boolean stall;
  final List<Received> received = new CopyOnWriteArrayList<>();

  ImagesFakeServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      byte[] in = exchange.getRequestBody().readAllBytes();
      received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
          exchange.getRequestHeaders().getFirst("Authorization"), exchange.getRequestHeaders().getFirst("Content-Type"), in));
      if (stall) {
        try {
          release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      Answer a = answers.getOrDefault(exchange.getRequestURI().getPath(), new Answer(404, "application/json", "{\"error\":\"not found\"}".getBytes(StandardCharsets.UTF_8)));
      byte[] body = a.body();
      exchange.getResponseHeaders().add("Content-Type", a.contentType());
      try {
        exchange.sendResponseHeaders(a.status(), body.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        }
      } catch (IOException closedByClient) {
        // the client gave up first: expected in deadline tests
      }
    });
    server.start();
  }

  ImagesFakeServer answer(String path, int status, String body) {
    answers.put(path, new Answer(status, "application/json", body.getBytes(StandardCharsets.UTF_8)));
    return this;
  }

  ImagesFakeServer answer(String path, String contentType, byte[] body) {
    answers.put(path, new Answer(200, contentType, body));
    return this;
  }

  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** Holds every answer until {@link #close()}. */
  ImagesFakeServer stall() {
    stall = true;
    return this;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  @Override
  public void close() {
    release.countDown();
    server.stop(0);
  }
}
