package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.core.availability.ToolGroupsConfig;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.McpReply;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Host servers through the manager, as a bot runs them: offered in direct messages and in guilds before the
 * guild's own servers, outranking a guild tool of the same name, and guarded like guild servers unless the host
 * trusts their private address.
 */
@Timeout(60)
class HostServersTest {
  static final TurnContext DM = TurnContext.builder("openai", "gpt-test").userId("u1").build();
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").userId("u1").build();

  @RegisterExtension
  static final McpTestServerExtension HOST = McpTestServerExtension.of(TestServers.standard("bot-wide")
      .tool("lookup", "Looks a word up.", args -> McpReply.text("host lookup")));
  @RegisterExtension
  static final McpTestServerExtension GUILD = McpTestServerExtension.of(McpTestServer.builder().name("guild")
      .tool("lookup", "Looks a word up.", args -> McpReply.text("guild lookup"))
      .tool("guild_only", "Only the guild has it.", args -> McpReply.text("guild only")));

  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .executionTimeout(Duration.ofSeconds(5)).build();
  GuildMcpManager manager;
  final McpEvents events = new McpEvents();

  @AfterEach
  void close() {
    if (manager != null) {
      manager.close();
    }
  }

  GuildMcpManager manager(NetworkPolicy policy, HostMcpServer... hosts) {
    manager = GuildMcpManager.builder(store, NetworkGuard.of(policy)).settings(settings).listener(events)
        .hostServers(List.of(hosts)).build();
    return manager;
  }

  static ToolResult call(BaseTool tool, TurnContext context, String args) throws Exception {
    return tool.execute(ToolCall.of("c1", tool.spec().name(), args), context).toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void aHostServersToolsAreOfferedInADirectMessageWhereNoGuildServerCanBe() throws Exception {
    manager(NetworkPolicy.development(), HostMcpServer.http("wiki", HOST.server().streamableUrl()).build());

    List<ToolSource> sources = manager.sourcesFor(DM);

    assertThat(sources).extracting(ToolSource::label).containsExactly("wiki");
    assertThat(sources.get(0).level()).isEqualTo(ToolSource.Level.HOST);
    BaseTool lookup = sources.get(0).tools().stream().filter(t -> t.spec().name().equals("lookup")).findFirst().orElseThrow();
    assertThat(((ToolResult.Success) call(lookup, DM, "{}")).summary()).contains("host lookup");
    assertThat(manager.sourcesFor(DM)).as("warm turns reuse the same sources").isSameAs(sources);
  }

  @Test
  void inAGuildTheHostsToolKeepsItsNameAndTheGuildsSameNamedToolIsHiddenWithAReason() throws Exception {
    manager(NetworkPolicy.development(), HostMcpServer.http("wiki", HOST.server().streamableUrl()).build());
    store.insert(McpRegistration.draft("g1", "notes", GUILD.server().streamableUrl(), null, ServerType.GENERAL, null))
        .orElseThrow();
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().build()).externalTools(manager).build()) {
      PreparedTurn turn = loadout.prepare(G1);

      assertThat(turn.externalSource("lookup")).contains("wiki");
      HiddenTool hidden = turn.hidden("lookup").orElseThrow();
      assertThat(hidden.reasons().get(0).code()).isEqualTo("name_taken_by_host");
      assertThat(hidden.reasons().get(0).message()).contains("[notes]", "[wiki]");
      ToolResult r = turn.execute(ToolCall.of("c1", "lookup", "{}")).toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertThat(((ToolResult.Success) r).summary()).contains("host lookup");
      // The guild's other tool is kept: only the colliding name is decided.
      assertThat(turn.externalSource("guild_only")).contains("notes");
      assertThat(turn.visibleNames()).contains("echo", "guild_only").doesNotHaveDuplicates();
    }
  }

  @Test
  void aHostServerOnAPrivateAddressIsRefusedByTheProductionGuardUnlessTheHostTrustsIt() throws Exception {
    // The test server listens on 127.0.0.1, which production refuses like any private address.
    manager(NetworkPolicy.production(), HostMcpServer.http("refused", HOST.server().streamableUrl()).build(),
        HostMcpServer.http("trusted", GUILD.server().streamableUrl()).trustedPrivate(true).build());
    HOST.server().clearRequests();

    List<ToolSource> sources = manager.sourcesFor(DM);

    assertThat(Sources.offering(sources)).containsExactly("trusted");
    assertThat(Sources.hiddenBecause(sources, "refused")).contains(McpFailureCodes.QUARANTINED);
    assertThat(HOST.server().requests()).as("refused before any request").isEmpty();
  }

  @Test
  void aHostServersOwnDeadlineAndSelectionApply() throws Exception {
    manager(NetworkPolicy.development(), HostMcpServer.http("wiki", HOST.server().streamableUrl())
        .toolSelection(ToolSelection.builder().deny("fails", "dotted.*").prefix("wiki_").build())
        .executionTimeout(Duration.ofSeconds(40)).build());

    ToolSource wiki = manager.sourcesFor(DM).get(0);

    assertThat(wiki.tools()).extracting(t -> t.spec().name()).contains("wiki_echo", "wiki_lookup")
        .doesNotContain("wiki_fails", "echo");
    assertThat(wiki.hidden()).extracting(HiddenTool::name).contains("wiki_fails");
    assertThat(wiki.hidden().get(0).reasons().get(0).code()).isEqualTo(ToolSelection.TOOL_DENIED);
    // The server's own deadline, plus the grace that lets the MCP deadline end a call first.
    assertThat(wiki.tools().get(0).spec().timeout()).contains(Duration.ofSeconds(40).plus(Listings.CALL_GRACE));
  }

  @Test
  void aHostServersGroupLetsAToolGroupsRuleLimitWhereItsToolsAreOffered() {
    manager(NetworkPolicy.development(), HostMcpServer.http("wiki", HOST.server().streamableUrl()).group("wiki").build());
    ToolGroupsConfig groups = ToolGroupsConfig.fromYaml("tool_groups:\n  wiki:\n    channels: [\"111\"]\n");
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().build()).externalTools(manager)
        .addFilter(AvailabilityFilters.toolGroups(groups)).build()) {
      TurnContext inside = TurnContext.builder("openai", "gpt-test").guildId("g1").channelId("111").build();
      TurnContext outside = TurnContext.builder("openai", "gpt-test").guildId("g1").channelId("222").build();

      assertThat(loadout.prepare(inside).visibleNames()).contains("lookup");
      PreparedTurn elsewhere = loadout.prepare(outside);
      assertThat(elsewhere.visibleNames()).doesNotContain("lookup");
      assertThat(elsewhere.hidden("lookup")).isPresent();
    }
  }

  @Test
  void aDisabledHostServerIsNeitherConnectedNorShown() {
    manager(NetworkPolicy.development(), HostMcpServer.http("off", HOST.server().streamableUrl()).enabled(false).build());
    int before = HOST.server().requests().size();

    assertThat(manager.sourcesFor(DM)).isEmpty();
    assertThat(HOST.server().requests()).hasSize(before);
  }

  @ParameterizedTest(name = "the host's executor: {0}")
  @ValueSource(booleans = {false, true})
  void closeReturnsOnlyOnceAStdioHostServersProcessIsGone(boolean hostExecutor) {
    StdioCommand fake = StdioHarness.fake();
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newCachedThreadPool();
    GuildMcpManager.Builder b = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
        .settings(settings).hostServers(List.of(HostMcpServer.stdio("fake", fake.command(), fake.args()).build()));
    manager = (hostExecutor ? b.executor(pool) : b).build();
    java.util.Set<ProcessHandle> before = ProcessHandle.current().descendants().collect(java.util.stream.Collectors.toSet());
    assertThat(Sources.offering(manager.sourcesFor(DM))).containsExactly("fake");
    List<ProcessHandle> started = ProcessHandle.current().descendants().filter(h -> !before.contains(h)).toList();
    assertThat(started).as("the first turn started the server").hasSize(1);

    manager.close();

    // The graceful close runs on the executor: close returned before it (the host's executor), or shut its own
    // executor down first, so that the close was refused and the process lived on.
    boolean alive = started.get(0).isAlive();
    started.get(0).destroyForcibly();
    pool.shutdownNow();
    assertThat(alive).as("pid " + started.get(0).pid() + " is alive when close returns").isFalse();
  }

  @Test
  void aStdioServerThatDiesMidCallIsKnownToBeDownWhenTheCallReturns() throws Exception {
    StdioCommand fake = StdioHarness.fake();
    manager(NetworkPolicy.development(), HostMcpServer.stdio("fake", fake.command(), fake.args()).build());
    // Several rounds: the stdio transport answers the waiting call before it reports the loss, a race the bot's
    // next turn lost about every other time, seeing the dead connection's tools.
    for (int round = 0; round < 10; round++) {
      // A turn, and another after each connect or breaker event, until the restarted process offers its tools.
      List<ToolSource> sources = events.await(() -> manager.sourcesFor(DM), s -> !Sources.offering(s).isEmpty());
      assertThat(Sources.offering(sources)).as("round " + round + ": restarted").containsExactly("fake");
      // An answered call: the breaker counts consecutive failures only.
      assertThat(call(tool(sources, "echo"), DM, "{\"text\":\"hi\"}").isSuccess()).isTrue();

      ToolResult died = call(tool(sources, "exit"), DM, "{\"code\":3}");
      List<ToolSource> next = manager.sourcesFor(DM);

      assertThat(((ToolResult.Failure) died).code()).as(died.toString()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
      assertThat(Sources.offering(next)).as("round " + round + ": the turn after the failed call").isEmpty();
      assertThat(Sources.hiddenBecause(next, "fake")).get().as("round " + round).isIn(McpFailureCodes.CONNECTION_LOST,
          McpFailureCodes.QUARANTINED);
    }
  }

  static BaseTool tool(List<ToolSource> sources, String name) {
    return sources.get(0).tools().stream().filter(t -> t.spec().name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void theConfigFileBuildsTheSameServersAsCode() {
    String yaml = "servers:\n"
        + "  - name: wiki\n"
        + "    url: " + HOST.server().streamableUrl() + "\n"
        + "    token_env: WIKI_TOKEN\n"
        + "    tools: { deny: [fails], prefix: wiki_ }\n"
        + "    execution_timeout_ms: 40000\n"
        + "  - name: files\n"
        + "    command: node\n"
        + "    args: [server.js, --root, /srv]\n"
        + "    env: { LOG_LEVEL: warn }\n";

    List<HostMcpServer> servers = HostMcpConfig.fromYaml(yaml, Map.of("WIKI_TOKEN", "tok-wiki"));

    assertThat(servers.get(0)).isEqualTo(HostMcpServer.http("wiki", HOST.server().streamableUrl()).token("tok-wiki")
        .toolSelection(ToolSelection.builder().deny("fails").prefix("wiki_").build())
        .executionTimeout(Duration.ofSeconds(40)).build());
    assertThat(servers.get(1).transport()).isEqualTo(HostMcpServer.Transport.STDIO);
    assertThat(servers.get(1).commandLine()).containsExactly("node", "server.js", "--root", "/srv");
    assertThat(servers.get(1).toString()).doesNotContain("warn", "/srv");
    assertThat(servers.get(0).toString()).doesNotContain("tok-wiki");
  }
}
