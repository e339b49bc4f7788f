package dev.loadout.tools.web.search;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.net.ReceivedRequest;
import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import static dev.loadout.tools.web.search.SearchFixtures.query;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.net.SafeHttpClient;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BraveEngineTest {
  private static final String KEY = "BSA-secret-key-123";

  private final LoopbackHttpServer server = LoopbackHttpServer.start();
  private final SafeHttpClient client = SearchFixtures.devClient();
  private final BraveEngine engine = new BraveEngine(SearchHttp.baseUrl("brave", server.url("/") + "res/v1/"), KEY, client);

  BraveEngineTest() throws Exception {}

  @AfterEach
  void close() {
    server.close();
    client.close();
  }

  @Test
  void webSearchSendsTheTokenHeaderAndStripsHighlights() throws Exception {
    server.on("/res/v1/web/search", HttpReply.json(SearchFixtures.BRAVE_WEB));

    List<SearchHit> hits = engine.search(query("java records", SearchCategory.TEXT, 5));

    assertThat(server.requests().get(0).header("X-Subscription-Token").orElse(null)).isEqualTo(KEY);
    assertThat(server.requests().get(0).rawQuery()).isEqualTo("q=java+records&count=5");
    assertThat(hits).extracting(SearchHit::title).containsExactly("JEP 395: Records", "Records in Java");
    assertThat(hits.get(0).snippet()).isEqualTo("Enhance the Java programming language with records.");
    assertThat(hits.get(0).source()).isEqualTo("OpenJDK");
    assertThat(hits.get(1).published()).isEqualTo("3 days ago");
  }

  @Test
  void eachBaseCategoryHasItsEndpoint() throws Exception {
    server.on("/res/v1/images/search", HttpReply.json("{\"type\": \"images\", \"results\": []}"))
        .on("/res/v1/videos/search", HttpReply.json("{\"type\": \"videos\", \"results\": []}"))
        .on("/res/v1/news/search", HttpReply.json("{\"type\": \"news\", \"results\": []}"));
    engine.search(query("q", SearchCategory.IMAGE, 3));
    engine.search(query("q", SearchCategory.VIDEO, 3));
    engine.search(query("q", SearchCategory.NEWS, 3));

    assertThat(server.requests()).extracting(ReceivedRequest::path)
        .containsExactly("/res/v1/images/search", "/res/v1/videos/search", "/res/v1/news/search");
  }

  @Test
  void imageResultsCarryImageAndPage() throws Exception {
    server.on("/res/v1/images/search", HttpReply.json(SearchFixtures.BRAVE_IMAGES));

    SearchHit hit = engine.search(query("cat", SearchCategory.IMAGE, 3)).get(0);

    assertThat(hit).isEqualTo(new SearchHit("A cat", "https://pets.example.com/cat", "", "https://pets.example.com/cat.jpg",
        "https://imgs.search.brave.com/t.jpg", "", "pets.example.com"));
  }

  @Test
  void newsResultsCarryDateAndSource() throws Exception {
    server.on("/res/v1/news/search", HttpReply.json(SearchFixtures.BRAVE_NEWS));

    SearchHit hit = engine.search(query("eclipse", SearchCategory.NEWS, 3)).get(0);

    assertThat(hit.published()).isEqualTo("2026-11-30T14:00:00");
    assertThat(hit.source()).isEqualTo("news.example.com");
  }

  @Test
  void aWebAnswerWithoutWebSectionMeansNoResults() throws Exception {
    server.on("/res/v1/web/search", HttpReply.json("{\"type\": \"search\", \"query\": {\"original\": \"zzqx\"}}"));

    assertThat(engine.search(query("zzqx", SearchCategory.TEXT, 5))).isEmpty();
  }

  @Test
  void malformedAnswersAreBadUpstreamResponses() {
    server.on("/res/v1/web/search", HttpReply.json("[1, 2]")).on("/res/v1/news/search", HttpReply.json("{\"type\": \"news\"}"));

    assertThatThrownBy(() -> engine.search(query("q", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.BAD_UPSTREAM_RESPONSE));
    assertThatThrownBy(() -> engine.search(query("q", SearchCategory.NEWS, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.BAD_UPSTREAM_RESPONSE));
  }

  @Test
  void aRejectedKeyIsAnAuthFailureThatNeverShowsTheKey() {
    server.on("/res/v1/web/search", HttpReply.of(401, "application/json", "{\"type\": \"ErrorResponse\", \"error\": {\"code\": \"SUBSCRIPTION_TOKEN_INVALID\", \"status\": 401}}"));

    assertThatThrownBy(() -> engine.search(query("q", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> {
          assertThat(e.code()).isEqualTo(SearchException.UPSTREAM_AUTH_FAILED);
          assertThat(e.getMessage()).isEqualTo("Brave Search rejected the configured API key (HTTP 401).").doesNotContain(KEY);
        });
    assertThat(engine.toString()).doesNotContain(KEY);
  }

  @Test
  void tooManyRequestsIsRateLimited() {
    server.on("/res/v1/web/search", HttpReply.of(429, "application/json", "{}"));

    assertThatThrownBy(() -> engine.search(query("q", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> {
          assertThat(e.code()).isEqualTo(SearchException.RATE_LIMITED);
          assertThat(e.retryable()).isTrue();
        });
  }
}
