package dev.loadout.core.store;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * The store change feed: how every process that caches stored state learns that another process changed it.
 * A store announces "scope X of kind Y changed" ({@link StoreChange}) after each write; every cache of that
 * kind, in every process on the same database, hears it and drops what it holds for the scope.
 *
 * <p><b>Implementations.</b>
 * <ul>
 *   <li>{@link PostgresChanges}: PostgreSQL {@code LISTEN/NOTIFY}. A JDBC store sends its notification inside
 *       the write's own transaction, so it goes out exactly when the write commits. One dedicated listening
 *       connection per process; when it is lost, every cache is cleared at once and again when it is back
 *       (notifications sent meanwhile are lost), and it reconnects with back-off. Bound: 1 second.
 *   <li>{@link PollingChanges}: for SQLite or any JDBC database. A write bumps a per-scope version in
 *       {@code loadout_store_changes} in its own transaction; every process reads what changed since its last
 *       look each interval. Bound: the interval plus 1 second.
 *   <li>{@link #inProcess()}: this process only; what in-memory stores use.
 *   <li>{@link #none()}: announces nothing; what a store without a feed reports. Caches over it rely on their
 *       time-to-live alone.
 * </ul>
 * Every process on one database must use the same kind of feed (and, for {@code LISTEN/NOTIFY}, the same
 * channel).
 *
 * <p><b>Contract.</b> Thread-safe. {@link #publish} never blocks on subscribers for long; listeners run on
 * the feed's thread (or the publisher's, in process) and must be quick and must not throw: a listener that
 * throws is logged once and kept. A change may be heard more than once, and a scope may be announced that
 * did not change; caches treat every change as "read again", so that is harmless. A change is never heard
 * before the write it announces is visible to a fresh read.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface StoreChanges extends AutoCloseable {
  /**
   * Listens to the changes of one kind until the subscription is closed.
   *
   * @param kind the kind, such as {@code mcp_registrations}
   * @param listener told of each change of that kind, including {@linkplain StoreChange#everything every
   *     scope}; quick, never throws
   * @return the subscription; close it to stop listening
   */
  Subscription subscribe(String kind, Consumer<StoreChange> listener);

  /**
   * Announces a change that has been written (committed) already. JDBC stores announce inside their own
   * transaction instead, where the feed supports it; this is for other stores and for hosts.
   *
   * @throws StoreException if a feed that must reach the database cannot
   */
  void publish(StoreChange change);

  /**
   * How long after a write commits every process's caches have heard of it, while the feed is connected;
   * {@link Duration#ZERO} for {@link #inProcess()}, which reaches this process only.
   */
  Duration stalenessBound();

  /** Whether a change published here reaches the other processes on the same database. */
  boolean reachesOtherProcesses();

  /** Stops the feed: no more changes are heard; a feed that owns threads or a connection releases them. */
  @Override
  void close();

  /** A feed of this process only, delivering on the publisher's thread. */
  static StoreChanges inProcess() {
    return new InProcessChanges();
  }

  /** A feed that announces nothing and reaches nobody. */
  static StoreChanges none() {
    return NoChanges.INSTANCE;
  }

  /**
   * A listener's registration.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  interface Subscription extends AutoCloseable {
    /** Stops the listener; idempotent. */
    @Override
    void close();
  }
}
