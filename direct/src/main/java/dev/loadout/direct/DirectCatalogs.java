package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import dev.loadout.core.store.StoreConflict;
import dev.loadout.core.store.StoreListener;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each scope's {@link DirectCatalog}, restored from a {@link DirectConfigStore} and kept until the scope
 * changes, in this process or any other sharing the store. What a bot that runs several processes routes
 * with: {@code router.withCatalog(catalogs.catalog(guildId)).route(message)}.
 *
 * <p>A scope is loaded and {@linkplain DirectCatalog#restore restored} on first use and cached. The cache
 * drops it when the store's {@linkplain DirectConfigStore#changes() change feed} announces it, so a config
 * saved in one process routes in every other within the feed's staleness bound (1 s with PostgreSQL
 * {@code LISTEN/NOTIFY}, the polling interval + 1 s with polling); and after the {@linkplain Builder#ttl
 * time-to-live} in any case (one minute unless set), the bound for a store whose feed does not reach other
 * processes. Saves through {@link #save} drop the scope at once. When the registry's tools change
 * (re-discovery), call {@link #invalidateAll()}. A save refused because another writer saved first is also told to
 * the {@linkplain Builder#listener store listener} (for a metric of how often admins collide).
 *
 * <p>Thread-safe. {@link #close()} stops listening to the feed.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DirectCatalogs implements AutoCloseable {
  /** The time-to-live unless set: one minute. */
  public static final Duration DEFAULT_TTL = Duration.ofMinutes(1);

  private static final Logger LOG = LoggerFactory.getLogger(DirectCatalogs.class);

  private record Entry(SavedDirectConfigs saved, DirectCatalog catalog) {}

  private final DirectConfigStore store;
  private final Set<String> reservedCommands;
  private final Function<String, ToolSpec> currentSpec;
  private final Cache<String, Entry> cache;
  private final StoreChanges.Subscription subscription;
  private final StoreListener listener;
  private final AtomicBoolean listenerWarned = new AtomicBoolean();

  private DirectCatalogs(Builder b) {
    this.store = b.store;
    this.listener = b.listener;
    this.reservedCommands = b.reservedCommands;
    this.currentSpec = b.currentSpec;
    Clock clock = b.clock;
    this.cache = Caffeine.newBuilder().maximumSize(b.maximumSize).expireAfterWrite(b.ttl)
        .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis())).executor(Runnable::run).build();
    this.subscription = store.changes().subscribe(DirectConfigStore.CHANGES, this::changed);
  }

  /**
   * Starts over a store.
   *
   * @param reservedCommands the host's own command names, as for {@link DirectCatalog#empty}
   * @param currentSpec the tool of a name as the registry has it now, or null when absent, as for
   *     {@link DirectCatalog#restore}
   */
  public static Builder builder(DirectConfigStore store, Collection<String> reservedCommands,
      Function<String, ToolSpec> currentSpec) {
    if (store == null || reservedCommands == null || currentSpec == null) {
      throw new IllegalArgumentException("catalogs need a store, the reserved commands and a spec lookup, but got "
          + store + ", " + reservedCommands + ", " + currentSpec);
    }
    return new Builder(store, Set.copyOf(reservedCommands), currentSpec);
  }

  /**
   * The scope's catalog, restored from the store on first use and after a change.
   *
   * @throws dev.loadout.core.store.StoreException if the store cannot be read
   */
  public DirectCatalog catalog(String scope) {
    return entry(scope).catalog;
  }

  /**
   * The scope's stored configs and version, as the catalog was restored from: what an edit saves over.
   *
   * @throws dev.loadout.core.store.StoreException if the store cannot be read
   */
  public SavedDirectConfigs saved(String scope) {
    return entry(scope).saved;
  }

  /**
   * Saves through the store ({@link DirectConfigStore#save}) and drops the scope, so the next
   * {@link #catalog} routes with what was saved.
   *
   * @throws DirectConfigConflictException if the store holds another version; nothing was written (the
   *     {@linkplain Builder#listener listener} heard of it first)
   */
  public SavedDirectConfigs save(String scope, long expectedVersion, List<DirectConfig> configs) {
    try {
      return store.save(scope, expectedVersion, configs);
    } catch (DirectConfigConflictException e) {
      conflicted(e);
      throw e;
    } finally {
      cache.invalidate(scope);
    }
  }

  private void conflicted(DirectConfigConflictException e) {
    if (listener == StoreListener.NONE) {
      return;
    }
    try {
      listener.conflict(new StoreConflict(DirectConfigStore.CHANGES, e.scope(), e.expectedVersion(), e.actualVersion()));
    } catch (RuntimeException thrown) {
      if (listenerWarned.compareAndSet(false, true)) {
        LOG.warn("Store listener {} threw on a conflict; the save's own answer is unchanged (logged once)",
            listener.getClass().getName(), thrown);
      }
    }
  }

  /** Drops one scope; the next use reads it again. */
  public void invalidate(String scope) {
    cache.invalidate(scope);
  }

  /** Drops every scope, for example when the registry's tools changed. */
  public void invalidateAll() {
    cache.invalidateAll();
  }

  private Entry entry(String scope) {
    SavedDirectConfigs.requireScope(scope);
    return cache.get(scope, s -> {
      SavedDirectConfigs saved = store.load(s);
      return new Entry(saved, DirectCatalog.restore(reservedCommands, saved.configs(), currentSpec));
    });
  }

  private void changed(StoreChange change) {
    if (change.isEverything()) {
      cache.invalidateAll();
    } else {
      cache.invalidate(change.scope());
    }
  }

  /** Stops listening to the store's change feed. */
  @Override
  public void close() {
    subscription.close();
  }

  @Override
  public String toString() {
    return "DirectCatalogs{" + store + ", scopes=" + cache.estimatedSize() + "}";
  }

  /**
   * Describes {@link DirectCatalogs}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final DirectConfigStore store;
    private final Set<String> reservedCommands;
    private final Function<String, ToolSpec> currentSpec;
    private Duration ttl = DEFAULT_TTL;
    private Clock clock = Clock.systemUTC();
    private long maximumSize = 10_000;
    private StoreListener listener = StoreListener.NONE;

    private Builder(DirectConfigStore store, Set<String> reservedCommands, Function<String, ToolSpec> currentSpec) {
      this.store = store;
      this.reservedCommands = reservedCommands;
      this.currentSpec = currentSpec;
    }

    /** How long a scope is kept at most; positive, {@link #DEFAULT_TTL} unless set. */
    public Builder ttl(Duration d) {
      if (d == null || d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("ttl must be positive, but was " + d);
      }
      ttl = d;
      return this;
    }

    /** The clock of the time-to-live; the system clock unless set. */
    public Builder clock(Clock c) {
      if (c == null) {
        throw new IllegalArgumentException("clock must not be null");
      }
      clock = c;
      return this;
    }

    /** How many scopes are kept at most; positive, 10,000 unless set. */
    public Builder maximumSize(long n) {
      if (n < 1) {
        throw new IllegalArgumentException("maximumSize must be positive, but was " + n);
      }
      maximumSize = n;
      return this;
    }

    /**
     * Hears each {@link #save} the store refused because another writer saved the scope first
     * ({@link StoreListener#conflict}); {@link StoreListener#NONE} unless set.
     */
    public Builder listener(StoreListener l) {
      if (l == null) {
        throw new IllegalArgumentException("listener must not be null; StoreListener.NONE listens to nothing");
      }
      listener = l;
      return this;
    }

    /** Builds it; loads nothing yet. */
    public DirectCatalogs build() {
      return new DirectCatalogs(this);
    }
  }
}
