package dev.loadout.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loadout.core.net.HostResolver;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import dev.loadout.testkit.mcp.RecordedRequest;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Loadout's own MCP transports on the pinned client, against a real in-JVM MCP server and a loopback HTTP
 * server that misbehaves on purpose. Host names are answered by a fake resolver; every address reached is
 * 127.0.0.1, and the metadata address a resolver names is refused before any connection.
 */
@Timeout(60)
class PinnedTransportTest {
  static final String TOKEN = "tok-PINNED-77";
  static final String HOST = "mcp.test";
  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("pinned"));
  static final ExecutorService blocking = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "mcp-pinned-blocking");
    t.setDaemon(true);
    return t;
  });

  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .maxResponseBytes(4096).build();
  final Rebinding dns = new Rebinding();
  final Connector connector = new Connector(NetworkGuard.of(NetworkPolicy.development(), dns), settings, blocking);
  final Faulty faulty = new Faulty();
  final Faulty elsewhere = new Faulty();

  PinnedTransportTest() throws IOException {}

  @AfterEach
  void stopServers() {
    faulty.close();
    elsewhere.close();
  }

  @AfterAll
  static void stop() {
    blocking.shutdownNow();
  }

  /** Answers 127.0.0.1 for the first lookups it is scripted with, then the cloud metadata address: DNS rebinding. */
  static final class Rebinding implements HostResolver {
    final AtomicInteger calls = new AtomicInteger();
    volatile int loopbackAnswers = 1;

    @Override
    public List<InetAddress> resolve(String host) throws java.net.UnknownHostException {
      int n = calls.incrementAndGet();
      String literal = host.equals(HOST) && n <= loopbackAnswers ? "127.0.0.1" : "169.254.169.254";
      return List.of(InetAddress.getByAddress(host, literal.equals("127.0.0.1") ? new byte[] {127, 0, 0, 1}
          : new byte[] {(byte) 169, (byte) 254, (byte) 169, (byte) 254}));
    }
  }

  private String named(String path) {
    return "http://" + HOST + ":" + MCP.server().port() + path;
  }

  @Test
  void aRebindingNameIsResolvedOncePerConnectAndEverySessionRequestGoesToThePinnedAddress() throws Exception {
    Connector.Connected c = connector.connect(named("/mcp"), TOKEN);
    try {
      McpSchema.CallToolResult echoed = c.client().callTool(McpSchema.CallToolRequest.builder("echo")
          .arguments(Map.of("text", "still pinned")).build());

      assertThat(((McpSchema.TextContent) echoed.content().get(0)).text()).isEqualTo("echo: still pinned");
      assertThat(dns.calls).hasValue(1);
      List<RecordedRequest> seen = MCP.server().requests();
      assertThat(seen).extracting(r -> r.jsonRpcMethod().orElse(""))
          .contains("initialize", "notifications/initialized", "tools/list", "tools/call");
      assertThat(seen).filteredOn(r -> !r.isJsonRpc("initialize")).allSatisfy(r -> {
        assertThat(r.header("Mcp-Session-Id")).isPresent();
        assertThat(r.header("MCP-Protocol-Version")).contains("2025-11-25");
      });
      assertThat(seen).allSatisfy(r -> {
        assertThat(r.remoteAddress()).isEqualTo("127.0.0.1");
        assertThat(r.header("Host")).contains(HOST + ":" + MCP.server().port());
        assertThat(r.header("Authorization")).contains("Bearer " + TOKEN);
      });
    } finally {
      c.client().close();
    }
  }

  @Test
  void aRegisteredNameThatNowResolvesToTheMetadataAddressIsRefusedAtConnectWithoutARequest() throws Exception {
    connector.connect(named("/mcp"), TOKEN).client().close();
    // Closing ends the session with a DELETE, sent in the background; it is the first connect's last request.
    assertThat(MCP.server().awaitRequest(r -> r.httpMethod().equals("DELETE"), Duration.ofSeconds(5))).isPresent();
    MCP.server().clearRequests();

    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(named("/mcp"), TOKEN), Connector.ConnectFailed.class);

    assertThat(f.code).isEqualTo(McpFailureCodes.BLOCKED);
    assertThat(f.getMessage()).contains("'mcp.test' resolved to 169.254.169.254").doesNotContain(TOKEN);
    assertThat(dns.calls).hasValue(2);
    assertThat(MCP.server().requests()).isEmpty();
  }

  @Test
  void theSseFallbackUsesTheSameOneResolutionAsTheStreamableAttempt() throws Exception {
    Connector.Connected c = connector.connect(named("/sse"), TOKEN);
    try {
      assertThat(c.transport()).isEqualTo(Connector.SSE);
      assertThat(c.tools()).hasSize(TestServers.TOOL_COUNT);
      assertThat(dns.calls).hasValue(1);
      assertThat(MCP.server().requests()).extracting(RecordedRequest::path).contains("/sse", "/message")
          .allSatisfy(p -> assertThat(p).isIn("/sse", "/message"));
      assertThat(MCP.server().requests()).allSatisfy(r -> assertThat(r.remoteAddress()).isEqualTo("127.0.0.1"));
    } finally {
      c.client().close();
    }
  }

  @Test
  void aSessionTheServerForgotFailsAsSessionLostAndItsIdIsNotSentAgain() throws Exception {
    try (McpTestServer restarting = TestServers.standard("restarting").build().start()) {
      Connector.Connected c = connector.connect("http://" + HOST + ":" + restarting.port() + "/mcp", TOKEN);
      try {
        McpSchema.CallToolRequest echo = McpSchema.CallToolRequest.builder("echo").arguments(Map.of("text", "again")).build();
        restarting.restart();

        Throwable lost = catchThrowableOfType(RuntimeException.class, () -> c.client().callTool(echo));

        assertThat(Failures.classify(lost).code()).isEqualTo(McpFailureCodes.SESSION_LOST);
        // The pool replaces a client whose session was lost; this one forgot the stale id at once.
        restarting.clearRequests();
        catchThrowableOfType(RuntimeException.class, () -> c.client().callTool(echo));
        assertThat(restarting.requests()).isNotEmpty().allSatisfy(r -> assertThat(r.header("Mcp-Session-Id")).isEmpty());
        assertThat(dns.calls).hasValue(1);
      } finally {
        c.client().close();
      }
    }
  }

  @Test
  void aRedirectFailsBothTransportsWithItsOwnCodeAndIsNeverFollowed() {
    faulty.route("/moved", (x, body) -> {
      x.getResponseHeaders().add("Location", elsewhere.url("/mcp"));
      x.sendResponseHeaders(307, -1);
    });

    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(faulty.url("/moved"), TOKEN),
        Connector.ConnectFailed.class);

    assertThat(f.code).isEqualTo(McpFailureCodes.REDIRECTED);
    assertThat(f.getMessage()).contains("StreamableHTTP: mcp_redirected (The MCP server at " + faulty.origin()
        + " answered HTTP 307 (a redirect); MCP requests follow no redirects.)").contains("SSE: mcp_redirected");
    assertThat(faulty.methods).containsExactly("POST", "GET");
    assertThat(elsewhere.methods).isEmpty();
  }

  @Test
  void aJsonAnswerOverTheCapIsCutWithAClearError() {
    faulty.route("/big", (x, body) -> {
      x.getResponseHeaders().add("Content-Type", "application/json");
      x.sendResponseHeaders(200, 0);
      try (OutputStream out = x.getResponseBody()) {
        out.write(("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"pad\":\"" + "x".repeat(10_000) + "\"}}").getBytes(UTF_8));
      }
    });

    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(faulty.url("/big"), null),
        Connector.ConnectFailed.class);

    assertThat(f.getMessage()).contains("StreamableHTTP: mcp_protocol_error (The response from host '127.0.0.1' is larger "
        + "than the 4096-byte limit.)");
  }

  @Test
  void anEndlessEventIsCutByTheAnswerCapOnStreamableHttpAndByTheEventCapOnTheLongLivedSseStream() {
    CountDownLatch hold = new CountDownLatch(1);
    faulty.route("/endless", (x, body) -> {
      x.getResponseHeaders().add("Content-Type", "text/event-stream");
      x.sendResponseHeaders(200, 0);
      OutputStream out = x.getResponseBody();
      out.write("event: message\ndata: ".getBytes(UTF_8));
      for (int i = 0; i < 100 && hold.getCount() > 0; i++) {
        try {
          out.write("y".repeat(1000).getBytes(UTF_8));
          out.flush();
        } catch (IOException e) {
          return;
        }
      }
      await(hold);
    });

    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(faulty.url("/endless"), null),
        Connector.ConnectFailed.class);
    hold.countDown();

    assertThat(f.getMessage()).contains("StreamableHTTP: mcp_protocol_error (The response from host '127.0.0.1' is larger "
        + "than the 4096-byte limit.)").contains("SSE: mcp_protocol_error (An event from the MCP server is larger than "
        + "the 4096-byte limit.)");
  }

  @Test
  void anSseEndpointEventOnAnotherOriginIsRefusedAndNothingIsPostedThere() {
    CountDownLatch hold = new CountDownLatch(1);
    faulty.route("/sse", (x, body) -> {
      if (!x.getRequestMethod().equals("GET")) {
        x.sendResponseHeaders(404, -1);
        return;
      }
      x.getResponseHeaders().add("Content-Type", "text/event-stream");
      x.sendResponseHeaders(200, 0);
      OutputStream out = x.getResponseBody();
      out.write(("event: endpoint\ndata: " + elsewhere.url("/message?sessionId=" + TOKEN) + "\n\n").getBytes(UTF_8));
      out.flush();
      await(hold);
    });

    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(faulty.url("/sse"), TOKEN),
        Connector.ConnectFailed.class);
    hold.countDown();

    assertThat(f.code).isEqualTo(McpFailureCodes.BLOCKED);
    assertThat(f.getMessage()).contains("SSE: mcp_blocked (The MCP server named a message endpoint on another origin than "
        + faulty.origin()).doesNotContain(TOKEN);
    assertThat(elsewhere.methods).isEmpty();
  }

  @Test
  void theTokenIsSentAsABearerAndNeverEchoedInTheError() {
    faulty.route("/mcp", (x, body) -> {
      byte[] denied = ("denied for " + x.getRequestHeaders().getFirst("Authorization")).getBytes(UTF_8);
      x.getResponseHeaders().add("WWW-Authenticate", "Bearer error=\"" + TOKEN + "\"");
      x.sendResponseHeaders(401, denied.length);
      x.getResponseBody().write(denied);
      x.close();
    });

    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(faulty.url("/mcp"), TOKEN),
        Connector.ConnectFailed.class);

    assertThat(faulty.authorizations).containsExactly("Bearer " + TOKEN);
    assertThat(f.code).isEqualTo(McpFailureCodes.UNAUTHORIZED);
    assertThat(f.getMessage()).contains("refused the credentials (HTTP 401)").doesNotContain(TOKEN);
  }

  @Test
  void aPostStillWaitingForItsAnswerIsAbortedWhenTheAttemptFailsSoNoThreadWaitsOutTheRequestTimeout() throws Exception {
    CountDownLatch hold = new CountDownLatch(1);
    AtomicInteger disconnected = new AtomicInteger();
    faulty.route("/hang", (x, body) -> {
      await(hold);
      disconnected.incrementAndGet();
    });
    Tasks own = new Tasks();
    McpSettings quick = settings.toBuilder().connectTimeout(Duration.ofMillis(500)).executionTimeout(Duration.ofSeconds(30)).build();
    try {
      Connector c = new Connector(NetworkGuard.of(NetworkPolicy.development(), dns), quick, own);

      Connector.ConnectFailed f = catchThrowableOfType(() -> c.connect(faulty.url("/hang"), null), Connector.ConnectFailed.class);

      assertThat(f.code).isEqualTo(McpFailureCodes.TIMEOUT);
      // The SDK would keep the POST open for its 31 s request timeout; closing the attempt closes its socket.
      // The hang guard is far below that timeout, so a POST left waiting fails here.
      assertThat(own.awaitIdle(Duration.ofSeconds(10))).as("tasks still running on the connector's executor").isZero();
    } finally {
      hold.countDown();
      own.shutdownNow();
    }
  }

  @Test
  void aRequestStreamTheServerEndsBeforeTheAnswerIsResumedWithLastEventIdAndTheSession() throws Exception {
    List<Map<String, String>> resumes = new CopyOnWriteArrayList<>();
    java.util.concurrent.atomic.AtomicReference<String> pending = new java.util.concurrent.atomic.AtomicReference<>();
    faulty.route("/resumable", scripted((x, body) -> x.sendResponseHeaders(202, -1), (x, rpcId) -> {
      // A priming event with an id and a short retry, then the stream ends without the answer.
      pending.set(rpcId);
      events(x, "id: e1\nretry: 20\ndata: \n\n");
    }, (x, body) -> {
      resumes.add(Map.of("last-event-id", String.valueOf(x.getRequestHeaders().getFirst("Last-Event-ID")),
          "mcp-session-id", String.valueOf(x.getRequestHeaders().getFirst("Mcp-Session-Id"))));
      events(x, "id: e2\nevent: message\ndata: " + toolResult(pending.get(), "resumed") + "\n\n");
    }));
    Connector.Connected c = connector.connect(faulty.url("/resumable"), null);
    try {
      McpSchema.CallToolResult result = c.client().callTool(McpSchema.CallToolRequest.builder("slow").arguments(Map.of()).build());

      assertThat(((McpSchema.TextContent) result.content().get(0)).text()).isEqualTo("resumed");
      assertThat(resumes).containsExactly(Map.of("last-event-id", "e1", "mcp-session-id", "s-1"));
    } finally {
      c.client().close();
    }
  }

  @Test
  void aNotificationAnsweredWith200AndABodyThatIsNoMessageIsNotAnError() throws Exception {
    faulty.route("/lenient", scripted((x, body) -> json(x, "{\"jsonrpc\":\"2.0\",\"result\":{}}"),
        (x, rpcId) -> json(x, toolResult(rpcId, "fine")), null));

    Connector.Connected c = connector.connect(faulty.url("/lenient"), null);
    try {
      McpSchema.CallToolResult result = c.client().callTool(McpSchema.CallToolRequest.builder("slow").arguments(Map.of()).build());

      assertThat(c.transport()).isEqualTo(Connector.STREAMABLE);
      assertThat(((McpSchema.TextContent) result.content().get(0)).text()).isEqualTo("fine");
    } finally {
      c.client().close();
    }
  }

  /** Answers a request with its JSON-RPC id. */
  interface RpcRoute {
    void handle(HttpExchange exchange, String rpcId) throws IOException;
  }

  /**
   * A hand-written Streamable HTTP server: {@code initialize} (session {@code s-1}) and {@code tools/list}
   * (one tool, {@code slow}) are answered as JSON; notifications, other requests and GETs go to the routes.
   */
  private static Faulty.Route scripted(Faulty.Route notification, RpcRoute request, Faulty.Route get) {
    java.util.regex.Pattern idPattern = java.util.regex.Pattern.compile("\"id\"\\s*:\\s*(\"[^\"]*\"|\\d+)");
    return (x, body) -> {
      java.util.regex.Matcher id = idPattern.matcher(body);
      String rpcId = id.find() ? id.group(1) : null;
      if (x.getRequestMethod().equals("GET")) {
        get.handle(x, body);
      } else if (body.contains("\"initialize\"")) {
        x.getResponseHeaders().add("Mcp-Session-Id", "s-1");
        json(x, "{\"jsonrpc\":\"2.0\",\"id\":" + rpcId + ",\"result\":{\"protocolVersion\":\"2025-03-26\","
            + "\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"scripted\",\"version\":\"1\"}}}");
      } else if (rpcId == null) {
        notification.handle(x, body);
      } else if (body.contains("\"tools/list\"")) {
        json(x, "{\"jsonrpc\":\"2.0\",\"id\":" + rpcId + ",\"result\":{\"tools\":[{\"name\":\"slow\","
            + "\"inputSchema\":{\"type\":\"object\"}}]}}");
      } else {
        request.handle(x, rpcId);
      }
    };
  }

  private static String toolResult(String rpcId, String text) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + rpcId + ",\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"" + text
        + "\"}]}}";
  }

  private static void json(HttpExchange x, String body) throws IOException {
    byte[] bytes = body.getBytes(UTF_8);
    x.getResponseHeaders().add("Content-Type", "application/json");
    x.sendResponseHeaders(200, bytes.length);
    x.getResponseBody().write(bytes);
  }

  private static void events(HttpExchange x, String stream) throws IOException {
    x.getResponseHeaders().add("Content-Type", "text/event-stream");
    x.sendResponseHeaders(200, 0);
    x.getResponseBody().write(stream.getBytes(UTF_8));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(20, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A loopback HTTP server whose routes misbehave; it records methods and Authorization headers. */
  static final class Faulty implements AutoCloseable {
    interface Route {
      void handle(HttpExchange exchange, String body) throws IOException;
    }

    final List<String> methods = new CopyOnWriteArrayList<>();
    final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "faulty-http");
      t.setDaemon(true);
      return t;
    });
    private final HttpServer server;

    Faulty() throws IOException {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), 0), 16);
      server.setExecutor(threads);
      server.start();
    }

    void route(String path, Route route) {
      server.createContext(path, x -> {
        methods.add(x.getRequestMethod());
        String auth = x.getRequestHeaders().getFirst("Authorization");
        if (auth != null) {
          authorizations.add(auth);
        }
        String body = new String(x.getRequestBody().readAllBytes(), UTF_8);
        try {
          route.handle(x, body);
        } finally {
          x.close();
        }
      });
    }

    String origin() {
      return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    String url(String path) {
      return origin() + path;
    }

    @Override
    public void close() {
      server.stop(0);
      threads.shutdownNow();
    }
  }

  /** A cached pool that knows how many of its tasks have not finished, and says so each time one does. */
  static final class Tasks extends java.util.concurrent.ThreadPoolExecutor {
    private int unfinished;

    Tasks() {
      super(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new java.util.concurrent.SynchronousQueue<>());
    }

    @Override
    public void execute(Runnable task) {
      synchronized (this) {
        unfinished++;
      }
      try {
        super.execute(task);
      } catch (RuntimeException e) {
        finished();
        throw e;
      }
    }

    @Override
    protected void afterExecute(Runnable task, Throwable thrown) {
      finished();
    }

    private synchronized void finished() {
      unfinished--;
      notifyAll();
    }

    /** The unfinished tasks once there are none, or when the hang guard runs out. */
    synchronized int awaitIdle(Duration guard) throws InterruptedException {
      long deadline = System.nanoTime() + guard.toNanos();
      while (unfinished > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        wait(Math.max(1, left / 1_000_000));
      }
      return unfinished;
    }
  }
}
