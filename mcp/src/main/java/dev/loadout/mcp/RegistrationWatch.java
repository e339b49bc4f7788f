package dev.loadout.mcp;

import com.github.benmanes.caffeine.cache.Cache;
import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a {@link GuildMcpManager} does when its store announces a change, made in this process or another: the
 * guild's cached configuration is dropped at once (the next turn reads it afresh), and in the background the
 * guild is read again and every pooled connection or health record of a server that is no longer there and
 * enabled is closed through {@link Pool#disconnect}, which also drops its breaker state. A change of every
 * guild (a feed that may have missed changes) does this for every guild the pool knows.
 *
 * <p>A read that fails closes nothing: without knowing, a connection is kept, and the call path's own fresh
 * read still refuses calls to a server that is gone.
 */
final class RegistrationWatch implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RegistrationWatch.class);

  private final McpRegistrationStore store;
  private final Cache<String, List<Target>> config;
  private final Pool pool;
  private final Executor blocking;
  private final StoreChanges.Subscription subscription;

  RegistrationWatch(McpRegistrationStore store, Cache<String, List<Target>> config, Pool pool, Executor blocking) {
    this.store = store;
    this.config = config;
    this.pool = pool;
    this.blocking = blocking;
    this.subscription = store.changes().subscribe(McpRegistrationStore.CHANGES, this::changed);
  }

  private void changed(StoreChange change) {
    Set<String> guilds;
    if (change.isEverything()) {
      config.invalidateAll();
      guilds = pool.guilds();
    } else {
      config.invalidate(change.scope());
      guilds = Set.of(change.scope());
    }
    if (guilds.isEmpty()) {
      return;
    }
    try {
      blocking.execute(() -> guilds.forEach(this::reconcile));
    } catch (RejectedExecutionException e) {
      // Shutting down: the pool closes everything anyway.
    }
  }

  /** Closes what the guild no longer has enabled. */
  void reconcile(String guildId) {
    Set<Pool.Key> known = pool.keysOf(guildId);
    if (known.isEmpty()) {
      return;
    }
    Set<Long> enabled = new HashSet<>();
    try {
      for (McpRegistration r : store.list(guildId)) {
        if (r.enabled()) {
          enabled.add(r.id());
        }
      }
    } catch (RuntimeException e) {
      LOG.debug("MCP registrations of guild {} could not be read after a change ({}); its connections are kept",
          guildId, e.getClass().getSimpleName());
      return;
    }
    for (Pool.Key key : known) {
      if (!enabled.contains(key.registrationId())) {
        LOG.debug("MCP {} was removed or disabled elsewhere; closing its connection", key.describe());
        pool.disconnect(key);
      }
    }
  }

  @Override
  public void close() {
    subscription.close();
  }
}
