package dev.loadout.mcp;

import dev.loadout.core.BaseTool;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.ToolSource;
import dev.loadout.core.ToolSpec;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a server's {@code tools/list} into what a turn sees: one {@link McpTool} per usable tool, named as the
 * server's {@link ToolSelection} says (its prefix, then the provider-safe name), and the server's tools that are
 * not offered, each with its reason: left out by the selection's allowlist or denylist, requiring MCP task
 * support (Loadout does not implement tasks yet, so it would fail every call), or with a name or schema no
 * provider accepts. The selection applies before the collision rules, so a denied tool never collides.
 * A {@code web_search} or {@code url_fetcher} server's tools stand in for built-ins and need the replacement
 * flag ({@link ReplacementTool}). The deadline each tool declares to Loadout is the server's call deadline plus
 * {@link #CALL_GRACE}, so the MCP deadline (with its cancellation notice) ends a call first, whatever
 * {@code Loadout.Builder.defaultTimeout} says.
 */
final class Listings {
  private static final Logger LOG = LoggerFactory.getLogger(Listings.class);
  /** How much longer Loadout's own deadline of an MCP tool is than the MCP call's deadline. */
  static final java.time.Duration CALL_GRACE = java.time.Duration.ofSeconds(2);

  private final Calls calls;
  private final Executor blocking;
  private final Clock clock;

  Listings(Calls calls, Executor blocking, Clock clock) {
    this.calls = calls;
    this.blocking = blocking;
    this.clock = clock;
  }

  Connection.Listing of(Target t, List<McpSchema.Tool> discovered, Set<String> taskRequired) {
    List<BaseTool> tools = new ArrayList<>();
    List<HiddenTool> hidden = new ArrayList<>();
    for (McpSchema.Tool tool : discovered) {
      String modelName = t.selection().modelName(tool.name());
      ToolSelection.Decision decision = t.selection().decide(tool.name());
      if (!decision.offered()) {
        hidden.add(hidden(modelName, decision.code(), "MCP server [" + t.name() + "]: " + decision.reason(), t));
        continue;
      }
      if (taskRequired.contains(tool.name())) {
        hidden.add(hidden(modelName, McpFailureCodes.TASK_REQUIRED, "[" + tool.name() + "] of the MCP server ["
            + t.name() + "] requires MCP task support, which Loadout does not implement yet", t));
        continue;
      }
      try {
        ObjectNode schema = tool.inputSchema() == null ? Pool.JSON.createObjectNode().put("type", "object")
            : (ObjectNode) Pool.JSON.valueToTree(tool.inputSchema());
        ToolSpec spec = McpTool.spec(modelName, tool.name(), tool.description(), schema, t)
            .toBuilder().timeout(t.callTimeout().plus(CALL_GRACE)).build();
        tools.add(new McpTool(spec, tool.name(), t, calls, blocking));
      } catch (RuntimeException e) {
        LOG.warn("Tool of MCP {} ('{}') skipped: its name or schema is not usable ({})", t.key().describe(), t.name(),
            e.getClass().getSimpleName());
        hidden.add(hidden(modelName, "mcp_tool_unusable", "[" + tool.name() + "] of the MCP server [" + t.name()
            + "] has a name or input schema Loadout cannot offer to a model", t));
      }
    }
    List<BaseTool> offered = t.replacedFamily().isPresent() ? ReplacementTool.all(tools, t.name()) : List.copyOf(tools);
    ToolSource source = ToolSource.of(t.sourceId(), t.name(), offered).level(t.level()).withHidden(hidden);
    if (t.replacedFamily().isPresent()) {
      source = source.replacing(t.replacedFamily().get());
    }
    return new Connection.Listing(List.copyOf(discovered), offered, List.copyOf(hidden), source, clock.millis());
  }

  /** The model names of a listing's offered tools, for diagnostics while the server is down. */
  List<String> names(Connection.Listing l) {
    List<String> names = new ArrayList<>();
    l.loadoutTools().forEach(tool -> names.add(tool.spec().name()));
    return List.copyOf(names);
  }

  private static HiddenTool hidden(String name, String code, String message, Target t) {
    return new HiddenTool(name, List.of(new HiddenTool.Reason(code, message, t.sourceId())));
  }
}
