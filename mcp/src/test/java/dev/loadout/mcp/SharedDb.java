package dev.loadout.mcp;

import dev.loadout.core.store.SqliteDatabase;
import dev.loadout.core.store.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * One database that several worker processes open by a text spec: {@code sqlite:<file>} (the embedded default)
 * or {@code pg:<schema>} (a fresh schema in the PostgreSQL of {@code LOADOUT_TEST_PG_URL}, which workers inherit
 * from the test's environment). Closing drops the PostgreSQL schema.
 */
final class SharedDb implements AutoCloseable {
  private final String spec;
  private final DataSource dataSource;
  private final AutoCloseable cleanup;

  private SharedDb(String spec, DataSource dataSource, AutoCloseable cleanup) {
    this.spec = spec;
    this.dataSource = dataSource;
    this.cleanup = cleanup;
  }

  static SharedDb sqlite(Path folder) {
    Path file = folder.resolve("shared-" + UUID.randomUUID() + ".db");
    return new SharedDb("sqlite:" + file, open("sqlite:" + file), () -> {});
  }

  /** Skips (or fails under CI) exactly as the other PostgreSQL tests do. */
  static SharedDb postgres() {
    TestDatabases.PostgresSchema schema = TestDatabases.postgres();
    return new SharedDb("pg:" + schema.schema(), schema.dataSource(), schema);
  }

  static SharedDb of(String kind, Path folder) {
    return kind.equals("sqlite") ? sqlite(folder) : postgres();
  }

  /** The data source a worker opens for a spec. */
  static DataSource open(String spec) {
    if (spec.startsWith("sqlite:")) {
      return SqliteDatabase.file(Path.of(spec.substring("sqlite:".length()))).dataSource();
    }
    return TestDatabases.PostgresSchema.open(spec.substring("pg:".length()));
  }

  String spec() {
    return spec;
  }

  boolean isPostgres() {
    return spec.startsWith("pg:");
  }

  DataSource dataSource() {
    return dataSource;
  }

  /** Each store's schema version as recorded in the shared version table. */
  Map<String, Integer> versions() throws SQLException {
    Map<String, Integer> out = new LinkedHashMap<>();
    try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("SELECT store, version FROM loadout_schema_version ORDER BY store")) {
      while (rows.next()) {
        out.put(rows.getString(1), rows.getInt(2));
      }
    }
    return out;
  }

  long count(String sql) throws SQLException {
    try (Connection c = dataSource.getConnection(); Statement s = c.createStatement(); ResultSet rows = s.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  @Override
  public void close() throws Exception {
    cleanup.close();
  }

  @Override
  public String toString() {
    return spec;
  }
}
