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
 * SearXNG through its JSON API ({@code GET /search?format=json}). Serves every category; the instance must
 * have {@code json} in {@code search.formats}, otherwise it answers 403, which the message points out.
 */
final class SearXngEngine implements SearchEngine {
  static final String ID = "searxng";
  static final String LABEL = "SearXNG";

  private final String baseUrl;
  private final SafeHttpClient client;

  SearXngEngine(String baseUrl, SafeHttpClient client) {
    this.baseUrl = baseUrl;
    this.client = client;
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public Set<SearchCategory> categories() {
    return EnumSet.allOf(SearchCategory.class);
  }

  @Override
  public Optional<String> label(TurnContext context) {
    return Optional.of(LABEL);
  }

  @Override
  public List<SearchHit> search(SearchQuery query) throws SearchException {
    String url = baseUrl + "search?q=" + SearchHttp.encode(query.text()) + "&format=json&categories="
        + query.category().searxngName() + "&pageno=1";
    SafeHttpRequest request = SafeHttpRequest.builder("GET", url).header("Accept", "application/json")
        .maxBodyBytes(SearchHttp.MAX_BODY_BYTES).build();
    SafeHttpResponse response = SearchHttp.send(client, request, LABEL);
    if (response.status() == 403) {
      throw new SearchException(SearchException.UPSTREAM_STATUS,
          LABEL + " answered HTTP 403; is 'json' listed in its search.formats setting?", false);
    }
    SearchHttp.ok(response, LABEL);
    JsonNode results = SearchHttp.jsonObject(response, LABEL).get("results");
    if (results == null || !results.isArray()) {
      throw new SearchException(SearchException.BAD_UPSTREAM_RESPONSE, LABEL + " sent JSON without a results list.", false);
    }
    List<SearchHit> hits = new ArrayList<>(Math.min(query.count(), results.size()));
    for (JsonNode r : results) {
      if (hits.size() == query.count()) {
        break;
      }
      String page = SearchHttp.string(r, "url");
      if (!SearchHttp.isWebUrl(page)) {
        continue;
      }
      hits.add(hit(r, page, query.category()));
    }
    return hits;
  }

  private static SearchHit hit(JsonNode r, String page, SearchCategory category) {
    String thumbnail = SearchHttp.string(r, "thumbnail_src");
    if (thumbnail.isEmpty()) {
      thumbnail = SearchHttp.string(r, "thumbnail");
    }
    String media = "";
    if (category == SearchCategory.IMAGE) {
      media = SearchHttp.string(r, "img_src");
    } else if (category == SearchCategory.VIDEO) {
      media = SearchHttp.string(r, "iframe_src");
    }
    String source = category == SearchCategory.NEWS ? SearchHttp.host(page) : "";
    return new SearchHit(SearchText.title(SearchHttp.string(r, "title")), page,
        SearchText.snippet(SearchHttp.string(r, "content")), SearchHttp.isWebUrl(media) ? media : "",
        SearchHttp.isWebUrl(thumbnail) ? thumbnail : "", SearchHttp.string(r, "publishedDate"), source);
  }

  @Override
  public String toString() {
    return "SearXngEngine{" + baseUrl + "}";
  }
}
