package dev.loadout.tools.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The {@code crawl4ai} engine against a fake Crawl4AI server on loopback, and its fallback to {@code safe_http}. */
class Crawl4aiEngineTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private FetchUrlLoopbackServer site;
  private FetchUrlLoopbackServer crawl4ai;
  private SafeHttpClient client;

  @BeforeEach
  void start() throws IOException {
    site = new FetchUrlLoopbackServer().page("/page", "text/plain", "served directly");
    crawl4ai = new FetchUrlLoopbackServer();
  }

  @AfterEach
  void stop() {
    site.close();
    crawl4ai.close();
    if (client != null) {
      client.close();
    }
  }

  private void crawl4aiAnswers(int status, String json) {
    crawl4ai.on("/md", exchange -> FetchUrlLoopbackServer.respond(exchange, status, "application/json",
        json.getBytes(StandardCharsets.UTF_8)));
  }

  private FetchUrlTool tool(NetworkPolicy policy, FetchUrlConfig.Builder config) {
    client = SafeHttpClient.builder(NetworkGuard.of(policy)).build();
    return FetchUrlTool.create(client, config.build());
  }

  private FetchUrlTool crawl4aiFirst() {
    return tool(NetworkPolicy.development(), FetchUrlConfig.builder().engineOrder("crawl4ai,safe_http")
        .crawl4aiBaseUrl(crawl4ai.base()).crawl4aiApiToken("tok-123"));
  }

  private static ToolResult call(FetchUrlTool tool, String arguments) throws Exception {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build()) {
      return loadout.prepare(TurnContext.builder("openai", "model-1").build())
          .execute(ToolCall.of("c1", FetchUrlTool.NAME, arguments)).toCompletableFuture().get(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void crawl4aisMarkdownIsTheResultWhenItSucceeds() throws Exception {
    crawl4aiAnswers(200, "{\"url\":\"x\",\"filter\":\"fit\",\"query\":null,\"cache\":\"0\","
        + "\"markdown\":\"# Rendered\\n\\nby a browser\",\"success\":true}");
    String url = site.url("/page");

    ToolResult.Success result = (ToolResult.Success) call(crawl4aiFirst(), "{\"url\":\"" + url + "\"}");

    assertThat(result.summary()).hasValue("**URL:** " + url + "\n\n# Rendered\n\nby a browser");
    assertThat(result.data().get("engine").stringValue()).isEqualTo("crawl4ai");
    assertThat(result.data().get("contentType").stringValue()).isEqualTo("text/markdown");
    assertThat(site.received).isEmpty();
    FetchUrlLoopbackServer.Received request = crawl4ai.received.get(0);
    assertThat(request.method()).isEqualTo("POST");
    assertThat(request.authorization()).isEqualTo("Bearer tok-123");
    JsonNode body = JSON.readTree(request.body());
    assertThat(body.get("url").stringValue()).isEqualTo(url);
    assertThat(body.get("f").stringValue()).isEqualTo("fit");
    assertThat(body.get("c").stringValue()).isEqualTo("0");
  }

  @Test
  void aFailingCrawl4aiServerFallsBackToSafeHttp() throws Exception {
    crawl4aiAnswers(500, "{\"detail\":\"browser crashed\"}");

    ToolResult.Success result = (ToolResult.Success) call(crawl4aiFirst(), "{\"url\":\"" + site.url("/page") + "\"}");

    assertThat(result.summary().orElseThrow()).endsWith("\n\nserved directly");
    assertThat(result.data().get("engine").stringValue()).isEqualTo("safe_http");
    assertThat(crawl4ai.received).hasSize(1);
    assertThat(site.received).hasSize(1);
  }

  @Test
  void anUnsuccessfulOrEmptyCrawl4aiAnswerFallsBackToSafeHttp() throws Exception {
    crawl4aiAnswers(200, "{\"markdown\":\"   \",\"success\":true}");

    ToolResult.Success result = (ToolResult.Success) call(crawl4aiFirst(), "{\"url\":\"" + site.url("/page") + "\"}");

    assertThat(result.data().get("engine").stringValue()).isEqualTo("safe_http");
  }

  @Test
  void rawSkipsCrawl4aiWhichOnlyReturnsMarkdown() throws Exception {
    crawl4aiAnswers(200, "{\"markdown\":\"# no\",\"success\":true}");

    ToolResult.Success result = (ToolResult.Success) call(crawl4aiFirst(), "{\"url\":\"" + site.url("/page") + "\",\"raw\":true}");

    assertThat(result.data().get("engine").stringValue()).isEqualTo("safe_http");
    assertThat(crawl4ai.received).isEmpty();
  }

  @Test
  void crawl4aiRunsOnlyWherePrivateNetworksAreReachableAndAServerIsConfigured() {
    FetchUrlConfig.Builder config = FetchUrlConfig.builder().engineOrder("crawl4ai").crawl4aiBaseUrl(crawl4ai.base());

    assertThat(tool(NetworkPolicy.production(), config).engines()).containsExactly("safe_http");
    client.close();
    assertThat(tool(NetworkPolicy.production().toBuilder().allowPrivateNetworks(true).build(), config).engines())
        .containsExactly("crawl4ai", "safe_http");
    client.close();
    assertThat(tool(NetworkPolicy.development(), config).engines()).containsExactly("crawl4ai", "safe_http");
    client.close();
    assertThat(tool(NetworkPolicy.development(), FetchUrlConfig.builder().engineOrder("crawl4ai")).engines())
        .containsExactly("safe_http");
  }

  @Test
  void theGuardStillGatesTheUrlBeforeCrawl4aiIsAsked() throws Exception {
    crawl4aiAnswers(200, "{\"markdown\":\"# metadata!\",\"success\":true}");

    ToolResult.Failure result = (ToolResult.Failure) call(crawl4aiFirst(),
        "{\"url\":\"http://169.254.169.254/latest/meta-data/\"}");

    assertThat(result.code()).isEqualTo(FetchUrlTool.URL_REFUSED);
    assertThat(result.message()).doesNotContain("latest/meta-data");
    assertThat(crawl4ai.received).isEmpty();
  }
}
