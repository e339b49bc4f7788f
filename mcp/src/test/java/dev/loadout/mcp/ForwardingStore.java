package dev.loadout.mcp;

import java.util.List;

/**
 * A registration store whose every method forwards to {@link #delegate} (a fresh in-memory store unless given): a test
 * store overrides only the method it watches, holds or breaks ({@link WatchedStore}, {@link RestartTest.HeldStore},
 * the race and failed-write tests' stores).
 */
abstract class ForwardingStore implements McpRegistrationStore {
  final McpRegistrationStore delegate;

  ForwardingStore() {
    this(new InMemoryMcpRegistrationStore());
  }

  ForwardingStore(McpRegistrationStore delegate) {
    this.delegate = delegate;
  }

  @Override
  public List<McpRegistration> list(String guildId) {
    return delegate.list(guildId);
  }

  @Override
  public InsertOutcome insert(McpRegistration draft, int maxPerGuild) {
    return delegate.insert(draft, maxPerGuild);
  }

  @Override
  public boolean setEnabled(String guildId, long id, boolean enabled) {
    return delegate.setEnabled(guildId, id, enabled);
  }

  @Override
  public boolean remove(String guildId, long id) {
    return delegate.remove(guildId, id);
  }

  @Override
  public boolean updateToolNames(String guildId, long id, List<String> toolNames) {
    return delegate.updateToolNames(guildId, id, toolNames);
  }

  @Override
  public boolean updateToolSelection(String guildId, long id, ToolSelection selection) {
    return delegate.updateToolSelection(guildId, id, selection);
  }
}
