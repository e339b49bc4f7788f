package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
  private long lastId;

  /** An empty store. */
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
  public synchronized Optional<McpRegistration> insert(McpRegistration draft) {
    if (draft == null || draft.id() != 0) {
      throw new IllegalArgumentException("insert needs a draft (id 0), but got " + draft);
    }
    String key = draft.name().toLowerCase(Locale.ROOT);
    for (McpRegistration r : rows.values()) {
      if (r.guildId().equals(draft.guildId()) && r.name().toLowerCase(Locale.ROOT).equals(key)) {
        return Optional.empty();
      }
    }
    McpRegistration stored = draft.withId(++lastId);
    rows.put(stored.id(), stored);
    return Optional.of(stored);
  }

  @Override
  public synchronized boolean setEnabled(String guildId, long id, boolean enabled) {
    return change(guildId, id, r -> r.withEnabled(enabled));
  }

  @Override
  public synchronized boolean remove(String guildId, long id) {
    McpRegistration r = rows.get(id);
    if (r == null || !r.guildId().equals(guildId)) {
      return false;
    }
    rows.remove(id);
    return true;
  }

  @Override
  public synchronized boolean updateToolNames(String guildId, long id, List<String> toolNames) {
    if (toolNames == null) {
      throw new IllegalArgumentException("tool names must not be null; use an empty list for none");
    }
    return change(guildId, id, r -> r.withToolNames(toolNames));
  }

  @Override
  public synchronized boolean updateToolSelection(String guildId, long id, ToolSelection selection) {
    if (selection == null) {
      throw new IllegalArgumentException("tool selection must not be null; use ToolSelection.ALL for every tool");
    }
    return change(guildId, id, r -> r.withToolSelection(selection));
  }

  private boolean change(String guildId, long id, UnaryOperator<McpRegistration> edit) {
    McpRegistration r = rows.get(id);
    if (r == null || !r.guildId().equals(guildId)) {
      return false;
    }
    rows.put(id, edit.apply(r));
    return true;
  }

  @Override
  public synchronized String toString() {
    return "InMemoryMcpRegistrationStore{" + rows.size() + " registrations}";
  }
}
