package dev.loadout.core.store;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.time.Duration;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.apiguardian.api.API;

/**
 * The embedded default: a SQLite file opened the way Loadout's stores need it when several threads or
 * processes share it. Every connection gets
 * <ul>
 *   <li>{@code journal_mode=WAL}: readers never block the writer, and the writer never blocks readers;
 *   <li>{@code busy_timeout} ({@value #DEFAULT_BUSY_TIMEOUT_MS} ms unless set): a writer that finds the
 *       database locked waits for it instead of failing with {@code SQLITE_BUSY} (with the stores'
 *       {@code BEGIN IMMEDIATE} transactions, no lock error reaches a caller before this time);
 *   <li>{@code synchronous=NORMAL}: with WAL, a commit survives a crash of the process; only a power loss
 *       can undo the last commits, never corrupt the file;
 *   <li>{@code foreign_keys=ON}.
 * </ul>
 *
 * <pre>{@code
 * DataSource db = SqliteDatabase.file(Path.of("/var/lib/bot/loadout.db")).dataSource();
 * JdbcPersonaBlockStore blocks = JdbcPersonaBlockStore.create(db);
 * }</pre>
 *
 * <p>Connections come from {@link DriverManager} with the URL {@code jdbc:sqlite:<file>}, so a SQLite JDBC
 * driver (such as {@code org.xerial:sqlite-jdbc}) must be on the classpath; Loadout itself uses only
 * {@code java.sql}. The stores refuse a SQLite older than 3.35 when they start. Each
 * {@link DataSource#getConnection()} opens a new connection, which is cheap for a local file.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SqliteDatabase {
  /** The default busy timeout: 5 seconds. */
  public static final long DEFAULT_BUSY_TIMEOUT_MS = 5_000;

  private final Path file;
  private final Duration busyTimeout;

  private SqliteDatabase(Path file, Duration busyTimeout) {
    this.file = file;
    this.busyTimeout = busyTimeout;
  }

  /**
   * Starts describing the database in this file (created on first use; its folder must exist).
   *
   * @throws IllegalArgumentException if the path is null
   */
  public static SqliteDatabase file(Path file) {
    if (file == null) {
      throw new IllegalArgumentException("SQLite file must not be null");
    }
    return new SqliteDatabase(file, Duration.ofMillis(DEFAULT_BUSY_TIMEOUT_MS));
  }

  /**
   * The same database with another busy timeout.
   *
   * @param timeout how long a connection waits for a lock; 1 ms to 10 minutes
   * @throws IllegalArgumentException naming the value if it is out of range
   */
  public SqliteDatabase busyTimeout(Duration timeout) {
    if (timeout == null || timeout.toMillis() < 1 || timeout.compareTo(Duration.ofMinutes(10)) > 0) {
      throw new IllegalArgumentException("busyTimeout must be 1 ms to 10 minutes, but was " + timeout);
    }
    return new SqliteDatabase(file, timeout);
  }

  /** The file. */
  public Path path() {
    return file;
  }

  /** The busy timeout every connection gets. */
  public Duration busyTimeout() {
    return busyTimeout;
  }

  /** A data source whose every connection is set up as this class describes. */
  public DataSource dataSource() {
    return new Source("jdbc:sqlite:" + file.toAbsolutePath(), busyTimeout.toMillis());
  }

  @Override
  public String toString() {
    return "SqliteDatabase{" + file + ", busyTimeout=" + busyTimeout.toMillis() + " ms}";
  }

  private static final class Source implements DataSource {
    private final String url;
    private final long busyMillis;
    private volatile boolean walSet;
    private volatile int loginTimeout;

    Source(String url, long busyMillis) {
      this.url = url;
      this.busyMillis = busyMillis;
    }

    /**
     * Switching a new file to WAL takes its exclusive lock from a shared one. Two processes doing that at the same
     * moment deadlock in SQLite's eyes, so it answers one of them {@code SQLITE_BUSY} at once, without the busy
     * timeout (seen with four bot processes starting together on an empty file). That one tries again, within the
     * busy timeout: by then the other has switched the file, and the pragma finds WAL set.
     */
    private void switchToWal(Statement s) throws SQLException {
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(busyMillis);
      for (int attempt = 1; ; attempt++) {
        try {
          s.execute("PRAGMA journal_mode = WAL");
          return;
        } catch (SQLException e) {
          if (!busy(e) || System.nanoTime() - deadline >= 0) {
            throw e;
          }
          java.util.concurrent.locks.LockSupport.parkNanos(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(
              Math.min(50, 5L * attempt)));
          if (Thread.currentThread().isInterrupted()) {
            throw e;
          }
        }
      }
    }

    private static boolean busy(SQLException e) {
      // SQLITE_BUSY is result code 5; the driver puts extended codes (BUSY_RECOVERY, ...) in the message.
      return e.getErrorCode() == 5 || String.valueOf(e.getMessage()).contains("SQLITE_BUSY");
    }

    @Override
    public Connection getConnection() throws SQLException {
      Connection c = DriverManager.getConnection(url);
      try (Statement s = c.createStatement()) {
        // The timeout first: switching to WAL needs a lock another process may hold.
        s.execute("PRAGMA busy_timeout = " + busyMillis);
        if (!walSet) {
          // Kept in the file: once per data source is enough; a second process finds it set.
          switchToWal(s);
          walSet = true;
        }
        s.execute("PRAGMA synchronous = NORMAL");
        s.execute("PRAGMA foreign_keys = ON");
      } catch (SQLException e) {
        try {
          c.close();
        } catch (SQLException closing) {
          e.addSuppressed(closing);
        }
        throw e;
      }
      return c;
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
      return getConnection();
    }

    @Override
    public PrintWriter getLogWriter() {
      return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
      // No log: failures are exceptions.
    }

    @Override
    public void setLoginTimeout(int seconds) {
      loginTimeout = seconds;
    }

    @Override
    public int getLoginTimeout() {
      return loginTimeout;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
      throw new SQLFeatureNotSupportedException("no java.util.logging logger");
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
      if (type.isInstance(this)) {
        return type.cast(this);
      }
      throw new SQLException("not a wrapper of " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
      return type.isInstance(this);
    }

    @Override
    public String toString() {
      return "SqliteDatabase.dataSource{" + url + "}";
    }
  }
}
