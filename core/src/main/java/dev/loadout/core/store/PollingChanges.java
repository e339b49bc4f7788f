package dev.loadout.core.store;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.internal.jdbc.Jdbc;
import dev.loadout.core.internal.jdbc.Migration;
import dev.loadout.core.internal.jdbc.TransactionalChanges;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store change feed by polling, for SQLite or any JDBC database without notifications.
 *
 * <p>One table, {@value #TABLE}, holds a version per (kind, scope) and a counter row. A JDBC store given
 * this feed bumps the counter and writes it as the scope's version inside its own write transaction, so the
 * version commits with the write. Taking the counter row's lock orders the writers: versions become visible
 * in the order they were given, so reading "everything after the last version I saw" never skips a write
 * that committed late. Every {@linkplain Builder#interval interval} each process reads what changed since its
 * last look and tells its subscribers; a failed read is logged once per outage and retried next interval,
 * from the same version, so nothing is missed. The writing process hears its own changes at once.
 *
 * <p><b>Staleness bound:</b> the interval plus one second. The table has one row per scope ever changed
 * (guilds, keys), never more. The feed and the stores must share the database.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PollingChanges implements TransactionalChanges {
  /** The table's name. */
  public static final String TABLE = "loadout_store_changes";
  /** The interval unless set: one second. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
  private static final Logger LOG = LoggerFactory.getLogger(PollingChanges.class);
  private static final List<Migration> MIGRATIONS = List.of(new Migration(1, "create " + TABLE, d -> List.of(
      "CREATE TABLE IF NOT EXISTS " + TABLE + " (kind TEXT NOT NULL, scope TEXT NOT NULL, version BIGINT NOT NULL, "
          + "PRIMARY KEY (kind, scope))",
      "CREATE INDEX IF NOT EXISTS " + TABLE + "_version ON " + TABLE + " (version)",
      // The counter: kind and scope '' (a real kind is never empty).
      "INSERT INTO " + TABLE + " (kind, scope, version) VALUES ('', '', 0) ON CONFLICT (kind, scope) DO NOTHING")));
  private static final String BUMP = "UPDATE " + TABLE + " SET version = version + 1 WHERE kind = '' AND scope = ''"
      + " RETURNING version";

  private final Jdbc jdbc;
  private final Duration interval;
  private final ScheduledExecutorService scheduler;
  private final ScheduledExecutorService owned;
  private final Subscribers subscribers = new Subscribers();
  private final String upsert;
  private volatile long seen;
  private volatile ScheduledFuture<?> polling;
  private volatile boolean outage;
  private volatile boolean closed;

  private PollingChanges(Builder b, Jdbc jdbc, long seen) {
    this.jdbc = jdbc;
    this.interval = b.interval;
    this.owned = b.scheduler == null ? Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "loadout-changes-poll");
      t.setDaemon(true);
      return t;
    }) : null;
    this.scheduler = b.scheduler == null ? owned : b.scheduler;
    this.upsert = jdbc.dialect().upsert(TABLE, List.of("kind", "scope"), List.of("version"));
    this.seen = seen;
  }

  /**
   * Starts describing a feed on this data source (the stores' database).
   *
   * @throws IllegalArgumentException if the data source is null
   */
  public static Builder builder(DataSource dataSource) {
    if (dataSource == null) {
      throw new IllegalArgumentException("data source must not be null");
    }
    return new Builder(dataSource);
  }

  @Override
  public Subscription subscribe(String kind, Consumer<StoreChange> listener) {
    return subscribers.add(kind, listener);
  }

  @Override
  public void publish(StoreChange change) {
    if (change == null) {
      throw new IllegalArgumentException("change must not be null");
    }
    jdbc.inTransaction("announce a change of " + change.kind(), (c, d) -> {
      record(c, change);
      return null;
    });
    deliverLocally(change);
  }

  @Override
  public void record(Connection connection, StoreChange change) throws SQLException {
    long version;
    try (PreparedStatement s = connection.prepareStatement(BUMP); ResultSet rows = s.executeQuery()) {
      if (!rows.next()) {
        throw new SQLException(TABLE + " has lost its counter row; start a PollingChanges on this database again");
      }
      version = rows.getLong(1);
    }
    try (PreparedStatement s = connection.prepareStatement(upsert)) {
      s.setString(1, change.kind());
      s.setString(2, change.scope() == null ? "" : change.scope());
      s.setLong(3, version);
      s.executeUpdate();
    }
  }

  @Override
  public void deliverLocally(StoreChange change) {
    subscribers.deliver(change);
  }

  @Override
  public Duration stalenessBound() {
    return interval.plusSeconds(1);
  }

  @Override
  public boolean reachesOtherProcesses() {
    return true;
  }

  /** Reads what changed since the last look and tells the subscribers; what the scheduler runs each interval. */
  void poll() {
    if (closed) {
      return;
    }
    try {
      long from = seen;
      List<StoreChange> changed = new java.util.ArrayList<>();
      long last = jdbc.withConnection("read changes", (c, d) -> {
        long max = from;
        try (PreparedStatement s = c.prepareStatement("SELECT kind, scope, version FROM " + TABLE
            + " WHERE version > ? AND kind <> '' ORDER BY version")) {
          s.setLong(1, from);
          try (ResultSet rows = s.executeQuery()) {
            while (rows.next()) {
              String scope = rows.getString(2);
              changed.add(scope.isEmpty() ? StoreChange.everything(rows.getString(1))
                  : StoreChange.of(rows.getString(1), scope));
              max = Math.max(max, rows.getLong(3));
            }
          }
        }
        return max;
      });
      seen = last;
      if (outage) {
        LOG.info("Store change feed reads {} again", TABLE);
        outage = false;
      }
      changed.forEach(subscribers::deliver);
    } catch (RuntimeException e) {
      if (!outage) {
        LOG.warn("Store change feed could not read {} ({}); it tries again every {} ms", TABLE,
            e.getClass().getSimpleName(), interval.toMillis());
        outage = true;
      }
    }
  }

  /** Stops polling; the scheduler passed in is not shut down. */
  @Override
  public void close() {
    closed = true;
    ScheduledFuture<?> p = polling;
    if (p != null) {
      p.cancel(false);
    }
    if (owned != null) {
      owned.shutdownNow();
    }
  }

  @Override
  public String toString() {
    return "PollingChanges{every " + interval.toMillis() + " ms, seen=" + seen + "}";
  }

  private void start() {
    try {
      polling = scheduler.scheduleWithFixedDelay(this::poll, interval.toMillis(), interval.toMillis(),
          TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      throw new IllegalStateException("the scheduler refused the store change feed's polling", e);
    }
  }

  /**
   * Describes a {@link PollingChanges}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final DataSource dataSource;
    private Duration interval = DEFAULT_INTERVAL;
    private ScheduledExecutorService scheduler;

    private Builder(DataSource dataSource) {
      this.dataSource = dataSource;
    }

    /** How often each process looks; 10 ms to 10 minutes, {@link #DEFAULT_INTERVAL} unless set. */
    public Builder interval(Duration every) {
      if (every == null || every.toMillis() < 10 || every.compareTo(Duration.ofMinutes(10)) > 0) {
        throw new IllegalArgumentException("interval must be 10 ms to 10 minutes, but was " + every);
      }
      interval = every;
      return this;
    }

    /** Runs the polling; unless set, the feed makes one daemon thread. Tests pass one on their own clock. */
    public Builder scheduler(ScheduledExecutorService s) {
      if (s == null) {
        throw new IllegalArgumentException("scheduler must not be null");
      }
      scheduler = s;
      return this;
    }

    /**
     * Creates or migrates the table, notes the latest version (older changes are not replayed) and starts
     * polling.
     *
     * @throws StoreException if the database cannot be reached or its table is newer than this Loadout
     */
    public PollingChanges build() {
      Jdbc jdbc = new Jdbc(dataSource, "store_changes");
      jdbc.migrate(MIGRATIONS);
      long latest = jdbc.withConnection("read the latest change", (c, d) -> {
        try (PreparedStatement s = c.prepareStatement("SELECT version FROM " + TABLE + " WHERE kind = '' AND scope = ''");
            ResultSet rows = s.executeQuery()) {
          return rows.next() ? rows.getLong(1) : 0L;
        }
      });
      PollingChanges feed = new PollingChanges(this, jdbc, latest);
      feed.start();
      return feed;
    }
  }
}
