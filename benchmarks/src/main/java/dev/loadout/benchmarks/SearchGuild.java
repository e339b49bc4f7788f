package dev.loadout.benchmarks;

import dev.loadout.core.BaseTool;
import dev.loadout.core.DeferralPolicy;
import dev.loadout.core.Loadout;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolSearch;
import dev.loadout.core.ToolSource;
import dev.loadout.core.ToolSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue 19's 300-tool guild for the benchmarks: the 100-tool fixture ({@link Toolset}: 60 built-ins, 20 with per-context
 * variants, 40 MCP-style tools) plus {@code mcp-tools-200.json} (a copy of core's test resource: 200 MCP-style tools of
 * ten more servers). Every MCP-style tool comes from a guild {@link ToolSource} per server, as core's
 * {@code GuildToolset} builds it, so the bytes match the numbers in {@code docs/tool-search.md}.
 */
final class SearchGuild {
  static final String RESOURCE = "/mcp-tools-200.json";
  static final int SIZE = 300;
  /** Core and the three configured groups loaded (39 tools and {@code search_tools}); the rest deferred. */
  static final DeferralPolicy KEEP_CONFIGURED = DeferralPolicy.builder().groups("memory", "utility").allExternal().build();
  /** The five tools the session finds, one by one, each the intended tool of an everyday request. */
  static final List<String> FOUND = List.of("create_pull_request", "slack_post_message", "k8s_scale_deployment",
      "stripe_create_refund", "calendar_find_free_time");

  private static final int[] MCP_STARTS = {60, 68, 76, 84, 88, 89, 93, 95, 97, 98};
  private static final String[] MCP_SERVERS = {"filesystem", "github", "playwright", "jira", "postgres", "notion",
      "sentry", "time", "fetch", "memory"};

  private SearchGuild() {}

  /** A Loadout over the 300 tools with this tool search, or none when null. */
  static Loadout loadout(Toolset toolset, ToolSearch search) {
    Variants.check(toolset);
    List<BaseTool> builtIns = new ArrayList<>(Toolset.BUILT_INS);
    for (int i = 0; i < Toolset.BUILT_INS; i++) {
      builtIns.add(FixtureTool.of(toolset.spec(i), Variants.rule(toolset.name(i))));
    }
    ToolRegistry registry = ToolRegistry.builder().register(builtIns.toArray(new BaseTool[0])).build();
    Map<String, List<BaseTool>> servers = new LinkedHashMap<>();
    for (int i = Toolset.BUILT_INS; i < Toolset.SIZE; i++) {
      String server = null;
      for (int k = 0; k < MCP_STARTS.length && i >= MCP_STARTS[k]; k++) {
        server = MCP_SERVERS[k];
      }
      servers.computeIfAbsent(server, s -> new ArrayList<>())
          .add(FixtureTool.of(toolset.spec(i).toBuilder().group("mcp").build(), null));
    }
    try (InputStream in = SearchGuild.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("fixture " + RESOURCE + " is not on the classpath");
      }
      for (JsonNode tool : Toolset.MAPPER.readTree(in)) {
        JsonNode fn = tool.get("function");
        ToolSpec spec = ToolSpec.builder(fn.get("name").stringValue(), (ObjectNode) fn.get("parameters"))
            .description(fn.get("description").stringValue()).group("mcp").build();
        servers.computeIfAbsent(tool.get("x-server").stringValue(), s -> new ArrayList<>()).add(FixtureTool.of(spec, null));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<ToolSource> sources = new ArrayList<>();
    servers.forEach((server, tools) -> sources.add(ToolSource.of(server, server, tools)));
    int total = Toolset.BUILT_INS + sources.stream().mapToInt(s -> s.tools().size()).sum();
    if (total != SIZE) {
      throw new IllegalStateException("the guild must have " + SIZE + " tools, but has " + total);
    }
    List<ToolSource> guild = List.copyOf(sources);
    Loadout.Builder b = Loadout.builder(registry).groupOrder(Toolset.GROUP_ORDER).addFilter(LoadoutWarm.PERMISSION)
        .externalTools(ctx -> guild);
    return (search == null ? b : b.toolSearch(search)).build();
  }
}
