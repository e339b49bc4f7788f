package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.loadout.core.internal.settings.Settings;
import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;

/**
 * The persona blocks a bot consults on every message, with a per-(guild, persona, user) cache in front of a
 * {@link PersonaBlockStore}.
 *
 * <p>The cache holds answers, "blocked until T" and "not blocked" alike, for at most
 * {@link Builder#cacheTtl(Duration) the TTL} (one minute by default). A cached block is checked against
 * the clock on every read, so an expired block stops applying at once. Changes made through this object
 * invalidate their key at once; changes made elsewhere arrive through the store's
 * {@linkplain PersonaBlockStore#changes() change feed}, which drops the key in every process: within the
 * feed's {@linkplain dev.loadout.core.store.StoreChanges#stalenessBound() staleness bound} (1 s with
 * PostgreSQL {@code LISTEN/NOTIFY}, the polling interval + 1 s with polling). A store without a feed that
 * reaches other processes leaves the TTL as the bound.
 *
 * <p>Thread-safe. Build one per bot; {@link #close()} stops listening to the feed.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class PersonaBlocks implements AutoCloseable {
  /** The default cache TTL: one minute. */
  public static final Duration DEFAULT_CACHE_TTL = Duration.ofMinutes(1);
  /** The default number of cached keys: 10,000. */
  public static final long DEFAULT_CACHE_SIZE = 10_000;

  private final PersonaBlockStore store;
  private final Clock clock;
  private final Cache<PersonaBlock.Key, Optional<PersonaBlock>> cache;
  private final StoreChanges.Subscription subscription;

  private PersonaBlocks(Builder b) {
    this.store = b.store;
    this.clock = b.clock;
    Clock c = b.clock;
    this.cache = Caffeine.newBuilder()
        .maximumSize(b.cacheSize)
        .expireAfterWrite(b.cacheTtl)
        .ticker(() -> TimeUnit.MILLISECONDS.toNanos(c.millis()))
        .build();
    this.subscription = store.changes().subscribe(PersonaBlockStore.CHANGES, this::changed);
  }

  private void changed(StoreChange change) {
    PersonaBlock.Key key = change.isEverything() ? null : BlockChanges.key(change.scope());
    if (key != null) {
      cache.invalidate(key);
    } else {
      cache.invalidateAll();
    }
  }

  /** Starts over a store. */
  public static Builder builder(PersonaBlockStore store) {
    if (store == null) {
      throw new IllegalArgumentException("store must not be null");
    }
    return new Builder(store);
  }

  /** The store behind the cache. */
  public PersonaBlockStore store() {
    return store;
  }

  /** The clock reads are checked against. */
  public Clock clock() {
    return clock;
  }

  /**
   * The user's active block by this persona in this guild, from the cache when it can.
   *
   * @throws dev.loadout.core.store.StoreException if the store fails on a cache miss
   */
  public Optional<PersonaBlock> active(PersonaBlock.Key key) {
    Instant now = clock.instant();
    Optional<PersonaBlock> cached = cache.get(key, k -> store.find(k, now));
    return cached.isPresent() && cached.get().isActiveAt(clock.instant()) ? cached : Optional.empty();
  }

  /**
   * Whether the user may trigger the persona: false while a mute or a block is active.
   *
   * @throws dev.loadout.core.store.StoreException if the store fails on a cache miss
   */
  public boolean mayTrigger(String guildId, String personaId, String userId) {
    return active(new PersonaBlock.Key(guildId, personaId, userId)).isEmpty();
  }

  /**
   * Saves a block (replacing the key's previous one) and invalidates the key.
   *
   * @throws dev.loadout.core.store.StoreException if the store fails
   */
  public void save(PersonaBlock block) {
    if (block == null) {
      throw new IllegalArgumentException("block must not be null");
    }
    try {
      store.upsert(block);
    } finally {
      cache.invalidate(block.key());
    }
  }

  /**
   * Removes the key's block and invalidates the key.
   *
   * @return the block removed, if it was still active
   * @throws dev.loadout.core.store.StoreException if the store fails
   */
  public Optional<PersonaBlock> remove(PersonaBlock.Key key) {
    try {
      return store.remove(key, clock.instant());
    } finally {
      cache.invalidate(key);
    }
  }

  /** Forgets the cached answer for a key, for a host that changed the store directly. */
  public void invalidate(PersonaBlock.Key key) {
    cache.invalidate(key);
  }

  /**
   * The active blocks of a guild's persona by user id, read from the store (not cached): what
   * {@link BlockedHistory} needs when the host builds the model's context.
   *
   * @throws dev.loadout.core.store.StoreException if the store fails
   */
  public Map<String, PersonaBlock> activeByUser(String guildId, String personaId) {
    List<PersonaBlock> blocks = store.active(guildId, personaId, clock.instant());
    Map<String, PersonaBlock> out = new LinkedHashMap<>();
    for (PersonaBlock b : blocks) {
      out.put(b.key().userId(), b);
    }
    return java.util.Collections.unmodifiableMap(out);
  }

  /**
   * Deletes expired blocks from the store; call it now and then (a daily task is plenty).
   *
   * @return how many were deleted
   */
  public int pruneExpired() {
    return store.pruneExpired(clock.instant());
  }

  /** Stops listening to the store's change feed; the store itself stays open. */
  @Override
  public void close() {
    subscription.close();
  }

  @Override
  public String toString() {
    return "PersonaBlocks{store=" + store + "}";
  }

  /**
   * Builds {@link PersonaBlocks}.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final PersonaBlockStore store;
    private Clock clock = Clock.systemUTC();
    private Duration cacheTtl = DEFAULT_CACHE_TTL;
    private long cacheSize = DEFAULT_CACHE_SIZE;

    private Builder(PersonaBlockStore store) {
      this.store = store;
    }

    /** The clock; the system UTC clock by default. Use the same clock as the turns' contexts. */
    public Builder clock(Clock clock) {
      if (clock == null) {
        throw new IllegalArgumentException("clock must not be null");
      }
      this.clock = clock;
      return this;
    }

    /** How long an answer is cached, from zero (no caching) to 1 day. */
    public Builder cacheTtl(Duration ttl) {
      this.cacheTtl = Settings.duration("cacheTtl", ttl, Duration.ZERO, Settings.MAX_DEADLINE);
      return this;
    }

    /** How many keys are cached at most; not negative. */
    public Builder cacheSize(long size) {
      if (size < 0) {
        throw new IllegalArgumentException("cacheSize must not be negative, but was " + size);
      }
      this.cacheSize = size;
      return this;
    }

    /** Builds it. */
    public PersonaBlocks build() {
      return new PersonaBlocks(this);
    }
  }
}
