package dev.loadout.testkit.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loadout.testkit.ScriptedModel;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;
import tools.jackson.databind.json.JsonMapper;

/**
 * An HTTP server on 127.0.0.1 for a host's tests: it answers scripted {@link HttpReply replies} by path, or in the
 * order they were queued, and records every request it receives, so a test drives the bot against a provider, a
 * search engine, a speech or image backend or a web page the way the bot meets them, and then checks what was sent.
 *
 * <pre>{@code
 * try (LoopbackHttpServer site = LoopbackHttpServer.start()) {
 *   site.on("/old", HttpReply.redirect(302, "/new")).on("/new", HttpReply.html("<p>moved here</p>"));
 *   // ... the bot fetches site.url("/old") ...
 *   assertThat(site.requests()).extracting(ReceivedRequest::path).containsExactly("/old", "/new");
 * }
 * }</pre>
 *
 * <p>Which reply answers a request: the next {@linkplain #enqueue queued} one while any is queued, else the reply
 * set {@linkplain #on(String, String, HttpReply) for its method and path}, else the one set {@linkplain #on(String,
 * HttpReply) for its path}, else the {@linkplain #otherwise fallback} (404 unless set). Requests are handled on the
 * server's own threads, so a held reply never stops another from being answered. Binds loopback only; never
 * reachable from another machine.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LoopbackHttpServer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService threads;
  private final Map<String, HttpReply> routes = new ConcurrentHashMap<>();
  private final Deque<HttpReply> queued = new ArrayDeque<>();
  private final List<ReceivedRequest> received = new CopyOnWriteArrayList<>();
  private final BlockingQueue<ReceivedRequest> unread = new LinkedBlockingQueue<>();
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  private volatile HttpReply otherwise = HttpReply.text("not found").withStatus(404);

  private LoopbackHttpServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    AtomicInteger n = new AtomicInteger();
    threads = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "loopback-http-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(threads);
    server.createContext("/", this::handle);
    server.start();
  }

  /**
   * A server on a free loopback port, started.
   *
   * @throws UncheckedIOException when no port can be bound
   */
  public static LoopbackHttpServer start() {
    try {
      return new LoopbackHttpServer();
    } catch (IOException e) {
      throw new UncheckedIOException("could not bind a loopback port", e);
    }
  }

  /**
   * A provider on loopback: each request's body goes to the model, whose scripted answer is the reply (an answer
   * that starts like an event stream, {@code data:} or {@code event:}, is sent as {@code text/event-stream}). A
   * request the script did not expect (the model throws {@link AssertionError}) is answered 500 with the assertion's
   * message, so the client under test fails where the test can see why.
   */
  public static LoopbackHttpServer serving(ScriptedModel model) {
    if (model == null) {
      throw new IllegalArgumentException("model must not be null");
    }
    LoopbackHttpServer s = start();
    s.otherwise(HttpReply.from(request -> {
      String answer;
      try {
        answer = model.respond(request.bodyText());
      } catch (AssertionError e) {
        String error = JsonMapper.shared().writeValueAsString(Map.of("error", Map.of("message", String.valueOf(e.getMessage()))));
        return HttpReply.json(error).withStatus(500);
      }
      boolean stream = answer.startsWith("data:") || answer.startsWith("event:");
      return HttpReply.body(stream ? "text/event-stream" : "application/json", answer.getBytes(StandardCharsets.UTF_8));
    }));
    return s;
  }

  /** Answers requests to this path, whatever their method (a method-specific reply wins). */
  public LoopbackHttpServer on(String path, HttpReply reply) {
    routes.put("* " + checkedPath(path), checked(reply));
    return this;
  }

  /** Answers requests with this method to this path. */
  public LoopbackHttpServer on(String method, String path, HttpReply reply) {
    if (method == null || method.isBlank()) {
      throw new IllegalArgumentException("method must not be blank");
    }
    routes.put(method.toUpperCase(Locale.ROOT) + " " + checkedPath(path), checked(reply));
    return this;
  }

  /** Queues replies that answer the next requests in order, whatever their path, before any route. */
  public LoopbackHttpServer enqueue(HttpReply... replies) {
    synchronized (queued) {
      for (HttpReply r : replies) {
        queued.add(checked(r));
      }
    }
    return this;
  }

  /** The reply to a request nothing else answers; 404 unless set. */
  public LoopbackHttpServer otherwise(HttpReply reply) {
    this.otherwise = checked(reply);
    return this;
  }

  /** {@code http://127.0.0.1:<port>}, without a trailing slash. */
  public String baseUrl() {
    return "http://127.0.0.1:" + port();
  }

  /** The URL of a path on this server, such as {@code url("/v1")}. */
  public String url(String path) {
    return baseUrl() + checkedPath(path);
  }

  /** The port the server listens on. */
  public int port() {
    return server.getAddress().getPort();
  }

  /** Every request received so far, in arrival order. */
  public List<ReceivedRequest> requests() {
    return List.copyOf(received);
  }

  /**
   * The next request not taken yet, waiting for it to arrive.
   *
   * @return the request, or empty when none arrived within the timeout
   */
  public Optional<ReceivedRequest> takeRequest(Duration timeout) throws InterruptedException {
    return Optional.ofNullable(unread.poll(timeout.toNanos(), TimeUnit.NANOSECONDS));
  }

  /** Stops the server: held replies end without an answer, and the port is released. */
  @Override
  public void close() {
    closed.complete(null);
    server.stop(0);
    threads.shutdownNow();
  }

  @Override
  public String toString() {
    return "LoopbackHttpServer{" + baseUrl() + ", received=" + received.size() + "}";
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Map<String, List<String>> headers = new LinkedHashMap<>();
      exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), List.copyOf(v)));
      ReceivedRequest request = new ReceivedRequest(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
          exchange.getRequestURI().getRawQuery(), headers, exchange.getRequestBody().readAllBytes());
      received.add(request);
      unread.add(request);
      HttpReply reply;
      try {
        reply = pick(request).resolve(request);
      } catch (RuntimeException e) {
        reply = HttpReply.text("the test's reply failed: " + e).withStatus(500);
      }
      if (reply.hold() != null) {
        CompletableFuture.anyOf(reply.hold().toCompletableFuture(), closed).handle((v, e) -> null).join();
        if (closed.isDone()) {
          return;
        }
      }
      if (reply.disconnects()) {
        return; // closing the exchange without a response head drops the connection
      }
      send(exchange, reply);
    }
  }

  private HttpReply pick(ReceivedRequest request) {
    synchronized (queued) {
      if (!queued.isEmpty()) {
        return queued.poll();
      }
    }
    HttpReply r = routes.get(request.method() + " " + request.path());
    if (r == null) {
      r = routes.get("* " + request.path());
    }
    return r != null ? r : otherwise;
  }

  private static void send(HttpExchange exchange, HttpReply reply) throws IOException {
    for (Map.Entry<String, String> h : reply.headerList()) {
      exchange.getResponseHeaders().add(h.getKey(), h.getValue());
    }
    List<byte[]> chunks = reply.chunks();
    if (chunks != null) {
      exchange.sendResponseHeaders(reply.statusCode(), 0);
      try (OutputStream out = exchange.getResponseBody()) {
        for (byte[] c : chunks) {
          out.write(c);
          out.flush();
        }
      }
      return;
    }
    byte[] body = reply.bodyBytes();
    boolean noBody = body.length == 0 || reply.statusCode() == 204 || reply.statusCode() == 304;
    exchange.sendResponseHeaders(reply.statusCode(), noBody ? -1 : body.length);
    if (!noBody) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static String checkedPath(String path) {
    if (path == null || !path.startsWith("/")) {
      throw new IllegalArgumentException("a path starts with '/', but was " + path);
    }
    return path;
  }

  private static HttpReply checked(HttpReply reply) {
    if (reply == null) {
      throw new IllegalArgumentException("reply must not be null");
    }
    return reply;
  }
}
