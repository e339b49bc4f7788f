package dev.loadout.micrometer;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.store.StoreConflict;
import dev.loadout.core.store.StoreListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apiguardian.api.API;

/**
 * Store events as Micrometer meters, for example
 * {@code DirectCatalogs.builder(store, reserved, specs).listener(new StoreMetrics(meterRegistry))}.
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>Name</th><th>Type</th><th>Tags</th></tr>
 *   <tr><td>{@code loadout.store.conflicts}</td><td>counter: saves refused because another writer saved the same
 *       scope first</td><td>{@code store} (the store's name, such as {@code direct_configs})</td></tr>
 * </table>
 *
 * <p>The scope (a guild id) is not a tag: a bot in many guilds would grow a series per guild.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class StoreMetrics extends StoreListener {
  private final MeterRegistry registry;

  /**
   * Meters in this registry.
   *
   * @param registry where the meters go; never null
   */
  public StoreMetrics(MeterRegistry registry) {
    if (registry == null) {
      throw new IllegalArgumentException("meter registry must not be null");
    }
    this.registry = registry;
  }

  @Override
  public void conflict(StoreConflict conflict) {
    Counter.builder("loadout.store.conflicts").description("Saves refused because another writer saved the scope first")
        .tag("store", conflict.store()).register(registry).increment();
  }

  @Override
  public String toString() {
    return "StoreMetrics{" + registry.getClass().getSimpleName() + "}";
  }
}
