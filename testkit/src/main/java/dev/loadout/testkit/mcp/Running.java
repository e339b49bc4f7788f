package dev.loadout.testkit.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletSseServerTransportProvider;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * One start of a {@link McpTestServer}: Jetty on 127.0.0.1 with the SDK's Streamable HTTP and SSE servlets
 * behind the fault filter, and one SDK server per transport. A restart builds a new one on the same port,
 * so no session survives it, as with a real server process.
 *
 * <p>The two traps of the SDK 2.1.0 servlet transports are avoided here: the Streamable provider's session
 * sweeper runs on a non-daemon thread that nothing disposes, so it is switched off (sessions end with the
 * server anyway); and Jetty's threads are daemons, so a server a test forgot to stop cannot keep the JVM
 * alive.
 */
final class Running {
  private final Server jetty;
  private final McpSyncServer streamable;
  private final McpSyncServer sse;
  private final ServerConnector connector;
  private final ToolTable tools;
  /** Completes when the server stops: held and slow calls end then. */
  private final CompletableFuture<Void> stopped = new CompletableFuture<>();
  private final int port;

  Running(McpTestServer owner, ToolTable tools, int requestedPort) throws Exception {
    this.tools = tools;
    var streamableProvider = HttpServletStreamableServerTransportProvider.builder()
        .mcpEndpoint(McpTestServer.STREAMABLE_PATH).sessionSweepInterval(null).build();
    var sseProvider = HttpServletSseServerTransportProvider.builder().sseEndpoint(McpTestServer.SSE_PATH)
        .messageEndpoint(McpTestServer.MESSAGE_PATH).build();
    var caps = owner.toolsCapability() ? McpSchema.ServerCapabilities.builder().tools(true).build()
        : McpSchema.ServerCapabilities.builder().build();
    // tools(true) declares listChanged: the SDK then tells connected sessions when addTool/removeTool change the set.
    List<McpServerFeatures.SyncToolSpecification> specs = tools.current().stream().map(t -> t.spec(tools, stopped)).toList();
    streamable = McpServer.sync(streamableProvider).serverInfo(owner.name(), "0").capabilities(caps).tools(specs).build();
    sse = McpServer.sync(sseProvider).serverInfo(owner.name() + "-sse", "0").capabilities(caps).tools(specs).build();

    QueuedThreadPool threads = new QueuedThreadPool();
    threads.setName("mcp-test-server");
    threads.setDaemon(true);
    jetty = new Server(threads, new ScheduledExecutorScheduler("mcp-test-server-scheduler", true), null);
    connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(requestedPort);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    FilterHolder filter = new FilterHolder(new FaultFilter(owner));
    filter.setAsyncSupported(true);
    context.addFilter(filter, "/*", EnumSet.of(DispatcherType.REQUEST));
    servlet(context, streamableProvider, McpTestServer.STREAMABLE_PATH);
    servlet(context, sseProvider, McpTestServer.SSE_PATH, McpTestServer.MESSAGE_PATH);
    jetty.setHandler(context);
    try {
      jetty.start();
    } catch (Exception e) {
      stop();
      throw e;
    }
    port = connector.getLocalPort();
  }

  private static void servlet(ServletContextHandler context, HttpServlet servlet, String... paths) {
    ServletHolder holder = new ServletHolder(servlet);
    holder.setAsyncSupported(true); // both transports answer through async servlet I/O
    for (String path : paths) {
      context.getServletHandler().addServletWithMapping(holder, path);
    }
  }

  int port() {
    return port;
  }

  /** Adds the tool to both SDK servers, which notify their sessions ({@code notifications/tools/list_changed}). */
  void addTool(ToolDefinition tool) {
    streamable.addTool(tool.spec(tools, stopped));
    sse.addTool(tool.spec(tools, stopped));
  }

  /** Removes the tool from both SDK servers, which notify their sessions. */
  void removeTool(String name) {
    streamable.removeTool(name);
    sse.removeTool(name);
  }

  /**
   * Resets every open connection: SO_LINGER 0 makes the close send a TCP RST, as a proxy or a NAT that drops
   * its state does, rather than the orderly FIN of a server that closes on purpose.
   *
   * @return how many connections were reset
   */
  int dropConnections() {
    List<EndPoint> open = new ArrayList<>(connector.getConnectedEndPoints());
    for (EndPoint endPoint : open) {
      if (endPoint instanceof SocketChannelEndPoint) {
        try {
          ((SocketChannelEndPoint) endPoint).getChannel().setOption(StandardSocketOptions.SO_LINGER, 0);
        } catch (IOException e) {
          // Already closing: a plain close below does the rest.
        }
      }
      endPoint.close();
    }
    return open.size();
  }

  /**
   * Drops the listener and every open connection first, so a call in flight loses its connection without
   * an answer (as when a process dies), then lets slow handlers end and closes the SDK servers.
   */
  void stop() throws Exception {
    try {
      jetty.stop();
    } finally {
      stopped.complete(null);
      streamable.close();
      sse.close();
    }
  }
}
