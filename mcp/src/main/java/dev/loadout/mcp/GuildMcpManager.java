package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.loadout.core.ExternalToolSources;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A guild's MCP servers as Loadout tools: give it to {@code Loadout.builder().externalTools(manager)}, and
 * write registrations through {@link #configOperations()}.
 *
 * <p><b>Gathering.</b> {@link #sourcesFor(TurnContext)} reads the guild's registrations through a config
 * cache (invalidated only by the config operations and snapshot writes), and gets a connection for every
 * enabled one in parallel: a pooled one, the connect another caller already started, or a new connect if
 * the server's circuit breaker permits. It waits at most {@link McpSettings#connectTimeout()} (plus a small
 * margin) in total, so one hanging server never delays the others beyond that; a server whose connect fails
 * is quarantined for {@link McpSettings#failureCooldown()} and skipped at once meanwhile. Each connected
 * server becomes one {@link ToolSource} (id {@code mcp:<id>}, label its name); a {@code web_search} or
 * {@code url_fetcher} server declares the family it replaces, and core's collision policy does the rest;
 * its tools need the {@link #REPLACEMENT_FLAG} feature flag. Nothing connects at start-up.
 *
 * <p><b>Calls.</b> See {@link McpFailureCodes} for the failure codes of a call.
 *
 * <p>Thread-safe. Close it to close every connection; the executors passed in are not shut down.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GuildMcpManager implements ExternalToolSources, AutoCloseable {
  /**
   * The feature flag the tools of {@code web_search} and {@code url_fetcher} servers need, as their specs
   * declare: a flag that is not set reads as off, so they are hidden with {@code feature_flag_off} and a call
   * that still arrives fails with that code. The built-in they replace stays replaced meanwhile: with the flag
   * off the guild's web family is off.
   */
  public static final String REPLACEMENT_FLAG = "web_search";

  private static final Logger LOG = LoggerFactory.getLogger(GuildMcpManager.class);
  private static final long GATHER_MARGIN_MS = 250;
  private static final long CLOSE_WAIT_MS = 2_000;

  private final McpRegistrationStore store;
  private final McpSettings settings;
  private final Connector connector;
  private final Pool pool;
  private final McpConfigOperations operations;
  private final Cache<String, List<Target>> config;
  private final ConcurrentHashMap<String, List<ToolSource>> memo = new ConcurrentHashMap<>();
  private final ExecutorService ownedExecutor;
  private final ScheduledExecutorService ownedScheduler;
  private final Executor blocking;

  private GuildMcpManager(Builder b) {
    this.store = b.store;
    this.settings = b.settings;
    ExecutorService owned = null;
    Executor exec = b.executor;
    if (exec == null) {
      owned = Executors.newCachedThreadPool(daemons("loadout-mcp-"));
      exec = owned;
    }
    this.ownedExecutor = owned;
    this.blocking = exec;
    ScheduledExecutorService scheduler = b.scheduler;
    this.ownedScheduler = scheduler == null ? Executors.newSingleThreadScheduledExecutor(daemons("loadout-mcp-probe-")) : null;
    if (scheduler == null) {
      scheduler = ownedScheduler;
    }
    this.config = Caffeine.newBuilder().maximumSize(100_000).build();
    this.connector = new Connector(b.guard, settings, blocking);
    Calls calls = new Calls(this::fresh, b.guard, settings, blocking, b.clock, b.progress);
    this.pool = new Pool(connector, settings, b.clock, blocking, scheduler, new Listeners(b.listener), this::current,
        this::listed, new Listings(calls, blocking, b.clock));
    calls.pool(pool);
    this.operations = new McpConfigOperations(store, b.guard, settings, new Hooks());
  }

  private static java.util.concurrent.ThreadFactory daemons(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * Starts a manager.
   *
   * @param store where registrations live; never null
   * @param guard checks every endpoint at registration and at every connect; never null
   */
  public static Builder builder(McpRegistrationStore store, NetworkGuard guard) {
    if (store == null || guard == null) {
      throw new IllegalArgumentException("a manager needs a store and a network guard, but got " + store + ", " + guard);
    }
    return new Builder(store, guard);
  }

  /** The only way to add, enable, disable, remove and retry registrations of this manager's store. */
  public McpConfigOperations configOperations() {
    return operations;
  }

  @Override
  public List<ToolSource> sourcesFor(TurnContext context) {
    Optional<String> guild = context.guildId();
    if (guild.isEmpty()) {
      return List.of();
    }
    List<Target> targets = targets(guild.get());
    if (targets.isEmpty()) {
      return List.of();
    }
    ToolSource[] sources = new ToolSource[targets.size()];
    Pool.Gathered[] gathered = new Pool.Gathered[targets.size()];
    boolean waiting = false;
    for (int i = 0; i < sources.length; i++) {
      gathered[i] = pool.gather(targets.get(i));
      sources[i] = gathered[i].source();
      waiting |= sources[i] == null;
    }
    if (waiting) {
      awaitFirstConnects(targets, gathered, sources);
    }
    List<ToolSource> last = memo.get(guild.get());
    if (last != null && same(last, sources)) {
      return last;
    }
    List<ToolSource> result = List.of(sources);
    memo.put(guild.get(), result);
    return result;
  }

  /** Waits for first connects, all together at most the connect timeout (plus a margin). */
  private void awaitFirstConnects(List<Target> targets, Pool.Gathered[] gathered, ToolSource[] sources) {
    long deadline = System.nanoTime() + settings.connectTimeout().toNanos() + TimeUnit.MILLISECONDS.toNanos(GATHER_MARGIN_MS);
    boolean interrupted = false;
    for (int i = 0; i < sources.length; i++) {
      if (sources[i] != null) {
        continue;
      }
      Target t = targets.get(i);
      try {
        sources[i] = interrupted ? pool.connecting(t) : pool.after(t,
            gathered[i].pending().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        interrupted = true;
        sources[i] = pool.connecting(t);
      } catch (Exception e) {
        // Not connected in time: hidden with a reason this turn; the connect goes on in the background.
        sources[i] = pool.connecting(t);
      }
    }
  }

  private static boolean same(List<ToolSource> last, ToolSource[] now) {
    if (last.size() != now.length) {
      return false;
    }
    for (int i = 0; i < now.length; i++) {
      if (last.get(i) != now[i]) {
        return false;
      }
    }
    return true;
  }

  /** The guild's enabled servers, through the config cache. */
  private List<Target> targets(String guildId) {
    List<Target> cached = config.getIfPresent(guildId);
    if (cached != null) {
      return cached;
    }
    try {
      List<Target> read = new ArrayList<>();
      for (McpRegistration r : store.list(guildId)) {
        if (r.enabled()) {
          read.add(Target.of(r, settings));
        }
      }
      List<Target> copy = List.copyOf(read);
      config.put(guildId, copy);
      return copy;
    } catch (RuntimeException e) {
      LOG.warn("MCP registrations of guild {} could not be read; its MCP tools are left out of this turn ({})", guildId,
          e.getClass().getSimpleName());
      return List.of();
    }
  }

  /** A server as configured now (through the cache), for background reconnects. */
  private Optional<Target> current(Pool.Key key) {
    if (key.guildId() == null) {
      return Optional.empty();
    }
    return targets(key.guildId()).stream().filter(t -> t.key().equals(key)).findFirst();
  }

  /** A call's fresh read: the same server, still enabled, at the same endpoint. */
  private Optional<Target> fresh(Target shown) {
    if (shown.key().guildId() == null) {
      return Optional.empty();
    }
    for (McpRegistration r : store.list(shown.key().guildId())) {
      if (r.id() == shown.key().registrationId() && r.enabled() && r.url().equals(shown.url())) {
        return Optional.of(Target.of(r, settings));
      }
    }
    return Optional.empty();
  }

  /** After each listing: the stored snapshot follows what the server offers, in the background. */
  private void listed(Connection c) {
    Target t = c.target;
    if (t.key().guildId() == null) {
      return;
    }
    List<String> discovered = new ArrayList<>();
    c.listing().tools().forEach(tool -> discovered.add(tool.name()));
    try {
      blocking.execute(() -> refreshSnapshot(t, discovered));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // Shutting down.
    }
  }

  /** Writes the normalised names if they changed; never disturbs the live connection. */
  private void refreshSnapshot(Target t, List<String> discovered) {
    List<String> names = ToolNameSnapshot.normalise(discovered, settings.snapshotMaxNames(),
        settings.snapshotNameMaxCodePoints());
    if (names.equals(t.snapshot())) {
      return;
    }
    try {
      if (store.updateToolNames(t.key().guildId(), t.key().registrationId(), names)) {
        config.invalidate(t.key().guildId());
      }
    } catch (RuntimeException e) {
      // The error's text may hold a database URL or a driver message: the class name only.
      LOG.warn("Tool-name snapshot of MCP {} was not updated ({})", t.key().describe(), e.getClass().getSimpleName());
    }
  }

  /**
   * The state of a registration's circuit breaker; empty if it never connected.
   *
   * @param guildId the guild
   * @param registrationId the registration's id
   */
  public Optional<BreakerState> breakerState(String guildId, long registrationId) {
    return pool.breakerState(Pool.Key.guild(guildId, registrationId));
  }

  /** Runs pending pool maintenance (idle eviction) now; for hosts and tests that drive time themselves. */
  public void cleanUp() {
    pool.cleanUp();
  }

  /** How many connections are pooled. */
  public int connectionCount() {
    return pool.size();
  }

  /**
   * Closes every pooled connection (waiting at most two seconds for their graceful close), and the executors the
   * manager made for itself.
   */
  @Override
  public void close() {
    pool.closeAll();
    if (ownedScheduler != null) {
      ownedScheduler.shutdownNow();
    }
    if (ownedExecutor != null) {
      ownedExecutor.shutdown();
      try {
        if (!ownedExecutor.awaitTermination(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS)) {
          ownedExecutor.shutdownNow();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        ownedExecutor.shutdownNow();
      }
    }
  }

  @Override
  public String toString() {
    return "GuildMcpManager{" + store + ", " + settings + "}";
  }

  private final class Hooks implements ConfigHooks {
    @Override
    public TestResult testConnection(String url, String token) {
      try {
        Connector.Connected c = connector.connect(url, token);
        c.client().close();
        List<String> names = new ArrayList<>();
        c.tools().forEach(t -> names.add(t.name()));
        return TestResult.ok(names, c.transport());
      } catch (Connector.ConnectFailed e) {
        return TestResult.failed(e.getMessage());
      }
    }

    @Override
    public TestResult retryNow(McpRegistration r) {
      Target t = Target.of(r, settings);
      config.invalidate(r.guildId());
      Optional<Connection> c;
      try {
        c = pool.retryNow(t).get(settings.connectTimeout().toMillis() + GATHER_MARGIN_MS, TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        if (e instanceof InterruptedException) {
          Thread.currentThread().interrupt();
        }
        return TestResult.failed("the connect did not finish within " + settings.connectTimeout().toMillis() + " ms");
      }
      if (c.isEmpty()) {
        return TestResult.failed(pool.unavailable(t));
      }
      List<String> names = new ArrayList<>();
      c.get().listing().tools().forEach(tool -> names.add(tool.name()));
      return TestResult.ok(names, c.get().connected.transport());
    }

    @Override
    public void invalidate(String guildId) {
      config.invalidate(guildId);
    }

    @Override
    public void disconnect(String guildId, long registrationId) {
      pool.disconnect(Pool.Key.guild(guildId, registrationId));
    }
  }

  /**
   * Builds a {@link GuildMcpManager}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final McpRegistrationStore store;
    private final NetworkGuard guard;
    private McpSettings settings = McpSettings.defaults();
    private Clock clock = Clock.systemUTC();
    private java.util.concurrent.Executor executor;
    private ScheduledExecutorService scheduler;
    private McpEventListener listener = McpEventListener.NONE;
    private McpProgressListener progress = McpProgressListener.NONE;

    private Builder(McpRegistrationStore store, NetworkGuard guard) {
      this.store = store;
      this.guard = guard;
    }

    /** Limits and deadlines; {@link McpSettings#defaults()} unless set. */
    public Builder settings(McpSettings s) {
      settings = required("settings", s);
      return this;
    }

    /** The clock of quarantines, idle eviction and events; the system UTC clock unless set. */
    public Builder clock(Clock c) {
      clock = required("clock", c);
      return this;
    }

    /**
     * Where blocking SDK calls run (connects, tool calls, snapshot writes, and the event stream of each live
     * legacy-SSE session, which holds one thread for its life). It must allow at least as many threads as
     * servers connecting at once plus live SSE sessions; unless set the manager makes a cached pool of daemon
     * threads.
     */
    public Builder executor(java.util.concurrent.Executor e) {
      executor = required("executor", e);
      return this;
    }

    /**
     * Schedules the background retries of quarantined servers (at the end of each cooldown, by the
     * {@link #clock(Clock)}) and prompt idle eviction. Unless set, the manager makes one daemon thread for it.
     * Tests pass a scheduler driven by their own clock, so no test waits for a cooldown.
     */
    public Builder scheduler(ScheduledExecutorService s) {
      scheduler = required("scheduler", s);
      return this;
    }

    /** Receives connect and breaker events; {@link McpEventListener#NONE} unless set. */
    public Builder listener(McpEventListener l) {
      listener = required("listener", l);
      return this;
    }

    /**
     * Hears the progress of every MCP call whose turn carries no listener of its own
     * ({@link McpProgressListener#KEY}); {@link McpProgressListener#NONE} unless set.
     */
    public Builder progressListener(McpProgressListener l) {
      progress = required("progressListener", l);
      return this;
    }

    /** The manager. Connects nothing. */
    public GuildMcpManager build() {
      return new GuildMcpManager(this);
    }

    private static <T> T required(String name, T value) {
      if (value == null) {
        throw new IllegalArgumentException(name + " must not be null");
      }
      return value;
    }
  }
}
