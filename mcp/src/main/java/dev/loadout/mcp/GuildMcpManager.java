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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

// Over 400 lines on purpose: the public face of MCP (gathering, invalidation, config operations, its Builder of
// about 115 lines); connections and health live in Pool, transports and the breaker in their own classes.
/**
 * A bot's MCP servers as Loadout tools: the host's bot-wide servers ({@link Builder#hostServers}) on every turn,
 * and each guild's registered servers on its turns. Give it to {@code Loadout.builder().externalTools(manager)},
 * and write guild registrations through {@link #configOperations()}.
 *
 * <p><b>Gathering.</b> {@link #sourcesFor(TurnContext)} gives one {@link ToolSource} per enabled server, the host's
 * first ({@link ToolSource.Level#HOST}), then the guild's, read through a config cache. The cache is invalidated
 * by the config operations and snapshot writes of this process, by the store's
 * {@linkplain McpRegistrationStore#changes() change feed} for writes of any process (which also closes the
 * connections of servers removed or disabled elsewhere), and after {@link Builder#configTtl} in any case.
 * <b>Staleness bound</b> for another process's {@code add}, disable or removal: 1 s with
 * {@link dev.loadout.core.store.PostgresChanges}, the polling interval + 1 s with
 * {@link dev.loadout.core.store.PollingChanges}, the config TTL (one minute unless set) for a store without a
 * feed that reaches other processes. A healthy server's source offers its tools; a server that is down gives a source
 * that names its tools as hidden with the reason ({@link McpFailureCodes#QUARANTINED},
 * {@link McpFailureCodes#CONNECTION_LOST}, {@link McpFailureCodes#CONNECTING}), so diagnostics can say why. A turn
 * waits only for first connects of servers nothing is known against, at most {@link McpSettings#connectTimeout()}
 * (plus a small margin) for all of them together; it never waits for a server known to have failed. A
 * {@code web_search} or {@code url_fetcher} server declares the family it replaces, and core's collision policy
 * does the rest; the {@link #REPLACEMENT_FLAG} switch turns its tools off. Nothing connects at start-up.
 *
 * <p><b>Health.</b> See {@code Pool} in this package's overview: a lost connection fails its calls at once and
 * reconnects in the background; failed calls and connects quarantine a server, which a background probe on the
 * {@linkplain Builder#scheduler scheduler} brings back; {@link McpConfigOperations#retryNow} and
 * {@link #retryHostServer(String)} end a quarantine at once.
 *
 * <p><b>Calls.</b> See {@link McpFailureCodes} for the failure codes of a call.
 *
 * <p>Thread-safe. Close it to close every connection and stop every stdio process; the executors passed in are
 * not shut down.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GuildMcpManager implements ExternalToolSources, AutoCloseable {
  /**
   * The switch that turns off the tools of {@code web_search} and {@code url_fetcher} servers, as their specs
   * declare: like every built-in switch, a flag that is not set reads as on, so a guild that registers a
   * {@code url_fetcher} keeps URL fetching through it. Set to {@code false}, the tools are hidden with
   * {@code feature_flag_off} and a call that still arrives fails with that code; the built-in they replace comes
   * back meanwhile (a replacement hides its built-ins only on turns that show one of its tools), so a guild is never
   * left without a tool of the family.
   */
  public static final String REPLACEMENT_FLAG = "web_search";
  /** How long a guild's configuration is cached at most unless {@link Builder#configTtl} says otherwise. */
  public static final java.time.Duration DEFAULT_CONFIG_TTL = java.time.Duration.ofMinutes(1);

  private static final Logger LOG = LoggerFactory.getLogger(GuildMcpManager.class);
  private static final long GATHER_MARGIN_MS = 250;
  private static final long CLOSE_WAIT_MS = 2_000;
  /** The memo key of turns outside a guild, which see the host's servers only. */
  private static final String DIRECT_MESSAGES = "\u0000direct";

  private final McpRegistrationStore store;
  private final McpSettings settings;
  private final Connector connector;
  private final Pool pool;
  private final McpConfigOperations operations;
  private final Cache<String, List<Target>> config;
  private final ConcurrentHashMap<String, List<ToolSource>> memo = new ConcurrentHashMap<>();
  private final RegistrationWatch watch;
  private final ExecutorService ownedExecutor;
  private final ScheduledExecutorService ownedScheduler;
  private final Executor blocking;
  /** The host's enabled servers, offered on every turn, in the order given. */
  private final List<Target> hostTargets;
  /** The same, by name in lower case: names are unique ignoring case, and an operator may type either. */
  private final Map<String, Target> hostByName;

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
    List<Target> hosts = new ArrayList<>();
    Map<String, Target> byName = new HashMap<>();
    for (HostMcpServer h : b.hostServers) {
      if (h.enabled()) {
        Target t = Target.of(h, settings);
        hosts.add(t);
        byName.put(h.name().toLowerCase(java.util.Locale.ROOT), t);
      }
    }
    this.hostTargets = List.copyOf(hosts);
    this.hostByName = Map.copyOf(byName);
    Clock clock = b.clock;
    this.config = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(b.configTtl)
        .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis())).executor(Runnable::run).build();
    this.connector = new Connector(b.guard, settings, blocking);
    Calls calls = new Calls(this::fresh, b.guard, settings, blocking, b.clock, b.progress);
    this.pool = new Pool(connector, settings, b.clock, blocking, scheduler, new Listeners(b.listener), this::current,
        this::listed, new Listings(calls, blocking, b.clock));
    calls.pool(pool);
    this.operations = new McpConfigOperations(store, b.guard, settings, new Hooks());
    this.watch = new RegistrationWatch(store, config, pool, blocking);
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
    List<Target> guildTargets = guild.isEmpty() ? List.of() : targets(guild.get());
    int n = hostTargets.size() + guildTargets.size();
    if (n == 0) {
      return List.of();
    }
    ToolSource[] sources = new ToolSource[n];
    Pool.Gathered[] gathered = new Pool.Gathered[n];
    boolean waiting = false;
    for (int i = 0; i < n; i++) {
      gathered[i] = pool.gather(target(i, guildTargets));
      sources[i] = gathered[i].source();
      waiting |= sources[i] == null;
    }
    if (waiting) {
      awaitFirstConnects(guildTargets, gathered, sources);
    }
    String memoKey = guild.orElse(DIRECT_MESSAGES);
    List<ToolSource> last = memo.get(memoKey);
    if (last != null && same(last, sources)) {
      return last;
    }
    List<ToolSource> result = List.of(sources);
    memo.put(memoKey, result);
    return result;
  }

  /** The host's servers first, then the guild's. */
  private Target target(int i, List<Target> guildTargets) {
    return i < hostTargets.size() ? hostTargets.get(i) : guildTargets.get(i - hostTargets.size());
  }

  /** Waits for first connects, all together at most the connect timeout (plus a margin). */
  private void awaitFirstConnects(List<Target> guildTargets, Pool.Gathered[] gathered, ToolSource[] sources) {
    long deadline = System.nanoTime() + settings.connectTimeout().toNanos() + TimeUnit.MILLISECONDS.toNanos(GATHER_MARGIN_MS);
    boolean interrupted = false;
    for (int i = 0; i < sources.length; i++) {
      if (sources[i] != null) {
        continue;
      }
      Target t = target(i, guildTargets);
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

  /**
   * The guild's enabled servers, through the config cache. The read runs inside the cache's load of the guild:
   * an invalidation that arrives meanwhile (another process's change, announced after the read may have seen the
   * store) waits for the load and then drops it, where a read followed by a separate put would cache the stale
   * list until the TTL.
   */
  private List<Target> targets(String guildId) {
    try {
      return config.get(guildId, this::enabledTargets);
    } catch (RuntimeException e) {
      // Nothing is cached for a failed read: the next turn tries again.
      LOG.warn("MCP registrations of guild {} could not be read; its MCP tools are left out of this turn ({})", guildId,
          e.getClass().getSimpleName());
      return List.of();
    }
  }

  /** The guild's enabled servers as the store has them now. */
  private List<Target> enabledTargets(String guildId) {
    List<Target> read = new ArrayList<>();
    for (McpRegistration r : store.list(guildId)) {
      if (r.enabled()) {
        read.add(Target.of(r, settings));
      }
    }
    return List.copyOf(read);
  }

  /**
   * A server as configured now, for background reconnects and probes: from the cached configuration, else read
   * from the store directly. Not through the cache's load: the guild's turns wait on a load in progress, and a slow
   * read of a background task must not hold a user's turn. A failed read throws; the pool contains it.
   */
  private Optional<Target> current(Pool.Key key) {
    if (key.host() != null) {
      return Optional.ofNullable(host(key.host()));
    }
    List<Target> known = config.getIfPresent(key.guildId());
    return (known != null ? known : enabledTargets(key.guildId())).stream().filter(t -> t.key().equals(key))
        .findFirst();
  }

  /** A call's fresh read: the same server, still enabled, at the same endpoint. */
  private Optional<Target> fresh(Target shown) {
    if (shown.key().host() != null) {
      return Optional.ofNullable(host(shown.key().host())).filter(t -> t.sameEndpoint(shown));
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

  /**
   * The state of a host server's circuit breaker; empty if it never connected or is not a host server here.
   *
   * @param name the host server's name, in any case
   * @since 0.1
   */
  public Optional<BreakerState> hostBreakerState(String name) {
    Target t = host(name);
    return t == null ? Optional.empty() : pool.breakerState(t.key());
  }

  /** The enabled host server of this name (surrounding blanks and case aside), or null. */
  private Target host(String name) {
    String n = RegistrationRules.normaliseName(name);
    return n == null ? null : hostByName.get(n.toLowerCase(java.util.Locale.ROOT));
  }

  /**
   * Retries a quarantined host server now, as an operator's action: its quarantine and back-off are forgotten
   * and it connects at once (waiting at most the connect timeout).
   *
   * @param name the host server's name, in any case
   * @return {@code connected} with the tools it offers now, {@code connection_failed} (it stays quarantined; the
   *     message says why), or {@code not_found} when no enabled host server has that name
   * @since 0.1
   */
  public ConfigOutcome retryHostServer(String name) {
    Target t = host(name);
    if (t == null) {
      return new ConfigOutcome(ConfigOutcome.NOT_FOUND, "No enabled host MCP server is named '" + name + "'.", null);
    }
    ConfigHooks.TestResult r = retry(t);
    if (!r.success()) {
      return new ConfigOutcome(ConfigOutcome.CONNECTION_FAILED, "'" + t.name() + "' still fails and stays quarantined: "
          + t.sanitize(r.error()), null);
    }
    return new ConfigOutcome(ConfigOutcome.CONNECTED, "'" + t.name() + "' is connected again over " + r.transport()
        + " with " + r.toolNames().size() + " tool" + (r.toolNames().size() == 1 ? "" : "s") + ".", null);
  }

  private ConfigHooks.TestResult retry(Target t) {
    Optional<Connection> c;
    try {
      c = pool.retryNow(t).get(settings.connectTimeout().toMillis() + GATHER_MARGIN_MS, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return ConfigHooks.TestResult.failed(McpFailureCodes.TIMEOUT, "the connect did not finish within "
          + settings.connectTimeout().toMillis() + " ms");
    }
    if (c.isEmpty()) {
      return ConfigHooks.TestResult.failed(McpFailureCodes.UNAVAILABLE, pool.unavailable(t));
    }
    List<String> names = new ArrayList<>();
    c.get().listing().tools().forEach(tool -> names.add(tool.name()));
    return ConfigHooks.TestResult.ok(names, c.get().connected.transport());
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
   * Closes every pooled connection (waiting at most two seconds for their graceful close: a stdio server's
   * process has exited or been killed when this returns, unless it took longer), then the executors the manager
   * made for itself.
   */
  @Override
  public void close() {
    watch.close();
    CompletableFuture<Void> closing = pool.closeAll();
    try {
      // Before any executor shuts down: the graceful closes run on it (a refused one leaves a stdio process alive).
      closing.get(CLOSE_WAIT_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      LOG.debug("MCP connections did not all close within {} ms", CLOSE_WAIT_MS);
    }
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
        return TestResult.failed(e.code, e.getMessage());
      }
    }

    @Override
    public TestResult retryNow(McpRegistration r) {
      config.invalidate(r.guildId());
      return retry(Target.of(r, settings));
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
    private List<HostMcpServer> hostServers = List.of();
    private java.time.Duration configTtl = DEFAULT_CONFIG_TTL;

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

    /**
     * The host's bot-wide servers ({@link HostMcpServer}, or {@link HostMcpConfig} from a file), offered on every
     * turn, in guilds and in direct messages, before the guild's servers; none unless set.
     *
     * @throws IllegalArgumentException if the list holds a null or two servers with one name (ignoring case)
     */
    public Builder hostServers(List<HostMcpServer> servers) {
      required("hostServers", servers);
      java.util.Set<String> names = new java.util.HashSet<>();
      for (HostMcpServer h : servers) {
        if (h == null) {
          throw new IllegalArgumentException("hostServers must not hold null");
        }
        if (!names.add(h.name().toLowerCase(java.util.Locale.ROOT))) {
          throw new IllegalArgumentException("hostServers holds two servers named '" + h.name()
              + "'; names are unique ignoring case");
        }
      }
      hostServers = List.copyOf(servers);
      return this;
    }

    /**
     * How long a guild's configuration is cached at most ({@link #DEFAULT_CONFIG_TTL} unless set): the staleness
     * bound when the store's change feed does not reach other processes.
     *
     * @throws IllegalArgumentException unless positive
     * @since 0.1
     */
    public Builder configTtl(java.time.Duration ttl) {
      if (ttl == null || ttl.isNegative() || ttl.isZero()) {
        throw new IllegalArgumentException("configTtl must be positive, but was " + ttl);
      }
      configTtl = ttl;
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
