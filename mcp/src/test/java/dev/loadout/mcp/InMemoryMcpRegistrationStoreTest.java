package dev.loadout.mcp;

/** The contract in memory. */
class InMemoryMcpRegistrationStoreTest extends McpRegistrationStoreContract {
  @Override
  McpRegistrationStore newStore() {
    return new InMemoryMcpRegistrationStore();
  }
}
