package dev.loadout.tools.persona;

import dev.loadout.testkit.stores.PersonaBlockStoreContract;
class InMemoryPersonaBlockStoreTest extends PersonaBlockStoreContract {
  @Override
  protected PersonaBlockStore newStore() {
    return new InMemoryPersonaBlockStore();
  }
}
