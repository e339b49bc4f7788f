package dev.loadout.core.blocking;

class InMemoryPersonaBlockStoreTest extends PersonaBlockStoreContract {
  @Override
  PersonaBlockStore newStore() {
    return new InMemoryPersonaBlockStore();
  }
}
