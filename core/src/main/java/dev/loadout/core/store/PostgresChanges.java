package dev.loadout.core.store;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.internal.jdbc.TransactionalChanges;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store change feed on PostgreSQL {@code LISTEN/NOTIFY}.
 *
 * <p><b>Sending.</b> A JDBC store given this feed calls {@code pg_notify} inside its write transaction, so
 * the notification leaves exactly when the write commits, never for a write that rolled back. The payload
 * carries the writer's schema, so stores in different schemas of one database (one per bot, or per test) do
 * not hear each other. {@link #publish} sends one on a connection of its own.
 *
 * <p><b>Listening.</b> One dedicated connection from the data source (named {@code loadout_changes_listener} in
 * {@code pg_stat_activity}) runs {@code LISTEN} on the {@linkplain Builder#channel channel}, and a loop on the
 * {@linkplain Builder#executor executor} waits for notifications, checking the connection with
 * {@code SELECT 1} every 10 seconds without one. The data source should hand out a connection that is not
 * recycled under it (a plain PostgreSQL data source, or a pool with no maximum lifetime); if it is, the feed
 * reconnects as after any loss.
 *
 * <p><b>Losing the connection.</b> Notifications sent while nobody listens are lost for good. So when the
 * connection fails, every subscriber is told that {@linkplain StoreChange#everything everything} of its kind
 * may have changed, at once and again as soon as the listener is back; it reconnects on the
 * {@linkplain Builder#scheduler scheduler} after a back-off that doubles from the minimum to the maximum.
 * The loss is logged once per outage (WARN), the return at INFO.
 *
 * <p><b>Staleness bound.</b> While listening, every process has heard of a committed write within
 * {@value #BOUND_MS} ms (in practice a few milliseconds). After a lost connection, caches are cleared when
 * the loss is noticed and when the listener is back; what they read in between may be as old as that gap.
 *
 * <p>The listening connection is checked to be PostgreSQL's own JDBC driver ({@code org.postgresql}) through
 * {@link Connection#unwrap}; Loadout does not link against it.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PostgresChanges implements TransactionalChanges {
  /** The channel unless set. */
  public static final String DEFAULT_CHANNEL = "loadout_store_changes";
  /** The staleness bound while listening, in milliseconds. */
  public static final long BOUND_MS = 1_000;
  static final String APPLICATION_NAME = "loadout_changes_listener";
  private static final Logger LOG = LoggerFactory.getLogger(PostgresChanges.class);
  private static final char SEPARATOR = '\u001f';
  private static final int WAIT_MS = 250;
  private static final long KEEPALIVE_MS = 10_000;

  private final DataSource dataSource;
  private final String channel;
  private final Clock clock;
  private final Executor executor;
  private final ScheduledExecutorService scheduler;
  private final ExecutorService ownedExecutor;
  private final ScheduledExecutorService ownedScheduler;
  private final Duration minBackoff;
  private final Duration maxBackoff;
  private final Subscribers subscribers = new Subscribers();
  private final CompletableFuture<Void> firstListen = new CompletableFuture<>();
  private volatile Listener listener;
  private volatile boolean closed;
  private Duration backoff;
  private boolean outage;

  private PostgresChanges(Builder b) {
    this.dataSource = b.dataSource;
    this.channel = b.channel;
    this.clock = b.clock;
    this.minBackoff = b.minBackoff;
    this.maxBackoff = b.maxBackoff;
    this.backoff = b.minBackoff;
    this.ownedExecutor = b.executor == null ? Executors.newSingleThreadExecutor(daemon("loadout-changes-listen")) : null;
    this.executor = b.executor == null ? ownedExecutor : b.executor;
    this.ownedScheduler = b.scheduler == null
        ? Executors.newSingleThreadScheduledExecutor(daemon("loadout-changes-reconnect")) : null;
    this.scheduler = b.scheduler == null ? ownedScheduler : b.scheduler;
  }

  /**
   * Starts describing a feed whose listening connection comes from this data source (the stores' database).
   *
   * @throws IllegalArgumentException if the data source is null
   */
  public static Builder builder(DataSource dataSource) {
    if (dataSource == null) {
      throw new IllegalArgumentException("data source must not be null");
    }
    return new Builder(dataSource);
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  @Override
  public Subscription subscribe(String kind, Consumer<StoreChange> l) {
    return subscribers.add(kind, l);
  }

  @Override
  public void publish(StoreChange change) {
    if (change == null) {
      throw new IllegalArgumentException("change must not be null");
    }
    try (Connection c = dataSource.getConnection()) {
      record(c, change);
    } catch (SQLException e) {
      throw new StoreException("store change feed could not announce a change of " + change.kind() + ": "
          + e.getMessage(), e);
    }
    deliverLocally(change);
  }

  @Override
  public void record(Connection connection, StoreChange change) throws SQLException {
    String payload = connection.getSchema() + SEPARATOR + change.kind() + SEPARATOR
        + (change.scope() == null ? "" : change.scope());
    try (PreparedStatement s = connection.prepareStatement("SELECT pg_notify(?, ?)")) {
      s.setString(1, channel);
      s.setString(2, payload);
      s.execute();
    }
  }

  @Override
  public void deliverLocally(StoreChange change) {
    subscribers.deliver(change);
  }

  @Override
  public Duration stalenessBound() {
    return Duration.ofMillis(BOUND_MS);
  }

  @Override
  public boolean reachesOtherProcesses() {
    return true;
  }

  /** Whether the listening connection is up now. */
  public boolean isListening() {
    Listener l = listener;
    return l != null && !l.ended;
  }

  /**
   * Waits until the feed listens for the first time; a bot calls it at start-up before serving turns.
   *
   * @return whether it listens within the timeout
   */
  public boolean awaitListening(Duration timeout) {
    try {
      firstListen.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      return false;
    }
  }

  // ---- listening

  private void connect() {
    if (closed) {
      return;
    }
    Listener l;
    try {
      l = new Listener(dataSource.getConnection(), channel);
    } catch (SQLException | RuntimeException e) {
      failed(e);
      return;
    }
    listener = l;
    if (closed) {
      l.close(); // closed while this connected: nothing may stay open
      return;
    }
    synchronized (this) {
      backoff = minBackoff;
      if (outage) {
        LOG.info("Store change feed listens again on channel {}; every cache is cleared once more", channel);
      }
      outage = false;
    }
    // Whatever was announced while nobody listened is lost: every cache reads afresh.
    subscribers.everything();
    firstListen.complete(null);
    listen(l);
  }

  private void listen(Listener l) {
    long lastHeard = clock.millis();
    try {
      while (!closed) {
        boolean heard = false;
        for (String payload : l.await(WAIT_MS)) {
          heard = true;
          deliver(l.schema, payload);
        }
        long now = clock.millis();
        if (heard) {
          lastHeard = now;
        } else if (now - lastHeard >= KEEPALIVE_MS) {
          l.check();
          lastHeard = now;
        }
      }
    } catch (SQLException | RuntimeException e) {
      if (!closed) {
        l.close();
        failed(e);
      }
    } finally {
      l.close();
    }
  }

  private void deliver(String schema, String payload) {
    int a = payload.indexOf(SEPARATOR);
    int b = a < 0 ? -1 : payload.indexOf(SEPARATOR, a + 1);
    if (b < 0 || !payload.substring(0, a).equals(schema)) {
      return; // another schema's store, or not Loadout's
    }
    String kind = payload.substring(a + 1, b);
    String scope = payload.substring(b + 1);
    try {
      subscribers.deliver(scope.isEmpty() ? StoreChange.everything(kind) : StoreChange.of(kind, scope));
    } catch (IllegalArgumentException e) {
      LOG.debug("Store change feed ignored a notification it cannot read");
    }
  }

  private void failed(Exception e) {
    if (closed) {
      return;
    }
    Duration wait;
    synchronized (this) {
      if (!outage) {
        // The message only: a driver's message names host and database, never the password.
        LOG.warn("Store change feed lost its listening connection ({}); every cache is cleared, and it reconnects "
            + "in the background", e.getClass().getSimpleName());
      }
      outage = true;
      wait = backoff;
      backoff = backoff.multipliedBy(2).compareTo(maxBackoff) > 0 ? maxBackoff : backoff.multipliedBy(2);
    }
    subscribers.everything();
    try {
      scheduler.schedule(() -> {
        try {
          executor.execute(this::connect);
        } catch (RejectedExecutionException shuttingDown) {
          // Closed meanwhile.
        }
      }, wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException shuttingDown) {
      // Closed meanwhile.
    }
  }

  /** Stops listening and closes the connection; the executors passed in are not shut down. */
  @Override
  public void close() {
    closed = true;
    Listener l = listener;
    if (l != null) {
      l.close();
    }
    if (ownedExecutor != null) {
      ownedExecutor.shutdownNow();
    }
    if (ownedScheduler != null) {
      ownedScheduler.shutdownNow();
    }
  }

  @Override
  public String toString() {
    return "PostgresChanges{channel=" + channel + (isListening() ? ", listening" : "") + "}";
  }

  private void start() {
    try {
      executor.execute(this::connect);
    } catch (RejectedExecutionException e) {
      throw new IllegalStateException("the executor refused the store change feed's listening loop", e);
    }
  }

  /**
   * Describes a {@link PostgresChanges}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final DataSource dataSource;
    private String channel = DEFAULT_CHANNEL;
    private Clock clock = Clock.systemUTC();
    private Executor executor;
    private ScheduledExecutorService scheduler;
    private Duration minBackoff = Duration.ofMillis(100);
    private Duration maxBackoff = Duration.ofSeconds(5);

    private Builder(DataSource dataSource) {
      this.dataSource = dataSource;
    }

    /** The notification channel, the same in every process; {@value #DEFAULT_CHANNEL} unless set. */
    public Builder channel(String name) {
      if (name == null || !name.matches("[a-z_][a-z0-9_]{0,62}")) {
        throw new IllegalArgumentException("channel must be a lower-case identifier of 1 to 63 characters, but was ["
            + name + "]");
      }
      channel = name;
      return this;
    }

    /** The clock of the keep-alive check; the system clock unless set. */
    public Builder clock(Clock c) {
      clock = required("clock", c);
      return this;
    }

    /**
     * Where the listening loop runs; it holds one thread for the feed's life. Unless set, the feed makes one
     * daemon thread.
     */
    public Builder executor(Executor e) {
      executor = required("executor", e);
      return this;
    }

    /** Schedules reconnects; unless set, the feed makes one daemon thread. */
    public Builder scheduler(ScheduledExecutorService s) {
      scheduler = required("scheduler", s);
      return this;
    }

    /** The reconnect back-off: the first wait, doubled after each failure up to the maximum; 100 ms to 5 s unless set. */
    public Builder reconnectBackoff(Duration min, Duration max) {
      if (min == null || max == null || min.isNegative() || min.isZero() || max.compareTo(min) < 0) {
        throw new IllegalArgumentException("reconnectBackoff needs 0 < min <= max, but was " + min + ", " + max);
      }
      minBackoff = min;
      maxBackoff = max;
      return this;
    }

    /**
     * Opens the listening connection now and starts listening.
     *
     * @throws StoreException if the first connection cannot be opened, or is not PostgreSQL's JDBC driver
     */
    public PostgresChanges build() {
      try (Connection probe = dataSource.getConnection()) {
        Listener.notifications(probe);
      } catch (SQLException e) {
        throw new StoreException("store change feed could not open its listening connection: " + e.getMessage(), e);
      }
      PostgresChanges feed = new PostgresChanges(this);
      feed.start();
      return feed;
    }

    private static <T> T required(String name, T value) {
      if (value == null) {
        throw new IllegalArgumentException(name + " must not be null");
      }
      return value;
    }
  }
}
