package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.internal.jdbc.Jdbc;
import dev.loadout.core.internal.jdbc.JdbcDialect;
import dev.loadout.core.internal.jdbc.Migration;
import dev.loadout.core.store.StoreChanges;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.apiguardian.api.API;

/**
 * A {@link PersonaBlockStore} in a SQL database: SQLite for a bot on one machine, PostgreSQL for several bot
 * processes sharing their blocks. The host brings the driver and the {@link DataSource}; Loadout uses
 * only {@code java.sql}.
 *
 * <p>{@link #create(DataSource)} creates or migrates the table {@value #TABLE} at once, so a database
 * that cannot be reached fails at start-up rather than on the first block. One row per (guild, persona,
 * user); expiry is compared in SQL, so expired rows are never returned, and {@link #pruneExpired} deletes
 * them; a removal is one {@code DELETE … RETURNING}, so it reports exactly the row it deleted, and of racing
 * removals only one reports the block. Each save and removal is announced on the store's {@link #changes() change feed}, inside its
 * transaction where the feed allows, so every process's {@link PersonaBlocks} drops the key. For SQLite,
 * open the file with {@link dev.loadout.core.store.SqliteDatabase} (WAL and a busy timeout).
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class JdbcPersonaBlockStore implements PersonaBlockStore {
  /** The table's name. */
  public static final String TABLE = "loadout_persona_user_blocks";

  private static final String COLUMNS = "guild_id, persona_id, user_id, block_type, reason, created_at, expires_at";
  private static final List<Migration> MIGRATIONS = List.of(
      new Migration(1, "create " + TABLE, d -> List.of(
          "CREATE TABLE IF NOT EXISTS " + TABLE + " ("
              + "guild_id TEXT NOT NULL, persona_id TEXT NOT NULL, user_id TEXT NOT NULL, "
              + "block_type TEXT NOT NULL, reason TEXT NOT NULL, "
              + "created_at " + d.timestampType() + " NOT NULL, expires_at " + d.timestampType() + " NOT NULL, "
              + "PRIMARY KEY (guild_id, persona_id, user_id))",
          "CREATE INDEX IF NOT EXISTS " + TABLE + "_expires ON " + TABLE + " (expires_at)")));

  private final Jdbc jdbc;
  private final String upsert;

  private JdbcPersonaBlockStore(Jdbc jdbc) {
    this.jdbc = jdbc;
    this.upsert = jdbc.dialect().upsert(TABLE, List.of("guild_id", "persona_id", "user_id"),
        List.of("block_type", "reason", "created_at", "expires_at"));
  }

  /**
   * A store over this data source, with its table created or migrated now.
   *
   * @throws dev.loadout.core.store.StoreException if the database cannot be reached, is neither SQLite nor
   *     PostgreSQL, or has a newer schema than this Loadout knows
   */
  public static JdbcPersonaBlockStore create(DataSource dataSource) {
    return create(dataSource, StoreChanges.inProcess());
  }

  /**
   * A store over this data source that announces its writes on a change feed shared by every process on the
   * database ({@link dev.loadout.core.store.PostgresChanges} or {@link dev.loadout.core.store.PollingChanges}).
   *
   * @param changes the feed; never null
   * @throws dev.loadout.core.store.StoreException as {@link #create(DataSource)}
   * @since 0.1
   */
  public static JdbcPersonaBlockStore create(DataSource dataSource, StoreChanges changes) {
    Jdbc jdbc = new Jdbc(dataSource, CHANGES, changes);
    jdbc.migrate(MIGRATIONS);
    return new JdbcPersonaBlockStore(jdbc);
  }

  @Override
  public StoreChanges changes() {
    return jdbc.changes();
  }

  @Override
  public void upsert(PersonaBlock block) {
    if (block == null) {
      throw new IllegalArgumentException("block must not be null");
    }
    jdbc.write("save a block", (c, d, changed) -> {
      try (PreparedStatement s = c.prepareStatement(upsert)) {
        bindKey(s, block.key());
        s.setString(4, block.type().wireName());
        s.setString(5, block.reason());
        d.setInstant(s, 6, block.createdAt());
        d.setInstant(s, 7, block.expiresAt());
        s.executeUpdate();
      }
      changed.scope(BlockChanges.scope(block.key()));
      return null;
    });
  }

  @Override
  public Optional<PersonaBlock> find(PersonaBlock.Key key, Instant now) {
    return jdbc.withConnection("read a block", (c, d) -> select(c, d, key, now));
  }

  @Override
  public Optional<PersonaBlock> remove(PersonaBlock.Key key, Instant now) {
    // One statement: a read before the delete could report a block that another process replaced meanwhile (the
    // delete then takes the new one), or let two racing removals both report the block.
    return jdbc.write("remove a block", (c, d, changed) -> {
      try (PreparedStatement s = c.prepareStatement("DELETE FROM " + TABLE
          + " WHERE guild_id = ? AND persona_id = ? AND user_id = ? RETURNING " + COLUMNS)) {
        bindKey(s, key);
        try (ResultSet rows = s.executeQuery()) {
          if (!rows.next()) {
            return Optional.<PersonaBlock>empty();
          }
          changed.scope(BlockChanges.scope(key));
          PersonaBlock removed = read(rows, d);
          return removed.isActiveAt(now) ? Optional.of(removed) : Optional.<PersonaBlock>empty();
        }
      }
    });
  }

  @Override
  public List<PersonaBlock> active(String guildId, String personaId, Instant now) {
    return jdbc.withConnection("list active blocks", (c, d) -> {
      try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM " + TABLE
          + " WHERE guild_id = ? AND persona_id = ? AND expires_at > ? ORDER BY user_id")) {
        s.setString(1, guildId);
        s.setString(2, personaId);
        d.setInstant(s, 3, now);
        List<PersonaBlock> out = new ArrayList<>();
        try (ResultSet rows = s.executeQuery()) {
          while (rows.next()) {
            out.add(read(rows, d));
          }
        }
        return out;
      }
    });
  }

  @Override
  public int pruneExpired(Instant now) {
    return jdbc.withConnection("prune expired blocks", (c, d) -> {
      try (PreparedStatement s = c.prepareStatement("DELETE FROM " + TABLE + " WHERE expires_at <= ?")) {
        d.setInstant(s, 1, now);
        return s.executeUpdate();
      }
    });
  }

  private static Optional<PersonaBlock> select(Connection c, JdbcDialect d, PersonaBlock.Key key, Instant now)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM " + TABLE
        + " WHERE guild_id = ? AND persona_id = ? AND user_id = ? AND expires_at > ?")) {
      bindKey(s, key);
      d.setInstant(s, 4, now);
      try (ResultSet rows = s.executeQuery()) {
        return rows.next() ? Optional.of(read(rows, d)) : Optional.empty();
      }
    }
  }

  private static void bindKey(PreparedStatement s, PersonaBlock.Key key) throws SQLException {
    s.setString(1, key.guildId());
    s.setString(2, key.personaId());
    s.setString(3, key.userId());
  }

  private static PersonaBlock read(ResultSet rows, JdbcDialect d) throws SQLException {
    String type = rows.getString("block_type");
    // A row written by a newer Loadout with a type this one does not know is read as the stricter block.
    BlockType blockType = BlockType.fromWireName(type).orElse(BlockType.BLOCK);
    return new PersonaBlock(
        new PersonaBlock.Key(rows.getString("guild_id"), rows.getString("persona_id"), rows.getString("user_id")),
        blockType, rows.getString("reason"), d.getInstant(rows, "created_at"), d.getInstant(rows, "expires_at"));
  }

  @Override
  public String toString() {
    return "JdbcPersonaBlockStore{" + jdbc.dialect() + "}";
  }
}
