package dev.loadout.testkit.mcp;

import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** A tool as the test declared it; becomes an SDK tool specification at every start. */
record ToolDefinition(String name, String description, Map<String, Object> inputSchema,
    Function<Map<String, Object>, McpReply> handler) {

  McpServerFeatures.SyncToolSpecification spec(McpTestServer owner, CountDownLatch stopped) {
    return McpServerFeatures.SyncToolSpecification.builder()
        .tool(McpSchema.Tool.builder(name, inputSchema).description(description).build())
        .callHandler((exchange, request) -> call(owner, stopped,
            request.arguments() == null ? Map.of() : request.arguments()).toResult())
        .build();
  }

  private McpReply call(McpTestServer owner, CountDownLatch stopped, Map<String, Object> arguments) {
    ToolBehaviour behaviour = owner.behaviourOf(name).orElse(null);
    if (behaviour instanceof ToolBehaviour.Slow) {
      try {
        if (stopped.await(((ToolBehaviour.Slow) behaviour).delay().toNanos(), TimeUnit.NANOSECONDS)) {
          return McpReply.error("the server stopped during the call");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return McpReply.error("interrupted");
      }
    } else if (behaviour instanceof ToolBehaviour.Failing) {
      return McpReply.error(((ToolBehaviour.Failing) behaviour).message());
    } else if (behaviour instanceof ToolBehaviour.ProtocolError) {
      // Reached over SSE only: there replies travel on the event stream, which the filter cannot write.
      ToolBehaviour.ProtocolError p = (ToolBehaviour.ProtocolError) behaviour;
      return McpReply.error("MCP error " + p.code() + ": " + p.message());
    }
    try {
      McpReply reply = handler.apply(arguments);
      return reply != null ? reply : McpReply.error("the handler of '" + name + "' returned null");
    } catch (RuntimeException e) {
      // A throwing handler breaks the servlet transports' responses now and then: answer instead.
      return McpReply.error("the handler of '" + name + "' threw " + e);
    }
  }
}
