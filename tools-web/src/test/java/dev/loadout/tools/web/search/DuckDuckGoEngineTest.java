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

class DuckDuckGoEngineTest {
  private final LoopbackHttpServer server = LoopbackHttpServer.start();
  private final SafeHttpClient client = SearchFixtures.devClient();
  private final DuckDuckGoEngine engine = new DuckDuckGoEngine(SearchHttp.baseUrl("ddg", server.url("/") + "html/"), client);

  DuckDuckGoEngineTest() throws Exception {}

  @AfterEach
  void close() {
    server.close();
    client.close();
  }

  @Test
  void resultsAreUnwrappedFromRedirectLinksAndAdsSkipped() throws Exception {
    server.on("/html/", HttpReply.html(SearchFixtures.DDG_RESULTS));

    List<SearchHit> hits = engine.search(query("java records", SearchCategory.TEXT, 5));

    assertThat(hits).containsExactly(
        SearchHit.of("JEP 395: Records", "https://openjdk.org/jeps/395", "Enhance the Java programming language with records."),
        SearchHit.of("Records - Dev.java", "https://dev.java/learn/records/", "Using records to model immutable data."));
    assertThat(server.requests().get(0).rawQuery()).isEqualTo("q=java+records");
  }

  @Test
  void countCutsTheResults() throws Exception {
    server.on("/html/", HttpReply.html(SearchFixtures.DDG_RESULTS));

    assertThat(engine.search(query("java records", SearchCategory.TEXT, 1))).hasSize(1);
  }

  @Test
  void aPageThatSaysNoResultsIsAnEmptySuccess() throws Exception {
    server.on("/html/", HttpReply.html(SearchFixtures.DDG_NO_RESULTS));

    assertThat(engine.search(query("zzqx", SearchCategory.TEXT, 5))).isEmpty();
  }

  @Test
  void aDriftedLayoutStillYieldsTheHeadingLinks() throws Exception {
    server.on("/html/", HttpReply.html(SearchFixtures.DDG_DRIFTED));

    assertThat(engine.search(query("java records", SearchCategory.TEXT, 5))).extracting(SearchHit::url)
        .containsExactly("https://openjdk.org/jeps/395", "https://dev.java/learn/records/");
  }

  @Test
  void aPageTheParserDoesNotKnowIsAFailureNotAnEmptySuccess() {
    server.on("/html/", HttpReply.html(SearchFixtures.DDG_UNKNOWN));

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.BAD_UPSTREAM_RESPONSE))
        .hasMessage("DuckDuckGo's page had no results the parser recognises; its layout may have changed.");
  }

  @Test
  void anEmptyBodyIsAFailure() {
    server.on("/html/", HttpReply.html(""));

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> assertThat(e.code()).isEqualTo(SearchException.BAD_UPSTREAM_RESPONSE));
  }

  @Test
  void aBotChallengeIsRateLimited() {
    server.on("/html/", HttpReply.html(SearchFixtures.DDG_CHALLENGE));

    assertThatThrownBy(() -> engine.search(query("x", SearchCategory.TEXT, 5)))
        .isInstanceOfSatisfying(SearchException.class, e -> {
          assertThat(e.code()).isEqualTo(SearchException.RATE_LIMITED);
          assertThat(e.retryable()).isTrue();
        });
  }

  @Test
  void redirectTargetsMustBeWebUrls() {
    assertThat(DuckDuckGoEngine.target("//duckduckgo.com/l/?uddg=javascript%3Aalert(1)")).isNull();
    assertThat(DuckDuckGoEngine.target("/relative")).isNull();
    assertThat(DuckDuckGoEngine.target("https://example.com/a")).isEqualTo("https://example.com/a");
  }
}
