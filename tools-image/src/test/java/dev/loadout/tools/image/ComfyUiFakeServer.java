package dev.loadout.tools.image;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback (127.0.0.1 only) fake of ComfyUI's HTTP API: {@code /prompt} queues, {@code /history/{id}}
 * answers {@code {}} until the prompt completes after a set number of polls, {@code /view} serves the output,
 * {@code /upload/image} stores an upload. Every request is recorded.
 */
final class ComfyUiFakeServer implements AutoCloseable {
  record Received(String method, String path, String query, String contentType, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.ISO_8859_1);
    }
  }

  static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 1, 2, 3};
  static final String PROMPT_ID = "3f9c-prompt";

  private final HttpServer server;
  private final AtomicInteger polls = new AtomicInteger();
  final List<Received> received = new CopyOnWriteArrayList<>();
  volatile int completeAfterPolls = 2;
  volatile String promptAnswer = "{\"prompt_id\":\"" + PROMPT_ID + "\",\"number\":1,\"node_errors\":{}}";
  volatile int promptStatus = 200;
  /** The history entry once complete; {@code %s} is the prompt id. */
  volatile String doneEntry = "{\"%s\":{\"outputs\":{\"9\":{\"images\":[{\"filename\":\"Loadout_00001_.png\","
      + "\"subfolder\":\"gen\",\"type\":\"output\"}]}},\"status\":{\"status_str\":\"success\",\"completed\":true}}}";

  ComfyUiFakeServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  private void handle(HttpExchange exchange) throws IOException {
    byte[] in = exchange.getRequestBody().readAllBytes();
    String path = exchange.getRequestURI().getPath();
    received.add(new Received(exchange.getRequestMethod(), path, exchange.getRequestURI().getRawQuery(),
        exchange.getRequestHeaders().getFirst("Content-Type"), in));
    if (path.equals("/prompt")) {
      respond(exchange, promptStatus, "application/json", promptAnswer.getBytes(StandardCharsets.UTF_8));
    } else if (path.startsWith("/history/")) {
      boolean done = completeAfterPolls >= 0 && polls.incrementAndGet() > completeAfterPolls;
      String id = path.substring("/history/".length());
      respond(exchange, 200, "application/json", (done ? doneEntry.formatted(id) : "{}").getBytes(StandardCharsets.UTF_8));
    } else if (path.equals("/view")) {
      respond(exchange, 200, "image/png", PNG);
    } else if (path.equals("/upload/image")) {
      int n = (int) received.stream().filter(r -> r.path().equals("/upload/image")).count();
      respond(exchange, 200, "application/json", ("{\"name\":\"upload" + n + ".png\",\"subfolder\":\"\",\"type\":\"input\"}")
          .getBytes(StandardCharsets.UTF_8));
    } else {
      respond(exchange, 404, "application/json", "{}".getBytes(StandardCharsets.UTF_8));
    }
  }

  private static void respond(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
    exchange.getResponseHeaders().add("Content-Type", type);
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /** Never completes the prompt. */
  ComfyUiFakeServer neverComplete() {
    completeAfterPolls = -1;
    return this;
  }

  List<Received> to(String path) {
    return received.stream().filter(r -> r.path().startsWith(path)).toList();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
