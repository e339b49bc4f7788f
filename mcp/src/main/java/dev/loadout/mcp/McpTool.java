package dev.loadout.mcp;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import tools.jackson.databind.node.ObjectNode;

/**
 * One tool of an MCP server as a {@link BaseTool}: its provider-safe name, the server's description and input
 * schema. A call goes to {@link Calls}, which re-checks the server from a fresh read and runs it under the
 * server's call deadline.
 */
final class McpTool implements BaseTool {
  static final String GROUP = "mcp";
  static final String METADATA_MCP_NAME = "mcp_name";
  static final String METADATA_SERVER = "mcp_server";

  private final ToolSpec spec;
  private final String mcpName;
  private final Target target;
  private final Calls calls;
  private final Executor blocking;

  McpTool(ToolSpec spec, String mcpName, Target target, Calls calls, Executor blocking) {
    this.spec = spec;
    this.mcpName = mcpName;
    this.target = target;
    this.calls = calls;
    this.blocking = blocking;
  }

  static ToolSpec spec(String modelName, String mcpName, String description, ObjectNode schema, Target target) {
    String text = description == null || description.isBlank()
        ? "Tool '" + mcpName + "' of the MCP server '" + target.name() + "'."
        : description;
    return ToolSpec.builder(modelName, schema).description(text).group(target.group())
        .metadata(METADATA_MCP_NAME, mcpName).metadata(METADATA_SERVER, target.name()).build();
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  /** The name the server knows. */
  String mcpName() {
    return mcpName;
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    try {
      return CompletableFuture.supplyAsync(() -> calls.call(target, mcpName, spec, call, context), blocking);
    } catch (RejectedExecutionException e) {
      return CompletableFuture.completedFuture(ToolResult.failure(McpFailureCodes.UNAVAILABLE,
          "The MCP tools are shutting down.", false));
    }
  }

  @Override
  public String toString() {
    return "McpTool{" + spec.name() + " of " + target.key().describe() + "}";
  }
}
