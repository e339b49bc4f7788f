package dev.loadout.tools.web.search;

import dev.loadout.core.search.SearchFunction;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import dev.loadout.core.internal.settings.EnvironmentReader;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.apiguardian.api.API;

/**
 * Configures a {@link WebSearchTool}. Every setter checks its value at once and names the setting when it
 * refuses one. Not thread-safe; the tool it builds is.
 *
 * <p><b>Network.</b> Engines send every request through a {@link SafeHttpClient}, so each base URL passes
 * the network guard on every call. Pass the bot's client with {@link #httpClient(SafeHttpClient)}, or a
 * policy with {@link #networkPolicy(NetworkPolicy)} (default {@link NetworkPolicy#production()}) and the
 * tool makes and owns its own. {@link #trustSearxngOnPrivateNetwork(boolean)} lets a SearXNG the host runs
 * on a private address (such as localhost) be reached while private addresses stay closed to every URL a
 * model can influence: SearXNG then gets a client of its own that allows private networks and follows no
 * redirect, and the model only ever supplies the query string. The cloud-metadata denylist still applies.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class WebSearchToolBuilder {
  /** Engine id of SearXNG. */
  public static final String SEARXNG = SearXngEngine.ID;
  /** Engine id of the Brave Search API. */
  public static final String BRAVE = BraveEngine.ID;
  /** Engine id of DuckDuckGo's HTML endpoint. */
  public static final String DUCKDUCKGO = DuckDuckGoEngine.ID;
  /** Engine id of the MCP search function. */
  public static final String MCP = SearchFunctionEngine.ID;
  /** The engine order unless one is set. */
  public static final List<String> DEFAULT_ORDER = List.of(SEARXNG, BRAVE, MCP, DUCKDUCKGO);

  /** The SearXNG base URL, such as {@code http://localhost:8888/}. */
  public static final String ENV_SEARXNG_URL = "SEARXNG_URL";
  /** {@code true} to reach SearXNG on a private address; see {@link #trustSearxngOnPrivateNetwork(boolean)}. */
  public static final String ENV_SEARXNG_ALLOW_PRIVATE_NETWORK = "SEARXNG_ALLOW_PRIVATE_NETWORK";
  /** The Brave Search API subscription token. */
  public static final String ENV_BRAVE_API_KEY = "BRAVE_API_KEY";
  /** {@code false} to turn the built-in DuckDuckGo engine off. */
  public static final String ENV_DUCKDUCKGO = "WEB_SEARCH_DUCKDUCKGO";
  /** Engine ids separated by commas, such as {@code brave,searxng,duckduckgo}. */
  public static final String ENV_ENGINE_ORDER = "WEB_SEARCH_ENGINE_ORDER";


  private NetworkPolicy policy = NetworkPolicy.production();
  private SafeHttpClient client;
  private String searxngUrl;
  private boolean trustSearxng;
  private String braveKey;
  private String braveUrl = BraveEngine.DEFAULT_BASE_URL;
  private boolean duckDuckGo = true;
  private String duckDuckGoUrl = DuckDuckGoEngine.DEFAULT_BASE_URL;
  private SearchFunction mcp;
  private List<String> order = DEFAULT_ORDER;
  private Predicate<TurnContext> enabled = ctx -> ctx.switchedOn(WebSearchTool.ENABLED_FLAG);

  WebSearchToolBuilder() {}

  /**
   * A builder from environment variables: the {@link NetworkPolicy#fromEnvironment(Map)} ones
   * ({@code RUN_ENV}, {@code FETCH_URL_ALLOW_PRIVATE_NETWORK}, {@code MAX_FETCH_SIZE_MB}), and
   * {@value #ENV_SEARXNG_URL}, {@value #ENV_SEARXNG_ALLOW_PRIVATE_NETWORK}, {@value #ENV_BRAVE_API_KEY},
   * {@value #ENV_DUCKDUCKGO} and {@value #ENV_ENGINE_ORDER}. Unset or blank variables keep the defaults;
   * booleans accept {@code true/false, 1/0, yes/no, on/off} in any case.
   *
   * @throws IllegalArgumentException naming the variable whose value is not acceptable
   */
  static WebSearchToolBuilder fromEnvironment(Map<String, String> env) {
    EnvironmentReader vars = EnvironmentReader.of(env);
    WebSearchToolBuilder b = new WebSearchToolBuilder().networkPolicy(NetworkPolicy.fromEnvironment(env));
    vars.text(ENV_SEARXNG_URL).ifPresent(url -> b.searxngUrl = SearchHttp.baseUrl(ENV_SEARXNG_URL, url));
    b.trustSearxng = vars.bool(ENV_SEARXNG_ALLOW_PRIVATE_NETWORK, false);
    vars.text(ENV_BRAVE_API_KEY).ifPresent(key -> b.braveKey = apiKey(ENV_BRAVE_API_KEY, key));
    b.duckDuckGo = vars.bool(ENV_DUCKDUCKGO, true);
    List<String> order = vars.list(ENV_ENGINE_ORDER);
    if (!order.isEmpty()) {
      b.order = order(ENV_ENGINE_ORDER, order);
    }
    return b;
  }

  /** The policy for the HTTP client the tool makes when none is given; default production. */
  public WebSearchToolBuilder networkPolicy(NetworkPolicy policy) {
    this.policy = Objects.requireNonNull(policy, "networkPolicy");
    return this;
  }

  /** The bot's pinned HTTP client, shared and not closed by the tool. */
  public WebSearchToolBuilder httpClient(SafeHttpClient client) {
    this.client = Objects.requireNonNull(client, "httpClient");
    return this;
  }

  /** Uses a SearXNG instance; its JSON output must be enabled ({@code search.formats: [html, json]}). */
  public WebSearchToolBuilder searxng(String baseUrl) {
    this.searxngUrl = SearchHttp.baseUrl("searxng", baseUrl);
    return this;
  }

  /** Whether the configured SearXNG may sit on a private or loopback address; default false. */
  public WebSearchToolBuilder trustSearxngOnPrivateNetwork(boolean trust) {
    this.trustSearxng = trust;
    return this;
  }

  /** Uses the Brave Search API with this subscription token. The token is never logged or shown. */
  public WebSearchToolBuilder brave(String apiKey) {
    this.braveKey = apiKey("brave", apiKey);
    return this;
  }

  /** Another base URL for the Brave API (a proxy, a test server); default {@code https://api.search.brave.com/res/v1/}. */
  public WebSearchToolBuilder braveBaseUrl(String baseUrl) {
    this.braveUrl = SearchHttp.baseUrl("braveBaseUrl", baseUrl);
    return this;
  }

  /** Whether the built-in DuckDuckGo engine is used; default true. */
  public WebSearchToolBuilder duckDuckGo(boolean use) {
    this.duckDuckGo = use;
    return this;
  }

  /** Another URL for DuckDuckGo's HTML endpoint; default {@code https://html.duckduckgo.com/html/}. */
  public WebSearchToolBuilder duckDuckGoBaseUrl(String baseUrl) {
    this.duckDuckGoUrl = SearchHttp.baseUrl("duckDuckGoBaseUrl", baseUrl);
    return this;
  }

  /** A text search function offered by an MCP server, used as the engine {@value #MCP}. */
  public WebSearchToolBuilder mcpFallback(SearchFunction function) {
    this.mcp = Objects.requireNonNull(function, "mcpFallback");
    return this;
  }

  /**
   * The order engines are chosen and tried in; engines left out are not used. Default {@link #DEFAULT_ORDER}.
   *
   * @param engineIds ids from {@link #SEARXNG}, {@link #BRAVE}, {@link #MCP}, {@link #DUCKDUCKGO}, each at most once
   */
  public WebSearchToolBuilder engineOrder(List<String> engineIds) {
    this.order = order("engineOrder", engineIds);
    return this;
  }

  /**
   * When web search is enabled for a turn; default: unless the feature flag
   * {@value WebSearchTool#ENABLED_FLAG} is set to false. A disabled turn hides the tool, and a call that
   * still arrives fails with {@value WebSearchTool#DISABLED}. Must be cheap and do no I/O.
   */
  public WebSearchToolBuilder enabledWhen(Predicate<TurnContext> enabled) {
    this.enabled = Objects.requireNonNull(enabled, "enabledWhen");
    return this;
  }

  /** The tool. With no engine configured it is valid but always hidden. */
  public WebSearchTool build() {
    List<AutoCloseable> owned = new ArrayList<>(2);
    SafeHttpClient shared = client;
    if (shared == null) {
      shared = SafeHttpClient.builder(NetworkGuard.of(policy)).build();
      owned.add(shared);
    }
    List<SearchEngine> engines = new ArrayList<>(4);
    for (String id : order) {
      if (id.equals(SEARXNG) && searxngUrl != null) {
        SafeHttpClient c = shared;
        if (trustSearxng) {
          c = shared.forTrustedBackend();
          owned.add(c);
        }
        engines.add(new SearXngEngine(searxngUrl, c));
      } else if (id.equals(BRAVE) && braveKey != null) {
        engines.add(new BraveEngine(braveUrl, braveKey, shared));
      } else if (id.equals(MCP) && mcp != null) {
        engines.add(new SearchFunctionEngine(mcp));
      } else if (id.equals(DUCKDUCKGO) && duckDuckGo) {
        engines.add(new DuckDuckGoEngine(duckDuckGoUrl, shared));
      }
    }
    // Each engine may use the client's whole call deadline before the next is tried; a little room on top.
    java.time.Duration deadline = shared.guard().policy().callTimeout().multipliedBy(Math.max(1, engines.size())).plusSeconds(5);
    return new WebSearchTool(engines, enabled, owned, deadline);
  }

  private static String apiKey(String setting, String key) {
    if (key == null || key.isBlank() || key.chars().anyMatch(ch -> ch < 0x21 || ch == 0x7F)) {
      // The value is a secret: the message says what is wrong without echoing it.
      throw new IllegalArgumentException(setting + " must be a non-blank token without spaces or control characters");
    }
    return key.strip();
  }

  private static List<String> order(String setting, List<String> ids) {
    if (ids == null || ids.isEmpty()) {
      throw new IllegalArgumentException(setting + " must name at least one engine, but was " + ids);
    }
    List<String> out = new ArrayList<>(ids.size());
    for (String raw : ids) {
      String id = raw == null ? "" : raw.strip().toLowerCase(Locale.ROOT);
      if (!DEFAULT_ORDER.contains(id)) {
        throw new IllegalArgumentException(setting + " must list engines from " + DEFAULT_ORDER + ", but had '" + raw + "'");
      }
      if (out.contains(id)) {
        throw new IllegalArgumentException(setting + " must list each engine once, but had '" + id + "' twice");
      }
      out.add(id);
    }
    return List.copyOf(out);
  }

  @Override
  public String toString() {
    return "WebSearchToolBuilder{searxng=" + searxngUrl + ", brave=" + (braveKey == null ? "off" : "<key set>")
        + ", duckDuckGo=" + duckDuckGo + ", mcp=" + (mcp != null) + ", order=" + order + "}";
  }
}
