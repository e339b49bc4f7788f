package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.internal.jdbc.Jdbc;
import dev.loadout.core.internal.jdbc.Migration;
import dev.loadout.core.store.StoreChanges;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.List;
import javax.sql.DataSource;
import org.apiguardian.api.API;

/**
 * A {@link DirectConfigStore} in a SQL database: SQLite for one machine, PostgreSQL for several bot processes
 * sharing a configuration. The host brings the driver and the {@link DataSource}; Loadout uses only
 * {@code java.sql}.
 *
 * <p>One row per scope in {@value #TABLE}: the version, the config plan, the configs as JSON text, and when it
 * was last written. <b>The version check is the write.</b> A save from version 0 is an
 * {@code INSERT … ON CONFLICT (scope) DO NOTHING}; any other save is an {@code UPDATE … WHERE scope = ? AND
 * version = ?}. Both databases evaluate the condition under the row's lock, so of concurrent saves from one
 * version exactly one sees an update count of 1; the others read the version afterwards only to say which one
 * they lost to. A save that wins is announced on the store's {@link #changes() change feed} inside its
 * transaction where the feed allows. For SQLite, open the file with
 * {@link dev.loadout.core.store.SqliteDatabase} (WAL and a busy timeout).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JdbcDirectConfigStore implements DirectConfigStore {
  /** The table's name. */
  public static final String TABLE = "loadout_direct_configs";

  private static final List<Migration> MIGRATIONS = List.of(
      new Migration(1, "create " + TABLE, d -> List.of(
          "CREATE TABLE IF NOT EXISTS " + TABLE + " (scope TEXT NOT NULL PRIMARY KEY, version BIGINT NOT NULL, "
              + "plan INTEGER NOT NULL, configs TEXT NOT NULL, updated_at " + d.timestampType() + " NOT NULL)")));
  private static final String INSERT_FIRST = "INSERT INTO " + TABLE + " (scope, version, plan, configs, updated_at)"
      + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope) DO NOTHING";
  private static final String UPDATE_IF_VERSION = "UPDATE " + TABLE
      + " SET version = ?, plan = ?, configs = ?, updated_at = ? WHERE scope = ? AND version = ?";

  private final Jdbc jdbc;
  private final Clock clock;

  private JdbcDirectConfigStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  /**
   * A store over this data source, stamping saves with the system clock, with its table created or migrated now.
   *
   * @throws dev.loadout.core.store.StoreException if the database cannot be reached, is neither SQLite nor
   *     PostgreSQL, or has a newer schema than this Loadout knows
   */
  public static JdbcDirectConfigStore create(DataSource dataSource) {
    return create(dataSource, Clock.systemUTC());
  }

  /**
   * A store over this data source, stamping saves ({@code updated_at}) with this clock.
   *
   * @throws dev.loadout.core.store.StoreException as {@link #create(DataSource)}
   */
  public static JdbcDirectConfigStore create(DataSource dataSource, Clock clock) {
    return create(dataSource, clock, StoreChanges.inProcess());
  }

  /**
   * A store that announces each saved scope on a change feed shared by every process on the database
   * ({@link dev.loadout.core.store.PostgresChanges} or {@link dev.loadout.core.store.PollingChanges}).
   *
   * @param changes the feed; never null
   * @throws dev.loadout.core.store.StoreException as {@link #create(DataSource)}
   * @since 0.1
   */
  public static JdbcDirectConfigStore create(DataSource dataSource, Clock clock, StoreChanges changes) {
    if (clock == null) {
      throw new IllegalArgumentException("clock must not be null");
    }
    Jdbc jdbc = new Jdbc(dataSource, CHANGES, changes);
    jdbc.migrate(MIGRATIONS);
    return new JdbcDirectConfigStore(jdbc, clock);
  }

  @Override
  public SavedDirectConfigs load(String scope) {
    SavedDirectConfigs.requireScope(scope);
    Stored row = read(scope);
    return row == null ? SavedDirectConfigs.empty(scope) : DirectConfigCodec.decode(scope, row.version, row.configs);
  }

  @Override
  public SavedDirectConfigs save(String scope, long expectedVersion, List<DirectConfig> configs) {
    SavedDirectConfigs next = SavedDirectConfigs.next(scope, expectedVersion, configs);
    String json = DirectConfigCodec.encode(next.configs());
    int written = jdbc.write("save direct configs", (c, d, changed) -> {
      int n;
      if (expectedVersion == 0) {
        try (PreparedStatement s = c.prepareStatement(INSERT_FIRST)) {
          s.setString(1, scope);
          s.setLong(2, next.version());
          s.setInt(3, DirectCatalog.PLAN_VERSION);
          s.setString(4, json);
          d.setInstant(s, 5, clock.instant());
          n = s.executeUpdate();
        }
      } else {
        try (PreparedStatement s = c.prepareStatement(UPDATE_IF_VERSION)) {
          s.setLong(1, next.version());
          s.setInt(2, DirectCatalog.PLAN_VERSION);
          s.setString(3, json);
          d.setInstant(s, 4, clock.instant());
          s.setString(5, scope);
          s.setLong(6, expectedVersion);
          n = s.executeUpdate();
        }
      }
      if (n == 1) {
        changed.scope(scope);
      }
      return n;
    });
    if (written != 1) {
      Stored row = read(scope);
      throw new DirectConfigConflictException(scope, expectedVersion, row == null ? 0 : row.version);
    }
    return next;
  }

  @Override
  public StoreChanges changes() {
    return jdbc.changes();
  }

  private Stored read(String scope) {
    return jdbc.withConnection("load direct configs", (c, d) -> {
      try (PreparedStatement s = c.prepareStatement("SELECT version, configs FROM " + TABLE + " WHERE scope = ?")) {
        s.setString(1, scope);
        try (ResultSet rows = s.executeQuery()) {
          return rows.next() ? new Stored(rows.getLong("version"), rows.getString("configs")) : null;
        }
      }
    });
  }

  private record Stored(long version, String configs) {}

  @Override
  public String toString() {
    return "JdbcDirectConfigStore{" + jdbc.dialect() + "}";
  }
}
