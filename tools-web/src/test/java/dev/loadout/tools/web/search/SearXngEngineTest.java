package dev.loadout.tools.web.search;

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
  private final SearchFakeServer server = new SearchFakeServer();
  private final SafeHttpClient client = SearchFixtures.devClient();
  private final SearXngEngine engine = new SearXngEngine(SearchHttp.baseUrl("searxng", server.url()), client);

  SearXngEngineTest() throws Exception {}

  @AfterEach
  void close() {
    server.close();
    client.close();
  }

  @Test
  void textResultsBecomePlainHitsAndSkipNonWebUrls() throws Exception {
    server.json("/search", SearchFixtures.SEARXNG_TEXT);

    List<SearchHit> hits = engine.search(query("java records", SearchCategory.TEXT, 5));

    assertThat(hits).extracting(SearchHit::url).containsExactly("https://openjdk.org/jeps/395",
        "https://docs.oracle.com/en/java/records.html", "https://www.baeldung.com/java-record-keyword");
    assertThat(hits.get(0).title()).isEqualTo("JEP 395: Records");
    assertThat(hits.get(0).snippet()).isEqualTo("Enhance the Java programming language with & records.");
    assertThat(server.received.get(0).query())
        .isEqualTo("q=java+records&format=json&categories=general&pageno=1");
    assertThat(server.received.get(0).header("Accept")).isEqualTo("application/json");
  }

  @Test
  void countCutsTheResults() throws Exception {
    server.json("/search", SearchFixtures.SEARXNG_TEXT);

    assertThat(engine.search(query("java records", SearchCategory.TEXT, 1))).hasSize(1);
  }

  @Test
  void categoriesMapToSearxngNames() throws Exception {
    server.json("/search", "{\"results\": []}");
    engine.search(query("q", SearchCategory.IMAGE, 5));
    engine.search(query("q", SearchCategory.VIDEO, 5));
    engine.search(query("q", SearchCategory.SCIENCE, 5));
    engine.search(query("q", SearchCategory.IT, 5));

    assertThat(server.received).extracting(r -> r.query().replaceAll(".*categories=([a-z]+).*", "$1"))
        .containsExactly("images", "videos", "science", "it");
  }

  @Test
  void imageResultsCarryImageAndPage() throws Exception {
    server.json("/search", SearchFixtures.SEARXNG_IMAGES);

    SearchHit hit = engine.search(query("tomori", SearchCategory.IMAGE, 5)).get(0);

    assertThat(hit.url()).isEqualTo("https://example.org/gallery/1");
    assertThat(hit.mediaUrl()).isEqualTo("https://cdn.example.org/1.jpg");
    assertThat(hit.thumbnailUrl()).isEqualTo("https://cdn.example.org/1_t.jpg");
  }

  @Test
  void emptyResultsAreAnEmptySuccess() throws Exception {
    server.json("/search", "{\"query\": \"x\", \"results\": []}");

    assertThat(engine.search(query("x", SearchCategory.TEXT, 5))).isEmpty();
  }

  @Test
  void malformedJsonIsABadUpstreamResponse() {
    server.json("/search", "{\"results\": [");

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.BAD_UPSTREAM_RESPONSE))
        .hasMessage("SearXNG sent a response that is not a JSON object.");
  }

  @Test
  void jsonWithoutResultsIsABadUpstreamResponse() {
    server.json("/search", "{\"error\": \"nope\"}");

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.BAD_UPSTREAM_RESPONSE))
        .hasMessage("SearXNG sent JSON without a results list.");
  }

  @Test
  void forbiddenPointsAtTheJsonFormatSetting() {
    server.answer("/search", 403, "text/html", "<h1>403 Forbidden</h1>");

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> {
          assertThat(e.code()).isEqualTo(SearchException.UPSTREAM_STATUS);
          assertThat(e.retryable()).isFalse();
        })
        .hasMessage("SearXNG answered HTTP 403; is 'json' listed in its search.formats setting?");
  }

  @Test
  void serverErrorsAreRetryableStatusFailures() {
    server.answer("/search", 503, "text/plain", "busy");

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> {
          assertThat(e.code()).isEqualTo(SearchException.UPSTREAM_STATUS);
          assertThat(e.retryable()).isTrue();
        })
        .hasMessage("SearXNG answered HTTP 503.");
  }

  @Test
  void tooManyRequestsIsRateLimited() {
    server.answer("/search", 429, "text/plain", "slow down");

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.RATE_LIMITED));
  }
}
