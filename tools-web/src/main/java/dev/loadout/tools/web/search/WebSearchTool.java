package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchHit;
import dev.loadout.core.search.SearchException;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code web_search}: the one search tool the model sees, whatever engines answer behind it.
 *
 * <p><b>Backend per turn.</b> Engines are tried in the configured order (default: SearXNG, Brave Search,
 * the MCP search function, DuckDuckGo); an engine that is not configured, or an MCP function that is not
 * usable this turn, is skipped. The first usable one is the <em>active backend</em>: the tool description
 * names it and the {@code category} enum lists exactly its categories. With none, the tool hides itself
 * for the turn ({@link #availabilityFilter()} gives the reason a name).
 *
 * <p><b>Execution</b> re-checks what the schema already promised, because a stale configuration or a
 * hand-written call can still arrive: disabled for the guild ({@value #DISABLED}), an empty query
 * ({@link ToolResult#INVALID_ARGUMENTS}), a category the active backend does not serve
 * ({@value #UNSUPPORTED_CATEGORY}; never a silent fallback to text), no backend ({@value #NO_BACKEND}).
 * {@code count} is floored and bounded: default {@value #DEFAULT_COUNT}, at most {@value #MAX_IMAGE_COUNT}
 * for images and {@value #MAX_COUNT} otherwise. If an engine fails, the next usable engine that serves the
 * category is tried; the result's {@code engine} says which answered and {@code failedEngines} which did
 * not. When none answers, a single attempt reports its engine's {@link SearchException} code, several
 * report {@value #SEARCH_FAILED}.
 *
 * <p>{@code execute} blocks for the engines' HTTP calls; Loadout runs it on its executor under the call
 * deadline. Close the tool at shutdown to release the HTTP clients it created.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WebSearchTool implements BaseTool, AutoCloseable {
  /** The tool name. */
  public static final String NAME = "web_search";
  /** The tool family; an MCP registration of type "web search" replaces this tool. */
  public static final String FAMILY = "web_search";
  /** The tool group. */
  public static final String GROUP = "web";
  /** The feature flag that disables web search for a guild when set to {@code false}; unset means enabled. */
  public static final String ENABLED_FLAG = "web_search_enabled";
  /** Results returned when the call does not say: 5. */
  public static final int DEFAULT_COUNT = 5;
  /** The most results for any category but images: 20. */
  public static final int MAX_COUNT = 20;
  /** The most image results: 10. */
  public static final int MAX_IMAGE_COUNT = 10;
  /** The longest query accepted, in characters: 500. */
  public static final int MAX_QUERY_CHARS = 500;

  /** Failure code: web search is disabled for this guild. */
  public static final String DISABLED = "web_search_disabled";
  /** Failure code: the category is unknown or not served by the active backend. */
  public static final String UNSUPPORTED_CATEGORY = "unsupported_category";
  /** Failure code (and hiding reason): no engine is configured or usable this turn. */
  public static final String NO_BACKEND = "no_search_backend";
  /** Failure code: several engines were tried and none answered. */
  public static final String SEARCH_FAILED = "search_failed";

  private static final Logger LOG = LoggerFactory.getLogger(WebSearchTool.class);

  private final ToolSpec spec;
  private final List<SearchEngine> engines;
  private final Predicate<TurnContext> enabled;
  private final List<AutoCloseable> owned;
  // Variants by engine and label; SchemaEdit memoises too, this only skips building the strings.
  private final Map<String, ToolSpec> variants = new ConcurrentHashMap<>();

  WebSearchTool(List<SearchEngine> engines, Predicate<TurnContext> enabled, List<AutoCloseable> owned,
      java.time.Duration deadline) {
    this.spec = WebSearchSchema.base().toBuilder().timeout(deadline).build();
    this.engines = List.copyOf(engines);
    this.enabled = enabled;
    this.owned = List.copyOf(owned);
  }

  /** A builder with no engine but DuckDuckGo; see {@link WebSearchToolBuilder}. */
  public static WebSearchToolBuilder builder() {
    return new WebSearchToolBuilder();
  }

  /**
   * A builder configured from environment variables; see {@link WebSearchToolBuilder#fromEnvironment(Map)}
   * for the names. Add an MCP search function before {@code build()} if there is one.
   */
  public static WebSearchToolBuilder fromEnvironment(Map<String, String> env) {
    return WebSearchToolBuilder.fromEnvironment(env);
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public Optional<ToolSpec> assembleForContext(TurnContext context) {
    if (!enabled.test(context)) {
      return Optional.empty();
    }
    for (SearchEngine engine : engines) {
      Optional<String> label = engine.label(context);
      if (label.isPresent()) {
        return Optional.of(variant(engine, label.get()));
      }
    }
    return Optional.empty();
  }

  private ToolSpec variant(SearchEngine engine, String label) {
    String key = engine.id() + '\n' + label;
    ToolSpec v = variants.get(key);
    if (v == null) {
      v = WebSearchSchema.variant(spec, label, engine.categories());
      if (variants.size() < 64) { // MCP labels come from hosts; keep the map bounded whatever they send
        variants.put(key, v);
      }
    }
    return v;
  }

  /**
   * What the tool offers on this turn: the active backend, its categories and the fallbacks.
   *
   * @return empty when web search is disabled or no engine is usable (the tool is hidden then)
   */
  public Optional<SearchCapabilities> capabilities(TurnContext context) {
    if (!enabled.test(context)) {
      return Optional.empty();
    }
    SearchEngine active = null;
    String backend = null;
    List<String> fallbacks = new ArrayList<>();
    for (SearchEngine engine : engines) {
      Optional<String> label = engine.label(context);
      if (label.isPresent() && active == null) {
        active = engine;
        backend = label.get();
      } else if (label.isPresent()) {
        fallbacks.add(engine.id());
      }
    }
    if (active == null) {
      return Optional.empty();
    }
    List<SearchCategory> categories = new ArrayList<>();
    for (SearchCategory c : SearchCategory.values()) {
      if (active.categories().contains(c)) {
        categories.add(c);
      }
    }
    return Optional.of(new SearchCapabilities(backend, active.id(), categories, fallbacks));
  }

  /**
   * A filter that hides {@code web_search} with a named reason ({@value #DISABLED} or {@value #NO_BACKEND})
   * where assembly would hide it with a generic one. Optional: add it to the Loadout builder for clearer
   * diagnostics.
   */
  public AvailabilityFilter availabilityFilter() {
    return AvailabilityFilter.named("web_search backends", (s, context) -> {
      if (!s.name().equals(NAME)) {
        return AvailabilityDecision.available();
      }
      if (!enabled.test(context)) {
        return AvailabilityDecision.hidden(DISABLED, "web search is disabled for this server");
      }
      for (SearchEngine engine : engines) {
        if (engine.label(context).isPresent()) {
          return AvailabilityDecision.available();
        }
      }
      return AvailabilityDecision.hidden(NO_BACKEND, "no search engine is configured or usable this turn");
    });
  }

  /** Names why assembly hid the tool: disabled for the server, or no usable backend this turn. */
  @Override
  public AvailabilityDecision hiddenReason(TurnContext context) {
    return !enabled.test(context) ? AvailabilityDecision.hidden(DISABLED, "web search is disabled for this server")
        : AvailabilityDecision.hidden(NO_BACKEND, "no search engine is configured or usable this turn");
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    return CompletableFuture.completedFuture(run(call.argumentsJson(), context));
  }

  private ToolResult run(ObjectNode args, TurnContext context) {
    if (!enabled.test(context)) {
      return ToolResult.failure(DISABLED, "Web search is disabled for this server.", false);
    }
    JsonNode q = args.get("query");
    String query = q != null && q.isString() ? q.stringValue().strip() : "";
    if (query.isEmpty()) {
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "Query is required and must be a non-empty string.", false);
    }
    if (query.length() > MAX_QUERY_CHARS) {
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "Query must be at most " + MAX_QUERY_CHARS + " characters.", false);
    }
    List<SearchEngine> usable = new ArrayList<>(engines.size());
    List<String> labels = new ArrayList<>(engines.size());
    for (SearchEngine engine : engines) {
      Optional<String> label = engine.label(context);
      if (label.isPresent()) {
        usable.add(engine);
        labels.add(label.get());
      }
    }
    if (usable.isEmpty()) {
      return ToolResult.failure(NO_BACKEND, "No web search backend is available right now.", true);
    }
    JsonNode c = args.get("category");
    SearchCategory category = c == null || c.isNull() ? SearchCategory.TEXT
        : c.isString() ? SearchCategory.fromId(c.stringValue()).orElse(null) : null;
    if (category == null || !usable.get(0).categories().contains(category)) {
      String asked = c != null && c.isString() ? SearchText.plain(c.stringValue(), 40) : String.valueOf(c);
      return ToolResult.failure(UNSUPPORTED_CATEGORY, "Category '" + asked + "' is not supported by " + labels.get(0)
          + ". Available categories: " + String.join(", ", WebSearchSchema.ids(usable.get(0).categories())) + ".", false);
    }
    JsonNode n = args.get("count");
    if (n != null && !n.isNull() && !n.isNumber()) {
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "count must be a number.", false);
    }
    SearchQuery search = new SearchQuery(query, category, count(n, category), context);
    return search(search, usable, labels);
  }

  static int count(JsonNode n, SearchCategory category) {
    int cap = category == SearchCategory.IMAGE ? MAX_IMAGE_COUNT : MAX_COUNT;
    double d = n == null || n.isNull() ? Double.NaN : n.doubleValue();
    if (Double.isNaN(d) || d < 1) {
      return Math.min(DEFAULT_COUNT, cap);
    }
    return (int) Math.min(Math.floor(d), cap);
  }

  private static ToolResult search(SearchQuery query, List<SearchEngine> usable, List<String> labels) {
    List<WebSearchResults.Attempt> failed = new ArrayList<>(2);
    SearchException last = null;
    boolean retryable = false;
    StringBuilder reasons = new StringBuilder();
    for (int i = 0; i < usable.size(); i++) {
      SearchEngine engine = usable.get(i);
      if (!engine.categories().contains(query.category())) {
        continue;
      }
      if (Thread.currentThread().isInterrupted()) {
        break; // the call's deadline passed; Loadout has already answered with a timeout
      }
      try {
        List<SearchHit> hits = engine.search(query);
        return WebSearchResults.success(query, engine.id(), labels.get(i), hits, failed);
      } catch (SearchException e) {
        LOG.debug("web_search engine {} failed: {}", engine.id(), e.code());
        failed.add(new WebSearchResults.Attempt(engine.id(), labels.get(i), e.code()));
        reasons.append(reasons.length() == 0 ? "" : " ").append(e.getMessage());
        retryable |= e.retryable();
        last = e;
      }
    }
    if (failed.size() == 1) {
      return ToolResult.failure(last.code(), last.getMessage(), last.retryable());
    }
    if (failed.isEmpty()) {
      return ToolResult.failure(SEARCH_FAILED, "The search was cancelled.", true);
    }
    return ToolResult.failure(SEARCH_FAILED, "No search engine answered. " + reasons, retryable);
  }

  /** Closes the HTTP clients this tool created; a client the host passed in stays open. */
  @Override
  public void close() {
    for (AutoCloseable c : owned) {
      try {
        c.close();
      } catch (Exception e) {
        LOG.warn("Closing {} failed", c.getClass().getName(), e);
      }
    }
  }

  @Override
  public String toString() {
    List<String> ids = new ArrayList<>(engines.size());
    engines.forEach(e -> ids.add(e.id()));
    return "WebSearchTool{engines=" + ids + "}";
  }
}
