package dev.loadout.core.internal.jdbc;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import java.sql.Connection;
import java.sql.SQLException;
import org.apiguardian.api.API;

/**
 * A feed a JDBC store can announce to inside its own write transaction, so the announcement commits (or rolls
 * back) with the write: {@code pg_notify}, or a version bump in the polling table.
 */
@API(status = INTERNAL, since = "0.1")
public interface TransactionalChanges extends StoreChanges {
  /** Records the change on the writer's connection, inside its transaction. */
  void record(Connection connection, StoreChange change) throws SQLException;

  /** After the writer committed: tells this process's listeners at once, without waiting for the database. */
  void deliverLocally(StoreChange change);
}
