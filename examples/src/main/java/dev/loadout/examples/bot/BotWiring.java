package dev.loadout.examples.bot;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.tools.persona.NoticePermissionProbe;
import dev.loadout.tools.persona.PersonaBlockInterceptor;
import dev.loadout.tools.persona.PersonaBlockTools;
import dev.loadout.tools.persona.PersonaBlocks;
import dev.loadout.core.capabilities.ReviewCapabilities;
import dev.loadout.direct.AnswerShaper;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectConfig;
import dev.loadout.direct.DirectRouter;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.KeywordRule;
import dev.loadout.direct.TriggerMode;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.search.SearchFunction;
import dev.loadout.mcp.GuildMcpManager;
import dev.loadout.mcp.HostMcpConfig;
import dev.loadout.mcp.HostMcpServer;
import dev.loadout.mcp.McpSettings;
import dev.loadout.tools.web.FetchUrlConfig;
import dev.loadout.tools.web.FetchUrlTool;
import dev.loadout.tools.web.search.WebSearchTool;
import dev.loadout.tools.web.search.WebSearchToolBuilder;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything the bot is made of, built once at start: the stores, the tools, the MCP manager, the direct rules and
 * the {@link Loadout} that ties them together. Closing it closes them in reverse.
 */
final class BotWiring implements AutoCloseable {
  /** The bot's own commands: direct-invocation rules may not take these names. */
  static final List<String> RESERVED = List.of("/tools", "/why", "/guild", "/as", "/mcp", "/quit");
  /** Keyword mode, so both rules work; a second's cooldown, which the scripted session's clock always passes. */
  static final DirectSettings DIRECT = DirectSettings.defaults().withMode(TriggerMode.KEYWORD)
      .withCooldown(Duration.ofSeconds(1));
  /**
   * A direct rule's answer, as the library shapes one no model wrote: the tool's data cut to the settings' answer
   * length on one line, marked as unchecked. The bot makes no model call for a direct rule (the model is not asked).
   */
  static final AnswerShaper SHAPER = AnswerShaper.of(DIRECT.answerChars(), "(unverified) ");

  final BotStores stores;
  final GuildMcpManager mcp;
  final Loadout loadout;
  final DirectRouter router;
  final List<HostMcpServer> hostServers;
  private final PersonaBlocks blocks;
  private final WebSearchTool webSearch;

  /**
   * @param search the engine of {@code web_search} when given (the scripted session's offline index), else the
   *     engines the environment configures ({@code SEARXNG_URL}, {@code BRAVE_API_KEY}, DuckDuckGo)
   * @param mcpSettings the MCP settings; the scripted session's drop the HTTPS rule for its loopback servers
   * @param hostMcpYaml the host's MCP servers file's text, or null for none
   * @param console where the lines of running tools go, whichever thread they come from
   * @param progress the progress line of running tools
   */
  BotWiring(BotStores stores, NetworkPolicy policy, McpSettings mcpSettings, Map<String, String> env,
      SearchFunction search, String hostMcpYaml, Clock clock, StreamedAnswer console, ToolProgress progress) {
    this.stores = stores;
    NetworkGuard guard = NetworkGuard.of(policy);
    this.hostServers = hostMcpYaml == null ? List.of() : HostMcpConfig.fromYaml(hostMcpYaml, env);
    this.mcp = GuildMcpManager.builder(stores.mcp(), guard).settings(mcpSettings)
        .hostServers(hostServers).clock(clock)
        // MCP progress notifications become progress lines too.
        .progressListener(p -> console.line("  ... " + p.server() + "/" + p.tool() + " "
            + (p.fraction().isPresent() ? Math.round(p.fraction().getAsDouble() * 100) + "%" : "at " + p.progress())
            + p.message().map(m -> ": " + m).orElse("")))
        .build();
    this.blocks = PersonaBlocks.builder(stores.blocks()).clock(clock).build();
    PersonaBlockTools blocking = PersonaBlockTools.builder(blocks, NoticePermissionProbe.ALL_GRANTED).build();
    WebSearchToolBuilder searchBuilder = WebSearchTool.builder().networkPolicy(policy);
    if (search != null) {
      // Only the offline index: no public engine is ever asked in the scripted session.
      searchBuilder.mcpFallback(search).duckDuckGo(false).engineOrder(List.of(WebSearchToolBuilder.MCP));
    }
    this.webSearch = searchBuilder.build();
    FetchUrlTool fetchUrl = FetchUrlTool.create(SafeHttpClient.builder(guard).build(), FetchUrlConfig.fromEnvironment(env));
    List<BaseTool> tools = new ArrayList<>(List.of(ReviewCapabilities.builder().commands(BotWiring::commands).build(), fetchUrl, webSearch,
        SampleTools.rollDice(), SampleTools.banMember()));
    tools.addAll(blocking.tools());
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().register(tools.toArray(BaseTool[]::new)).build())
        .groupOrder(List.of("web", "moderation")).externalTools(mcp)
        // A line when a call starts, whoever asked for it (the model or a direct rule), even one Loadout refuses...
        .addInterceptor(chain -> {
          console.line("  ... calling " + chain.call().name());
          return chain.proceed(chain.call());
        })
        // No tool runs for a user the persona has muted or blocked, whichever path asked for the call.
        .addInterceptor(PersonaBlockInterceptor.of(blocks))
        // ...and the progress line while one that passed the checks runs.
        .addToolInterceptor(progress.interceptor());
    AvailabilityFilters.standard().forEach(b::addFilter);
    this.loadout = b.build();
    this.router = DirectRouter.of(directRules(webSearch.spec(), fetchUrl.spec()), stores.tasks(), DIRECT, clock);
  }

  /** The persona's blocks, checked on every message before it is routed. */
  PersonaBlocks blocks() {
    return blocks;
  }

  /** The console's commands, in the shape of Discord's command registration, for {@code review_capabilities}. */
  static tools.jackson.databind.JsonNode commands() {
    tools.jackson.databind.node.ArrayNode list = ChatSession.JSON.createArrayNode();
    list.addObject().put("name", "roll").put("description", "Rolls a die: /roll SIDES (runs without the model).");
    list.addObject().put("name", "read").put("description", "Reads a page: /read URL (runs without the model).");
    list.addObject().put("name", "tools").put("description", "What the model sees now, and its token cost.");
    list.addObject().put("name", "why").put("description", "Why a tool is hidden: /why NAME.");
    list.addObject().put("name", "mcp").put("description", "The guild's MCP servers: /mcp add|list|remove.");
    return list;
  }

  /**
   * Slash commands for dice and for reading a page, and a keyword rule that searches the web, all without asking the
   * model.
   */
  static DirectCatalog directRules(dev.loadout.core.ToolSpec webSearch, dev.loadout.core.ToolSpec fetchUrl) {
    return DirectCatalog.empty(RESERVED)
        .save(SampleTools.ROLL_DICE, DirectConfig.builder(SampleTools.ROLL_DICE.name()).command("/roll")
            .template("{\"sides\":\"{{number:input}}\"}").build())
        .save(fetchUrl, DirectConfig.builder("fetch_url").command("/read").template("{\"url\":\"{{input}}\"}").build())
        .save(webSearch, DirectConfig.builder("web_search")
            .rule(KeywordRule.regex("(?i)look up (.+)")).template("{\"query\":\"{{1}}\"}").build());
  }

  @Override
  public void close() {
    loadout.close();
    webSearch.close();
    mcp.close();
    blocks.close();
  }
}
