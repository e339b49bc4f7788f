package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * A {@link McpRegistrationStore} in memory, for tests and single-process bots that register servers from
 * their own configuration at start-up. Nothing survives a restart.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class InMemoryMcpRegistrationStore implements McpRegistrationStore {
  private final Map<Long, McpRegistration> rows = new TreeMap<>();
  private final StoreChanges changes = StoreChanges.inProcess();
  private long lastId;

  /** An empty store, announcing its writes to this process ({@link StoreChanges#inProcess()}). */
  public InMemoryMcpRegistrationStore() {}

  @Override
  public synchronized List<McpRegistration> list(String guildId) {
    List<McpRegistration> out = new ArrayList<>();
    for (McpRegistration r : rows.values()) {
      if (r.guildId().equals(guildId)) {
        out.add(r);
      }
    }
    return out;
  }

  @Override
  public StoreChanges changes() {
    return changes;
  }

  @Override
  public InsertOutcome insert(McpRegistration draft, int maxPerGuild) {
    if (draft == null || draft.id() != 0 || maxPerGuild < 1) {
      throw new IllegalArgumentException("insert needs a draft (id 0) and a positive limit, but got " + draft + ", "
          + maxPerGuild);
    }
    InsertOutcome out;
    synchronized (this) {
      out = insertLocked(draft, maxPerGuild);
    }
    if (out instanceof InsertOutcome.Stored) {
      changed(draft.guildId());
    }
    return out;
  }

  private InsertOutcome insertLocked(McpRegistration draft, int maxPerGuild) {
    String key = draft.name().toLowerCase(Locale.ROOT);
    int inGuild = 0;
    for (McpRegistration r : rows.values()) {
      if (r.guildId().equals(draft.guildId())) {
        inGuild++;
        if (r.name().toLowerCase(Locale.ROOT).equals(key)) {
          return new InsertOutcome.NameTaken(draft.name());
        }
      }
    }
    if (inGuild >= maxPerGuild) {
      return new InsertOutcome.LimitReached(maxPerGuild);
    }
    McpRegistration stored = draft.withId(++lastId);
    rows.put(stored.id(), stored);
    return new InsertOutcome.Stored(stored);
  }

  private void changed(String guildId) {
    changes.publish(StoreChange.of(CHANGES, guildId));
  }

  @Override
  public boolean setEnabled(String guildId, long id, boolean enabled) {
    return change(guildId, id, r -> r.withEnabled(enabled));
  }

  @Override
  public boolean remove(String guildId, long id) {
    synchronized (this) {
      McpRegistration r = rows.get(id);
      if (r == null || !r.guildId().equals(guildId)) {
        return false;
      }
      rows.remove(id);
    }
    changed(guildId);
    return true;
  }

  @Override
  public boolean updateToolNames(String guildId, long id, List<String> toolNames) {
    if (toolNames == null) {
      throw new IllegalArgumentException("tool names must not be null; use an empty list for none");
    }
    return change(guildId, id, r -> r.withToolNames(toolNames));
  }

  @Override
  public boolean updateToolSelection(String guildId, long id, ToolSelection selection) {
    if (selection == null) {
      throw new IllegalArgumentException("tool selection must not be null; use ToolSelection.ALL for every tool");
    }
    return change(guildId, id, r -> r.withToolSelection(selection));
  }

  private boolean change(String guildId, long id, UnaryOperator<McpRegistration> edit) {
    synchronized (this) {
      McpRegistration r = rows.get(id);
      if (r == null || !r.guildId().equals(guildId)) {
        return false;
      }
      rows.put(id, edit.apply(r));
    }
    // Outside the lock: a listener may read this store.
    changed(guildId);
    return true;
  }

  @Override
  public synchronized String toString() {
    return "InMemoryMcpRegistrationStore{" + rows.size() + " registrations}";
  }
}
