package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import dev.loadout.tools.web.HtmlCharsets;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * DuckDuckGo's HTML endpoint, parsed with jsoup; text only.
 *
 * <p>The page has no contract, so the parser looks for results in three ways, most specific first:
 * result blocks ({@code .result}) with a title link ({@code a.result__a}); then title links anywhere;
 * then the first link of each heading inside the results area. Ads are skipped. A page where none of this
 * finds a result is a {@link SearchException#BAD_UPSTREAM_RESPONSE}, not an empty success, unless the page
 * says there are no results: an empty list the model would read as "nothing exists" must come from
 * DuckDuckGo, not from a layout the parser no longer knows. A bot challenge page is
 * {@link SearchException#RATE_LIMITED}.
 */
final class DuckDuckGoEngine implements SearchEngine {
  static final String ID = "duckduckgo";
  static final String LABEL = "DuckDuckGo";
  static final String DEFAULT_BASE_URL = "https://html.duckduckgo.com/html/";

  private final String baseUrl;
  private final SafeHttpClient client;

  DuckDuckGoEngine(String baseUrl, SafeHttpClient client) {
    this.baseUrl = baseUrl;
    this.client = client;
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Set<SearchCategory> categories() {
    return EnumSet.of(SearchCategory.TEXT);
  }

  @Override
  public Optional<String> label(TurnContext context) {
    return Optional.of(LABEL);
  }

  @Override
  public List<SearchHit> search(SearchQuery query) throws SearchException {
    SafeHttpRequest request = SafeHttpRequest.builder("GET", baseUrl + "?q=" + SearchHttp.encode(query.text()))
        .header("Accept", "text/html").maxBodyBytes(SearchHttp.MAX_BODY_BYTES).build();
    SafeHttpResponse response = SearchHttp.ok(SearchHttp.send(client, request, LABEL), LABEL);
    if (response.status() == 202) {
      // DuckDuckGo answers 202 with a challenge instead of results when it suspects a bot.
      throw challenged();
    }
    String html = HtmlCharsets.decode(response.body(), response.contentType().orElse(null));
    return parse(Jsoup.parse(html, baseUrl), query.count());
  }

  static List<SearchHit> parse(Document doc, int count) throws SearchException {
    if (!doc.select("form#challenge-form, .anomaly-modal, #challenge-form").isEmpty()) {
      throw challenged();
    }
    List<Element> links = new ArrayList<>();
    for (Element block : doc.select(".result, .web-result")) {
      if (isAd(block)) {
        continue;
      }
      Element a = block.selectFirst("a.result__a, h2 a[href]");
      if (a != null) {
        links.add(a);
      }
    }
    if (links.isEmpty()) {
      links.addAll(doc.select("a.result__a"));
    }
    if (links.isEmpty()) {
      links.addAll(doc.select("#links h2 a[href], .results h2 a[href], #links h3 a[href]"));
    }
    List<SearchHit> hits = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (Element a : links) {
      if (hits.size() == count) {
        break;
      }
      String url = target(a.attr("href"));
      if (url == null || !seen.add(url) || isAd(a)) {
        continue;
      }
      Element block = a.closest(".result, .web-result");
      Element snippet = block == null ? null : block.selectFirst(".result__snippet, .result-snippet");
      hits.add(SearchHit.of(SearchText.title(a.text()), url, snippet == null ? "" : SearchText.snippet(snippet.text())));
    }
    if (hits.isEmpty() && links.isEmpty() && !saysNoResults(doc)) {
      throw new SearchException(SearchException.BAD_UPSTREAM_RESPONSE,
          LABEL + "'s page had no results the parser recognises; its layout may have changed.", false);
    }
    return hits;
  }

  private static boolean isAd(Element e) {
    return e.hasClass("result--ad") || e.closest(".result--ad") != null || e.attr("href").contains("/y.js");
  }

  private static boolean saysNoResults(Document doc) {
    if (!doc.select(".no-results").isEmpty()) {
      return true;
    }
    Elements results = doc.select(".results, #links");
    return !results.isEmpty() && results.text().strip().startsWith("No results");
  }

  /** The real target of a result link: DuckDuckGo wraps it as {@code //duckduckgo.com/l/?uddg=<url>}. */
  static String target(String href) {
    if (href == null || href.isBlank()) {
      return null;
    }
    String h = href.strip();
    if (h.startsWith("//")) {
      h = "https:" + h;
    }
    if (!SearchHttp.isWebUrl(h)) {
      return null;
    }
    URI uri = URI.create(h.replace(" ", "%20"));
    String host = uri.getHost();
    if (host != null && (host.equals("duckduckgo.com") || host.endsWith(".duckduckgo.com")) && uri.getRawPath() != null
        && uri.getRawPath().startsWith("/l/") && uri.getRawQuery() != null) {
      for (String pair : uri.getRawQuery().split("&")) {
        if (pair.startsWith("uddg=")) {
          String decoded = URLDecoder.decode(pair.substring(5), StandardCharsets.UTF_8);
          return SearchHttp.isWebUrl(decoded) ? decoded : null;
        }
      }
      return null;
    }
    return h;
  }

  private static SearchException challenged() {
    return new SearchException(SearchException.RATE_LIMITED, LABEL + " answered with a bot challenge instead of results.", true);
  }

  @Override
  public String toString() {
    return "DuckDuckGoEngine{" + baseUrl + "}";
  }
}
