package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FetchUrlEngineOrderTest {

  @ParameterizedTest(name = "[{0}] with private networks {1} runs {2}")
  @CsvSource(delimiter = '|', nullValues = "NULL", textBlock = """
      NULL                           | blocked | safe_http
      ''                             | blocked | safe_http
      safe_http                      | blocked | safe_http
      mcp_fetch                      | blocked | safe_http
      MCP_FETCH                      | allowed | safe_http
      ' Safe_HTTP , mcp_fetch '      | allowed | safe_http
      crawl4ai,safe_http             | blocked | safe_http
      crawl4ai,safe_http             | allowed | crawl4ai safe_http
      crawl4ai                       | allowed | crawl4ai safe_http
      safe_http,crawl4ai             | allowed | crawl4ai safe_http
      'CRAWL4AI, crawl4ai ,,crawl4ai' | allowed | crawl4ai safe_http
      browserless,crawl4ai           | allowed | crawl4ai safe_http
      browserless                    | blocked | safe_http
      """)
  void parsesTheConfiguredOrder(String raw, String privateNetworks, String expected) {
    List<String> order = FetchUrlEngineOrder.parse(raw, privateNetworks.equals("allowed"), warning -> {});

    assertThat(order).containsExactlyElementsOf(Arrays.asList(expected.split(" ")));
  }

  @Test
  void anUnknownEngineIsWarnedAboutOnceHoweverOftenItIsListed() {
    List<String> warnings = new ArrayList<>();

    List<String> order = FetchUrlEngineOrder.parse("browserless, Browserless,safe_http,browserless", true, warnings::add);

    assertThat(order).containsExactly("safe_http");
    assertThat(warnings).containsExactly("FETCH_URL_ENGINE_ORDER lists an unknown engine [browserless], which is "
        + "skipped; known engines are safe_http (alias mcp_fetch) and crawl4ai.");
  }

  @Test
  void crawl4aiIsDroppedWithOneWarningNamingTheOptInWherePrivateNetworksAreBlocked() {
    List<String> warnings = new ArrayList<>();

    List<String> order = FetchUrlEngineOrder.parse("crawl4ai,crawl4ai,safe_http", false, warnings::add);

    assertThat(order).containsExactly("safe_http");
    assertThat(warnings).singleElement().asString().contains("crawl4ai").contains("FETCH_URL_ALLOW_PRIVATE_NETWORK=true");
  }

  @Test
  void aValidOrderWarnsAboutNothing() {
    List<String> warnings = new ArrayList<>();

    FetchUrlEngineOrder.parse("crawl4ai, mcp_fetch", true, warnings::add);

    assertThat(warnings).isEmpty();
  }
}
