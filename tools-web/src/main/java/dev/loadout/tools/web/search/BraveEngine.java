package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The Brave Search API: one endpoint per base category, authenticated by the
 * {@code X-Subscription-Token} header. The key lives only in that header; {@link #toString()} and every
 * message leave it out.
 */
final class BraveEngine implements SearchEngine {
  static final String ID = "brave";
  static final String LABEL = "Brave Search";
  static final String DEFAULT_BASE_URL = "https://api.search.brave.com/res/v1/";

  private final String baseUrl;
  private final String apiKey;
  private final SafeHttpClient client;

  BraveEngine(String baseUrl, String apiKey, SafeHttpClient client) {
    this.baseUrl = baseUrl;
    this.apiKey = apiKey;
    this.client = client;
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Set<SearchCategory> categories() {
    return EnumSet.of(SearchCategory.TEXT, SearchCategory.IMAGE, SearchCategory.VIDEO, SearchCategory.NEWS);
  }

  @Override
  public Optional<String> label(TurnContext context) {
    return Optional.of(LABEL);
  }

  @Override
  public List<SearchHit> search(SearchQuery query) throws SearchException {
    String endpoint;
    switch (query.category()) {
      case IMAGE: endpoint = "images/search"; break;
      case VIDEO: endpoint = "videos/search"; break;
      case NEWS: endpoint = "news/search"; break;
      default: endpoint = "web/search"; break;
    }
    String url = baseUrl + endpoint + "?q=" + SearchHttp.encode(query.text()) + "&count=" + query.count();
    SafeHttpRequest request = SafeHttpRequest.builder("GET", url).header("Accept", "application/json")
        .header("X-Subscription-Token", apiKey).maxBodyBytes(SearchHttp.MAX_BODY_BYTES).build();
    SafeHttpResponse response = SearchHttp.send(client, request, LABEL);
    if (response.status() == 401 || response.status() == 403) {
      throw new SearchException(SearchException.UPSTREAM_AUTH_FAILED,
          LABEL + " rejected the configured API key (HTTP " + response.status() + ").", false);
    }
    JsonNode root = SearchHttp.jsonObject(SearchHttp.ok(response, LABEL), LABEL);
    JsonNode results;
    if (query.category() == SearchCategory.TEXT) {
      // Brave leaves the "web" section out when nothing matched; a body without "type": "search" is not
      // a search answer at all.
      if (!"search".equals(SearchHttp.string(root, "type"))) {
        throw new SearchException(SearchException.BAD_UPSTREAM_RESPONSE, LABEL + " sent JSON that is not a web search answer.", false);
      }
      JsonNode web = root.get("web");
      if (web == null) {
        return List.of();
      }
      results = web.get("results");
    } else {
      results = root.get("results");
    }
    if (results == null || !results.isArray()) {
      throw new SearchException(SearchException.BAD_UPSTREAM_RESPONSE, LABEL + " sent JSON without a results list.", false);
    }
    List<SearchHit> hits = new ArrayList<>(Math.min(query.count(), results.size()));
    for (JsonNode r : results) {
      if (hits.size() == query.count()) {
        break;
      }
      String page = SearchHttp.string(r, "url");
      if (SearchHttp.isWebUrl(page)) {
        hits.add(hit(r, page, query.category()));
      }
    }
    return hits;
  }

  private static SearchHit hit(JsonNode r, String page, SearchCategory category) {
    String thumbnail = SearchHttp.string(r.path("thumbnail"), "src");
    String media = category == SearchCategory.IMAGE ? SearchHttp.string(r.path("properties"), "url") : "";
    String published = SearchHttp.string(r, "page_age");
    if (published.isEmpty()) {
      published = SearchHttp.string(r, "age");
    }
    String source = SearchHttp.string(r.path("profile"), "name");
    if (source.isEmpty()) {
      source = SearchHttp.string(r.path("meta_url"), "hostname");
    }
    if (source.isEmpty()) {
      source = SearchHttp.string(r, "source");
    }
    return new SearchHit(SearchText.title(SearchHttp.string(r, "title")), page,
        SearchText.snippet(SearchHttp.string(r, "description")), SearchHttp.isWebUrl(media) ? media : "",
        SearchHttp.isWebUrl(thumbnail) ? thumbnail : "", category == SearchCategory.IMAGE ? "" : published,
        SearchText.title(source));
  }

  @Override
  public String toString() {
    return "BraveEngine{" + baseUrl + ", apiKey=<redacted>}";
  }
}
