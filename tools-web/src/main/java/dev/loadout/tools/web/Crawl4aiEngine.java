package dev.loadout.tools.web;

import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpException;
import dev.loadout.core.net.NetEvents;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code crawl4ai} engine: asks a Crawl4AI server (its Docker API) to render the page and return
 * Markdown, for pages that need a browser.
 *
 * <p>The call is {@code POST <base>/md} with {@code {"url": …, "f": "fit", "q": null, "c": "0"}} (URL, content
 * filter, query for the BM25/LLM filters, cache revision), and an {@code Authorization: Bearer} header when a
 * token is configured. A success answers 200 with {@code {"url", "filter", "query", "cache", "markdown",
 * "success": true}}; errors answer 4xx/5xx with {@code {"detail": …}}. That is the shape of Crawl4AI's
 * {@code deploy/docker/server.py} (0.6–0.7); anything else counts as a failure and the next engine runs.
 *
 * <p>The server fetches the page itself, so Loadout's pinning and per-hop checks do not cover that fetch:
 * that is why the engine is admitted only where private networks are reachable anyway, and why
 * {@code safe_http} always follows it. The request to the server itself goes through the pinned client.
 */
final class Crawl4aiEngine implements FetchUrlEngine {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final SafeHttpClient client;
  private final String endpoint;
  private final String token;

  Crawl4aiEngine(SafeHttpClient client, String baseUrl, String token) {
    this.client = client;
    this.endpoint = baseUrl + "/md";
    this.token = token;
  }

  @Override
  public String name() {
    return FetchUrlEngineOrder.CRAWL4AI;
  }

  @Override
  public boolean supportsRaw() {
    return false;
  }

  @Override
  public FetchUrlPage fetch(String url, boolean raw, long deadline, NetEvents events) throws FetchUrlFailure {
    ObjectNode body = JSON.createObjectNode();
    body.put("url", url);
    body.put("f", "fit");
    body.putNull("q");
    body.put("c", "0");
    SafeHttpRequest.Builder request = SafeHttpRequest.builder("POST", endpoint)
        .header("Accept", "application/json")
        .body(JSON.writeValueAsBytes(body), "application/json")
        .rejectOversizedBody(true);
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    SafeHttpResponse response;
    try {
      response = client.send(request.build());
    } catch (SafeHttpException e) {
      throw FetchUrlFailure.of(e);
    }
    if (response.status() < 200 || response.status() > 299) {
      throw failure("answered HTTP " + response.status(), response.status() == 429 || response.status() >= 500);
    }
    JsonNode answer;
    try {
      answer = JSON.readTree(new String(response.body(), StandardCharsets.UTF_8));
    } catch (JacksonException e) {
      throw failure("did not answer JSON", false);
    }
    JsonNode success = answer.get("success");
    JsonNode markdown = answer.get("markdown");
    if (success == null || !success.isBoolean() || !success.booleanValue()) {
      throw failure("reported no success", false);
    }
    if (markdown == null || !markdown.isString() || markdown.stringValue().isBlank()) {
      // An empty rendering usually means the browser failed; safe_http still gets its turn.
      throw failure("returned no Markdown", false);
    }
    return new FetchUrlPage(markdown.stringValue(), url, "text/markdown", name(), PageMetadata.NONE);
  }

  private static FetchUrlFailure failure(String what, boolean retryable) {
    return new FetchUrlFailure(FetchUrlTool.FETCH_FAILED, "The Crawl4AI server " + what + ".", retryable);
  }
}
