package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apiguardian.api.API;

/**
 * A {@link DirectConfigStore} in this process's memory; each save is one atomic {@link ConcurrentMap#compute}
 * on the scope's entry, so the version check and the write cannot be split. Configs are lost when the process
 * stops.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InMemoryDirectConfigStore implements DirectConfigStore {
  private final ConcurrentMap<String, SavedDirectConfigs> scopes = new ConcurrentHashMap<>();
  private final StoreChanges changes = StoreChanges.inProcess();

  /** An empty store, announcing its saves to this process ({@link StoreChanges#inProcess()}). */
  public InMemoryDirectConfigStore() {}

  @Override
  public StoreChanges changes() {
    return changes;
  }

  @Override
  public SavedDirectConfigs load(String scope) {
    SavedDirectConfigs saved = scopes.get(SavedDirectConfigs.requireScope(scope));
    return saved != null ? saved : SavedDirectConfigs.empty(scope);
  }

  @Override
  public SavedDirectConfigs save(String scope, long expectedVersion, List<DirectConfig> configs) {
    SavedDirectConfigs next = SavedDirectConfigs.next(scope, expectedVersion, configs);
    long[] actual = {-1};
    SavedDirectConfigs stored = scopes.compute(scope, (key, current) -> {
      long version = current == null ? 0 : current.version();
      if (version != expectedVersion) {
        actual[0] = version;
        return current;
      }
      return next;
    });
    if (actual[0] >= 0) {
      throw new DirectConfigConflictException(scope, expectedVersion, actual[0]);
    }
    changes.publish(StoreChange.of(CHANGES, scope));
    return stored;
  }

  @Override
  public String toString() {
    return "InMemoryDirectConfigStore{scopes=" + scopes.size() + "}";
  }
}
