package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** One engine behind {@code web_search}. Implementations are immutable and thread-safe. */
interface SearchEngine {

  /** The stable id used in engine orders and result data: {@code searxng}, {@code brave}, … */
  String id();

  /** The categories this engine serves; never empty. */
  Set<SearchCategory> categories();

  /** The backend name for this turn, or empty when the engine is not usable this turn. Cheap, no I/O. */
  Optional<String> label(TurnContext context);

  /**
   * Runs one search for a category from {@link #categories()}.
   *
   * @return at most {@code query.count()} hits; empty when the engine found nothing
   */
  List<SearchHit> search(SearchQuery query) throws SearchException;
}
