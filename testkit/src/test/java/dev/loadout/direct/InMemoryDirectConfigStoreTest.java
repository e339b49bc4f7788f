package dev.loadout.direct;

import dev.loadout.testkit.stores.DirectConfigStoreContract;
/** The contract in memory. */
class InMemoryDirectConfigStoreTest extends DirectConfigStoreContract {
  @Override
  protected DirectConfigStore newStore() {
    return new InMemoryDirectConfigStore();
  }
}
