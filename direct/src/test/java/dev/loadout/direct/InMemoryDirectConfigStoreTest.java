package dev.loadout.direct;

/** The contract in memory. */
class InMemoryDirectConfigStoreTest extends DirectConfigStoreContract {
  @Override
  DirectConfigStore newStore() {
    return new InMemoryDirectConfigStore();
  }
}
