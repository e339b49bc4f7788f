package dev.loadout.tools.web;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.internal.settings.EnvironmentReader;
import dev.loadout.core.net.SafeHttpRequest;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Settings of the {@code fetch_url} tool: which engines run in which order, how many characters one call
 * returns, where a Crawl4AI server lives, and how many converted pages it keeps for reading on. Immutable; what may be reached, the redirect limit, the body
 * cap and the deadlines belong to the {@link dev.loadout.core.net.NetworkPolicy} of the client the tool is
 * given.
 *
 * <p>{@link #fromEnvironment(Map)} reads:
 * <ul>
 *   <li>{@code FETCH_URL_ENGINE_ORDER}: engine names, comma-separated, any case: {@code safe_http} (alias
 *       {@code mcp_fetch}) and {@code crawl4ai}. Default {@code safe_http}. Unknown names are skipped with one
 *       warning; {@code safe_http} always runs last; {@code crawl4ai} runs only where the client's policy makes
 *       private networks reachable (outside production, or with {@code FETCH_URL_ALLOW_PRIVATE_NETWORK=true}).</li>
 *   <li>{@code FETCH_URL_MAX_CONTENT_LENGTH}: the most characters one call returns, a whole number from 1 to
 *       {@value #MAX_CONTENT_LENGTH_LIMIT}; default {@value #DEFAULT_MAX_CONTENT_LENGTH}.</li>
 *   <li>{@code CRAWL4AI_BASE_URL}: the Crawl4AI server, such as {@code http://localhost:11235}.</li>
 *   <li>{@code CRAWL4AI_API_TOKEN}: a bearer token for it, when the server requires one.</li>
 *   <li>{@code FETCH_URL_CACHE_MAX_CHARS}: how many characters of converted pages are kept, in all, so that
 *       reading a long page window by window downloads it once; a whole number from 0 (no cache) to
 *       {@value #MAX_CACHE_CHARS_LIMIT}; default {@value #DEFAULT_CACHE_MAX_CHARS}.</li>
 *   <li>{@code FETCH_URL_CACHE_TTL}: how long a kept page may be read on, such as {@code 300} (seconds),
 *       {@code 90s} or {@code 5min}, from 1 second to 1 hour; default 5 minutes. A page whose server sent an
 *       {@code ETag} or {@code Last-Modified} is revalidated on every later window, so a changed page is
 *       fetched again.</li>
 * </ul>
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class FetchUrlConfig {
  /** The engine order variable. */
  public static final String FETCH_URL_ENGINE_ORDER = "FETCH_URL_ENGINE_ORDER";
  /** The characters-per-call variable. */
  public static final String FETCH_URL_MAX_CONTENT_LENGTH = "FETCH_URL_MAX_CONTENT_LENGTH";
  /** The Crawl4AI server variable. */
  public static final String CRAWL4AI_BASE_URL = "CRAWL4AI_BASE_URL";
  /** The Crawl4AI token variable. */
  public static final String CRAWL4AI_API_TOKEN = "CRAWL4AI_API_TOKEN";
  /** The page cache size variable (characters). */
  public static final String FETCH_URL_CACHE_MAX_CHARS = "FETCH_URL_CACHE_MAX_CHARS";
  /** The page cache lifetime variable. */
  public static final String FETCH_URL_CACHE_TTL = "FETCH_URL_CACHE_TTL";
  /** Characters of converted pages kept by default: 10,000,000 (a few long pages). */
  public static final long DEFAULT_CACHE_MAX_CHARS = 10_000_000L;
  /** The largest page cache accepted: 1,000,000,000 characters. */
  public static final long MAX_CACHE_CHARS_LIMIT = 1_000_000_000L;
  /** How long a kept page may be read on by default: 5 minutes. */
  public static final Duration DEFAULT_CACHE_TTL = Duration.ofMinutes(5);
  private static final Duration MIN_CACHE_TTL = Duration.ofSeconds(1);
  private static final Duration MAX_CACHE_TTL = Duration.ofHours(1);
  /** Characters one call returns by default: 50,000. */
  public static final int DEFAULT_MAX_CONTENT_LENGTH = 50_000;
  /** The largest characters-per-call setting accepted: 1,000,000. */
  public static final int MAX_CONTENT_LENGTH_LIMIT = 1_000_000;

  private final String engineOrder;
  private final int maxContentLength;
  private final String crawl4aiBaseUrl;
  private final String crawl4aiApiToken;
  private final long cacheMaxChars;
  private final Duration cacheTtl;

  private FetchUrlConfig(Builder b) {
    this.engineOrder = b.engineOrder;
    this.maxContentLength = b.maxContentLength;
    this.crawl4aiBaseUrl = b.crawl4aiBaseUrl;
    this.crawl4aiApiToken = b.crawl4aiApiToken;
    this.cacheMaxChars = b.cacheMaxChars;
    this.cacheTtl = b.cacheTtl;
  }

  /** The defaults: {@code safe_http} only, 50,000 characters per call. */
  public static FetchUrlConfig defaults() {
    return builder().build();
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The configuration an environment asks for; see the class documentation for the variables. Unset and
   * blank variables keep the defaults.
   *
   * @param env variable names to values, such as {@link System#getenv()}
   * @throws IllegalArgumentException naming the variable when a value is unusable
   */
  public static FetchUrlConfig fromEnvironment(Map<String, String> env) {
    EnvironmentReader vars = EnvironmentReader.of(env);
    Builder b = builder();
    vars.text(FETCH_URL_ENGINE_ORDER).ifPresent(b::engineOrder);
    b.maxContentLength((int) vars.whole(FETCH_URL_MAX_CONTENT_LENGTH, DEFAULT_MAX_CONTENT_LENGTH, 1, MAX_CONTENT_LENGTH_LIMIT));
    vars.text(CRAWL4AI_BASE_URL).ifPresent(base -> {
      try {
        b.crawl4aiBaseUrl(base);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(CRAWL4AI_BASE_URL + " must be an absolute http or https URL without "
            + "query or credentials", e);
      }
    });
    vars.text(CRAWL4AI_API_TOKEN).ifPresent(b::crawl4aiApiToken);
    b.cacheMaxChars(vars.whole(FETCH_URL_CACHE_MAX_CHARS, DEFAULT_CACHE_MAX_CHARS, 0, MAX_CACHE_CHARS_LIMIT));
    b.cacheTtl(vars.duration(FETCH_URL_CACHE_TTL, ChronoUnit.SECONDS, DEFAULT_CACHE_TTL, MIN_CACHE_TTL, MAX_CACHE_TTL));
    return b.build();
  }

  /** The engine order as configured (a comma list); resolved when the tool is built. */
  public String engineOrder() {
    return engineOrder;
  }

  /** The most characters one call returns; a call's {@code max_length} can only lower it. */
  public int maxContentLength() {
    return maxContentLength;
  }

  /** The Crawl4AI server's base URL, when configured. */
  public Optional<String> crawl4aiBaseUrl() {
    return Optional.ofNullable(crawl4aiBaseUrl);
  }

  /** The Crawl4AI bearer token, when configured; never logged. */
  public Optional<String> crawl4aiApiToken() {
    return Optional.ofNullable(crawl4aiApiToken);
  }

  /** Characters of converted pages kept for reading on, in all; 0 when pages are not kept. */
  public long cacheMaxChars() {
    return cacheMaxChars;
  }

  /** How long a kept page may be read on. */
  public Duration cacheTtl() {
    return cacheTtl;
  }

  /** Settings without the token; the base URL is shown by origin only. */
  @Override
  public String toString() {
    return "FetchUrlConfig{engineOrder=" + engineOrder + ", maxContentLength=" + maxContentLength
        + ", cacheMaxChars=" + cacheMaxChars + ", cacheTtl=" + cacheTtl
        + (crawl4aiBaseUrl == null ? "" : ", crawl4ai=" + origin(crawl4aiBaseUrl))
        + (crawl4aiApiToken == null ? "" : ", crawl4aiApiToken=(set)") + "}";
  }

  private static String origin(String url) {
    URI u = URI.create(url);
    return u.getScheme() + "://" + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort());
  }

  /**
   * Builds a {@link FetchUrlConfig}; each setter rejects a bad value at once, naming the setting.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private String engineOrder = FetchUrlEngineOrder.SAFE_HTTP;
    private int maxContentLength = DEFAULT_MAX_CONTENT_LENGTH;
    private String crawl4aiBaseUrl;
    private String crawl4aiApiToken;
    private long cacheMaxChars = DEFAULT_CACHE_MAX_CHARS;
    private Duration cacheTtl = DEFAULT_CACHE_TTL;

    private Builder() {}

    /** Engine names, comma-separated (see the class documentation); null or blank means {@code safe_http}. */
    public Builder engineOrder(String engineOrder) {
      this.engineOrder = engineOrder == null || engineOrder.isBlank() ? FetchUrlEngineOrder.SAFE_HTTP : engineOrder;
      return this;
    }

    /** The most characters one call returns, from 1 to {@value FetchUrlConfig#MAX_CONTENT_LENGTH_LIMIT}. */
    public Builder maxContentLength(int maxContentLength) {
      if (maxContentLength < 1 || maxContentLength > MAX_CONTENT_LENGTH_LIMIT) {
        throw new IllegalArgumentException("maxContentLength must be from 1 to " + MAX_CONTENT_LENGTH_LIMIT
            + ", but was " + maxContentLength);
      }
      this.maxContentLength = maxContentLength;
      return this;
    }

    /**
     * The Crawl4AI server, such as {@code http://localhost:11235}: an absolute http or https URL without
     * credentials, query or fragment. Its {@code /md} endpoint is called under it.
     */
    public Builder crawl4aiBaseUrl(String baseUrl) {
      URI u;
      try {
        u = baseUrl == null ? null : new URI(baseUrl);
      } catch (URISyntaxException e) {
        u = null;
      }
      String scheme = u == null || u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
      if (u == null || !(scheme.equals("http") || scheme.equals("https")) || u.getHost() == null
          || u.getRawUserInfo() != null || u.getRawQuery() != null || u.getRawFragment() != null) {
        // The value itself is not echoed: a mistyped URL may carry a token.
        throw new IllegalArgumentException("crawl4aiBaseUrl must be an absolute http or https URL without "
            + "credentials, query or fragment");
      }
      this.crawl4aiBaseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
      return this;
    }

    /** A bearer token for the Crawl4AI server; printable, no spaces. */
    public Builder crawl4aiApiToken(String token) {
      // No token is not "none configured" here: the setter was called, so an empty one is refused.
      this.crawl4aiApiToken = SafeHttpRequest.checkedCredential("crawl4aiApiToken", token == null ? "" : token);
      return this;
    }

    /**
     * Characters of converted pages kept, in all, from 0 (none: every window downloads the page again) to
     * {@value FetchUrlConfig#MAX_CACHE_CHARS_LIMIT}. A page longer than the whole cache is not kept.
     */
    public Builder cacheMaxChars(long chars) {
      if (chars < 0 || chars > MAX_CACHE_CHARS_LIMIT) {
        throw new IllegalArgumentException("cacheMaxChars must be from 0 to " + MAX_CACHE_CHARS_LIMIT
            + ", but was " + chars);
      }
      this.cacheMaxChars = chars;
      return this;
    }

    /** How long a kept page may be read on, from 1 second to 1 hour. */
    public Builder cacheTtl(Duration ttl) {
      if (ttl == null || ttl.compareTo(MIN_CACHE_TTL) < 0 || ttl.compareTo(MAX_CACHE_TTL) > 0) {
        throw new IllegalArgumentException("cacheTtl must be from 1 second to 1 hour, but was " + ttl);
      }
      this.cacheTtl = ttl;
      return this;
    }

    /** The configuration. */
    public FetchUrlConfig build() {
      return new FetchUrlConfig(this);
    }
  }
}
