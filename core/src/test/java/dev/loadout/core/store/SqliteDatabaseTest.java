package dev.loadout.core.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.internal.jdbc.Jdbc;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded default's settings, read back from SQLite itself, and the write lock of a store transaction. */
class SqliteDatabaseTest {
  @TempDir
  Path folder;

  @Test
  void everyConnectionIsInWalWithABusyTimeoutNormalSyncAndForeignKeys() throws Exception {
    DataSource db = SqliteDatabase.file(folder.resolve("a.db")).dataSource();
    for (int i = 0; i < 2; i++) {
      try (Connection c = db.getConnection()) {
        assertThat(pragma(c, "journal_mode")).isEqualTo("wal");
        assertThat(pragma(c, "busy_timeout")).isEqualTo("5000");
        assertThat(pragma(c, "synchronous")).isEqualTo("1"); // NORMAL
        assertThat(pragma(c, "foreign_keys")).isEqualTo("1");
      }
    }
  }

  @Test
  void theBusyTimeoutIsConfigurableAndCheckedAtOnce() throws Exception {
    SqliteDatabase db = SqliteDatabase.file(folder.resolve("b.db")).busyTimeout(Duration.ofSeconds(12));
    assertThat(db.busyTimeout()).isEqualTo(Duration.ofSeconds(12));
    try (Connection c = db.dataSource().getConnection()) {
      assertThat(pragma(c, "busy_timeout")).isEqualTo("12000");
    }
    assertThatThrownBy(() -> db.busyTimeout(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("busyTimeout must be 1 ms to 10 minutes, but was PT0S");
    assertThatThrownBy(() -> SqliteDatabase.file(null)).hasMessage("SQLite file must not be null");
  }

  /**
   * A store transaction reads, another connection tries to write, then the transaction writes. With a deferred
   * transaction the other write would go through and the transaction's own write fail with SQLITE_BUSY at once;
   * with BEGIN IMMEDIATE the transaction holds the write lock from its first statement.
   */
  @Test
  void aStoreTransactionHoldsTheWriteLockFromItsFirstStatement() throws Exception {
    Path file = folder.resolve("c.db");
    Jdbc jdbc = new Jdbc(SqliteDatabase.file(file).dataSource(), "lock_test");
    jdbc.withConnection("create", (c, d) -> {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (n INTEGER)");
      }
      return null;
    });
    DataSource impatient = SqliteDatabase.file(file).busyTimeout(Duration.ofMillis(1)).dataSource();
    CountDownLatch read = new CountDownLatch(1);
    CompletableFuture<String> other = new CompletableFuture<>();
    Thread writer = new Thread(() -> {
      try {
        read.await(10, TimeUnit.SECONDS);
        try (Connection c = impatient.getConnection(); Statement s = c.createStatement()) {
          s.execute("INSERT INTO t VALUES (2)");
          other.complete("written");
        }
      } catch (SQLException e) {
        other.complete(e.getMessage());
      } catch (InterruptedException e) {
        other.complete("interrupted");
      }
    });
    writer.start();
    jdbc.inTransaction("read then write", (c, d) -> {
      try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT COUNT(*) FROM t")) {
        rows.next();
      }
      read.countDown();
      other.orTimeout(10, TimeUnit.SECONDS).join(); // the other writer has tried and failed while this holds the lock
      try (Statement s = c.createStatement()) {
        s.execute("INSERT INTO t VALUES (1)");
      }
      return null;
    });
    writer.join();
    assertThat(other.get()).contains("SQLITE_BUSY");
    int rows = jdbc.withConnection("count", (c, d) -> {
      try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM t")) {
        r.next();
        return r.getInt(1);
      }
    });
    assertThat(rows).isEqualTo(1);
  }

  private static String pragma(Connection c, String name) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("PRAGMA " + name)) {
      rows.next();
      return rows.getString(1);
    }
  }
}
