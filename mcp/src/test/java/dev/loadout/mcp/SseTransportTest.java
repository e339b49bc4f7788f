package dev.loadout.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.scheduler.Schedulers;

/**
 * How an SSE session ends, through {@link Connector} against a hand-written SSE server on a loopback socket whose
 * event stream and listener the test ends on purpose: a clean end of the stream, a reset, a stream that ends
 * before its endpoint event, a server that stops taking connections while its stream stays open. The loss is
 * read from the session's {@link Link}, which is what the pool listens to.
 */
@Timeout(60)
class SseTransportTest {
  static final ExecutorService blocking = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "mcp-sse-test-blocking");
    t.setDaemon(true);
    return t;
  });
  static final McpSchema.CallToolRequest ECHO = McpSchema.CallToolRequest.builder("echo").arguments(Map.of()).build();

  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5)).build();
  final Connector connector = new Connector(NetworkGuard.of(NetworkPolicy.development()), settings, blocking);
  final ScriptedSse server;

  SseTransportTest() throws IOException {
    server = new ScriptedSse();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  @AfterAll
  static void stop() {
    blocking.shutdownNow();
  }

  @Test
  void aStreamTheServerEndsIsReportedAsTheSessionsLossAndLaterMessagesFailWithoutAPost() throws Exception {
    Connector.Connected c = connector.connect(server.url(), null);
    try {
      assertThat(c.transport()).isEqualTo(Connector.SSE);
      assertThat(text(c.client().callTool(ECHO))).isEqualTo("echoed");
      CompletableFuture<TransportFailure> lost = new CompletableFuture<>();
      c.link().onLost(lost::complete);

      server.endStream();

      TransportFailure f = lost.get(10, TimeUnit.SECONDS);
      assertThat(f.code).isEqualTo(McpFailureCodes.CONNECTION_LOST);
      assertThat(f.getMessage()).isEqualTo("The MCP server's event stream has ended.");
      int posts = server.posted.size();
      assertThat(Failures.classify(catchThrowable(() -> c.client().callTool(ECHO))).code())
          .isEqualTo(McpFailureCodes.CONNECTION_LOST);
      assertThat(server.posted).hasSize(posts);
    } finally {
      c.client().close();
    }
  }

  @Test
  void aStreamResetByThePeerIsTheSessionsLossToo() throws Exception {
    Connector.Connected c = connector.connect(server.url(), null);
    try {
      CompletableFuture<TransportFailure> lost = new CompletableFuture<>();
      c.link().onLost(lost::complete);

      server.resetStream();

      TransportFailure f = lost.get(10, TimeUnit.SECONDS);
      assertThat(f.code).isEqualTo(McpFailureCodes.CONNECTION_LOST);
      assertThat(f.getMessage()).isEqualTo("The MCP server's event stream has ended.");
    } finally {
      c.client().close();
    }
  }

  @Test
  void aStreamThatEndsBeforeItsEndpointEventFailsTheConnectAsASessionLost() {
    server.endpoint = false;

    Connector.ConnectFailed f = catchThrowableOfType(() -> connector.connect(server.url(), null),
        Connector.ConnectFailed.class);

    assertThat(f.code).isEqualTo(McpFailureCodes.SESSION_LOST);
    assertThat(f.getMessage()).contains("SSE: mcp_session_lost (The MCP server ended its event stream.)");
    assertThat(server.posted).isEmpty();
  }

  /**
   * The stream stays open, so only the next message can tell: its POST is refused, which is the session's loss
   * (the pool then connects a fresh client) and not merely one failed call.
   */
  @Test
  void aServerThatStopsTakingConnectionsWhileItsStreamStaysOpenLosesTheSessionOnTheNextMessage() throws Exception {
    Connector.Connected c = connector.connect(server.url(), null);
    try {
      CompletableFuture<TransportFailure> lost = new CompletableFuture<>();
      c.link().onLost(lost::complete);

      server.refuseConnections();

      assertThat(Failures.classify(catchThrowable(() -> c.client().callTool(ECHO))).code())
          .isEqualTo(McpFailureCodes.CONNECTION_LOST);
      TransportFailure f = lost.get(10, TimeUnit.SECONDS);
      assertThat(f.code).isEqualTo(McpFailureCodes.CONNECTION_LOST);
      assertThat(f.getMessage()).isEqualTo("The MCP server refuses connections.");
    } finally {
      c.client().close();
    }
  }

  @Test
  void aTransportConnectsOnceAndItsStringNamesTheOriginOnly() throws Exception {
    NetworkGuard guard = NetworkGuard.of(NetworkPolicy.development());
    String url = server.url() + "?key=s3cret";
    SseTransport t = new SseTransport(new PinnedSession(guard, SSLContext.getDefault(), guard.check(url), url, "tok-s3cret",
        4096), Duration.ofSeconds(5), Duration.ofSeconds(5), blocking, Schedulers.fromExecutor(blocking), f -> {});
    try {
      t.connect(m -> m).block(Duration.ofSeconds(10));

      Throwable again = catchThrowable(() -> t.connect(m -> m).block(Duration.ofSeconds(10)));

      assertThat(again).isInstanceOf(TransportFailure.class).hasMessageContaining("connects once");
      assertThat(((TransportFailure) again).code).isEqualTo(McpFailureCodes.SESSION_LOST);
      assertThat(t).hasToString("SseTransport{PinnedSession{" + Redaction.origin(url) + "}}");
      assertThat(t.toString()).doesNotContain("s3cret");
    } finally {
      t.closeGracefully().block(Duration.ofSeconds(10));
    }
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  /**
   * A legacy SSE MCP server written by hand on a loopback socket: {@code GET /sse} opens the event stream (its
   * body runs until the socket closes) and names {@code /message} as the endpoint; each {@code POST /message} is
   * accepted with 202 on a connection of its own, and a request's answer goes onto the stream: {@code initialize},
   * {@code tools/list} (one tool, {@code echo}), {@code tools/call} ("echoed"), {@code ping}. Anything else,
   * the Streamable HTTP attempt's POST to {@code /sse} included, gets 405.
   */
  static final class ScriptedSse implements AutoCloseable {
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\"[^\"]*\"|\\d+)");
    private static final Pattern METHOD = Pattern.compile("\"method\"\\s*:\\s*\"([^\"]+)\"");

    final List<String> posted = new CopyOnWriteArrayList<>();
    /** Whether the stream names its endpoint; without, it sends a comment and ends. */
    volatile boolean endpoint = true;
    private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final CompletableFuture<Socket> stream = new CompletableFuture<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "scripted-sse");
      t.setDaemon(true);
      return t;
    });

    ScriptedSse() throws IOException {
      threads.execute(this::accept);
    }

    String url() {
      return "http://127.0.0.1:" + listener.getLocalPort() + "/sse";
    }

    /** Ends the event stream cleanly: the body's end, as a server that stops its session sends it. */
    void endStream() throws Exception {
      stream.get(10, TimeUnit.SECONDS).shutdownOutput();
    }

    /** Resets the event stream's connection, as a crashed server or a lost NAT entry does. */
    void resetStream() throws Exception {
      Socket s = stream.get(10, TimeUnit.SECONDS);
      s.setSoLinger(true, 0);
      s.close();
    }

    /**
     * Closes the listener: new connections are refused; the open event stream is left as it is. Returns once a
     * connection to the port is refused, so the next message's POST meets a closed port, not a listener whose close
     * has not reached the accepting thread yet.
     */
    void refuseConnections() throws IOException {
      int port = listener.getLocalPort();
      listener.close();
      for (int probe = 0; probe < 10_000; probe++) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
          Thread.onSpinWait();
        } catch (java.net.ConnectException refused) {
          return;
        }
      }
      throw new AssertionError("port " + port + " still takes connections after its listener closed");
    }

    private void accept() {
      while (!listener.isClosed()) {
        try {
          Socket s = listener.accept();
          sockets.add(s);
          threads.execute(() -> serve(s));
        } catch (IOException e) {
          return;
        }
      }
    }

    private void serve(Socket s) {
      try {
        InputStream in = s.getInputStream();
        String head = head(in);
        String request = head.substring(0, head.indexOf("\r\n"));
        Matcher length = Pattern.compile("(?i)\r\ncontent-length:\\s*(\\d+)").matcher(head);
        String body = new String(in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0), UTF_8);
        if (request.startsWith("GET /sse")) {
          openStream(s);
        } else if (request.startsWith("POST /message")) {
          respond(s, "202 Accepted");
          message(body);
        } else {
          respond(s, "405 Method Not Allowed");
        }
      } catch (Exception e) {
        quietly(s);
      }
    }

    private void openStream(Socket s) throws IOException {
      OutputStream out = s.getOutputStream();
      out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
          + "Connection: close\r\n\r\n").getBytes(UTF_8));
      if (endpoint) {
        // Known before the endpoint is out: the client's first POST may come at once, and its answer goes here.
        stream.complete(s);
        synchronized (s) {
          out.write("event: endpoint\ndata: /message?sessionId=s-1\n\n".getBytes(UTF_8));
          out.flush();
        }
      } else {
        out.write(": no endpoint today\n\n".getBytes(UTF_8));
        out.flush();
        s.shutdownOutput();
      }
    }

    private void message(String body) throws IOException {
      Matcher method = METHOD.matcher(body);
      Matcher id = ID.matcher(body);
      if (!method.find()) {
        return;
      }
      posted.add(method.group(1));
      if (!id.find()) {
        return; // a notification
      }
      String result = switch (method.group(1)) {
        case "initialize" -> "{\"protocolVersion\":\"2024-11-05\",\"capabilities\":{\"tools\":{}},"
            + "\"serverInfo\":{\"name\":\"scripted-sse\",\"version\":\"1\"}}";
        case "tools/list" -> "{\"tools\":[{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}}]}";
        case "tools/call" -> "{\"content\":[{\"type\":\"text\",\"text\":\"echoed\"}]}";
        default -> "{}";
      };
      Socket s = stream.getNow(null);
      if (s != null) {
        synchronized (s) {
          OutputStream out = s.getOutputStream();
          out.write(("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + id.group(1) + ",\"result\":" + result
              + "}\n\n").getBytes(UTF_8));
          out.flush();
        }
      }
    }

    private static void respond(Socket s, String status) throws IOException {
      try (s) {
        s.getOutputStream().write(("HTTP/1.1 " + status + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            .getBytes(UTF_8));
        s.getOutputStream().flush();
      }
    }

    /** The request's head, through the blank line. */
    private static String head(InputStream in) throws IOException {
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int matched = 0;
      byte[] end = {'\r', '\n', '\r', '\n'};
      while (matched < end.length) {
        int b = in.read();
        if (b < 0) {
          throw new IOException("the request ended in its head");
        }
        head.write(b);
        matched = b == end[matched] ? matched + 1 : b == '\r' ? 1 : 0;
      }
      return head.toString(UTF_8);
    }

    private static void quietly(Socket s) {
      try {
        s.close();
      } catch (IOException e) {
        // gone either way
      }
    }

    @Override
    public void close() {
      quietly(listener);
      sockets.forEach(ScriptedSse::quietly);
      threads.shutdownNow();
    }

    private static void quietly(ServerSocket s) {
      try {
        s.close();
      } catch (IOException e) {
        // gone either way
      }
    }
  }
}
