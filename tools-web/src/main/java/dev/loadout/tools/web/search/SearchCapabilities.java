package dev.loadout.tools.web.search;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import org.apiguardian.api.API;

/**
 * What {@code web_search} offers on a turn, for capability reports: the same facts the per-turn schema
 * shows the model.
 *
 * @param backend the active backend's name, such as {@code SearXNG}
 * @param engine the active engine's id: {@code searxng}, {@code brave}, {@code duckduckgo} or {@code mcp}
 * @param categories the categories in the schema enum this turn, in {@link SearchCategory} order
 * @param fallbacks ids of the engines tried after the active one if it fails, in order
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public record SearchCapabilities(String backend, String engine, List<SearchCategory> categories, List<String> fallbacks) {
  /** Copies the lists. */
  public SearchCapabilities {
    categories = List.copyOf(categories);
    fallbacks = List.copyOf(fallbacks);
  }
}
