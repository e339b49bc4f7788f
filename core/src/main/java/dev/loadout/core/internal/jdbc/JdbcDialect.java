package dev.loadout.core.internal.jdbc;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The SQL differences between the databases Loadout's stores run on. Everything else is plain SQL both
 * accept.
 *
 * <p>Instants are stored at millisecond precision in both: PostgreSQL as {@code TIMESTAMP WITH TIME ZONE}
 * (readable by an operator with {@code psql}), SQLite as epoch milliseconds in an {@code INTEGER} (SQLite
 * has no timestamp type, and integers compare correctly in {@code WHERE expires_at > ?}).
 */
@API(status = INTERNAL, since = "0.1")
public enum JdbcDialect {
  /** SQLite 3.35 or newer (for {@code RETURNING}; {@link Jdbc} checks it when it detects the dialect). */
  SQLITE("INTEGER"),
  /** PostgreSQL 9.5 or newer. */
  POSTGRESQL("TIMESTAMP WITH TIME ZONE");

  private final String timestampType;

  JdbcDialect(String timestampType) {
    this.timestampType = timestampType;
  }

  /**
   * The dialect of the database behind a connection.
   *
   * @throws SQLException if the metadata cannot be read, or the database is neither SQLite nor PostgreSQL
   */
  public static JdbcDialect of(Connection connection) throws SQLException {
    String product = connection.getMetaData().getDatabaseProductName();
    String p = product == null ? "" : product.toLowerCase(Locale.ROOT);
    if (p.contains("sqlite")) {
      return SQLITE;
    }
    if (p.contains("postgres")) {
      return POSTGRESQL;
    }
    throw new SQLException("database [" + product + "] is not supported: Loadout's JDBC stores run on SQLite and PostgreSQL");
  }

  /** The column type for an instant. */
  public String timestampType() {
    return timestampType;
  }

  /** Binds an instant, truncated to milliseconds. */
  public void setInstant(PreparedStatement statement, int index, Instant instant) throws SQLException {
    if (this == SQLITE) {
      statement.setLong(index, instant.toEpochMilli());
    } else {
      statement.setObject(index, OffsetDateTime.ofInstant(Instant.ofEpochMilli(instant.toEpochMilli()), ZoneOffset.UTC));
    }
  }

  /** Reads an instant written by {@link #setInstant}. */
  public Instant getInstant(ResultSet rows, String column) throws SQLException {
    if (this == SQLITE) {
      return Instant.ofEpochMilli(rows.getLong(column));
    }
    OffsetDateTime t = rows.getObject(column, OffsetDateTime.class);
    return t == null ? null : t.toInstant();
  }

  /**
   * What ends a {@code SELECT} inside a transaction that will write the rows it reads, so no other transaction
   * changes them in between: {@code FOR UPDATE} on PostgreSQL, whose transactions read committed rows without
   * locking them; nothing on SQLite, whose store transactions hold the database's write lock from
   * {@code BEGIN IMMEDIATE} on (and which has no {@code FOR UPDATE}).
   */
  public String lockForUpdate() {
    return this == POSTGRESQL ? " FOR UPDATE" : "";
  }

  /**
   * An insert that updates the existing row on a key conflict. Both databases spell it the same today
   * ({@code ON CONFLICT (…) DO UPDATE SET c = excluded.c}); it lives here so a third dialect changes one
   * place.
   *
   * @param table the table
   * @param keyColumns the conflict target (a primary key or unique index)
   * @param valueColumns the other columns, updated on conflict
   */
  public String upsert(String table, List<String> keyColumns, List<String> valueColumns) {
    List<String> all = new ArrayList<>(keyColumns);
    all.addAll(valueColumns);
    StringBuilder sql = new StringBuilder("INSERT INTO ").append(table).append(" (").append(String.join(", ", all))
        .append(") VALUES (").append(String.join(", ", java.util.Collections.nCopies(all.size(), "?")))
        .append(") ON CONFLICT (").append(String.join(", ", keyColumns)).append(") DO ");
    if (valueColumns.isEmpty()) {
      return sql.append("NOTHING").toString();
    }
    sql.append("UPDATE SET ");
    for (int i = 0; i < valueColumns.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append(valueColumns.get(i)).append(" = excluded.").append(valueColumns.get(i));
    }
    return sql.toString();
  }
}
