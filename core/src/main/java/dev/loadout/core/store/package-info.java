/**
 * What every Loadout store shares. Each store is an interface (an SPI, such as
 * {@code PersonaBlockStore} in {@code loadout-tools-persona}) with an in-memory implementation for one process
 * and a JDBC implementation that runs on SQLite (embedded) and PostgreSQL (shared by many bot processes).
 *
 * <p>Stores report storage failures as {@link dev.loadout.core.store.StoreException}; tools turn them into
 * failed results with a storage code. The JDBC stores use only {@code java.sql}: the host brings the
 * driver and the {@link javax.sql.DataSource}, and each store creates or migrates its own tables when it
 * is created, so an unreachable database fails at start-up. {@link dev.loadout.core.store.SqliteDatabase}
 * opens a SQLite file as the embedded default.
 *
 * <p>Several bot processes share one database through the store change feed,
 * {@link dev.loadout.core.store.StoreChanges}: stores announce their writes ({@link dev.loadout.core.store.StoreChange}),
 * and every cache of stored state in every process drops what changed, within the feed's staleness bound
 * ({@link dev.loadout.core.store.PostgresChanges} for {@code LISTEN/NOTIFY},
 * {@link dev.loadout.core.store.PollingChanges} elsewhere).
 */
package dev.loadout.core.store;
