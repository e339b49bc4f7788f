package dev.loadout.examples;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletSseServerTransportProvider;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A real MCP server from the SDK on embedded Jetty, on 127.0.0.1 and a free port: Streamable HTTP at
 * {@code /mcp}, SSE only at {@code /sse} (messages at {@code /message}). It lists the given tool names and,
 * when built with a token, answers 401 to any request without {@code Authorization: Bearer <token>}.
 */
final class ProbeServer implements AutoCloseable {
  private final Server jetty;
  private final McpSyncServer streamable;
  private final McpSyncServer sse;
  private final int port;

  ProbeServer(String token, List<String> toolNames) throws Exception {
    var streamableProvider = HttpServletStreamableServerTransportProvider.builder().mcpEndpoint("/mcp")
        .sessionSweepInterval(null).build(); // its sweeper thread would keep the test JVM alive
    var sseProvider = HttpServletSseServerTransportProvider.builder().sseEndpoint("/sse").messageEndpoint("/message").build();
    var caps = McpSchema.ServerCapabilities.builder().tools(true).build();
    streamable = McpServer.sync(streamableProvider).serverInfo("probe", "0").capabilities(caps).tools(tools(toolNames)).build();
    sse = McpServer.sync(sseProvider).serverInfo("probe-sse", "0").capabilities(caps).tools(tools(toolNames)).build();
    jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.addServlet(holder(new Bearer(streamableProvider, token)), "/mcp");
    ServletHolder sseHolder = holder(new Bearer(sseProvider, token));
    context.addServlet(sseHolder, "/sse");
    context.getServletHandler().addServletWithMapping(sseHolder, "/message");
    jetty.setHandler(context);
    jetty.start();
    port = connector.getLocalPort();
  }

  private static ServletHolder holder(HttpServlet servlet) {
    ServletHolder holder = new ServletHolder(servlet);
    holder.setAsyncSupported(true);
    return holder;
  }

  private static List<McpServerFeatures.SyncToolSpecification> tools(List<String> names) {
    return names.stream().map(name -> McpServerFeatures.SyncToolSpecification.builder()
        .tool(McpSchema.Tool.builder(name, Map.of("type", "object")).description("Tool " + name).build())
        .callHandler((exchange, request) -> McpSchema.CallToolResult.builder().addTextContent(name).isError(false).build())
        .build()).toList();
  }

  String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }

  @Override
  public void close() throws Exception {
    streamable.close();
    sse.close();
    jetty.stop();
  }

  private static final class Bearer extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final transient HttpServlet delegate;
    private final String token;

    Bearer(HttpServlet delegate, String token) {
      this.delegate = delegate;
      this.token = token;
    }

    @Override
    public void init(ServletConfig config) throws ServletException {
      delegate.init(config);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws ServletException, IOException {
      if (token != null && !("Bearer " + token).equals(req.getHeader("Authorization"))) {
        resp.sendError(401);
        return;
      }
      delegate.service(req, resp);
    }
  }
}
