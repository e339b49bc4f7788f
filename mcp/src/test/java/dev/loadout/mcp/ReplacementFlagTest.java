package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@code web_search} switch that turns off the tools of replacement servers, against a real in-JVM server:
 * unset is on, like every built-in switch, so registering a {@code url_fetcher} never leaves a guild without
 * URL fetching by default.
 */
@Timeout(60)
class ReplacementFlagTest {
  static final TurnContext FLAG_UNSET = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  static final TurnContext FLAG_ON = FLAG_UNSET.toBuilder().flag(GuildMcpManager.REPLACEMENT_FLAG, true).build();
  static final TurnContext FLAG_OFF = FLAG_UNSET.toBuilder().flag(GuildMcpManager.REPLACEMENT_FLAG, false).build();
  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("flags"));

  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(4))
          .executionTimeout(Duration.ofSeconds(2)).build()).build();

  @AfterEach
  void closeManager() {
    manager.close();
  }

  void register(ServerType type) {
    store.insert(McpRegistration.draft("g1", type.wireName().replace('_', '-'), MCP.server().streamableUrl(), null, type, null))
        .orElseThrow();
  }

  Loadout loadout() {
    ToolSpec fetchUrl = ToolSpec.builder("fetch_url", "{\"type\":\"object\",\"properties\":{\"url\":{\"type\":\"string\"}}}")
        .description("Reads a page.")
        .family("url_fetch").build();
    ToolRegistry registry = ToolRegistry.builder().register(BaseTool.of(fetchUrl, (c, ctx) -> ToolResult.text("built-in")))
        .build();
    Loadout.Builder b = Loadout.builder(registry).externalTools(manager);
    AvailabilityFilters.standard().forEach(b::addFilter);
    return b.build();
  }

  static BaseTool tool(List<ToolSource> sources, String name) {
    return sources.stream().flatMap(s -> s.tools().stream()).filter(t -> t.spec().name().equals(name)).findFirst().orElseThrow();
  }

  static ToolResult call(BaseTool tool, String args, TurnContext context) throws Exception {
    return tool.execute(ToolCall.of("c1", tool.spec().name(), args), context).toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void withTheFlagUnsetAUrlFetchersToolsAreShownSoTheGuildKeepsUrlFetching() {
    register(ServerType.URL_FETCHER);
    try (Loadout loadout = loadout()) {
      PreparedTurn turn = loadout.prepare(FLAG_UNSET);

      assertThat(turn.visibleNames()).contains("fetch", "echo").doesNotContain("fetch_url");
      assertThat(turn.hasFamily("url_fetch")).isTrue();
      assertThat(turn.hidden("fetch_url").orElseThrow().hasReason("replaced_by_source")).isTrue();
    }
  }

  @Test
  void withTheFlagSetToFalseTheToolsAreHiddenAndTheBuiltInComesBack() {
    register(ServerType.URL_FETCHER);
    try (Loadout loadout = loadout()) {
      PreparedTurn turn = loadout.prepare(FLAG_OFF);

      assertThat(turn.visibleNames()).doesNotContain("fetch", "echo").contains("fetch_url");
      assertThat(turn.hidden("fetch").orElseThrow().hasReason(AvailabilityFilters.FEATURE_FLAG_OFF)).isTrue();
      assertThat(turn.hidden("fetch_url")).isEmpty();
      assertThat(turn.familyToolNames("url_fetch")).containsExactly("fetch_url");
    }
  }

  @Test
  void withTheFlagOnTheyAreShownAndACallWithAUrlGetsTheFetchNotice() throws Exception {
    register(ServerType.URL_FETCHER);
    try (Loadout loadout = loadout()) {
      PreparedTurn turn = loadout.prepare(FLAG_ON);

      assertThat(turn.visibleNames()).contains("fetch", "echo").doesNotContain("fetch_url");
      assertThat(ProgressNotice.of(turn, ToolCall.of("1", "fetch", "{\"url\":\"http://127.0.0.1/x\"}")))
          .isEqualTo(new ProgressNotice(ProgressNotice.Kind.FETCH, "http://127.0.0.1/x"));
      assertThat(ProgressNotice.of(turn, ToolCall.of("2", "echo", "{\"text\":\"hi\"}")).kind())
          .isEqualTo(ProgressNotice.Kind.ARGUMENTS);
    }
  }

  @Test
  void aCallThatArrivesWithTheFlagFalseFailsWithFeatureFlagOffAndOneWithItOnOrUnsetRuns() throws Exception {
    register(ServerType.WEB_SEARCH);
    List<ToolSource> sources = manager.sourcesFor(FLAG_UNSET);
    BaseTool echo = tool(sources, "echo");

    MCP.server().clearRequests();
    ToolResult refused = call(echo, "{\"text\":\"hi\"}", FLAG_OFF);
    boolean reachedServer = MCP.server().requests().stream().anyMatch(r -> r.isJsonRpc("tools/call"));
    ToolResult ran = call(echo, "{\"text\":\"hi\"}", FLAG_ON);
    ToolResult ranUnset = call(echo, "{\"text\":\"hi\"}", FLAG_UNSET);

    assertThat(((ToolResult.Failure) refused).code()).isEqualTo(AvailabilityFilters.FEATURE_FLAG_OFF);
    assertThat(reachedServer).as("the refused call reached the server").isFalse();
    assertThat(((ToolResult.Failure) refused).message()).isEqualTo("The feature flag [web_search] is set to false for this turn, "
        + "so 'echo' of the MCP server 'web-search' cannot run.");
    assertThat(((ToolResult.Success) ran).summary().orElseThrow()).isEqualTo("echo: hi");
    assertThat(ranUnset.isSuccess()).isTrue();
  }

  @Test
  void aGeneralServersToolsNeedNoFlag() throws Exception {
    register(ServerType.GENERAL);
    BaseTool echo = tool(manager.sourcesFor(FLAG_UNSET), "echo");

    assertThat(echo.spec().requirements().featureFlags()).isEmpty();
    assertThat(echo.spec().requirements().switchFlags()).isEmpty();
    assertThat(call(echo, "{\"text\":\"hi\"}", FLAG_UNSET).isSuccess()).isTrue();
  }
}
