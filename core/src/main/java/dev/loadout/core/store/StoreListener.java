package dev.loadout.core.store;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Observes what happens to a bot's stored configuration outside any turn, for metrics and audit logs: today, a
 * save refused because another writer (an admin in another process, a second tab) saved the same scope first.
 * Turn events are {@code LoadoutListener}'s; this one is handed to the object that writes, such as
 * {@code DirectCatalogs.Builder.listener}. Every method is a no-op here; override the ones you need.
 *
 * <p><b>Contract.</b> Runs on the writer's thread, after the store refused the write and before the caller hears of
 * it; must be fast and never block. One that throws is contained: the caller gets the store's own answer as if the
 * listener had returned, and the writer logs a WARN once per listener class.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public abstract class StoreListener {
  /** Listens to nothing. */
  public static final StoreListener NONE = new StoreListener() {};

  /** Subclasses only. */
  protected StoreListener() {}

  /**
   * A save was refused because the scope changed since the writer loaded it; nothing was written, and the caller
   * is told to reload and apply its change again.
   *
   * @param conflict which store and scope, and the two versions
   */
  public void conflict(StoreConflict conflict) {}
}
