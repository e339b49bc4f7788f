package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchFunction;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The schema the model sees, per backend combination, through a real Loadout. */
class WebSearchVariantTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String PARAMETERS = """
      {"type":"object","properties":{
        "query":{"type":"string","minLength":1,"description":"What to search for."},
        "category":{"type":"string","enum":%s,"description":"%s"},
        "count":{"type":"number","description":"%s"}},
       "required":["query"],"additionalProperties":false}""";
  private static final String COUNT_WITH_IMAGES = "How many results to return: default 5, at most 10 for image and 20 otherwise.";
  private static final String COUNT_TEXT = "How many results to return: default 5, at most 20.";

  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private PreparedTurn prepare(WebSearchTool tool, TurnContext context) {
    open.add(tool);
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).addFilter(tool.availabilityFilter()).build();
    open.add(loadout);
    return loadout.prepare(context);
  }

  private static JsonNode expected(String description, String enumJson, String categoryText, String countText) {
    return JSON.readTree("[{\"type\":\"function\",\"function\":{\"name\":\"web_search\",\"description\":\"" + description
        + "\",\"parameters\":" + PARAMETERS.formatted(enumJson, categoryText, countText) + "}}]");
  }

  private static JsonNode rendered(PreparedTurn turn) {
    return JSON.readTree(turn.render(Dialect.OPENAI_CHAT).json());
  }

  @Test
  void searxngExposesAllEightCategories() {
    PreparedTurn turn = prepare(WebSearchTool.builder().searxng("http://127.0.0.1:1/").build(), SearchFixtures.context().build());

    assertThat(rendered(turn)).isEqualTo(expected(
        "Search the web (SearXNG): titles, URLs and snippets of the best results.",
        "[\"text\",\"image\",\"video\",\"news\",\"science\",\"it\",\"files\",\"music\"]",
        "Search category. Default: text.",
        COUNT_WITH_IMAGES));
  }

  @Test
  void braveExposesTheFourBaseCategories() {
    PreparedTurn turn = prepare(WebSearchTool.builder().brave("k").build(), SearchFixtures.context().build());

    assertThat(rendered(turn)).isEqualTo(expected(
        "Search the web (Brave Search): titles, URLs and snippets of the best results.",
        "[\"text\",\"image\",\"video\",\"news\"]",
        "Search category. Default: text.",
        COUNT_WITH_IMAGES));
  }

  @Test
  void searxngWinsOverBraveByDefaultAndAConfiguredOrderOverridesIt() {
    WebSearchToolBuilder both = WebSearchTool.builder().searxng("http://127.0.0.1:1/").brave("k");

    assertThat(prepare(both.build(), SearchFixtures.context().build()).variant("web_search").orElseThrow().description())
        .startsWith("Search the web (SearXNG)");
    assertThat(prepare(both.engineOrder(List.of("brave", "searxng")).build(), SearchFixtures.context().build())
        .variant("web_search").orElseThrow().description())
        .startsWith("Search the web (Brave Search)");
  }

  @Test
  void noNarrowedVariantIsLargerThanTheBaseInAnyDialect() {
    // Issue 19: the SearXNG variant used to list its categories three times and cost more than the base spec.
    List<WebSearchTool> tools = List.of(WebSearchTool.builder().searxng("http://127.0.0.1:1/").build(),
        WebSearchTool.builder().brave("k").build(), WebSearchTool.builder().build(),
        WebSearchTool.builder().mcpFallback(new FakeSearchFunction(Optional.of("DuckDuckGo MCP"))).build());
    for (WebSearchTool tool : tools) {
      PreparedTurn turn = prepare(tool, SearchFixtures.context().build());
      ToolSpec variant = turn.variant("web_search").orElseThrow();
      assertThat(variant).isNotSameAs(tool.spec());
      for (Dialect dialect : Dialect.values()) {
        int base = size(tool.spec(), dialect);
        assertThat(size(variant, dialect)).as(variant.description() + " in " + dialect).isLessThanOrEqualTo(base);
      }
    }
  }

  private static int size(ToolSpec spec, Dialect dialect) {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(new BaseTool() {
      @Override
      public ToolSpec spec() {
        return spec;
      }

      @Override
      public java.util.concurrent.CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
        throw new AssertionError("never run");
      }
    }).build()).build()) {
      return loadout.prepare(SearchFixtures.context().build()).render(dialect).size();
    }
  }

  @Test
  void duckDuckGoAloneIsTextOnly() {
    PreparedTurn turn = prepare(WebSearchTool.builder().build(), SearchFixtures.context().build());

    assertThat(rendered(turn)).isEqualTo(expected(
        "Search the web (DuckDuckGo): titles, URLs and snippets of the best results.",
        "[\"text\"]",
        "Search category. Default: text.",
        COUNT_TEXT));
  }

  @Test
  void anMcpFunctionComesBeforeDuckDuckGoAndNamesItself() {
    SearchFunction mcp = new FakeSearchFunction(Optional.of("DuckDuckGo MCP"));

    PreparedTurn turn = prepare(WebSearchTool.builder().mcpFallback(mcp).build(), SearchFixtures.context().build());

    assertThat(rendered(turn)).isEqualTo(expected(
        "Search the web (DuckDuckGo MCP): titles, URLs and snippets of the best results.",
        "[\"text\"]",
        "Search category. Default: text.",
        COUNT_TEXT));
  }

  @Test
  void withNoUsableBackendTheToolIsHiddenWithAReason() {
    SearchFunction idle = new FakeSearchFunction(Optional.empty());

    PreparedTurn turn = prepare(WebSearchTool.builder().duckDuckGo(false).mcpFallback(idle).build(), SearchFixtures.context().build());

    assertThat(turn.visibleNames()).isEmpty();
    assertThat(turn.hidden("web_search").orElseThrow().reasons()).singleElement()
        .satisfies(r -> assertThat(r.code()).isEqualTo(WebSearchTool.NO_BACKEND));
  }

  @Test
  void withoutTheFilterAssemblyStillHidesItAndNamesTheCause() {
    WebSearchTool tool = WebSearchTool.builder().duckDuckGo(false).build();
    open.add(tool);
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    open.add(loadout);

    assertThat(loadout.prepare(SearchFixtures.context().build()).hidden("web_search").orElseThrow().reasons())
        .singleElement().satisfies(r -> assertThat(r.code()).isEqualTo(WebSearchTool.NO_BACKEND));
    assertThat(loadout.prepare(SearchFixtures.context().flag(WebSearchTool.ENABLED_FLAG, false).build())
        .hidden("web_search").orElseThrow().hasReason(WebSearchTool.DISABLED)).isTrue();
  }

  @Test
  void aGuildThatDisabledWebSearchDoesNotSeeIt() {
    PreparedTurn turn = prepare(WebSearchTool.builder().build(),
        SearchFixtures.context().flag(WebSearchTool.ENABLED_FLAG, false).build());

    assertThat(turn.visibleNames()).isEmpty();
    assertThat(turn.hidden("web_search").orElseThrow().hasReason(WebSearchTool.DISABLED)).isTrue();
  }

  @Test
  void noRenderedVariantHedgesAboutAdvertisedCategories() {
    List<WebSearchToolBuilder> configs = List.of(
        WebSearchTool.builder().searxng("http://127.0.0.1:1/"),
        WebSearchTool.builder().brave("k"),
        WebSearchTool.builder(),
        WebSearchTool.builder().duckDuckGo(false).mcpFallback(new FakeSearchFunction(Optional.of("IAsk MCP"))));
    for (WebSearchToolBuilder config : configs) {
      PreparedTurn turn = prepare(config.build(), SearchFixtures.context().build());
      for (Dialect dialect : Dialect.values()) {
        assertThat(turn.render(dialect).json().toLowerCase())
            .doesNotContain("may be unavailable", "unavailable", "may not", "might", "if available", "papers", "\"code\"");
      }
    }
    assertThat(WebSearchSchema.base().description() + WebSearchSchema.base().parameters()).doesNotContain("unavailable", "may ");
  }

  @Test
  void capabilitiesReportTheSameVocabularyAsTheSchema() {
    WebSearchTool tool = WebSearchTool.builder().brave("k").searxng("http://127.0.0.1:1/")
        .mcpFallback(new FakeSearchFunction(Optional.of("DuckDuckGo MCP"))).build();
    open.add(tool);

    assertThat(tool.capabilities(SearchFixtures.context().build())).contains(new SearchCapabilities("SearXNG", "searxng",
        List.of(SearchCategory.values()), List.of("brave", "mcp", "duckduckgo")));
    assertThat(tool.capabilities(SearchFixtures.context().flag(WebSearchTool.ENABLED_FLAG, false).build())).isEmpty();
  }

  @Test
  void aThrowingMcpLabelCountsAsUnusable() {
    SearchFunction broken = new FakeSearchFunction(null);

    PreparedTurn turn = prepare(WebSearchTool.builder().mcpFallback(broken).build(), SearchFixtures.context().build());

    assertThat(turn.variant("web_search").orElseThrow().description()).startsWith("Search the web (DuckDuckGo)");
  }
}
