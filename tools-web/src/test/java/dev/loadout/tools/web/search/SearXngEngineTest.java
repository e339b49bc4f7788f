package dev.loadout.tools.web.search;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import static dev.loadout.tools.web.search.SearchFixtures.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.net.SafeHttpClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SearXngEngineTest {
  private final LoopbackHttpServer server = LoopbackHttpServer.start();
  private final SafeHttpClient client = SearchFixtures.devClient();
  private final SearXngEngine engine = new SearXngEngine(SearchHttp.baseUrl("searxng", server.url("/")), client);

  SearXngEngineTest() throws Exception {}

  @AfterEach
  void close() {
    server.close();
    client.close();
  }

  @Test
  void textResultsBecomePlainHitsAndSkipNonWebUrls() throws Exception {
    server.on("/search", HttpReply.json(SearchFixtures.SEARXNG_TEXT));

    List<SearchHit> hits = engine.search(query("java records", SearchCategory.TEXT, 5));

    assertThat(hits).extracting(SearchHit::url).containsExactly("https://openjdk.org/jeps/395",
        "https://docs.oracle.com/en/java/records.html", "https://www.baeldung.com/java-record-keyword");
    assertThat(hits.get(0).title()).isEqualTo("JEP 395: Records");
    assertThat(hits.get(0).snippet()).isEqualTo("Enhance the Java programming language with & records.");
    assertThat(server.requests().get(0).rawQuery())
        .isEqualTo("q=java+records&format=json&categories=general&pageno=1");
    assertThat(server.requests().get(0).header("Accept").orElse(null)).isEqualTo("application/json");
  }

  @Test
  void countCutsTheResults() throws Exception {
    server.on("/search", HttpReply.json(SearchFixtures.SEARXNG_TEXT));

    assertThat(engine.search(query("java records", SearchCategory.TEXT, 1))).hasSize(1);
  }

  @Test
  void categoriesMapToSearxngNames() throws Exception {
    server.on("/search", HttpReply.json("{\"results\": []}"));
    engine.search(query("q", SearchCategory.IMAGE, 5));
    engine.search(query("q", SearchCategory.VIDEO, 5));
    engine.search(query("q", SearchCategory.SCIENCE, 5));
    engine.search(query("q", SearchCategory.IT, 5));

    assertThat(server.requests()).extracting(r -> r.rawQuery().replaceAll(".*categories=([a-z]+).*", "$1"))
        .containsExactly("images", "videos", "science", "it");
  }

  @Test
  void imageResultsCarryImageAndPage() throws Exception {
    server.on("/search", HttpReply.json(SearchFixtures.SEARXNG_IMAGES));

    SearchHit hit = engine.search(query("tomori", SearchCategory.IMAGE, 5)).get(0);

    assertThat(hit.url()).isEqualTo("https://example.org/gallery/1");
    assertThat(hit.mediaUrl()).isEqualTo("https://cdn.example.org/1.jpg");
    assertThat(hit.thumbnailUrl()).isEqualTo("https://cdn.example.org/1_t.jpg");
  }

  @Test
  void emptyResultsAreAnEmptySuccess() throws Exception {
    server.on("/search", HttpReply.json("{\"query\": \"x\", \"results\": []}"));

    assertThat(engine.search(query("x", SearchCategory.TEXT, 5))).isEmpty();
  }

  @Test
  void malformedJsonIsABadUpstreamResponse() {
    server.on("/search", HttpReply.json("{\"results\": ["));

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.BAD_UPSTREAM_RESPONSE))
        .hasMessage("SearXNG sent a response that is not a JSON object.");
  }

  @Test
  void jsonWithoutResultsIsABadUpstreamResponse() {
    server.on("/search", HttpReply.json("{\"error\": \"nope\"}"));

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.BAD_UPSTREAM_RESPONSE))
        .hasMessage("SearXNG sent JSON without a results list.");
  }

  @Test
  void forbiddenPointsAtTheJsonFormatSetting() {
    server.on("/search", HttpReply.of(403, "text/html", "<h1>403 Forbidden</h1>"));

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> {
          assertThat(e.code()).isEqualTo(SearchException.UPSTREAM_STATUS);
          assertThat(e.retryable()).isFalse();
        })
        .hasMessage("SearXNG answered HTTP 403; is 'json' listed in its search.formats setting?");
  }

  @Test
  void serverErrorsAreRetryableStatusFailures() {
    server.on("/search", HttpReply.of(503, "text/plain", "busy"));

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> {
          assertThat(e.code()).isEqualTo(SearchException.UPSTREAM_STATUS);
          assertThat(e.retryable()).isTrue();
        })
        .hasMessage("SearXNG answered HTTP 503.");
  }

  @Test
  void tooManyRequestsIsRateLimited() {
    server.on("/search", HttpReply.of(429, "text/plain", "slow down"));

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.RATE_LIMITED));
  }
}
