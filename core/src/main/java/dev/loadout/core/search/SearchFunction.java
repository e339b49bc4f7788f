package dev.loadout.core.search;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A text search offered by something outside this module, typically a function of an MCP server (a
 * global search server, or a guild's {@code web_search} registration) that the host adapts to it; the host
 * passes it to {@code WebSearchToolBuilder.mcpFallback(SearchFunction)} in {@code loadout-tools-web}. The interface lives in core so that neither module depends on the other.
 *
 * <p>{@code web_search} treats it as a text-only engine with the id {@code mcp}. It is asked
 * {@link #label(TurnContext)} while the turn's tools are prepared, so that call must be cheap and do no
 * I/O (answer from the connection pool's state); {@link #search} runs on Loadout's executor and may block.
 * A {@link RuntimeException} from either is contained: {@code label} counts as "not usable this turn",
 * {@code search} as an {@link SearchException#ENGINE_ERROR}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface SearchFunction {

  /**
   * Whether a search function is usable on this turn, and the name the tool description shows for it
   * (for example {@code "DuckDuckGo MCP"}).
   *
   * @param context the turn; never null
   * @return the label, or empty when no function is usable this turn; never null
   */
  Optional<String> label(TurnContext context);

  /**
   * Searches the web for text results.
   *
   * @param query the query, trimmed and non-empty
   * @param count how many results are wanted, from 1 to 20; returning fewer is fine, more are cut
   * @param context the turn; never null
   * @return the hits, best first; never null, empty when nothing was found
   * @throws SearchException when the function failed; its code and message reach the model
   */
  List<SearchHit> search(String query, int count, TurnContext context) throws SearchException;
}
