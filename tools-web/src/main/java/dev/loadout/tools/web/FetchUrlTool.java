package dev.loadout.tools.web;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.github.benmanes.caffeine.cache.Ticker;
import dev.loadout.core.BaseTool;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetEvents;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.UrlVerdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code fetch_url}: reads a web page or a text file for the model, as Markdown or text, one window at a time.
 *
 * <p><b>Flow.</b> Arguments are checked (also when a host calls the tool directly, past the schema); the URL
 * goes through the client's {@link dev.loadout.core.net.NetworkGuard} before any engine runs, and a refusal
 * explains itself, naming {@code FETCH_URL_ALLOW_PRIVATE_NETWORK} when that opt-in would allow the URL.
 * Engines then run in the configured order and the first success wins; {@code safe_http} always runs last.
 * {@code safe_http} sends one GET through the {@link SafeHttpClient}: every redirect hop checked and pinned,
 * a {@code Content-Length} over the cap refused before any body byte is read, and any body cut off at the cap
 * as it streams. HTML becomes Markdown (main content only) unless {@code raw}; other text passes through;
 * binary content is refused.
 *
 * <p><b>Result.</b> The model reads {@code **URL:** <final url>}, a blank line, then the window of text:
 * at most {@code max_length} characters (never more than {@link FetchUrlConfig#maxContentLength()}) from
 * {@code start_index}, followed by a note when more remains, when the start is past the end, or when the page
 * had nothing to read. The data holds {@code finalUrl}, {@code contentType}, {@code engine},
 * {@code startIndex}, {@code nextIndex} (null at the end) and {@code contentLength}, and for HTML pages what
 * the page states about its article: {@code author}, {@code published} and {@code siteName} (null when it
 * states none; the byline and dateline are not repeated in the Markdown). The spec declares its
 * own result cap ({@link ToolSpec#maxResultChars()}) above the window, the URL line and the note, so the
 * host's default cap never cuts a window or its continuation note.
 *
 * <p><b>Reading on.</b> The converted page is kept for a short while ({@link FetchUrlConfig#cacheTtl()}, within
 * {@link FetchUrlConfig#cacheMaxChars()} characters in all), by final URL, {@code raw} flag and network policy,
 * so that the next window of a long page comes from it: one download and one conversion per page. When the
 * server sent an {@code ETag} or {@code Last-Modified}, each later window asks it with a conditional GET whether
 * the page changed (an unchanged page costs a {@code 304} and no body); without them the kept copy is served
 * until it expires.
 *
 * <p><b>Failures</b> are results with stable codes: {@code invalid_arguments}, {@value #URL_REFUSED},
 * {@value #FETCH_FAILED}, {@value #TOO_LARGE}, {@value #UNSUPPORTED_CONTENT_TYPE} and {@code timeout} (the
 * download or the conversion did not finish within the tool's deadline). Messages
 * name the host at most; the URL, which may carry a token in its query, is never logged.
 *
 * <p>The tool belongs to the {@value #FAMILY} family (a guild's URL-fetcher MCP server replaces it), is in
 * the {@value #GROUP} group, and is not offered to NovelAI, whose prompt-based tool calls cannot budget a page.
 * It blocks while it fetches; Loadout runs it on its executor under the spec's deadline. Thread-safe.
 *
 * <pre>{@code
 * SafeHttpClient http = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.fromEnvironment())).build();
 * FetchUrlTool fetchUrl = FetchUrlTool.create(http, FetchUrlConfig.fromEnvironment(System.getenv()));
 * ToolRegistry registry = ToolRegistry.builder().register(fetchUrl).build();
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FetchUrlTool implements BaseTool {
  /** The tool name. */
  public static final String NAME = "fetch_url";
  /** The tool family that URL-fetcher replacements share. */
  public static final String FAMILY = "url_fetch";
  /** The tool group. */
  public static final String GROUP = "web";
  /** The guard refused the URL or a redirect target. */
  public static final String URL_REFUSED = "url_refused";
  /** The page could not be fetched: HTTP error status, connection, TLS or protocol failure. */
  public static final String FETCH_FAILED = "fetch_failed";
  /** The body is larger than the byte cap. */
  public static final String TOO_LARGE = "too_large";
  /** The URL serves binary content (an image, a PDF, an archive …). */
  public static final String UNSUPPORTED_CONTENT_TYPE = "unsupported_content_type";
  /** The fetch did not finish in time. */
  public static final String TIMEOUT = ToolResult.TIMEOUT;

  private static final Logger LOG = LoggerFactory.getLogger(FetchUrlTool.class);
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final SafeHttpClient client;
  private final int maxContentLength;
  private final List<FetchUrlEngine> engines;
  private final ToolSpec spec;
  /** Null when the configuration keeps no pages. */
  private final FetchUrlPageCache cache;

  private FetchUrlTool(SafeHttpClient client, FetchUrlConfig config, List<FetchUrlEngine> engines, Ticker ticker) {
    this.client = client;
    this.maxContentLength = config.maxContentLength();
    this.engines = List.copyOf(engines);
    this.cache = FetchUrlPageCache.of(config, ticker);
    NetworkPolicy policy = client.guard().policy();
    // Each engine may use the client's whole call deadline; a little room for conversion on top.
    Duration deadline = policy.callTimeout().multipliedBy(engines.size()).plusSeconds(5);
    this.spec = ToolSpec.builder(NAME, """
        {"type":"object","properties":{
          "url":{"type":"string","minLength":1,"maxLength":8192,"description":"The http or https URL of the page to read."},
          "max_length":{"type":"integer","minimum":1,"description":"The most characters to return; default and ceiling %d."},
          "start_index":{"type":"integer","minimum":0,"description":"The character offset to start reading from, to continue a page that was cut off; default 0."},
          "raw":{"type":"boolean","description":"true returns a page's HTML as served instead of converting it to Markdown; default false."}},
         "required":["url"],"additionalProperties":false}""".formatted(maxContentLength))
        .description("Read a web page or text file at an http or https URL and return its main content as "
            + "Markdown (or the text as served). Long pages come in parts: when the result ends with a note "
            + "giving a start_index, call again with that start_index to read on.")
        .group(GROUP)
        .family(FAMILY)
        .refusedProviders("novelai")
        .timeout(deadline)
        // The window, the URL line (the URL is at most 8,192 characters) and the continuation note must
        // reach the model whole, whatever the host's default result cap.
        .maxResultChars(maxContentLength + 8_192 + 1_024)
        .build();
  }

  /**
   * A {@code fetch_url} tool with the given settings. The engine order is resolved now, against the client's
   * policy: unknown names, and {@code crawl4ai} where private networks are blocked or no server is configured,
   * are dropped with one warning each.
   *
   * @param client the pinned client; its guard and policy decide what may be reached, the byte cap and the
   *     deadlines; never null; the tool does not close it
   * @param config the settings; never null
   */
  public static FetchUrlTool create(SafeHttpClient client, FetchUrlConfig config) {
    return create(client, config, Ticker.systemTicker());
  }

  /** {@link #create(SafeHttpClient, FetchUrlConfig)} with the page cache on the given clock; for tests. */
  static FetchUrlTool create(SafeHttpClient client, FetchUrlConfig config, Ticker ticker) {
    if (client == null || config == null) {
      throw new IllegalArgumentException("fetch_url needs a client and a config, but got " + client + ", " + config);
    }
    boolean privateAllowed = client.guard().policy().allowPrivateNetworks();
    List<FetchUrlEngine> engines = new ArrayList<>();
    for (String name : FetchUrlEngineOrder.parse(config.engineOrder(), privateAllowed, LOG::warn)) {
      if (name.equals(FetchUrlEngineOrder.SAFE_HTTP)) {
        engines.add(new FetchUrlSafeHttpEngine(client));
      } else if (config.crawl4aiBaseUrl().isEmpty()) {
        LOG.warn("FETCH_URL_ENGINE_ORDER lists crawl4ai, which is dropped: {} is not set", FetchUrlConfig.CRAWL4AI_BASE_URL);
      } else {
        engines.add(new Crawl4aiEngine(client, config.crawl4aiBaseUrl().get(), config.crawl4aiApiToken().orElse(null)));
      }
    }
    return new FetchUrlTool(client, config, engines, ticker);
  }

  /** The engines this tool runs, in order; {@code safe_http} last. */
  public List<String> engines() {
    return engines.stream().map(FetchUrlEngine::name).toList();
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    // The turn's listener hears each hop of the page's fetch and any URL the guard refuses.
    NetEvents events = context.attribute(PreparedTurn.CURRENT).map(t -> t.netEvents(call)).orElse(NetEvents.NONE);
    return CompletableFuture.completedFuture(fetch(call.argumentsJson(), events));
  }

  /** The blocking fetch; package-private so tests can drive it without a Loadout. */
  ToolResult fetch(ObjectNode arguments) {
    return fetch(arguments, NetEvents.NONE);
  }

  private ToolResult fetch(ObjectNode arguments, NetEvents events) {
    FetchUrlArguments args;
    try {
      args = FetchUrlArguments.of(arguments, maxContentLength);
    } catch (IllegalArgumentException e) {
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, e.getMessage(), false);
    }
    UrlVerdict verdict = client.guard().check(args.url());
    if (!verdict.allowed()) {
      events.refused(0, verdict.host().orElse(""), verdict.code());
      return ToolResult.failure(URL_REFUSED, verdict.reason(), false);
    }
    // The call's own deadline, as Loadout enforces it: past it the model has been told "timeout", and a
    // conversion still running would only keep a core busy.
    long deadline = System.nanoTime() + spec.timeout().orElseThrow().toNanos();
    FetchUrlPage kept = keptPage(args, deadline, events);
    if (kept != null) {
      return success(kept, args);
    }
    ToolResult.Failure last = null;
    for (FetchUrlEngine engine : engines) {
      if (args.raw() && !engine.supportsRaw()) {
        continue;
      }
      try {
        FetchUrlPage page = engine.fetch(args.url(), args.raw(), deadline, events);
        if (cache != null) {
          cache.put(args.url(), args.raw(), client.guard().policy(), page);
        }
        return success(page, args);
      } catch (FetchUrlFailure f) {
        last = f.failure();
        LOG.debug("fetch_url engine {} failed with {}", engine.name(), last.code());
      } catch (RuntimeException e) {
        // A broken engine must not take the chain down; the next engine still runs.
        LOG.warn("fetch_url engine {} failed unexpectedly ({})", engine.name(), e.getClass().getName(), e);
        last = ToolResult.failure(FETCH_FAILED, "The page could not be read.", false);
      }
    }
    return last != null ? last : ToolResult.failure(FETCH_FAILED, "No URL fetch engine is available.", false);
  }

  /**
   * The kept page for this call, when there is one and it is still the page: one the server gave validators
   * for is revalidated (a changed page comes back new, and is kept instead); one without is served until it
   * expires. Null when nothing usable is kept, and the engines run. A revalidation that fails (the server is
   * gone, the time is up) serves the kept copy, which is at most a cache lifetime old.
   */
  private FetchUrlPage keptPage(FetchUrlArguments args, long deadline, NetEvents events) {
    if (cache == null) {
      return null;
    }
    NetworkPolicy policy = client.guard().policy();
    FetchUrlPage kept = cache.get(args.url(), args.raw(), policy);
    if (kept == null || !kept.revalidatable()) {
      return kept;
    }
    FetchUrlSafeHttpEngine http = null;
    for (FetchUrlEngine engine : engines) {
      if (engine instanceof FetchUrlSafeHttpEngine) {
        http = (FetchUrlSafeHttpEngine) engine;
      }
    }
    try {
      FetchUrlPage now = http.revalidate(kept, args.raw(), deadline, events);
      if (now != kept) {
        cache.put(args.url(), args.raw(), policy, now);
      }
      return now;
    } catch (FetchUrlFailure | RuntimeException e) {
      LOG.debug("fetch_url revalidation failed ({}); serving the kept page", e.getClass().getSimpleName());
      return kept;
    }
  }

  private static ToolResult success(FetchUrlPage page, FetchUrlArguments args) {
    FetchUrlWindow window = FetchUrlWindow.of(page.content(), args.startIndex(), args.maxLength());
    ObjectNode data = NODES.objectNode();
    data.put("finalUrl", page.finalUrl());
    data.put("contentType", page.contentType());
    data.put("engine", page.engine());
    data.put("startIndex", window.startIndex());
    JsonNode next = window.nextIndex() < 0 ? NODES.nullNode() : NODES.numberNode(window.nextIndex());
    data.set("nextIndex", next);
    data.put("contentLength", window.contentLength());
    // What the page said about its article: data for the host and the model, kept out of the Markdown body.
    PageMetadata meta = page.metadata();
    data.set("author", meta.author().isEmpty() ? NODES.nullNode() : NODES.stringNode(meta.author()));
    data.set("published", meta.published().isEmpty() ? NODES.nullNode() : NODES.stringNode(meta.published()));
    data.set("siteName", meta.siteName().isEmpty() ? NODES.nullNode() : NODES.stringNode(meta.siteName()));
    return ToolResult.success(data, "**URL:** " + page.finalUrl() + "\n\n" + window.text());
  }

  @Override
  public String toString() {
    return "FetchUrlTool{engines=" + engines() + ", maxContentLength=" + maxContentLength + "}";
  }
}
