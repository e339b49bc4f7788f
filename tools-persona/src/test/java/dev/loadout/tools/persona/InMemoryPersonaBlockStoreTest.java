package dev.loadout.tools.persona;

class InMemoryPersonaBlockStoreTest extends PersonaBlockStoreContract {
  @Override
  PersonaBlockStore newStore() {
    return new InMemoryPersonaBlockStore();
  }
}
