package dev.loadout.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletSseServerTransportProvider;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A real MCP server from the SDK 2.1.0 on embedded Jetty, bound to 127.0.0.1 on a free port: Streamable HTTP
 * at {@code /mcp}, SSE at {@code /sse} (messages at {@code /message}), plus fault endpoints that are not MCP:
 * {@code /hang} (accepts and never answers), {@code /500} and {@code /html}. Tools: {@code echo},
 * {@code fails} (an {@code isError} result), {@code picture} (an image), {@code wait} (blocks until
 * {@link #release()} or close), and {@code dotted.name}. Records the Authorization headers it receives.
 */
final class InJvmMcpServer implements AutoCloseable {
  static final Map<String, Object> TEXT_SCHEMA = Map.of("type", "object",
      "properties", Map.of("text", Map.of("type", "string")), "required", List.of("text"));
  static final Map<String, Object> URL_SCHEMA = Map.of("type", "object",
      "properties", Map.of("url", Map.of("type", "string", "format", "uri")), "required", List.of("url"));

  final List<String> authorizations = new CopyOnWriteArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final CountDownLatch hung = new CountDownLatch(1);
  private final Server jetty;
  private final McpSyncServer streamable;
  private final McpSyncServer sse;
  private final int port;

  InJvmMcpServer() throws Exception {
    this(0);
  }

  InJvmMcpServer(int fixedPort) throws Exception {
    var streamableProvider = HttpServletStreamableServerTransportProvider.builder().mcpEndpoint("/mcp")
        .sessionSweepInterval(null).build();
    var sseProvider = HttpServletSseServerTransportProvider.builder().sseEndpoint("/sse").messageEndpoint("/message").build();
    var caps = McpSchema.ServerCapabilities.builder().tools(true).build();
    streamable = McpServer.sync(streamableProvider).serverInfo("injvm", "0").capabilities(caps).tools(tools()).build();
    sse = McpServer.sync(sseProvider).serverInfo("injvm-sse", "0").capabilities(caps).tools(tools()).build();
    jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(fixedPort);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    add(context, new Recording(streamableProvider), "/mcp");
    ServletHolder sseHolder = add(context, new Recording(sseProvider), "/sse");
    context.getServletHandler().addServletWithMapping(sseHolder, "/message");
    add(context, new Hang(), "/hang");
    add(context, new Status(500, "text/plain", "boom"), "/500");
    add(context, new Status(200, "text/html", "<html>not json</html>"), "/html");
    jetty.setHandler(context);
    jetty.start();
    port = connector.getLocalPort();
  }

  private static ServletHolder add(ServletContextHandler context, HttpServlet servlet, String path) {
    ServletHolder holder = new ServletHolder(servlet);
    holder.setAsyncSupported(true);
    context.addServlet(holder, path);
    return holder;
  }

  private List<McpServerFeatures.SyncToolSpecification> tools() {
    return List.of(
        tool("echo", "Echoes text.", TEXT_SCHEMA, args -> McpSchema.CallToolResult.builder()
            .addTextContent("echo: " + args.get("text")).isError(false).build()),
        tool("fails", "Always reports an error.", TEXT_SCHEMA, args -> McpSchema.CallToolResult.builder()
            .addTextContent("it went wrong: " + args.get("text")).isError(true).build()),
        tool("picture", "A 1x1 image.", Map.of("type", "object"), args -> McpSchema.CallToolResult.builder()
            .addContent(McpSchema.ImageContent.builder("iVBORw0KGgo=", "image/png").build()).addTextContent("a picture")
            .isError(false).build()),
        tool("wait", "Waits until released.", Map.of("type", "object"), args -> {
          hung.countDown();
          try {
            release.await(60, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return McpSchema.CallToolResult.builder().addTextContent("released").isError(false).build();
        }),
        tool("fetch", "Fetches a URL.", URL_SCHEMA, args -> McpSchema.CallToolResult.builder()
            .addTextContent("fetched " + args.get("url")).isError(false).build()),
        tool("dotted.name", "A name providers refuse.", Map.of("type", "object"), args -> McpSchema.CallToolResult.builder()
            .addTextContent("dotted").isError(false).build()));
  }

  private static McpServerFeatures.SyncToolSpecification tool(String name, String description, Map<String, Object> schema,
      java.util.function.Function<Map<String, Object>, McpSchema.CallToolResult> body) {
    return McpServerFeatures.SyncToolSpecification.builder()
        .tool(McpSchema.Tool.builder(name, schema).description(description).build())
        .callHandler((exchange, request) -> body.apply(request.arguments() == null ? Map.of() : request.arguments()))
        .build();
  }

  int port() {
    return port;
  }

  String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }

  /** Lets every waiting {@code wait} call finish. */
  void release() {
    release.countDown();
  }

  /** Waits (bounded) until a {@code wait} call is running on the server. */
  boolean awaitWaiting() throws InterruptedException {
    return hung.await(10, TimeUnit.SECONDS);
  }

  /** Stops the HTTP server while calls are still running, then lets their handlers end. */
  void kill() throws Exception {
    jetty.stop();
    release.countDown();
    streamable.close();
    sse.close();
  }

  @Override
  public void close() throws Exception {
    release.countDown();
    streamable.close();
    sse.close();
    jetty.stop();
  }

  private final class Recording extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final HttpServlet delegate;

    Recording(HttpServlet delegate) {
      this.delegate = delegate;
    }

    @Override
    public void init(jakarta.servlet.ServletConfig config) throws jakarta.servlet.ServletException {
      delegate.init(config);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws jakarta.servlet.ServletException, IOException {
      String auth = req.getHeader("Authorization");
      if (auth != null) {
        authorizations.add(auth);
      }
      delegate.service(req, resp);
    }
  }

  private static final class Hang extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) {
      req.startAsync().setTimeout(0);
    }
  }

  private static final class Status extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String type;
    private final String body;

    Status(int status, String type, String body) {
      this.status = status;
      this.type = type;
      this.body = body;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
      resp.setStatus(status);
      resp.setContentType(type);
      resp.getWriter().write(body);
    }
  }
}
