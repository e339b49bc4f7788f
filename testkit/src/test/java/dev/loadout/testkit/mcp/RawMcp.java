package dev.loadout.testkit.mcp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON-RPC by hand over either transport, for what the SDK client cannot show: fields its records lack
 * ({@code execution}, the {@code tasks} capability) and messages it would not send on cue.
 */
final class RawMcp implements AutoCloseable {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final Duration WAIT = Duration.ofSeconds(20);
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final McpTestServer server;
  private final boolean sse;
  private final BlockingQueue<String> events = new LinkedBlockingQueue<>();
  private Stream<String> stream;
  private String sessionId;
  private final CompletableFuture<String> messagePath = new CompletableFuture<>();

  private RawMcp(McpTestServer server, boolean sse) {
    this.server = server;
    this.sse = sse;
  }

  static RawMcp streamable(McpTestServer server) {
    return new RawMcp(server, false);
  }

  /** Opens the SSE stream and learns where to post from its {@code endpoint} event. */
  static RawMcp sse(McpTestServer server) throws Exception {
    RawMcp raw = new RawMcp(server, true);
    HttpRequest get = HttpRequest.newBuilder(URI.create(server.sseUrl())).header("Accept", "text/event-stream").GET().build();
    raw.stream = raw.http.send(get, HttpResponse.BodyHandlers.ofLines()).body();
    Thread reader = new Thread(() -> {
      String event = "message";
      try {
        for (String line : (Iterable<String>) raw.stream::iterator) {
          if (line.startsWith("event:")) {
            event = line.substring(6).trim();
          } else if (line.startsWith("data:")) {
            String data = line.substring(5).trim();
            if (event.equals("endpoint")) {
              raw.messagePath.complete(data);
            } else {
              raw.events.add(data);
            }
          }
        }
      } catch (UncheckedIOException e) {
        // the stream ended: the test closed it, or the server dropped it
      }
    }, "raw-mcp-sse");
    reader.setDaemon(true);
    reader.start();
    return raw;
  }

  /** The handshake: {@code initialize} (id "init") then {@code notifications/initialized}; the result. */
  JsonNode initialize() throws Exception {
    JsonNode answer = request("init", "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"0\"}}");
    notify("notifications/initialized", null);
    return answer.path("result");
  }

  /** Sends a request and returns the whole answer message (result or error). */
  JsonNode request(Object id, String method, String paramsJson) throws Exception {
    List<JsonNode> messages = exchange(id, method, paramsJson);
    return messages.get(messages.size() - 1);
  }

  /**
   * Sends a request and returns every message that came for it, in arrival order, ending with its answer:
   * on Streamable HTTP the POST's own stream, on SSE the session's stream up to the answer.
   */
  List<JsonNode> exchange(Object id, String method, String paramsJson) throws Exception {
    String idJson = JSON.writeValueAsString(id);
    HttpResponse<String> r = post("{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"method\":\"" + method + "\""
        + (paramsJson == null ? "" : ",\"params\":" + paramsJson) + "}");
    List<JsonNode> seen = new ArrayList<>();
    if (!sse) {
      r.headers().firstValue("mcp-session-id").ifPresent(s -> sessionId = s);
      r.body().lines().map(l -> l.startsWith("data:") ? l.substring(5).trim() : l).filter(l -> l.startsWith("{"))
          .map(JSON::readTree).forEach(seen::add);
      if (seen.stream().noneMatch(m -> answers(m, idJson))) {
        throw new AssertionError("no answer to " + method + " in " + r.body());
      }
      return seen;
    }
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      String data = events.poll(100, TimeUnit.MILLISECONDS);
      if (data != null && data.startsWith("{")) {
        JsonNode m = JSON.readTree(data);
        seen.add(m);
        if (answers(m, idJson)) {
          return seen;
        }
      }
    }
    throw new AssertionError("no answer to " + method + " on the SSE stream; saw " + seen);
  }

  private static boolean answers(JsonNode m, String idJson) {
    return m.has("id") && !m.has("method") && JSON.writeValueAsString(m.get("id")).equals(idJson);
  }

  void notify(String method, String paramsJson) throws Exception {
    post("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"" + (paramsJson == null ? "" : ",\"params\":" + paramsJson) + "}");
  }

  private HttpResponse<String> post(String body) throws IOException, InterruptedException {
    String url = sse ? server.url(awaitMessagePath()) : server.streamableUrl();
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(WAIT)
        .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (sessionId != null) {
      b.header("Mcp-Session-Id", sessionId);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private String awaitMessagePath() throws InterruptedException {
    try {
      return messagePath.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new AssertionError("the SSE stream sent no endpoint event", e);
    }
  }

  @Override
  public void close() {
    if (stream != null) {
      stream.close();
    }
  }
}
