package dev.loadout.mcp;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Scheduler;
import dev.loadout.core.ToolSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

// Over 400 lines on purpose: the cache, the generation counters and each server's breaker state change together
// (connect, lose, reconnect, probe, relist); pulling the breaker half out would spread those fields across the
// package without making either half readable alone.
/**
 * Pooled connections per server, and what is known of each server's health.
 *
 * <p><b>The health model.</b> A connection is healthy while it serves; a transport-level call failure makes
 * its server suspect (the breaker counts it, see {@link CircuitBreaker}); it is dead once its stream or process
 * ends, which fails every call in flight on it at once ({@link Connection#end}). A dead connection leaves the
 * pool and is reconnected in the background; meanwhile turns see the server's tools hidden with
 * {@link McpFailureCodes#CONNECTION_LOST}, already when the calls in flight fail (a bot's next turn follows
 * such a failure at once). Reaching the failure threshold, or a failed connect, opens the breaker: the live
 * connection is dropped, turns see {@link McpFailureCodes#QUARANTINED}, and when the cooldown
 * ends a probe on the injected scheduler reconnects in the background; its failure doubles the cooldown up to
 * the cap. <b>No user turn ever waits for a server known to have failed</b>: a turn waits only for the first
 * connect of a server nothing is known against (never connected, idle-evicted, or its endpoint changed).
 *
 * <p>Lazy: nothing connects until asked. Concurrent askers share one connect (single flight). Idle connections
 * leave the pool after the TTL (Caffeine, with the clock as ticker and the scheduler for prompt eviction); a
 * connection that leaves the pool is ended and closed. A pooled connection is used only while its target's
 * endpoint and credentials are unchanged.
 */
final class Pool {
  private static final Logger LOG = LoggerFactory.getLogger(Pool.class);
  static final JsonMapper JSON = JsonMapper.builder().build();
  private static final long MAX_CONNECTIONS = 10_000;

  /** A server's key: a guild registration, or a host server by name. */
  record Key(String guildId, long registrationId, String host) {
    static Key guild(String guildId, long registrationId) {
      return new Key(guildId, registrationId, null);
    }

    static Key host(String name) {
      return new Key(null, 0, name);
    }

    String describe() {
      return host != null ? "host server '" + host + "'" : "server " + registrationId + " of guild " + guildId;
    }
  }

  /** What a turn gets for one server: its source now, or a first connect to wait for (bounded). */
  record Gathered(ToolSource source, CompletableFuture<Optional<Connection>> pending) {}

  private final Connector connector;
  private final McpSettings settings;
  private final Clock clock;
  private final Executor blocking;
  private final ScheduledExecutorService scheduler;
  private final Listeners listeners;
  private final Function<Key, Optional<Target>> current;
  private final Consumer<Connection> onListed;
  private final Cache<Key, Connection> pool;
  private final ConcurrentHashMap<Key, CompletableFuture<Optional<Connection>>> inflight = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Key, ServerHealth> servers = new ConcurrentHashMap<>();
  // Bumped by disconnect(): a connect that started before a disable or removal must not pool its client.
  private final ConcurrentHashMap<Key, Long> generations = new ConcurrentHashMap<>();
  private final Listings listings;
  private volatile boolean closed;

  /**
   * @param current the target of a key as configured now, for background reconnects and probes; empty once it is
   *     removed or disabled; throws when the registration store fails
   * @param onListed told after each listing of a connection's tools (the snapshot refresh); must not block
   */
  Pool(Connector connector, McpSettings settings, Clock clock, Executor blocking, ScheduledExecutorService scheduler,
      Listeners listeners, Function<Key, Optional<Target>> current, Consumer<Connection> onListed, Listings listings) {
    this.connector = connector;
    this.settings = settings;
    this.clock = clock;
    this.blocking = blocking;
    this.scheduler = scheduler;
    this.listeners = listeners;
    this.current = current;
    this.onListed = onListed;
    this.listings = listings;
    this.pool = Caffeine.newBuilder().maximumSize(MAX_CONNECTIONS).expireAfterAccess(settings.connectionTtl())
        .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis())).executor(blocking)
        .scheduler(Scheduler.forScheduledExecutorService(scheduler))
        .<Key, Connection>removalListener((key, value, cause) -> release(value, cause)).build();
  }

  // ---- turns

  /** The server's source for a turn without waiting, or its first connect for the turn to wait on. */
  Gathered gather(Target t) {
    Connection c = pool.getIfPresent(t.key());
    if (c != null && c.serves(t)) {
      relistIfStale(c);
      return new Gathered(c.listing().source(), null);
    }
    ServerHealth h = health(t.key());
    ToolSource down = downSource(t, h);
    return down != null ? new Gathered(down, null) : new Gathered(null, connect(t, h));
  }

  /**
   * The source of a server a turn must not wait for, or null when a turn may connect it now. Every turn asks
   * this of every server that is down, so the source is made once per reason and then only looked up: its
   * sentence is built from the reason's parts only when they change. It names no retry time: a quarantine
   * moves between OPEN and HALF_OPEN twice per cooldown, and a sentence that changed with it would be a new
   * source each time, which the next turn pays for with a new routing (see {@link ServerHealth#down}).
   */
  ToolSource downSource(Target t, ServerHealth h) {
    if (t.tokenUnreadable()) {
      ToolSource known = h.downIfSame(t, McpFailureCodes.TOKEN_UNREADABLE, null);
      return known != null ? known : h.down(t, McpFailureCodes.TOKEN_UNREADABLE, null, unreadable(t));
    }
    if (!h.breaker.isClosed()) {
      probeIfDue(h);
      String failure = h.lastFailure;
      ToolSource known = h.downIfSame(t, McpFailureCodes.QUARANTINED, failure);
      return known != null ? known : h.down(t, McpFailureCodes.QUARANTINED, failure, "the MCP server [" + t.name()
          + "] is quarantined because " + failure + "; it is retried in the background");
    }
    String why = null;
    if (h.reconnecting.get()) {
      // lost() sets the flag, then the reason, under this lock: read them together, or a turn in between would quote
      // the last reconnect's reason and the next turn a new source for the same reconnect (a new routing).
      synchronized (h) {
        why = h.reconnecting.get() ? h.lost : null;
      }
    }
    if (why != null) {
      ToolSource known = h.downIfSame(t, McpFailureCodes.CONNECTION_LOST, why);
      return known != null ? known : h.down(t, McpFailureCodes.CONNECTION_LOST, why, "the connection to the MCP "
          + "server [" + t.name() + "] ended (" + why + "); it is reconnecting in the background");
    }
    return null;
  }

  /** What a turn shows while a first connect is still running after the turn's wait. */
  ToolSource connecting(Target t) {
    ServerHealth h = health(t.key());
    ToolSource known = h.downIfSame(t, McpFailureCodes.CONNECTING, null);
    return known != null ? known : h.down(t, McpFailureCodes.CONNECTING, null, "the MCP server [" + t.name()
        + "] is still connecting; its tools come on a later turn");
  }

  /** The source after a turn's wait for a connect ended: the connection's, or why it is down. */
  ToolSource after(Target t, Optional<Connection> connected) {
    if (connected.isPresent()) {
      return connected.get().listing().source();
    }
    ServerHealth h = health(t.key());
    ToolSource down = downSource(t, h);
    return down != null ? down : connecting(t);
  }

  private static String unreadable(Target t) {
    return "the stored credentials of the MCP server [" + t.name() + "] could not be decrypted, so it is not contacted";
  }

  private static String quarantine(Target t, ServerHealth h) {
    Instant until = h.breaker.until();
    return "the MCP server [" + t.name() + "] is quarantined because " + h.lastFailure + "; "
        + (until == null ? "it is being retried now" : "it is retried in the background from " + until);
  }

  // ---- calls

  /**
   * The connection a call uses: pooled, or the connect in flight (the caller bounds the wait), or a new one if
   * nothing is known against the server. Completes with empty while the server is down.
   */
  CompletableFuture<Optional<Connection>> forCall(Target t) {
    Connection c = pool.getIfPresent(t.key());
    if (c != null && c.serves(t)) {
      return CompletableFuture.completedFuture(Optional.of(c));
    }
    ServerHealth h = health(t.key());
    CompletableFuture<Optional<Connection>> running = inflight.get(t.key());
    if (running != null) {
      return running;
    }
    return h.breaker.isClosed() && !h.reconnecting.get() ? connect(t, h) : CompletableFuture.completedFuture(Optional.empty());
  }

  /** Why a server is not usable for a call right now; the sentence of its hidden reason. */
  String unavailable(Target t) {
    if (t.tokenUnreadable()) {
      return unreadable(t);
    }
    ServerHealth h = health(t.key());
    return h.breaker.isClosed() ? "the MCP server [" + t.name() + "] is not reachable right now (" + h.lastFailure + ")"
        : quarantine(t, h);
  }

  /** A call was answered (a tool's own error is an answer). */
  void answered(Connection c) {
    c.health.breaker.onCallAnswered();
  }

  /** A call failed at the transport level; the threshold opens the breaker, which drops the connection. */
  void failed(Connection c, String sentence) {
    c.health.lastFailure = sentence;
    c.health.breaker.onCallFailure();
  }

  /**
   * The connection ended under its calls: they fail at once, it leaves the pool, and it reconnects in the
   * background unless this loss reached the threshold.
   *
   * @param counts whether this counts as a failed call (a server that restarted and forgot the session does not)
   */
  void lost(Connection c, TransportFailure reason, boolean counts) {
    ServerHealth h = c.health;
    boolean reconnect;
    // The transport and a call that heard of the loss in its answer may both report it: the first records it,
    // and the other returns only once that is done.
    synchronized (h) {
      // Taken before the connection reads as ended: a turn that finds it ended must find the server reconnecting
      // (or quarantined), not free to connect, or it would start the reconnect itself and wait for it.
      boolean mine = !closed && h.reconnecting.compareAndSet(false, true);
      if (!c.markEnded(reason)) {
        if (mine) {
          h.reconnecting.set(false);
        }
        return;
      }
      String m = String.valueOf(reason.getMessage());
      h.lastFailure = "the connection ended: " + m;
      boolean opened = counts && h.breaker.onCallFailure();
      reconnect = mine && !opened && h.breaker.isClosed();
      if (reconnect) {
        // What the turns quote from now until the reconnect ends, whatever the reconnect's own failures say.
        h.lost = m.endsWith(".") ? m.substring(0, m.length() - 1) : m;
      } else if (mine) {
        h.reconnecting.set(false); // quarantined: the probe takes over
      }
    }
    // Heard by the operator before any caller sees its call fail.
    listeners.disconnect(c.target.key(), reason.code);
    // Only now do the calls in flight fail: the turn a bot takes after such a failure must find the server
    // reconnecting or quarantined, never healthy-looking and connectable on the user's turn. And before the
    // connection leaves the pool, whose closing of the client would fail them first, as a closed session.
    c.failCalls();
    pool.asMap().remove(c.target.key(), c);
    LOG.info("MCP {} ('{}') lost its connection ({}); reconnecting in the background", c.target.key().describe(),
        c.target.name(), reason.code);
    if (reconnect) {
      reconnect(c.target.key(), h);
    }
  }

  // ---- connecting

  private CompletableFuture<Optional<Connection>> connect(Target t, ServerHealth h) {
    if (t.tokenUnreadable()) {
      // Fails closed: never contacted without the credentials it was registered with.
      return CompletableFuture.completedFuture(Optional.empty());
    }
    Key key = t.key();
    CompletableFuture<Optional<Connection>> running = inflight.get(key);
    if (running != null) {
      return running;
    }
    CompletableFuture<Optional<Connection>> mine = new CompletableFuture<>();
    running = inflight.putIfAbsent(key, mine);
    if (running != null) {
      return running;
    }
    Connection live = pool.getIfPresent(key);
    if (live != null && live.serves(t)) {
      // Another connect finished between the caller's look and this one: never replace a serving connection.
      inflight.remove(key, mine);
      mine.complete(Optional.of(live));
      return mine;
    }
    long generation = generations.getOrDefault(key, 0L);
    try {
      blocking.execute(() -> {
        Optional<Connection> result = Optional.empty();
        try {
          result = connectNow(t, h, generation, mine);
        } catch (RuntimeException e) {
          LOG.warn("MCP connect of {} failed unexpectedly ({})", key.describe(), e.getClass().getSimpleName());
          h.lastFailure = "its connect failed unexpectedly";
          inflight.remove(key, mine);
          h.breaker.onConnectFailure();
        } finally {
          inflight.remove(key, mine);
          mine.complete(result);
        }
      });
    } catch (RejectedExecutionException e) {
      inflight.remove(key, mine);
      mine.complete(Optional.empty());
    }
    return mine;
  }

  /**
   * Connects; {@code mine} leaves {@link #inflight} before the breaker hears the outcome, so a probe or retry that
   * its transition lets in starts a connect of its own instead of joining this finished one.
   */
  private Optional<Connection> connectNow(Target t, ServerHealth h, long generation,
      CompletableFuture<Optional<Connection>> mine) {
    Connector.Connected connected;
    try {
      connected = connector.connect(t);
    } catch (Connector.ConnectFailed e) {
      h.lastFailure = "its last connect failed (" + e.code + ")";
      listeners.connect(t.key(), null, e.code);
      LOG.warn("MCP {} ('{}') could not connect; quarantined and retried in the background: {}", t.key().describe(),
          t.name(), e.getMessage());
      inflight.remove(t.key(), mine);
      if (!e.code.equals(McpFailureCodes.INTERNAL_ERROR)) {
        h.breaker.onConnectFailure(); // the bot's own bug is no reason to quarantine the server
      }
      return Optional.empty();
    }
    if (closed || generations.getOrDefault(t.key(), 0L) != generation) {
      connected.client().close();
      return Optional.empty();
    }
    Connection c = new Connection(t, connected, h, listings.of(t, connected.tools(), connected.link().taskRequired()));
    h.toolNames = listings.names(c.listing());
    pool.put(t.key(), c); // a replaced connection is released by the removal listener
    inflight.remove(t.key(), mine); // a connect from now on finds the pooled connection
    connected.link().onLost(reason -> lost(c, reason, true));
    connected.link().onToolsChanged(tools -> relisted(c, tools));
    h.breaker.onConnectSuccess();
    listeners.connect(t.key(), connected.transport(), null);
    onListed.accept(c);
    return Optional.of(c);
  }

  /** The background reconnect after a loss; the caller has set {@code h.reconnecting}, which this clears when done. */
  private void reconnect(Key key, ServerHealth h) {
    Optional<Target> t;
    try {
      t = current.apply(key);
    } catch (RuntimeException e) {
      // The registration store failed: contained (a flag left set would hide the server for good) and said.
      LOG.warn("MCP {}: its registration could not be read for the background reconnect ({}); the next turn retries",
          key.describe(), e.getClass().getName());
      t = Optional.empty();
    }
    if (t.isEmpty()) {
      h.reconnecting.set(false);
      return;
    }
    connect(t.get(), h).whenComplete((r, e) -> h.reconnecting.set(false));
  }

  /** A Streamable HTTP server announces list changes only inside requests: its list is re-read in the background. */
  private void relistIfStale(Connection c) {
    if (!c.connected.listChanged() || !c.connected.transport().equals(Connector.STREAMABLE)
        || clock.millis() - c.listing().listedAtMillis() < settings.toolListTtl().toMillis()
        || !c.relisting.compareAndSet(false, true)) {
      return;
    }
    try {
      blocking.execute(() -> {
        try {
          CompletableFuture<List<io.modelcontextprotocol.spec.McpSchema.Tool>> list = CompletableFuture.supplyAsync(
              () -> c.connected.client().listTools().tools(), blocking);
          relisted(c, Deadlines.await(list, settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS));
        } catch (Exception e) {
          LOG.debug("Tools of MCP {} could not be listed again ({})", c.target.key().describe(), e.getClass().getSimpleName());
        } finally {
          c.relisting.set(false);
        }
      });
    } catch (RejectedExecutionException e) {
      c.relisting.set(false);
    }
  }

  private void relisted(Connection c, List<io.modelcontextprotocol.spec.McpSchema.Tool> tools) {
    if (c.isEnded()) {
      return;
    }
    c.listing(listings.of(c.target, tools, c.connected.link().taskRequired()));
    c.health.toolNames = listings.names(c.listing());
    onListed.accept(c);
  }

  // ---- quarantine and probes

  private ServerHealth health(Key key) {
    return servers.computeIfAbsent(key, k -> {
      ServerHealth[] made = new ServerHealth[1];
      made[0] = new ServerHealth(k, new CircuitBreaker(k.describe(), clock, settings.failureCooldown(),
          settings.maxFailureCooldown(), settings.failureThreshold(), (from, to, at) -> moved(made[0], from, to, at)));
      return made[0];
    });
  }

  /** A quarantine drops the live connection and schedules its probe before anyone hears of it. */
  private void moved(ServerHealth h, BreakerState from, BreakerState to, Instant at) {
    if (to == BreakerState.OPEN) {
      Connection c = pool.getIfPresent(h.key);
      if (c != null) {
        // A connection already lost keeps its own reason.
        c.markEnded(new TransportFailure(McpFailureCodes.UNAVAILABLE, "The MCP server was quarantined."));
        c.failCalls();
        pool.asMap().remove(h.key, c);
      }
      scheduleProbe(h);
    }
    listeners.transition(h.key, from, to, at);
  }

  private void scheduleProbe(ServerHealth h) {
    Instant until = h.breaker.until();
    if (until == null || closed) {
      return;
    }
    long delay = Math.max(0, Duration.between(clock.instant(), until).toMillis());
    try {
      h.probe = scheduler.schedule(() -> probe(h), delay, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      // Shutting down.
    }
  }

  /** A turn that finds the cooldown over starts the probe itself (in the background) if the scheduler has not. */
  private void probeIfDue(ServerHealth h) {
    Instant until = h.breaker.until();
    if (until != null && !clock.instant().isBefore(until)) {
      try {
        blocking.execute(() -> probe(h));
      } catch (RejectedExecutionException e) {
        // Shutting down.
      }
    }
  }

  private void probe(ServerHealth h) {
    if (closed || servers.get(h.key) != h) {
      return;
    }
    if (!h.breaker.tryProbe()) {
      if (h.breaker.state() == BreakerState.OPEN && h.breaker.until() != null
          && clock.instant().isBefore(h.breaker.until())) {
        scheduleProbe(h); // the scheduler ran ahead of the clock
      }
      return;
    }
    Optional<Target> t;
    try {
      t = current.apply(h.key);
    } catch (RuntimeException e) {
      // The registration store failed: the probe counts as failed (the breaker reopens for the next cooldown, which
      // schedules the next probe), where a probe left half-open would hide the server for good.
      LOG.warn("MCP {}: its registration could not be read for the probe ({}); probed again after the cooldown",
          h.key.describe(), e.getClass().getName());
      h.breaker.onConnectFailure();
      return;
    }
    if (t.isEmpty()) {
      servers.remove(h.key, h);
      h.breaker.reset();
      return;
    }
    connect(t.get(), h);
  }

  /**
   * An operator's retry: forgets the quarantine and its back-off, and connects now; the caller bounds the wait.
   */
  CompletableFuture<Optional<Connection>> retryNow(Target t) {
    ServerHealth h = health(t.key());
    ScheduledFuture<?> p = h.probe;
    if (p != null) {
      p.cancel(false);
    }
    Connection c = pool.getIfPresent(t.key());
    if (c != null && c.serves(t)) {
      h.breaker.reset();
      return CompletableFuture.completedFuture(Optional.of(c));
    }
    h.breaker.reset();
    return connect(t, h);
  }

  // ---- lifecycle

  /** Closes the connection and forgets the server's health (disable, remove). */
  void disconnect(Key key) {
    generations.merge(key, 1L, Long::sum);
    // The health first: once the server hears its session close, nothing here still knows it.
    ServerHealth h = servers.remove(key);
    if (h != null) {
      ScheduledFuture<?> p = h.probe;
      if (p != null) {
        p.cancel(false);
      }
      h.breaker.reset();
    }
    pool.invalidate(key);
  }

  /** The guild servers the pool holds a connection or a health record for. */
  java.util.Set<Key> keysOf(String guildId) {
    java.util.Set<Key> out = new java.util.HashSet<>();
    for (Key k : pool.asMap().keySet()) {
      if (guildId.equals(k.guildId())) {
        out.add(k);
      }
    }
    for (Key k : servers.keySet()) {
      if (guildId.equals(k.guildId())) {
        out.add(k);
      }
    }
    return out;
  }

  /** The guilds of every server the pool holds a connection or a health record for. */
  java.util.Set<String> guilds() {
    java.util.Set<String> out = new java.util.HashSet<>();
    pool.asMap().keySet().forEach(k -> {
      if (k.guildId() != null) {
        out.add(k.guildId());
      }
    });
    servers.keySet().forEach(k -> {
      if (k.guildId() != null) {
        out.add(k.guildId());
      }
    });
    return out;
  }

  Optional<BreakerState> breakerState(Key key) {
    ServerHealth h = servers.get(key);
    return h == null ? Optional.empty() : Optional.of(h.breaker.state());
  }

  int size() {
    pool.cleanUp();
    return (int) pool.estimatedSize();
  }

  void cleanUp() {
    pool.cleanUp();
  }

  /**
   * Closes every pooled connection; the future completes when all their transports have closed (their
   * graceful closes run on the blocking executor, which must stay up until then).
   */
  CompletableFuture<Void> closeAll() {
    closed = true;
    for (ServerHealth h : servers.values()) {
      ScheduledFuture<?> p = h.probe;
      if (p != null) {
        p.cancel(false);
      }
    }
    List<CompletableFuture<Void>> closing = new java.util.ArrayList<>();
    pool.asMap().values().forEach(c -> closing.add(c.connected.link().closed()));
    pool.invalidateAll();
    pool.cleanUp();
    return CompletableFuture.allOf(closing.toArray(new CompletableFuture<?>[0]));
  }

  private static void release(Connection c, RemovalCause cause) {
    if (c != null) {
      c.end(new TransportFailure(McpFailureCodes.UNAVAILABLE, "The MCP connection was closed."));
      // The link closes quietly and without blocking this thread.
      c.connected.client().close();
    }
  }
}
