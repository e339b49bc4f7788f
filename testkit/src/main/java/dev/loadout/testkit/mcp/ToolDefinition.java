package dev.loadout.testkit.mcp;

import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * A tool as the test declared it; becomes an SDK tool specification at every start (and when added to a
 * running server).
 *
 * @param taskSupport the MCP {@code execution.taskSupport} the tool declares, or null for none (the SDK's
 *     {@code Tool} has no such field, so the filter writes it into the {@code tools/list} answer)
 */
record ToolDefinition(String name, String description, Map<String, Object> inputSchema,
    Function<Map<String, Object>, McpReply> handler, String taskSupport) {
  static final Set<String> TASK_SUPPORT = Set.of("forbidden", "optional", "required");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  static ToolDefinition of(String name, String description, String inputSchemaJson,
      Function<Map<String, Object>, McpReply> handler) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a tool name must be non-blank and unique, but was [" + name + "]");
    }
    if (description == null || handler == null) {
      throw new IllegalArgumentException("tool [" + name + "] needs a description and a handler");
    }
    return new ToolDefinition(name, description, schema(name, inputSchemaJson), handler, null);
  }

  ToolDefinition withTaskSupport(String value) {
    if (!TASK_SUPPORT.contains(value)) {
      throw new IllegalArgumentException("task support of tool [" + name + "] must be one of " + TASK_SUPPORT
          + ", but was [" + value + "]");
    }
    return new ToolDefinition(name, description, inputSchema, handler, value);
  }

  McpServerFeatures.SyncToolSpecification spec(ToolTable table, CompletableFuture<Void> stopped) {
    return McpServerFeatures.SyncToolSpecification.builder()
        .tool(McpSchema.Tool.builder(name, inputSchema).description(description).build())
        .callHandler((exchange, request) -> call(table, stopped, exchange, request).toResult())
        .build();
  }

  private McpReply call(ToolTable table, CompletableFuture<Void> stopped, McpSyncServerExchange exchange,
      McpSchema.CallToolRequest request) {
    Optional<ToolBehaviour.ProtocolError> protocolError = table.protocolErrorOf(name);
    if (protocolError.isPresent()) {
      // Reached over SSE only: there replies travel on the event stream, which the filter cannot write.
      return McpReply.error("MCP error " + protocolError.get().code() + ": " + protocolError.get().message());
    }
    if (!progress(table.progressOf(name), stopped, exchange, request.progressToken())) {
      return McpReply.error("the server stopped during the call");
    }
    ToolBehaviour behaviour = table.behaviourOf(name).orElse(null);
    if (behaviour instanceof ToolBehaviour.Slow) {
      try {
        stopped.get(((ToolBehaviour.Slow) behaviour).delay().toNanos(), TimeUnit.NANOSECONDS);
        return McpReply.error("the server stopped during the call");
      } catch (TimeoutException e) {
        // slow, not stopped: go on
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return McpReply.error("interrupted");
      } catch (ExecutionException e) {
        return McpReply.error("the server stopped during the call");
      }
    } else if (behaviour instanceof ToolBehaviour.Held) {
      if (!((ToolBehaviour.Held) behaviour).hold().hold(stopped)) {
        return McpReply.error("the server stopped during the call");
      }
    } else if (behaviour instanceof ToolBehaviour.Failing) {
      return McpReply.error(((ToolBehaviour.Failing) behaviour).message());
    }
    try {
      Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
      McpReply reply = handler.apply(arguments);
      return reply != null ? reply : McpReply.error("the handler of '" + name + "' returned null");
    } catch (RuntimeException e) {
      // A throwing handler breaks the servlet transports' responses now and then: answer instead.
      return McpReply.error("the handler of '" + name + "' threw " + e);
    }
  }

  /**
   * Sends progress 1..n of n, if the call asked for progress, each after the test's step when it set steps; a
   * client that went away ends it.
   *
   * @return false if the server stopped while a notice waited for its step
   */
  private static boolean progress(ToolTable.Progress progress, CompletableFuture<Void> stopped,
      McpSyncServerExchange exchange, Object token) {
    if (token == null) {
      return true;
    }
    try {
      int notifications = progress.notices();
      ProgressSteps steps = progress.steps();
      for (int i = 1; i <= notifications; i++) {
        if (steps != null && !steps.awaitStep(i, stopped)) {
          return false;
        }
        exchange.progressNotification(new McpSchema.ProgressNotification(token, i, (double) notifications, "step " + i));
      }
    } catch (RuntimeException e) {
      // The client is gone; the answer will not arrive either.
    }
    return true;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> schema(String toolName, String json) {
    try {
      Object parsed = json == null ? null : JSON.readValue(json, Object.class);
      if (parsed instanceof Map) {
        return (Map<String, Object>) parsed;
      }
    } catch (JacksonException e) {
      // reported below
    }
    throw new IllegalArgumentException("the input schema of tool [" + toolName + "] must be a JSON object, but was ["
        + json + "]");
  }
}
