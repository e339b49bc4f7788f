/**
 * Contract suites for the store SPIs a host may implement itself: extend one in a test, make a fresh empty store in
 * {@code newStore()}, and the suite checks everything Loadout relies on (atomic claims and cooldowns of
 * {@link dev.loadout.testkit.stores.ToolTaskStoreContract task slots}, versioned saves of
 * {@link dev.loadout.testkit.stores.DirectConfigStoreContract direct configs}, expiry of
 * {@link dev.loadout.testkit.stores.PersonaBlockStoreContract persona blocks}). Loadout's own in-memory, SQLite and
 * PostgreSQL stores pass the same suites. Needs {@code loadout-direct} or {@code loadout-tools-persona} on the test
 * class path for the suites of their stores.
 */
package dev.loadout.testkit.stores;
