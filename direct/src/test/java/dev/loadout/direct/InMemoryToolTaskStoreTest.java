package dev.loadout.direct;

/** The contract in memory. */
class InMemoryToolTaskStoreTest extends ToolTaskStoreContract {
  @Override
  ToolTaskStore newStore() {
    return new InMemoryToolTaskStore();
  }
}
