package dev.loadout.core;

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
 * The 300-tool guild of issue 19's numbers: the shared 100-tool fixture (60 bot built-ins, 40 MCP-style tools of ten
 * servers) plus {@code mcp-tools-200.json}, 200 more MCP-style tools of ten more servers (Slack, Linear, GitLab,
 * Confluence, Stripe, Google Calendar, Google Drive, HubSpot, Datadog, Kubernetes; 20 each, written like the fixture's
 * MCP half). Built-ins get groups by position as the benchmarks' {@code Toolset} does (the first nine are core), and
 * every MCP-style tool comes from a guild {@link ToolSource} per server, in group {@code mcp}.
 */
final class GuildToolset {
  static final List<String> GROUP_ORDER = List.of("search", "media", "moderation");
  private static final int[] BUILT_IN_STARTS = {9, 20, 30, 40, 50};
  private static final String[] BUILT_IN_GROUPS = {"memory", "search", "media", "moderation", "utility"};
  private static final int[] MCP_STARTS = {60, 68, 76, 84, 88, 89, 93, 95, 97, 98};
  private static final String[] MCP_SERVERS = {"filesystem", "github", "playwright", "jira", "postgres", "notion",
      "sentry", "time", "fetch", "memory"};

  final ToolRegistry registry;
  final List<ToolSource> sources;
  /** All 300 specs, built-ins first. */
  final List<ToolSpec> all;

  private GuildToolset(ToolRegistry registry, List<ToolSource> sources, List<ToolSpec> all) {
    this.registry = registry;
    this.sources = sources;
    this.all = all;
  }

  static GuildToolset load() {
    List<ToolSpec> fixture = FixtureTools.fixture();
    List<ToolSpec> all = new ArrayList<>();
    ToolRegistry.Builder registry = ToolRegistry.builder();
    for (int i = 0; i < 60; i++) {
      ToolSpec s = fixture.get(i);
      String group = null;
      for (int g = 0; g < BUILT_IN_STARTS.length; g++) {
        if (i >= BUILT_IN_STARTS[g]) {
          group = BUILT_IN_GROUPS[g];
        }
      }
      ToolSpec spec = group == null ? s : s.toBuilder().group(group).build();
      registry.register(Tools.FnTool.echo(spec));
      all.add(spec);
    }
    Map<String, List<BaseTool>> servers = new LinkedHashMap<>();
    for (int i = 60; i < 100; i++) {
      String server = null;
      for (int g = 0; g < MCP_STARTS.length; g++) {
        if (i >= MCP_STARTS[g]) {
          server = MCP_SERVERS[g];
        }
      }
      add(servers, server, fixture.get(i).toBuilder().group("mcp").build(), all);
    }
    try (InputStream in = GuildToolset.class.getResourceAsStream("/mcp-tools-200.json")) {
      for (JsonNode tool : Json.MAPPER.readTree(in)) {
        JsonNode fn = tool.get("function");
        ToolSpec spec = ToolSpec.builder(fn.get("name").stringValue(), (ObjectNode) fn.get("parameters"))
            .description(fn.get("description").stringValue()).group("mcp").build();
        add(servers, tool.get("x-server").stringValue(), spec, all);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<ToolSource> sources = new ArrayList<>();
    servers.forEach((server, tools) -> sources.add(ToolSource.of(server, server, tools)));
    if (all.size() != 300) {
      throw new IllegalStateException("the guild must have 300 tools, but has " + all.size());
    }
    return new GuildToolset(registry.build(), List.copyOf(sources), List.copyOf(all));
  }

  private static void add(Map<String, List<BaseTool>> servers, String server, ToolSpec spec, List<ToolSpec> all) {
    servers.computeIfAbsent(server, s -> new ArrayList<>()).add(Tools.FnTool.echo(spec));
    all.add(spec);
  }

  /** Core and the configured groups loaded; the other built-in groups and every MCP tool deferred. */
  static final DeferralPolicy KEEP_CONFIGURED = DeferralPolicy.builder().groups("memory", "utility").allExternal().build();
  /** Only core loaded: every group and every MCP tool deferred. */
  static final DeferralPolicy KEEP_CORE = DeferralPolicy.builder()
      .groups("memory", "search", "media", "moderation", "utility").allExternal().build();

  /** A Loadout over the guild, with tool search under this policy, or none when null. */
  Loadout loadout(DeferralPolicy policy) {
    Loadout.Builder b = Loadout.builder(registry).groupOrder(GROUP_ORDER).externalTools(ctx -> sources);
    if (policy != null) {
      b.toolSearch(ToolSearch.builder(policy).build());
    }
    return b.build();
  }
}
