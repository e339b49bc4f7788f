package dev.loadout.testkit.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;

/** The SDK's own client against the test server, over either transport, with a spec the test may adjust. */
final class SdkClients {
  static final Duration TIMEOUT = Duration.ofSeconds(20);

  private SdkClients() {}

  static McpSyncClient client(McpTestServer server, String path) {
    return client(server, path, UnaryOperator.identity());
  }

  static McpSyncClient client(McpTestServer server, String path, UnaryOperator<McpClient.SyncSpec> adjust) {
    String base = "http://127.0.0.1:" + server.port();
    McpClientTransport transport = path.equals(McpTestServer.SSE_PATH) ? sse(base)
        : HttpClientStreamableHttpTransport.builder(base).endpoint(path).build();
    McpSyncClient c = adjust.apply(McpClient.sync(transport).requestTimeout(TIMEOUT).initializationTimeout(TIMEOUT)).build();
    c.initialize();
    return c;
  }

  @SuppressWarnings("deprecation")
  private static McpClientTransport sse(String base) {
    return HttpClientSseClientTransport.builder(base).sseEndpoint(McpTestServer.SSE_PATH).build();
  }

  static McpSchema.CallToolResult call(McpSyncClient c, String tool, Map<String, Object> args) {
    return c.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
  }

  static String lastText(McpSchema.CallToolResult r) {
    return ((McpSchema.TextContent) r.content().get(r.content().size() - 1)).text();
  }
}
