package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apiguardian.api.API;

/**
 * A {@link PersonaBlockStore} in this process's memory, for single-process bots and tests. Blocks are lost
 * when the process stops.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class InMemoryPersonaBlockStore implements PersonaBlockStore {
  private final ConcurrentMap<PersonaBlock.Key, PersonaBlock> blocks = new ConcurrentHashMap<>();
  private final StoreChanges changes = StoreChanges.inProcess();

  /** An empty store, announcing its writes to this process ({@link StoreChanges#inProcess()}). */
  public InMemoryPersonaBlockStore() {}

  @Override
  public StoreChanges changes() {
    return changes;
  }

  @Override
  public void upsert(PersonaBlock block) {
    if (block == null) {
      throw new IllegalArgumentException("block must not be null");
    }
    blocks.put(block.key(), block);
    changes.publish(StoreChange.of(CHANGES, BlockChanges.scope(block.key())));
  }

  @Override
  public Optional<PersonaBlock> find(PersonaBlock.Key key, Instant now) {
    PersonaBlock b = blocks.get(key);
    return b != null && b.isActiveAt(now) ? Optional.of(b) : Optional.empty();
  }

  @Override
  public Optional<PersonaBlock> remove(PersonaBlock.Key key, Instant now) {
    PersonaBlock b = blocks.remove(key);
    if (b != null) {
      changes.publish(StoreChange.of(CHANGES, BlockChanges.scope(key)));
    }
    return b != null && b.isActiveAt(now) ? Optional.of(b) : Optional.empty();
  }

  @Override
  public List<PersonaBlock> active(String guildId, String personaId, Instant now) {
    List<PersonaBlock> out = new ArrayList<>();
    for (PersonaBlock b : blocks.values()) {
      if (b.key().guildId().equals(guildId) && b.key().personaId().equals(personaId) && b.isActiveAt(now)) {
        out.add(b);
      }
    }
    out.sort(Comparator.comparing(b -> b.key().userId()));
    return out;
  }

  @Override
  public int pruneExpired(Instant now) {
    int[] removed = {0};
    blocks.values().removeIf(b -> {
      boolean expired = !b.isActiveAt(now);
      removed[0] += expired ? 1 : 0;
      return expired;
    });
    return removed[0];
  }

  @Override
  public String toString() {
    return "InMemoryPersonaBlockStore{blocks=" + blocks.size() + "}";
  }
}
