package dev.loadout.core.internal.jdbc;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import dev.loadout.core.store.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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
 * <p><b>Transactions.</b> On PostgreSQL a transaction is the driver's ({@code setAutoCommit(false)}). On SQLite
 * it starts with {@code BEGIN IMMEDIATE}, which takes the write lock first (waiting up to the connection's
 * busy timeout): a deferred transaction that reads and then writes could otherwise fail with
 * {@code SQLITE_BUSY} at its first write, without waiting, whenever another connection wrote in between.
 * Every Loadout transaction writes, so none needs a deferred one.
 *
 * <p><b>Migrations.</b> {@link #migrate(List)} keeps one row per store in {@code loadout_schema_version}
 * and runs the missing steps in one transaction. Any number of stores in any number of processes may start
 * at once on an empty database: before anything else, even before the version table is created, each
 * migration takes one lock that every Loadout store shares (on PostgreSQL a transaction-scoped advisory
 * lock keyed by the current schema, on SQLite the write lock of {@code BEGIN IMMEDIATE}), so exactly one
 * creates the version table and each step runs once. A schema newer than the steps this code knows is
 * refused rather than used.
 *
 * <p><b>SQLite version.</b> The stores need SQLite {@value #MIN_SQLITE} or newer ({@code RETURNING});
 * an older library is refused when the dialect is detected, with both versions in the message.
 *
 * <p>Thread-safe.
 */
@API(status = INTERNAL, since = "0.1")
public final class Jdbc {
  /** The table that records each store's schema version. */
  public static final String VERSION_TABLE = "loadout_schema_version";
  /** The oldest SQLite the stores run on: 3.35 brought {@code RETURNING}. */
  public static final String MIN_SQLITE = "3.35.0";
  /** Salt of the advisory lock every Loadout migration takes on PostgreSQL (with the schema's name). */
  private static final String MIGRATION_LOCK = "loadout:migrations:";
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Jdbc.class);

  /** Work done with a connection. */
  @API(status = INTERNAL, since = "0.1")
  @FunctionalInterface
  public interface Work<T> {
    /** Runs with a borrowed connection; must not close it. */
    T run(Connection connection, JdbcDialect dialect) throws SQLException;
  }

  /** Work done in a write transaction, which announces what it changed. */
  @API(status = INTERNAL, since = "0.1")
  @FunctionalInterface
  public interface WriteWork<T> {
    /** Runs in a transaction; calls {@code changed.accept(scope)} for each scope it changed. */
    T run(Connection connection, JdbcDialect dialect, Changed changed) throws SQLException;
  }

  /** Takes note of a changed scope inside a write. */
  @API(status = INTERNAL, since = "0.1")
  @FunctionalInterface
  public interface Changed {
    /** The scope changed; null for every scope of the store's kind. */
    void scope(String scope) throws SQLException;
  }

  private final DataSource dataSource;
  private final String store;
  private final StoreChanges changes;
  private volatile JdbcDialect dialect;

  /**
   * Plumbing for one store.
   *
   * @param dataSource the host's data source; never null
   * @param store the store's name for messages and its schema version row, such as {@code persona_blocks}
   */
  public Jdbc(DataSource dataSource, String store) {
    this(dataSource, store, StoreChanges.none());
  }

  /**
   * Plumbing for one store that announces its writes on a feed, under its name as the change kind.
   *
   * @param changes the feed; never null ({@link StoreChanges#none()} for none)
   */
  public Jdbc(DataSource dataSource, String store, StoreChanges changes) {
    if (dataSource == null || store == null || store.isBlank() || changes == null) {
      throw new IllegalArgumentException("JDBC store needs a data source, a name and a change feed, but got "
          + dataSource + ", " + store + ", " + changes);
    }
    this.dataSource = dataSource;
    this.store = store;
    this.changes = changes;
  }

  /** The feed this store announces on. */
  public StoreChanges changes() {
    return changes;
  }

  /**
   * Runs a write in one transaction and announces the scopes it changed: inside the transaction where the
   * feed can ({@link TransactionalChanges}), so the announcement commits with the write, and to this
   * process's listeners once it has committed.
   */
  public <T> T write(String operation, WriteWork<T> work) {
    List<StoreChange> changed = new ArrayList<>();
    T result = inTransaction(operation, (c, d) -> work.run(c, d, scope -> {
      StoreChange change = scope == null ? StoreChange.everything(store) : StoreChange.of(store, scope);
      if (changes instanceof TransactionalChanges t) {
        t.record(c, change);
      }
      changed.add(change);
    }));
    for (StoreChange change : changed) {
      try {
        if (changes instanceof TransactionalChanges t) {
          t.deliverLocally(change);
        } else {
          changes.publish(change);
        }
      } catch (RuntimeException e) {
        // The write has committed: a feed that fails here must not turn it into a failure.
        LOG.warn("Change of store {} could not be announced ({})", store, e.getClass().getSimpleName());
      }
    }
    return result;
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
        if (d == JdbcDialect.SQLITE) {
          requireSqliteVersion(c);
        }
        dialect = d;
      }
      return work.run(c, d);
    } catch (SQLException e) {
      throw failure(operation, e);
    }
  }

  /** Runs work in one transaction: committed if it returns, rolled back if it throws. */
  public <T> T inTransaction(String operation, Work<T> work) {
    return withConnection(operation, (c, d) -> d == JdbcDialect.SQLITE ? immediate(c, d, work) : driverTransaction(c, d, work));
  }

  private static <T> T driverTransaction(Connection c, JdbcDialect d, Work<T> work) throws SQLException {
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
  }

  /** SQLite: the write lock first, so no statement inside can fail busy without having waited. */
  private static <T> T immediate(Connection c, JdbcDialect d, Work<T> work) throws SQLException {
    if (!c.getAutoCommit()) {
      // A host's data source that hands out connections outside auto-commit: its driver already began one.
      return driverTransaction(c, d, work);
    }
    try (Statement s = c.createStatement()) {
      s.execute("BEGIN IMMEDIATE");
    }
    try {
      T result = work.run(c, d);
      try (Statement s = c.createStatement()) {
        s.execute("COMMIT");
      }
      return result;
    } catch (SQLException | RuntimeException e) {
      try (Statement s = c.createStatement()) {
        s.execute("ROLLBACK");
      } catch (SQLException rollback) {
        e.addSuppressed(rollback);
      }
      throw e;
    }
  }

  private static void requireSqliteVersion(Connection c) throws SQLException {
    String version;
    try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT sqlite_version()")) {
      version = rows.next() ? rows.getString(1) : "unknown";
    }
    if (compareVersions(version, MIN_SQLITE) < 0) {
      throw new SQLException("SQLite " + MIN_SQLITE + " or newer is required (the stores use RETURNING), but the "
          + "database library is " + version + "; upgrade the SQLite JDBC driver");
    }
  }

  /** Compares dotted version numbers; a part that is not a number compares as 0. */
  static int compareVersions(String a, String b) {
    String[] x = a.split("\\.");
    String[] y = b.split("\\.");
    for (int i = 0; i < Math.max(x.length, y.length); i++) {
      int p = i < x.length ? number(x[i]) : 0;
      int q = i < y.length ? number(y[i]) : 0;
      if (p != q) {
        return Integer.compare(p, q);
      }
    }
    return 0;
  }

  private static int number(String part) {
    try {
      return Integer.parseInt(part.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
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
      // The one lock of every Loadout store comes before the version table exists: two stores creating it at
      // once would otherwise race (CREATE TABLE IF NOT EXISTS is not safe against a concurrent creator). On
      // SQLite, inTransaction's BEGIN IMMEDIATE already holds the database's write lock.
      if (d == JdbcDialect.POSTGRESQL) {
        try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
          lock.setLong(1, migrationLockKey(c.getSchema()));
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

  /** One key per schema: stores in one schema serialise their migrations, other schemas are not held up. */
  static long migrationLockKey(String schema) {
    String name = MIGRATION_LOCK + (schema == null ? "" : schema);
    long h = 1125899906842597L;
    for (int i = 0; i < name.length(); i++) {
      h = 31 * h + name.charAt(i);
    }
    return h;
  }

  private StoreException failure(String operation, SQLException e) {
    return new StoreException("store " + store + " could not " + operation + ": " + e.getMessage(), e);
  }

  @Override
  public String toString() {
    return "Jdbc{store=" + store + ", dialect=" + dialect + "}";
  }
}
