package dev.loadout.benchmarks;

import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.mcp.BreakerState;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.mcp.InMemoryMcpRegistrationStore;
import dev.loadout.mcp.McpRegistration;
import dev.loadout.mcp.McpSettings;
import dev.loadout.mcp.ServerType;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One guild's MCP servers for the gather benchmarks: healthy in-JVM servers with eight tools each, and
 * optionally one that hangs at {@code initialize} (accepts the POST and never answers), all on 127.0.0.1,
 * registered in an in-memory store under guild {@value #GUILD}.
 */
final class McpGuild implements AutoCloseable {
  static final String GUILD = "bench-guild";
  static final TurnContext TURN = TurnContext.builder("openai", "gpt-bench").guildId(GUILD).build();
  static final int TOOLS_PER_SERVER = 8;
  private static final String TEXT_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}";

  final List<McpTestServer> healthy = new ArrayList<>();
  final McpTestServer hanging;
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final McpRegistration hangingRegistration;

  McpGuild(int healthyServers, boolean withHanging) {
    for (int i = 0; i < healthyServers; i++) {
      McpTestServer s = server("healthy-" + i).start();
      healthy.add(s);
      store.insert(McpRegistration.draft(GUILD, "healthy-" + i, s.streamableUrl(), "tok-" + i, ServerType.GENERAL, null));
    }
    if (withHanging) {
      hanging = server("hanging").start();
      hanging.inject(McpFault.hangAtInitialize());
      hangingRegistration = store.insert(McpRegistration.draft(GUILD, "hanging", hanging.streamableUrl(), null,
          ServerType.GENERAL, null)).orElseThrow();
    } else {
      hanging = null;
      hangingRegistration = null;
    }
  }

  static McpTestServer server(String name) {
    McpTestServer.Builder b = McpTestServer.builder().name(name);
    for (int t = 0; t < TOOLS_PER_SERVER; t++) {
      String tool = "tool_" + t;
      b.tool(tool, "Bench tool " + t + " of " + name + ".", TEXT_SCHEMA, args -> McpReply.text(tool + ": " + args.get("text")));
    }
    return b.build();
  }

  /** A manager over this guild with these deadlines and a quarantine that outlasts any run. */
  GuildMcpManager manager(Duration connectTimeout) {
    McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(connectTimeout)
        .failureCooldown(Duration.ofHours(1)).maxFailureCooldown(Duration.ofHours(1)).build();
    return GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development())).settings(settings).build();
  }

  /**
   * Connects every healthy server once with a generous deadline, so a measured first gather meets warm
   * servers (a cold in-JVM server's first handshake can outlast a short connect timeout).
   */
  void warmUp() {
    try (GuildMcpManager m = manager(Duration.ofSeconds(30))) {
      for (McpTestServer s : healthy) {
        if (!m.configOperations().probe(s.streamableUrl(), null).succeeded()) {
          throw new IllegalStateException("warm-up could not reach " + s);
        }
      }
    }
  }

  /**
   * Fails the run unless the gather returned every healthy server with its tools, and quarantined the hanging
   * one (which a gather returns as a source whose tools are all hidden, with the reason).
   */
  void check(GuildMcpManager m, List<ToolSource> gathered) {
    List<ToolSource> offering = offering(gathered);
    if (offering.size() != healthy.size()
        || offering.stream().anyMatch(s -> s.tools().size() != TOOLS_PER_SERVER || !s.label().startsWith("healthy-"))
        || gathered.size() != healthy.size() + (hanging == null ? 0 : 1)) {
      throw new IllegalStateException("expected the " + healthy.size() + " healthy servers, but gathered " + gathered);
    }
    if (hangingRegistration != null
        && !m.breakerState(GUILD, hangingRegistration.id()).equals(java.util.Optional.of(BreakerState.OPEN))) {
      throw new IllegalStateException("the hanging server is not quarantined: " + m.breakerState(GUILD, hangingRegistration.id()));
    }
  }

  /** The gathered sources that offer tools; a server that is down is a source that only hides its tools. */
  static List<ToolSource> offering(List<ToolSource> gathered) {
    return gathered.stream().filter(s -> !s.tools().isEmpty()).toList();
  }

  @Override
  public void close() {
    healthy.forEach(McpTestServer::stop);
    if (hanging != null) {
      hanging.stop();
    }
  }
}
