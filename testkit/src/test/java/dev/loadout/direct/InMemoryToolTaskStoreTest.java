package dev.loadout.direct;

import dev.loadout.testkit.stores.ToolTaskStoreContract;
/** The contract in memory. */
class InMemoryToolTaskStoreTest extends ToolTaskStoreContract {
  @Override
  protected ToolTaskStore newStore() {
    return new InMemoryToolTaskStore();
  }
}
