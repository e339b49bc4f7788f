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
  record Received(String path, String authorization, String xiApiKey, String body) {}

  static final byte[] MP3 = "ID3-fake-mp3".getBytes(StandardCharsets.US_ASCII);

  private final HttpServer server;
  private volatile int status = 200;
  private volatile String contentType = "audio/mpeg";
  private volatile byte[] answer = MP3;
  final List<Received> received = new CopyOnWriteArrayList<>();

  SpeechFakeServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      received.add(new Received(exchange.getRequestURI().getRawPath(), exchange.getRequestHeaders().getFirst("Authorization"),
          exchange.getRequestHeaders().getFirst("xi-api-key"), new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
      byte[] body = status == 200 ? answer : "{\"error\":\"nope\"}".getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", status == 200 ? contentType : "application/json");
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

  /** Answers every request with this content type and body. */
  SpeechFakeServer answer(String contentType, byte[] body) {
    this.contentType = contentType;
    this.answer = body;
    return this;
  }

  String root() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
