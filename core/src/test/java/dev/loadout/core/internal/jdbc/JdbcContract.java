package dev.loadout.core.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.store.StoreException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The shared plumbing on each real database. */
abstract class JdbcContract {
  static final Migration CREATE = new Migration(1, "create items", d -> List.of(
      "CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY, n INTEGER NOT NULL, at " + d.timestampType() + ")"));
  static final Migration ADD_COLUMN = new Migration(2, "add note", d -> List.of("ALTER TABLE items ADD COLUMN note TEXT"));

  Jdbc jdbc;

  abstract DataSource dataSource() throws Exception;

  abstract JdbcDialect expectedDialect();

  @BeforeEach
  void create() throws Exception {
    jdbc = new Jdbc(dataSource(), "items_store");
  }

  @Test
  void detectsTheDialect() {
    assertThat(jdbc.dialect()).isEqualTo(expectedDialect());
  }

  @Test
  void migrationRunsMissingStepsOnceAndRecordsTheVersion() {
    assertThat(jdbc.migrate(List.of(CREATE))).isEqualTo(1);
    assertThat(jdbc.migrate(List.of(CREATE))).isEqualTo(1);
    assertThat(jdbc.migrate(List.of(CREATE, ADD_COLUMN))).isEqualTo(2);
    // Step 2 is not repeatable (ALTER TABLE ADD COLUMN): running again proves it was skipped.
    assertThat(jdbc.migrate(List.of(CREATE, ADD_COLUMN))).isEqualTo(2);
    assertThat(version()).isEqualTo(2);
  }

  @Test
  void schemaNewerThanTheCodeIsRefused() {
    jdbc.migrate(List.of(CREATE, ADD_COLUMN));
    assertThatThrownBy(() -> jdbc.migrate(List.of(CREATE)))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("store items_store could not migrate its schema")
        .hasMessageContaining("at version 2, newer than the 1 this Loadout knows");
  }

  @Test
  void failedStepLeavesNothingBehind() {
    Migration broken = new Migration(2, "broken", d -> List.of("ALTER TABLE items ADD COLUMN extra TEXT", "THIS IS NOT SQL"));
    jdbc.migrate(List.of(CREATE));
    assertThatThrownBy(() -> jdbc.migrate(List.of(CREATE, broken)))
        .isInstanceOf(StoreException.class).hasMessageContaining("step 2 (broken) failed");
    assertThat(version()).isEqualTo(1);
    // The half-applied step was rolled back, so the fixed step can add the same column.
    assertThat(jdbc.migrate(List.of(CREATE, new Migration(2, "fixed", d -> List.of("ALTER TABLE items ADD COLUMN extra TEXT")))))
        .isEqualTo(2);
  }

  @Test
  void misnumberedMigrationsAreAProgrammingError() {
    assertThatThrownBy(() -> jdbc.migrate(List.of(ADD_COLUMN)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("migrations of items_store must be numbered 1, 2, …, but step 1 was version 2");
  }

  @Test
  void transactionRollsBackWhenWorkThrows() {
    jdbc.migrate(List.of(CREATE));
    assertThatThrownBy(() -> jdbc.inTransaction("insert twice", (c, d) -> {
      insert(c, d, "a", 1);
      insert(c, d, "a", 2);
      return null;
    })).isInstanceOf(StoreException.class).hasMessageStartingWith("store items_store could not insert twice: ");
    assertThat(ids()).isEmpty();
  }

  @Test
  void upsertInsertsThenUpdatesAndInstantsRoundTrip() {
    jdbc.migrate(List.of(CREATE));
    Instant at = Instant.parse("2026-05-06T07:08:09.010Z");
    jdbc.withConnection("upsert", (c, d) -> {
      insert(c, d, "a", 1);
      try (PreparedStatement s = c.prepareStatement(d.upsert("items", List.of("id"), List.of("n", "at")))) {
        s.setString(1, "a");
        s.setInt(2, 7);
        d.setInstant(s, 3, at);
        s.executeUpdate();
      }
      return null;
    });
    jdbc.withConnection("read", (c, d) -> {
      try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT n, at FROM items WHERE id = 'a'")) {
        assertThat(rows.next()).isTrue();
        assertThat(rows.getInt("n")).isEqualTo(7);
        assertThat(d.getInstant(rows, "at")).isEqualTo(at);
      }
      return null;
    });
  }

  @Test
  void upsertSqlIsTheSameInBothDialects() {
    for (JdbcDialect d : JdbcDialect.values()) {
      assertThat(d.upsert("t", List.of("a", "b"), List.of("c")))
          .isEqualTo("INSERT INTO t (a, b, c) VALUES (?, ?, ?) ON CONFLICT (a, b) DO UPDATE SET c = excluded.c");
      assertThat(d.upsert("t", List.of("a"), List.of())).isEqualTo("INSERT INTO t (a) VALUES (?) ON CONFLICT (a) DO NOTHING");
    }
  }

  private void insert(java.sql.Connection c, JdbcDialect d, String id, int n) throws java.sql.SQLException {
    try (PreparedStatement s = c.prepareStatement("INSERT INTO items (id, n) VALUES (?, ?)")) {
      s.setString(1, id);
      s.setInt(2, n);
      s.executeUpdate();
    }
  }

  private List<String> ids() {
    return jdbc.withConnection("list", (c, d) -> {
      List<String> out = new ArrayList<>();
      try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT id FROM items")) {
        while (rows.next()) {
          out.add(rows.getString(1));
        }
      }
      return out;
    });
  }

  private int version() {
    return jdbc.withConnection("version", (c, d) -> {
      try (PreparedStatement s = c.prepareStatement("SELECT version FROM " + Jdbc.VERSION_TABLE + " WHERE store = ?")) {
        s.setString(1, "items_store");
        try (ResultSet rows = s.executeQuery()) {
          return rows.next() ? rows.getInt(1) : 0;
        }
      }
    });
  }
}
