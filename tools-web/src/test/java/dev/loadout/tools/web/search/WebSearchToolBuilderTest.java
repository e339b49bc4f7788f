package dev.loadout.tools.web.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WebSearchToolBuilderTest {

  private static Optional<SearchCapabilities> capabilities(WebSearchToolBuilder builder) {
    try (WebSearchTool tool = builder.build()) {
      return tool.capabilities(SearchFixtures.context().build());
    }
  }

  @Test
  void theToolsDeadlineLeavesEveryEngineItsWholeCallTimeout() {
    dev.loadout.core.net.NetworkPolicy policy = dev.loadout.core.net.NetworkPolicy.development();
    try (WebSearchTool tool = WebSearchTool.builder().networkPolicy(policy).searxng("http://127.0.0.1:9")
        .brave("test-key").duckDuckGo(false).build()) {
      assertThat(tool.spec().timeout()).contains(policy.callTimeout().multipliedBy(2).plusSeconds(5));
    }
  }

  @Test
  void anEmptyEnvironmentGivesDuckDuckGoOnly() {
    assertThat(capabilities(WebSearchTool.fromEnvironment(Map.of())))
        .contains(new SearchCapabilities("DuckDuckGo", "duckduckgo", List.of(SearchCategory.TEXT), List.of()));
  }

  @Test
  void theEnvironmentConfiguresEnginesAndTheirOrder() {
    Map<String, String> env = Map.of("SEARXNG_URL", "http://searxng.internal:8888", "BRAVE_API_KEY", "k-123",
        "WEB_SEARCH_DUCKDUCKGO", "off", "WEB_SEARCH_ENGINE_ORDER", " Brave , searxng ,duckduckgo");

    Optional<SearchCapabilities> caps = capabilities(WebSearchTool.fromEnvironment(env));

    assertThat(caps).contains(new SearchCapabilities("Brave Search", "brave",
        List.of(SearchCategory.TEXT, SearchCategory.IMAGE, SearchCategory.VIDEO, SearchCategory.NEWS), List.of("searxng")));
  }

  @Test
  void environmentErrorsNameTheVariable() {
    assertThatThrownBy(() -> WebSearchTool.fromEnvironment(Map.of("SEARXNG_URL", "ftp://x/")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("SEARXNG_URL must be");
    assertThatThrownBy(() -> WebSearchTool.fromEnvironment(Map.of("WEB_SEARCH_DUCKDUCKGO", "maybe")))
        .hasMessage("WEB_SEARCH_DUCKDUCKGO must be one of true/false, yes/no, on/off, 1/0, but was 'maybe'");
    assertThatThrownBy(() -> WebSearchTool.fromEnvironment(Map.of("WEB_SEARCH_ENGINE_ORDER", "searxng,bing")))
        .hasMessage("WEB_SEARCH_ENGINE_ORDER must list engines from [searxng, brave, mcp, duckduckgo], but had 'bing'");
    assertThatThrownBy(() -> WebSearchTool.fromEnvironment(Map.of("SEARXNG_ALLOW_PRIVATE_NETWORK", "sure")))
        .hasMessageStartingWith("SEARXNG_ALLOW_PRIVATE_NETWORK must be one of true/false");
  }

  @Test
  void aBadApiKeyIsRefusedWithoutEchoingIt() {
    assertThatThrownBy(() -> WebSearchTool.fromEnvironment(Map.of("BRAVE_API_KEY", "sec ret")))
        .hasMessage("BRAVE_API_KEY must be a non-blank token without spaces or control characters")
        .message().doesNotContain("sec ret");
  }

  @Test
  void settersRejectBadValuesNamingTheSetting() {
    WebSearchToolBuilder b = WebSearchTool.builder();

    assertThatThrownBy(() -> b.searxng("http://user:pw@searx.example/"))
        .hasMessage("searxng must not carry credentials in the URL; configure the key apart");
    assertThatThrownBy(() -> b.searxng("http://searx.example/?q=1"))
        .hasMessage("searxng must be an http(s) URL without query or fragment");
    assertThatThrownBy(() -> b.engineOrder(List.of("brave", "brave")))
        .hasMessage("engineOrder must list each engine once, but had 'brave' twice");
    assertThatThrownBy(() -> b.engineOrder(List.of())).hasMessage("engineOrder must name at least one engine, but was []");
    assertThatThrownBy(() -> b.brave(" ")).hasMessage("brave must be a non-blank token without spaces or control characters");
  }

  @Test
  void enginesLeftOutOfTheOrderAreNotUsed() {
    WebSearchToolBuilder b = WebSearchTool.builder().searxng("https://searx.example/").engineOrder(List.of("duckduckgo"));

    assertThat(capabilities(b)).map(SearchCapabilities::engine).contains("duckduckgo");
  }

  @Test
  void withNoEngineTheToolIsValidButHasNoCapabilities() {
    assertThat(capabilities(WebSearchTool.builder().duckDuckGo(false))).isEmpty();
  }
}
