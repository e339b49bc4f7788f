package dev.loadout.mcp;

/** Placeholder replaced below. */
public final class GuildMcpManager {
  McpConfigOperations configOperations() {
    throw new UnsupportedOperationException();
  }
}
