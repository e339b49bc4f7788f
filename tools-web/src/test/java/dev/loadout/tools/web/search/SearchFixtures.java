package dev.loadout.tools.web.search;

import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;

/** Recorded-shape upstream answers (trimmed to the fields engines read, plus some they ignore). */
final class SearchFixtures {
  private SearchFixtures() {}

  static SafeHttpClient devClient() {
    return SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.development())).build();
  }

  static TurnContext.Builder context() {
    return TurnContext.builder("openai", "test-model").guildId("g1").channelId("c1").userId("u1");
  }

  static SearchQuery query(String text, SearchCategory category, int count) {
    return new SearchQuery(text, category, count, context().build());
  }

  static final String SEARXNG_TEXT = """
      {"query": "java records", "number_of_results": 0,
       "results": [
        {"url": "https://openjdk.org/jeps/395", "title": "JEP 395: Records", "content": "Enhance the <b>Java</b> programming language with &amp; records.",
         "engine": "duckduckgo", "parsed_url": ["https", "openjdk.org", "/jeps/395", "", "", ""], "engines": ["duckduckgo", "brave"],
         "positions": [1, 2], "score": 4.0, "category": "general"},
        {"url": "javascript:alert(1)", "title": "bad", "content": "skipped", "category": "general"},
        {"url": "https://docs.oracle.com/en/java/records.html", "title": "Record Classes", "content": "A record class is a shallowly immutable carrier.",
         "publishedDate": null, "category": "general"},
        {"url": "https://www.baeldung.com/java-record-keyword", "title": "Java 14 Record Keyword", "content": "", "category": "general"}
       ],
       "answers": [], "corrections": [], "infoboxes": [], "suggestions": ["java records example"], "unresponsive_engines": []}
      """;

  static final String SEARXNG_IMAGES = """
      {"query": "tomori", "results": [
        {"url": "https://example.org/gallery/1", "title": "Tomori at the beach", "content": "",
         "img_src": "https://cdn.example.org/1.jpg", "thumbnail_src": "https://cdn.example.org/1_t.jpg",
         "template": "images.html", "resolution": "1920 x 1080", "category": "images"}
      ]}
      """;

  static final String BRAVE_WEB = """
      {"type": "search", "query": {"original": "java records", "more_results_available": true},
       "mixed": {"type": "mixed", "main": [{"type": "web", "index": 0, "all": false}]},
       "web": {"type": "search", "family_friendly": true, "results": [
         {"type": "search_result", "title": "JEP 395: <strong>Records</strong>", "url": "https://openjdk.org/jeps/395",
          "is_source_local": false, "description": "Enhance the <strong>Java</strong> programming language with records.",
          "page_age": "2021-03-16T00:00:00", "profile": {"name": "OpenJDK", "url": "https://openjdk.org/", "long_name": "openjdk.org"},
          "language": "en", "family_friendly": true},
         {"type": "search_result", "title": "Records in Java", "url": "https://dev.java/learn/records/",
          "description": "Using records to model immutable data.", "age": "3 days ago", "profile": {"name": "Dev.java"}}
       ]}}
      """;

  static final String BRAVE_IMAGES = """
      {"type": "images", "query": {"original": "cat"}, "results": [
        {"type": "image_result", "title": "A cat", "url": "https://pets.example.com/cat", "source": "pets.example.com",
         "page_fetched": "2024-01-01T00:00:00Z", "thumbnail": {"src": "https://imgs.search.brave.com/t.jpg"},
         "properties": {"url": "https://pets.example.com/cat.jpg", "placeholder": "https://imgs.search.brave.com/p.jpg"},
         "meta_url": {"scheme": "https", "netloc": "pets.example.com", "hostname": "pets.example.com"}}
      ]}
      """;

  static final String BRAVE_NEWS = """
      {"type": "news", "query": {"original": "eclipse"}, "results": [
        {"type": "news_result", "title": "Eclipse seen across the continent", "url": "https://news.example.com/eclipse",
         "description": "Millions watched.", "age": "2 hours ago", "page_age": "2026-11-30T14:00:00",
         "meta_url": {"scheme": "https", "netloc": "news.example.com", "hostname": "news.example.com"},
         "thumbnail": {"src": "https://imgs.search.brave.com/n.jpg"}}
      ]}
      """;

  static final String DDG_RESULTS = """
      <!DOCTYPE html><html><head><title>java records at DuckDuckGo</title></head><body>
      <div id="links" class="results">
        <div class="result results_links results_links_deep result--ad">
          <div class="links_main links_deep result__body">
            <h2 class="result__title"><a class="result__a" href="https://duckduckgo.com/y.js?ad_provider=x&amp;u3=https%3A%2F%2Fads.example.com">Buy Java</a></h2>
            <a class="result__snippet" href="https://duckduckgo.com/y.js?x">An ad.</a>
          </div>
        </div>
        <div class="result results_links results_links_deep web-result">
          <div class="links_main links_deep result__body">
            <h2 class="result__title"><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fopenjdk.org%2Fjeps%2F395&amp;rut=abc">JEP 395: Records</a></h2>
            <div class="result__extras"><div class="result__extras__url"><a class="result__url" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fopenjdk.org%2Fjeps%2F395">openjdk.org/jeps/395</a></div></div>
            <a class="result__snippet" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fopenjdk.org%2Fjeps%2F395">Enhance the <b>Java</b> programming language with records.</a>
          </div>
        </div>
        <div class="result results_links results_links_deep web-result">
          <div class="links_main links_deep result__body">
            <h2 class="result__title"><a rel="nofollow" class="result__a" href="https://dev.java/learn/records/">Records - Dev.java</a></h2>
            <a class="result__snippet" href="https://dev.java/learn/records/">Using records to model immutable data.</a>
          </div>
        </div>
      </div></body></html>
      """;

  static final String DDG_NO_RESULTS = """
      <html><body><div id="links" class="results"><div class="no-results">No results.</div></div></body></html>
      """;

  /** The same results after a redesign: no result__ classes left, only headings with links. */
  static final String DDG_DRIFTED = """
      <html><body><section id="links">
        <article><h2><a href="https://openjdk.org/jeps/395">JEP 395: Records</a></h2><p>Records.</p></article>
        <article><h2><a href="https://dev.java/learn/records/">Records - Dev.java</a></h2></article>
      </section></body></html>
      """;

  static final String DDG_UNKNOWN = """
      <html><body><main><p>Something entirely different.</p><a href="https://example.com">home</a></main></body></html>
      """;

  static final String DDG_CHALLENGE = """
      <html><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
      <form id="challenge-form" action="/anomaly.js"></form></body></html>
      """;
}
