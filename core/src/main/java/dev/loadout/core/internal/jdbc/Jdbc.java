package dev.loadout.core.internal.jdbc;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.loadout.core.store.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.apiguardian.api.API;

/**
 * The one piece of JDBC plumbing every Loadout JDBC store uses: connections from the host's
 * {@link DataSource}, transactions that commit or roll back as a unit, the {@link JdbcDialect} of the
 * database, and versioned schema migrations. Every {@link SQLException} leaves here as a
 * {@link StoreException} naming the store and the operation (never the URL, which may hold credentials).
 *
 * <p><b>Connections.</b> Each operation borrows a connection and closes it before returning, so a pooled
 * {@code DataSource} (HikariCP and the like) is used as intended, and a plain one works too. Nothing is
 * held between operations.
 *
 * <p><b>Migrations.</b> {@link #migrate(List)} keeps one row per store in {@code loadout_schema_version}
 * and runs the missing steps in one transaction. On PostgreSQL, where several bot processes may start at
 * once, a transaction-scoped advisory lock keyed by the store name serialises them; on SQLite the first
 * write takes the database lock, and every statement is written to be repeatable ({@code IF NOT EXISTS}).
 * A schema newer than the steps this code knows is refused rather than used.
 *
 * <p>Thread-safe.
 */
@API(status = INTERNAL, since = "0.1")
public final class Jdbc {
  /** The table that records each store's schema version. */
  public static final String VERSION_TABLE = "loadout_schema_version";

  /** Work done with a connection. */
  @API(status = INTERNAL, since = "0.1")
  @FunctionalInterface
  public interface Work<T> {
    /** Runs with a borrowed connection; must not close it. */
    T run(Connection connection, JdbcDialect dialect) throws SQLException;
  }

  private final DataSource dataSource;
  private final String store;
  private volatile JdbcDialect dialect;

  /**
   * Plumbing for one store.
   *
   * @param dataSource the host's data source; never null
   * @param store the store's name for messages and its schema version row, such as {@code persona_blocks}
   */
  public Jdbc(DataSource dataSource, String store) {
    if (dataSource == null || store == null || store.isBlank()) {
      throw new IllegalArgumentException("JDBC store needs a data source and a name, but got " + dataSource + ", " + store);
    }
    this.dataSource = dataSource;
    this.store = store;
  }

  /** The store's name. */
  public String store() {
    return store;
  }

  /** The database's dialect, detected on first use. */
  public JdbcDialect dialect() {
    JdbcDialect d = dialect;
    if (d == null) {
      d = withConnection("detect the database", (c, ignored) -> JdbcDialect.of(c));
    }
    return d;
  }

  /** Runs work on a connection in auto-commit mode: for single statements and reads. */
  public <T> T withConnection(String operation, Work<T> work) {
    try (Connection c = dataSource.getConnection()) {
      JdbcDialect d = dialect;
      if (d == null) {
        d = JdbcDialect.of(c);
        dialect = d;
      }
      return work.run(c, d);
    } catch (SQLException e) {
      throw failure(operation, e);
    }
  }

  /** Runs work in one transaction: committed if it returns, rolled back if it throws. */
  public <T> T inTransaction(String operation, Work<T> work) {
    return withConnection(operation, (c, d) -> {
      boolean autoCommit = c.getAutoCommit();
      c.setAutoCommit(false);
      try {
        T result = work.run(c, d);
        c.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        try {
          c.rollback();
        } catch (SQLException rollback) {
          e.addSuppressed(rollback);
        }
        throw e;
      } finally {
        try {
          c.setAutoCommit(autoCommit);
        } catch (SQLException ignored) {
          // The connection is closed next; a pool resets it or discards it.
        }
      }
    });
  }

  /**
   * Brings the store's schema to the newest of these steps.
   *
   * @param migrations the store's steps, versions 1, 2, … in order
   * @return the version the schema is at now
   * @throws StoreException if a step fails (nothing of it is kept) or the schema is newer than the steps
   */
  public int migrate(List<Migration> migrations) {
    for (int i = 0; i < migrations.size(); i++) {
      if (migrations.get(i).version() != i + 1) {
        throw new IllegalArgumentException("migrations of " + store + " must be numbered 1, 2, …, but step " + (i + 1)
            + " was version " + migrations.get(i).version());
      }
    }
    return inTransaction("migrate its schema", (c, d) -> {
      if (d == JdbcDialect.POSTGRESQL) {
        try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
          lock.setLong(1, ("loadout:" + store).hashCode());
          lock.execute();
        }
      }
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE IF NOT EXISTS " + VERSION_TABLE + " (store TEXT PRIMARY KEY, version INTEGER NOT NULL)");
      }
      int current = 0;
      try (PreparedStatement q = c.prepareStatement("SELECT version FROM " + VERSION_TABLE + " WHERE store = ?")) {
        q.setString(1, store);
        try (ResultSet rows = q.executeQuery()) {
          if (rows.next()) {
            current = rows.getInt(1);
          }
        }
      }
      if (current > migrations.size()) {
        throw new SQLException("schema of " + store + " is at version " + current + ", newer than the " + migrations.size()
            + " this Loadout knows; upgrade Loadout before using this database");
      }
      for (Migration m : migrations.subList(current, migrations.size())) {
        try (Statement s = c.createStatement()) {
          for (String sql : m.statements().apply(d)) {
            s.execute(sql);
          }
        } catch (SQLException e) {
          throw new SQLException("step " + m.version() + " (" + m.description() + ") failed: " + e.getMessage(), e);
        }
      }
      if (current < migrations.size()) {
        try (PreparedStatement u = c.prepareStatement(d.upsert(VERSION_TABLE, List.of("store"), List.of("version")))) {
          u.setString(1, store);
          u.setInt(2, migrations.size());
          u.executeUpdate();
        }
      }
      return migrations.size();
    });
  }

  private StoreException failure(String operation, SQLException e) {
    return new StoreException("store " + store + " could not " + operation + ": " + e.getMessage(), e);
  }

  @Override
  public String toString() {
    return "Jdbc{store=" + store + ", dialect=" + dialect + "}";
  }
}
