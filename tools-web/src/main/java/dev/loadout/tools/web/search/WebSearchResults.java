package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchHit;
import dev.loadout.core.ToolResult;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Shapes hits into the tool result: full data for the host, and a compact numbered list as the summary the
 * model reads (plain text, one block per hit, media and page URLs on their own lines).
 */
final class WebSearchResults {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private WebSearchResults() {}

  /** An engine that failed before the one that answered. */
  record Attempt(String engine, String label, String code) {}

  static ToolResult.Success success(SearchQuery query, String engineId, String backend, List<SearchHit> hits,
      List<Attempt> failed) {
    ObjectNode data = NODES.objectNode();
    data.put("query", query.text()).put("category", query.category().id()).put("engine", engineId).put("backend", backend);
    ArrayNode results = data.putArray("results");
    for (SearchHit h : hits) {
      ObjectNode r = results.addObject().put("title", h.title()).put("url", h.url()).put("snippet", h.snippet());
      putIfPresent(r, "mediaUrl", h.mediaUrl());
      putIfPresent(r, "thumbnailUrl", h.thumbnailUrl());
      putIfPresent(r, "published", h.published());
      putIfPresent(r, "source", h.source());
    }
    if (!failed.isEmpty()) {
      ArrayNode f = data.putArray("failedEngines");
      failed.forEach(a -> f.addObject().put("engine", a.engine()).put("code", a.code()));
    }
    return ToolResult.success(data, summary(query, backend, hits, failed));
  }

  static String summary(SearchQuery query, String backend, List<SearchHit> hits, List<Attempt> failed) {
    StringBuilder s = new StringBuilder(128 + hits.size() * 160);
    String q = SearchText.plain(query.text(), 200);
    s.append(hits.isEmpty() ? "No results" : "Search results").append(" for \"").append(q).append("\" (")
        .append(query.category().id()).append(", via ").append(backend);
    if (!failed.isEmpty()) {
      s.append(" after ");
      for (int i = 0; i < failed.size(); i++) {
        s.append(i == 0 ? "" : ", ").append(failed.get(i).label()).append(" failed: ").append(failed.get(i).code());
      }
    }
    s.append(hits.isEmpty() ? ")." : "):");
    int n = 1;
    for (SearchHit h : hits) {
      s.append('\n').append(n++).append(". ").append(h.title().isEmpty() ? h.url() : h.title());
      String by = join(h.source(), h.published());
      if (!by.isEmpty()) {
        s.append(" (").append(by).append(')');
      }
      if (query.category() == SearchCategory.IMAGE) {
        if (!h.mediaUrl().isEmpty()) {
          s.append("\n   Image: ").append(h.mediaUrl());
        }
        s.append("\n   Page: ").append(h.url());
      } else if (query.category() == SearchCategory.VIDEO) {
        s.append("\n   Video: ").append(h.url());
        if (!h.mediaUrl().isEmpty() && !h.mediaUrl().equals(h.url())) {
          s.append("\n   Player: ").append(h.mediaUrl());
        }
      } else {
        s.append("\n   ").append(h.url());
      }
      if (!h.snippet().isEmpty()) {
        s.append("\n   ").append(h.snippet());
      }
    }
    return s.toString();
  }

  private static String join(String a, String b) {
    return a.isEmpty() ? b : b.isEmpty() ? a : a + ", " + b;
  }

  private static void putIfPresent(ObjectNode node, String field, String value) {
    if (!value.isEmpty()) {
      node.put(field, value);
    }
  }
}
