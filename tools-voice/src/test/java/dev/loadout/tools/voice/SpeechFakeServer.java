package dev.loadout.tools.voice;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A loopback (127.0.0.1 only) fake of an OpenAI-compatible /audio/speech endpoint, recording every request. */
final class SpeechFakeServer implements AutoCloseable {
  record Received(String path, String authorization, String body) {}

  static final byte[] MP3 = "ID3-fake-mp3".getBytes(StandardCharsets.US_ASCII);

  private final HttpServer server;
  private volatile int status = 200;
  final List<Received> received = new CopyOnWriteArrayList<>();

  SpeechFakeServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      received.add(new Received(exchange.getRequestURI().getPath(), exchange.getRequestHeaders().getFirst("Authorization"),
          new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
      byte[] body = status == 200 ? MP3 : "{\"error\":\"nope\"}".getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", status == 200 ? "audio/mpeg" : "application/json");
      exchange.sendResponseHeaders(status, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
  }

  SpeechFakeServer status(int status) {
    this.status = status;
    return this;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
