package dev.loadout.tools.web;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import dev.loadout.core.net.NetworkPolicy;
import java.time.Duration;

/**
 * Converted pages kept for a short while, so that a model reading a long page window by window
 * ({@code start_index}) costs one download and one conversion rather than one per window.
 *
 * <p>Pages are kept by their final URL (after redirects), together with whether they were read {@code raw} and
 * the network policy they were read under: a tool whose policy reaches private networks must not hand its pages
 * to one whose policy does not. The URL a call asked for points at the final URL through a small alias table, so
 * that a model continuing with either URL hits. The cache is bounded by the characters it holds in all
 * ({@link Caffeine#maximumWeight}; a page larger than the whole cache is not kept) and each entry lives a short
 * time after it was written. Whether a kept page is still what the server serves is the caller's to check, with
 * the {@code ETag} and {@code Last-Modified} the page carries (see {@link FetchUrlSafeHttpEngine#revalidate}).
 *
 * <p>Thread-safe. Two calls for the same page at once may both download it; the later one's page is kept.
 * Maintenance runs on the calling thread, so no pool thread is involved and tests need no waiting.
 */
final class FetchUrlPageCache {
  /** What a page was read as. */
  record Key(String url, boolean raw, NetworkPolicy policy) {}

  private static final int MAX_ALIASES = 10_000;

  private final Cache<Key, FetchUrlPage> pages;
  private final Cache<Key, String> aliases;

  private FetchUrlPageCache(long maxChars, Duration ttl, Ticker ticker) {
    this.pages = Caffeine.newBuilder()
        .maximumWeight(maxChars)
        .weigher((Key k, FetchUrlPage p) -> (int) Math.min(Integer.MAX_VALUE,
            (long) p.content().length() + k.url().length()))
        .expireAfterWrite(ttl)
        .ticker(ticker)
        .executor(Runnable::run)
        .build();
    this.aliases = Caffeine.newBuilder()
        .maximumSize(MAX_ALIASES)
        .expireAfterWrite(ttl)
        .ticker(ticker)
        .executor(Runnable::run)
        .build();
  }

  /** A cache of the configured size and lifetime; null when the configuration keeps no pages. */
  static FetchUrlPageCache of(FetchUrlConfig config, Ticker ticker) {
    return config.cacheMaxChars() == 0 ? null : new FetchUrlPageCache(config.cacheMaxChars(), config.cacheTtl(), ticker);
  }

  /** The kept page for a URL a call asked for (its final URL, or one that redirected there); null when none. */
  FetchUrlPage get(String url, boolean raw, NetworkPolicy policy) {
    Key asked = new Key(url, raw, policy);
    FetchUrlPage page = pages.getIfPresent(asked);
    if (page != null) {
      return page;
    }
    String finalUrl = aliases.getIfPresent(asked);
    return finalUrl == null ? null : pages.getIfPresent(new Key(finalUrl, raw, policy));
  }

  /** Keeps a page read for {@code askedUrl}, under its final URL. */
  void put(String askedUrl, boolean raw, NetworkPolicy policy, FetchUrlPage page) {
    pages.put(new Key(page.finalUrl(), raw, policy), page);
    if (!askedUrl.equals(page.finalUrl())) {
      aliases.put(new Key(askedUrl, raw, policy), page.finalUrl());
    }
  }
}
