package dev.loadout.mcp;

import dev.loadout.mcp.testkit.McpRegistrationStoreContract;

/** The kit's contract on the in-memory store. */
class InMemoryMcpRegistrationStoreTest extends McpRegistrationStoreContract {
  @Override
  protected McpRegistrationStore newStore() {
    return new InMemoryMcpRegistrationStore();
  }
}
