package dev.loadout.tools.web.search;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Execution: re-checks, result shaping, fallback order and error codes, against loopback fakes. */
class WebSearchToolTest {
  private static final String KEY = "BSA-very-secret-token";

  private final LoopbackHttpServer searxng = LoopbackHttpServer.start();
  private final LoopbackHttpServer brave = LoopbackHttpServer.start();
  private final LoopbackHttpServer ddg = LoopbackHttpServer.start();
  private final List<AutoCloseable> open = new ArrayList<>(List.of(searxng, brave, ddg));

  WebSearchToolTest() throws Exception {}

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private WebSearchToolBuilder dev() {
    return WebSearchTool.builder().networkPolicy(NetworkPolicy.development())
        .duckDuckGoBaseUrl(ddg.url("/") + "html/").braveBaseUrl(brave.url("/") + "res/v1/");
  }

  private WebSearchTool tool(WebSearchToolBuilder builder) {
    WebSearchTool tool = builder.build();
    open.add(tool);
    return tool;
  }

  private ToolResult call(WebSearchTool tool, String arguments) {
    return call(tool, arguments, SearchFixtures.context().build());
  }

  private ToolResult call(WebSearchTool tool, String arguments, TurnContext context) {
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    open.add(loadout);
    PreparedTurn turn = loadout.prepare(context);
    return turn.execute(ToolCall.of("c1", "web_search", arguments)).toCompletableFuture().orTimeout(20, TimeUnit.SECONDS).join();
  }

  /** Straight to the tool, as a stale configuration or a hand-written call would arrive. */
  private static ToolResult direct(WebSearchTool tool, String arguments, TurnContext context) {
    return tool.execute(ToolCall.of("c1", "web_search", arguments), context).toCompletableFuture().join();
  }

  private static ToolResult.Success success(ToolResult r) {
    assertThat(r).isInstanceOf(ToolResult.Success.class);
    return (ToolResult.Success) r;
  }

  private static ToolResult.Failure failure(ToolResult r) {
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    return (ToolResult.Failure) r;
  }

  @Test
  void aSearxngAnswerBecomesANumberedPlainTextSummary() {
    searxng.on("/search", HttpReply.json(SearchFixtures.SEARXNG_TEXT));

    ToolResult.Success r = success(call(tool(dev().searxng(searxng.url("/"))), "{\"query\": \"  java records \"}"));

    assertThat(r.summary()).contains("""
        Search results for "java records" (text, via SearXNG):
        1. JEP 395: Records
           https://openjdk.org/jeps/395
           Enhance the Java programming language with & records.
        2. Record Classes
           https://docs.oracle.com/en/java/records.html
           A record class is a shallowly immutable carrier.
        3. Java 14 Record Keyword
           https://www.baeldung.com/java-record-keyword""");
    JsonNode data = r.data();
    assertThat(data.get("engine").stringValue()).isEqualTo("searxng");
    assertThat(data.get("results")).hasSize(3);
    assertThat(data.has("failedEngines")).isFalse();
  }

  @Test
  void imageAndNewsSummariesShowMediaPageDateAndSource() {
    brave.on("/res/v1/images/search", HttpReply.json(SearchFixtures.BRAVE_IMAGES)).on("/res/v1/news/search", HttpReply.json(SearchFixtures.BRAVE_NEWS));
    WebSearchTool tool = tool(dev().brave(KEY));

    assertThat(success(call(tool, "{\"query\": \"cat\", \"category\": \"image\"}")).summary()).contains("""
        Search results for "cat" (image, via Brave Search):
        1. A cat (pets.example.com)
           Image: https://pets.example.com/cat.jpg
           Page: https://pets.example.com/cat""");
    assertThat(success(call(tool, "{\"query\": \"eclipse\", \"category\": \"news\"}")).summary()).contains("""
        Search results for "eclipse" (news, via Brave Search):
        1. Eclipse seen across the continent (news.example.com, 2026-11-30T14:00:00)
           https://news.example.com/eclipse
           Millions watched.""");
  }

  @Test
  void noResultsIsASuccessThatSaysSo() {
    searxng.on("/search", HttpReply.json("{\"results\": []}"));

    assertThat(success(call(tool(dev().searxng(searxng.url("/"))), "{\"query\": \"zzqx\"}")).summary())
        .contains("No results for \"zzqx\" (text, via SearXNG).");
  }

  @Test
  void aFailingEngineFallsBackToTheNextAndTheResultSaysWhichAnswered() {
    searxng.on("/search", HttpReply.of(503, "text/plain", "down"));
    brave.on("/res/v1/web/search", HttpReply.json(SearchFixtures.BRAVE_WEB));

    ToolResult.Success r = success(call(tool(dev().searxng(searxng.url("/")).brave(KEY)), "{\"query\": \"java records\"}"));

    assertThat(r.summary().orElseThrow())
        .startsWith("Search results for \"java records\" (text, via Brave Search after SearXNG failed: upstream_status):");
    assertThat(r.data().get("engine").stringValue()).isEqualTo("brave");
    assertThat(r.data().get("failedEngines").toString()).isEqualTo("[{\"engine\":\"searxng\",\"code\":\"upstream_status\"}]");
    assertThat(ddg.requests()).isEmpty();
  }

  @Test
  void fallbackSkipsEnginesThatDoNotServeTheCategory() {
    searxng.on("/search", HttpReply.of(502, "text/plain", "bad gateway"));

    ToolResult.Failure f = failure(call(tool(dev().searxng(searxng.url("/"))), "{\"query\": \"cat\", \"category\": \"image\"}"));

    assertThat(f.code()).isEqualTo(SearchException.UPSTREAM_STATUS);
    assertThat(f.message()).isEqualTo("SearXNG answered HTTP 502.");
    assertThat(f.retryable()).isTrue();
    assertThat(ddg.requests()).isEmpty();
  }

  @Test
  void whenEveryEngineFailsTheFailureListsThem() {
    searxng.on("/search", HttpReply.json("not json"));
    brave.on("/res/v1/web/search", HttpReply.of(429, "application/json", "{}"));
    ddg.on("/html/", HttpReply.html(SearchFixtures.DDG_UNKNOWN));

    ToolResult.Failure f = failure(call(tool(dev().searxng(searxng.url("/")).brave(KEY)), "{\"query\": \"q\"}"));

    assertThat(f.code()).isEqualTo(WebSearchTool.SEARCH_FAILED);
    assertThat(f.retryable()).isTrue();
    assertThat(f.message()).isEqualTo("No search engine answered. SearXNG sent a response that is not a JSON object."
        + " Brave Search is rate-limiting requests (HTTP 429)."
        + " DuckDuckGo's page had no results the parser recognises; its layout may have changed.");
  }

  @Test
  void anMcpFunctionAnswersAndFallsBackToDuckDuckGoWhenItThrows() {
    FakeSearchFunction mcp = new FakeSearchFunction(Optional.of("DuckDuckGo MCP"))
        .then(List.of(SearchHit.of("<b>MCP</b> hit", "https://mcp.example.com/", "from mcp"), SearchHit.of("not a web url", "ftp://files.example.com/", "")))
        .then(new IllegalStateException("session closed"));
    ddg.on("/html/", HttpReply.html(SearchFixtures.DDG_RESULTS));
    WebSearchTool tool = tool(dev().mcpFallback(mcp));

    ToolResult.Success first = success(call(tool, "{\"query\": \"q\", \"count\": 3}"));
    ToolResult.Success second = success(call(tool, "{\"query\": \"q\"}"));

    assertThat(first.summary()).contains("Search results for \"q\" (text, via DuckDuckGo MCP):\n1. MCP hit\n"
        + "   https://mcp.example.com/\n   from mcp");
    assertThat(second.data().get("engine").stringValue()).isEqualTo("duckduckgo");
    assertThat(second.data().get("failedEngines").toString()).isEqualTo("[{\"engine\":\"mcp\",\"code\":\"engine_error\"}]");
    assertThat(mcp.queries).containsExactly("q|3", "q|5");
  }

  @Test
  void aGuildWithWebSearchDisabledGetsAClearFailure() {
    WebSearchTool tool = tool(dev());

    ToolResult.Failure f = failure(direct(tool, "{\"query\": \"q\"}",
        SearchFixtures.context().flag(WebSearchTool.ENABLED_FLAG, false).build()));

    assertThat(f.code()).isEqualTo(WebSearchTool.DISABLED);
    assertThat(f.message()).isEqualTo("Web search is disabled for this server.");
  }

  @Test
  void aBlankQueryIsInvalidArguments() {
    ToolResult.Failure f = failure(call(tool(dev()), "{\"query\": \"   \"}"));

    assertThat(f.code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(f.message()).isEqualTo("Query is required and must be a non-empty string.");
    assertThat(failure(direct(tool(dev()), "{}", SearchFixtures.context().build())).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
  }

  @Test
  void aCategoryTheActiveBackendDoesNotServeFailsInsteadOfFallingBackToText() {
    WebSearchTool tool = tool(dev().brave(KEY));

    // The model never saw "science": the schema it was shown rejects it.
    assertThat(failure(call(tool, "{\"query\": \"q\", \"category\": \"science\"}")).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    // A hand-written or stale call that reaches the tool anyway.
    ToolResult.Failure f = failure(direct(tool, "{\"query\": \"q\", \"category\": \"science\"}", SearchFixtures.context().build()));
    assertThat(f.code()).isEqualTo(WebSearchTool.UNSUPPORTED_CATEGORY);
    assertThat(f.message()).isEqualTo("Category 'science' is not supported by Brave Search. Available categories: text, image, video, news.");
    assertThat(failure(direct(tool, "{\"query\": \"q\", \"category\": \"papers\"}", SearchFixtures.context().build())).code())
        .isEqualTo(WebSearchTool.UNSUPPORTED_CATEGORY);
    assertThat(brave.requests()).isEmpty();
  }

  @Test
  void countIsFlooredAndBoundedPerCategory() {
    brave.on("/res/v1/web/search", HttpReply.json("{\"type\": \"search\"}")).on("/res/v1/images/search", HttpReply.json("{\"results\": []}"));
    WebSearchTool tool = tool(dev().brave(KEY));

    call(tool, "{\"query\": \"q\", \"count\": 7.9}");
    call(tool, "{\"query\": \"q\", \"count\": 500}");
    call(tool, "{\"query\": \"q\", \"count\": 0}");
    call(tool, "{\"query\": \"q\", \"count\": 50, \"category\": \"image\"}");
    call(tool, "{\"query\": \"q\"}");

    assertThat(brave.requests()).extracting(r -> r.rawQuery().replaceAll(".*count=", ""))
        .containsExactly("7", "20", "5", "10", "5");
  }

  @Test
  void theApiKeyNeverReachesResultsMessagesOrToString() {
    brave.on("/res/v1/web/search", HttpReply.of(401, "application/json", "{\"error\": \"bad token\"}"));
    WebSearchToolBuilder builder = dev().brave(KEY).duckDuckGo(false);
    WebSearchTool tool = tool(builder);

    ToolResult.Failure f = failure(call(tool, "{\"query\": \"q\"}"));

    assertThat(f.code()).isEqualTo(SearchException.UPSTREAM_AUTH_FAILED);
    assertThat(f.toString() + f.modelText() + tool + builder).doesNotContain(KEY);
    brave.on("/res/v1/web/search", HttpReply.json(SearchFixtures.BRAVE_WEB));
    ToolResult.Success s = success(call(tool, "{\"query\": \"q\"}"));
    assertThat(s.data().toString() + s.modelText()).doesNotContain(KEY);
  }

  @Test
  void productionRefusesALoopbackBackendUnlessTheHostTrustsItsSearxng() {
    searxng.on("/search", HttpReply.json(SearchFixtures.SEARXNG_TEXT));
    brave.on("/res/v1/web/search", HttpReply.json(SearchFixtures.BRAVE_WEB));
    WebSearchToolBuilder production = WebSearchTool.builder().networkPolicy(NetworkPolicy.production()).duckDuckGo(false);

    ToolResult.Failure refused = failure(call(tool(production.searxng(searxng.url("/"))), "{\"query\": \"q\"}"));
    assertThat(refused.code()).isEqualTo(SearchException.UPSTREAM_REFUSED);
    assertThat(refused.message()).startsWith("SearXNG's address is not allowed by the network policy");

    assertThat(success(call(tool(production.trustSearxngOnPrivateNetwork(true)), "{\"query\": \"q\"}")).data()
        .get("engine").stringValue()).isEqualTo("searxng");

    // Trusting SearXNG opens nothing else: Brave on loopback is still refused.
    ToolResult.Failure braveRefused = failure(call(tool(production.engineOrder(List.of("brave")).brave(KEY)
        .braveBaseUrl(brave.url("/"))), "{\"query\": \"q\"}"));
    assertThat(braveRefused.code()).isEqualTo(SearchException.UPSTREAM_REFUSED);
    assertThat(searxng.requests()).hasSize(1);
    assertThat(brave.requests()).isEmpty();
  }
}
