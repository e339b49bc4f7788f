package dev.loadout.mcp;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import tools.jackson.databind.node.ObjectNode;

/**
 * One tool of a guild MCP server as a {@link BaseTool}: its provider-safe name, the server's description and
 * input schema. A call goes back to the manager, which re-checks the registration from a fresh read and
 * runs it under the execution deadline.
 */
final class McpTool implements BaseTool {
  static final String GROUP = "mcp";
  static final String METADATA_MCP_NAME = "mcp_name";
  static final String METADATA_SERVER = "mcp_server";

  private final ToolSpec spec;
  private final String mcpName;
  private final McpRegistration registration;
  private final Calls calls;
  private final Executor blocking;

  McpTool(ToolSpec spec, String mcpName, McpRegistration registration, Calls calls, Executor blocking) {
    this.spec = spec;
    this.mcpName = mcpName;
    this.registration = registration;
    this.calls = calls;
    this.blocking = blocking;
  }

  static ToolSpec spec(String mcpName, String description, ObjectNode schema, McpRegistration registration) {
    String text = description == null || description.isBlank()
        ? "Tool '" + mcpName + "' of the MCP server '" + registration.name() + "'."
        : description;
    return ToolSpec.builder(ToolNames.providerSafe(mcpName), schema).description(text).group(GROUP)
        .metadata(METADATA_MCP_NAME, mcpName).metadata(METADATA_SERVER, registration.name()).build();
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
    return CompletableFuture.supplyAsync(() -> calls.call(registration, mcpName, spec.parameters(), call.argumentsJson()),
        blocking);
  }

  @Override
  public String toString() {
    return "McpTool{" + spec.name() + " of " + registration.guildId() + "/" + registration.id() + "}";
  }
}
