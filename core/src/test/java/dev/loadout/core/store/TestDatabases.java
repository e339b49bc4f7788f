package dev.loadout.core.store;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Assumptions;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Real databases for the store contract tests: a SQLite file in a temporary folder, and a fresh schema in
 * the PostgreSQL named by {@code LOADOUT_TEST_PG_URL} (with {@code _USER} and {@code _PASSWORD}).
 *
 * <p>Without those variables the PostgreSQL tests are skipped with a message, except under {@code CI=true}
 * (set by CI, whose {@code .ci/run} starts PostgreSQL), where they fail: a CI run must never skip them.
 */
public final class TestDatabases {
  public static final String URL_VARIABLE = "LOADOUT_TEST_PG_URL";
  public static final String USER_VARIABLE = "LOADOUT_TEST_PG_USER";
  public static final String PASSWORD_VARIABLE = "LOADOUT_TEST_PG_PASSWORD";

  private TestDatabases() {}

  /**
   * Runs one poll of a polling feed now, on the caller's thread: a test that stands two processes on one file
   * passes a scheduler that never fires and decides itself when the other "process" hears a change.
   */
  public static void poll(PollingChanges feed) {
    feed.poll();
  }

  /**
   * A polling feed on this database that never polls on its own (every ten minutes, on a scheduler the test owns and
   * shuts down): the test decides with {@link #poll} when this "process" hears the others.
   */
  public static PollingChanges handPolledFeed(DataSource ds, java.util.concurrent.ScheduledExecutorService idle) {
    return PollingChanges.builder(ds).interval(java.time.Duration.ofMinutes(10)).scheduler(idle).build();
  }

  /** A SQLite database in a new file in the folder, opened as the embedded default ({@link SqliteDatabase}). */
  public static DataSource sqlite(Path folder) {
    return SqliteDatabase.file(folder.resolve("loadout-" + UUID.randomUUID() + ".db")).dataSource();
  }

  /** A fresh, empty PostgreSQL schema; closing drops it. */
  public static PostgresSchema postgres() {
    String url = System.getenv(URL_VARIABLE);
    boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
    if (url == null || url.isBlank()) {
      if (ci) {
        fail(URL_VARIABLE + " is not set but CI=true: .ci/run must start PostgreSQL and export it");
      }
      Assumptions.abort("PostgreSQL store tests skipped: set " + URL_VARIABLE + ", " + USER_VARIABLE + " and "
          + PASSWORD_VARIABLE + " (for example jdbc:postgresql://127.0.0.1:5432/loadout_test; .ci/run shows how) to run them");
    }
    String schema = "loadout_test_" + UUID.randomUUID().toString().replace("-", "");
    PGSimpleDataSource admin = dataSource(url, null);
    try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
    } catch (SQLException e) {
      fail("PostgreSQL at " + URL_VARIABLE + " is unreachable or refused a new schema: " + e.getMessage(), e);
    }
    return new PostgresSchema(dataSource(url, schema), admin, schema);
  }

  private static PGSimpleDataSource dataSource(String url, String schema) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(url);
    ds.setUser(System.getenv(USER_VARIABLE));
    ds.setPassword(System.getenv(PASSWORD_VARIABLE));
    if (schema != null) {
      ds.setCurrentSchema(schema);
    }
    return ds;
  }

  /** A schema of its own for one test, dropped with everything in it on close. */
  public static final class PostgresSchema implements AutoCloseable {
    private final DataSource dataSource;
    private final DataSource admin;
    private final String schema;

    PostgresSchema(DataSource dataSource, DataSource admin, String schema) {
      this.dataSource = dataSource;
      this.admin = admin;
      this.schema = schema;
    }

    public DataSource dataSource() {
      return dataSource;
    }

    /** The schema's name, for other processes that open it. */
    public String schema() {
      return schema;
    }

    /** A data source on this schema for the PostgreSQL of {@code LOADOUT_TEST_PG_URL}, in any process. */
    public static DataSource open(String schema) {
      return TestDatabases.dataSource(System.getenv(URL_VARIABLE), schema);
    }

    @Override
    public void close() throws SQLException {
      try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }
}
