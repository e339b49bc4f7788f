package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchFunction;
import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapts a host's {@link SearchFunction} (an MCP search function) to an engine, containing whatever it
 * does wrong: a throwing or null answer, hits without a usable URL, more hits than asked for.
 */
final class SearchFunctionEngine implements SearchEngine {
  static final String ID = "mcp";
  private static final Logger LOG = LoggerFactory.getLogger(SearchFunctionEngine.class);

  private final SearchFunction function;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  SearchFunctionEngine(SearchFunction function) {
    this.function = function;
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
    try {
      Optional<String> label = function.label(context);
      // The label goes into the tool description: plain, one line, short.
      return label == null ? Optional.empty() : label.map(l -> SearchText.plain(l, 60)).filter(l -> !l.isEmpty());
    } catch (RuntimeException e) {
      // Asked on every prepare: warn once per exception type, not once per turn.
      if (warned.add(e.getClass().getName())) {
        LOG.warn("Search function {} threw {} when asked whether it is usable; treating it as unusable",
            function.getClass().getName(), e.getClass().getName());
      }
      return Optional.empty();
    }
  }

  @Override
  public List<SearchHit> search(SearchQuery query) throws SearchException {
    List<SearchHit> found;
    try {
      found = function.search(query.text(), query.count(), query.context());
    } catch (RuntimeException e) {
      // Class names only: the message of a plug-in's exception may carry its endpoint or token.
      LOG.warn("Search function {} threw {}", function.getClass().getName(), e.getClass().getName());
      throw new SearchException(SearchException.ENGINE_ERROR, "The MCP search function failed.", true);
    }
    if (found == null) {
      throw new SearchException(SearchException.BAD_UPSTREAM_RESPONSE, "The MCP search function returned no answer.", false);
    }
    List<SearchHit> hits = new ArrayList<>(Math.min(found.size(), query.count()));
    for (SearchHit h : found) {
      if (hits.size() == query.count()) {
        break;
      }
      if (h != null && SearchHttp.isWebUrl(h.url())) {
        hits.add(new SearchHit(SearchText.title(h.title()), h.url().strip(), SearchText.snippet(h.snippet()),
            h.mediaUrl(), h.thumbnailUrl(), h.published(), SearchText.title(h.source())));
      }
    }
    return hits;
  }

  @Override
  public String toString() {
    return "SearchFunctionEngine{" + function.getClass().getName() + "}";
  }
}
