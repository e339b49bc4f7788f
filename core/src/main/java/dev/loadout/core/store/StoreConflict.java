package dev.loadout.core.store;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A save a store refused because someone else saved the same scope first ({@link StoreListener#conflict}).
 *
 * @param store the store's name, the same as its change-feed channel (for example {@code direct_configs}); a
 *     stable, bounded value, fit for a metric tag
 * @param scope the scope saved to (a guild id, or the store's global scope); not a secret, but unbounded
 * @param expectedVersion the version the writer loaded and meant to replace
 * @param actualVersion the version the store held when it refused
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StoreConflict(String store, String scope, long expectedVersion, long actualVersion) {
  /** Refuses a blank store name and a null scope. */
  public StoreConflict {
    if (store == null || store.isBlank() || scope == null) {
      throw new IllegalArgumentException("a store conflict needs a store name and a scope, but got [" + store + "], ["
          + scope + "]");
    }
  }
}
