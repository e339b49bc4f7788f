package dev.loadout.mcp;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A tool of a {@code web_search} or {@code url_fetcher} server: it stands in for a built-in of the web family,
 * so the {@link GuildMcpManager#REPLACEMENT_FLAG} switch turns it off. Its spec declares the switch (the
 * standard availability filters hide it with {@code feature_flag_off} when a turn sets the flag to false; unset
 * is on, like every built-in switch), and a call is checked again against the call's own context, so a call that
 * arrives anyway, or a host without the standard filters, still cannot run it.
 */
final class ReplacementTool implements BaseTool {
  private final BaseTool tool;
  private final ToolSpec spec;
  private final String server;

  private ReplacementTool(BaseTool tool, String server) {
    this.tool = tool;
    this.spec = tool.spec().toBuilder().switchedOffBy(GuildMcpManager.REPLACEMENT_FLAG).build();
    this.server = server;
  }

  static List<BaseTool> all(List<BaseTool> tools, String server) {
    List<BaseTool> out = new ArrayList<>(tools.size());
    tools.forEach(t -> out.add(new ReplacementTool(t, server)));
    return List.copyOf(out);
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    if (!context.switchedOn(GuildMcpManager.REPLACEMENT_FLAG)) {
      return CompletableFuture.completedFuture(ToolResult.failure(AvailabilityFilters.FEATURE_FLAG_OFF,
          "The feature flag [" + GuildMcpManager.REPLACEMENT_FLAG + "] is set to false for this turn, so '" + spec.name()
              + "' of the MCP server '" + server + "' cannot run.", false));
    }
    return tool.execute(call, context);
  }

  @Override
  public String toString() {
    return "ReplacementTool{" + tool + "}";
  }
}
