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
 * the {@link #REPLACEMENT_FLAG} switch turns its tools off. Nothing connects at start-up.
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
   * The switch that turns off the tools of {@code web_search} and {@code url_fetcher} servers, as their specs
   * declare: like every built-in switch, a flag that is not set reads as on, so a guild that registers a
   * {@code url_fetcher} keeps URL fetching through it. Set to {@code false}, the tools are hidden with
   * {@code feature_flag_off} and a call that still arrives fails with that code; the built-in they replace stays
   * replaced meanwhile, so with the switch off the guild's web family is off.
   */
  public static final String REPLACEMENT_FLAG = "web_search";

  private static final Logger LOG = LoggerFactory.getLogger(GuildMcpManager.class);
  private static final long GATHER_MARGIN_MS = 250;

  private final McpRegistrationStore store;
  private final McpSettings settings;
  private final Connector connector;
  private final Pool pool;
  private final McpConfigOperations operations;
  private final Cache<String, List<McpRegistration>> config;
  private final ConcurrentHashMap<String, Memo> memo = new ConcurrentHashMap<>();
  private final ExecutorService ownedExecutor;

  private record Memo(List<Pool.Pooled> connections, List<ToolSource> sources) {}

  private GuildMcpManager(Builder b) {
    this.store = b.store;
    this.settings = b.settings;
    ExecutorService owned = null;
    java.util.concurrent.Executor blocking = b.executor;
    if (blocking == null) {
      AtomicInteger n = new AtomicInteger();
      owned = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "loadout-mcp-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      });
      blocking = owned;
    }
    this.ownedExecutor = owned;
    this.config = Caffeine.newBuilder().maximumSize(100_000).build();
    this.connector = new Connector(b.guard, settings, blocking);
    this.pool = new Pool(connector, store, settings, b.clock, blocking, b.scheduler, new Listeners(b.listener),
        config::invalidate);
    this.pool.calls(new Calls(store, pool, b.guard, settings, blocking));
    this.operations = new McpConfigOperations(store, b.guard, settings, new Hooks());
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

  /** The only way to add, enable, disable and remove registrations of this manager's store. */
  public McpConfigOperations configOperations() {
    return operations;
  }

  @Override
  public List<ToolSource> sourcesFor(TurnContext context) {
    Optional<String> guild = context.guildId();
    if (guild.isEmpty()) {
      return List.of();
    }
    List<McpRegistration> enabled = new ArrayList<>();
    for (McpRegistration r : registrations(guild.get())) {
      if (r.enabled()) {
        enabled.add(r);
      }
    }
    if (enabled.isEmpty()) {
      return List.of();
    }
    List<CompletableFuture<Optional<Pool.Pooled>>> pending = new ArrayList<>();
    for (McpRegistration r : enabled) {
      pending.add(pool.connection(r));
    }
    long deadline = System.nanoTime() + settings.connectTimeout().toNanos() + TimeUnit.MILLISECONDS.toNanos(GATHER_MARGIN_MS);
    List<Pool.Pooled> connected = new ArrayList<>();
    for (CompletableFuture<Optional<Pool.Pooled>> f : pending) {
      try {
        f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS).ifPresent(connected::add);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      } catch (Exception e) {
        // Not connected in time: it is left out of this turn and its connect goes on in the background.
      }
    }
    Memo last = memo.get(guild.get());
    if (last != null && sameConnections(last.connections(), connected)) {
      return last.sources();
    }
    List<ToolSource> sources = new ArrayList<>();
    for (Pool.Pooled p : connected) {
      McpRegistration r = p.registration();
      if (r.type().replacedFamily().isPresent()) {
        sources.add(ToolSource.of("mcp:" + r.id(), r.name(), ReplacementTool.all(p.tools(), r))
            .replacing(r.type().replacedFamily().get()));
      } else {
        sources.add(ToolSource.of("mcp:" + r.id(), r.name(), p.tools()));
      }
    }
    List<ToolSource> result = List.copyOf(sources);
    memo.put(guild.get(), new Memo(List.copyOf(connected), result));
    return result;
  }

  private static boolean sameConnections(List<Pool.Pooled> a, List<Pool.Pooled> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }

  private List<McpRegistration> registrations(String guildId) {
    List<McpRegistration> cached = config.getIfPresent(guildId);
    if (cached != null) {
      return cached;
    }
    try {
      List<McpRegistration> read = List.copyOf(store.list(guildId));
      config.put(guildId, read);
      return read;
    } catch (RuntimeException e) {
      LOG.warn("MCP registrations of guild {} could not be read; its MCP tools are left out of this turn ({})", guildId,
          e.getClass().getSimpleName());
      return List.of();
    }
  }

  /**
   * The state of a registration's circuit breaker; empty if it never connected.
   *
   * @param guildId the guild
   * @param registrationId the registration's id
   */
  public Optional<BreakerState> breakerState(String guildId, long registrationId) {
    return pool.breakerState(new Pool.Key(guildId, registrationId));
  }

  /** Runs pending pool maintenance (idle eviction) now; for hosts and tests that drive time themselves. */
  public void cleanUp() {
    pool.cleanUp();
  }

  /** How many connections are pooled. */
  public int connectionCount() {
    return pool.size();
  }

  /** Closes every pooled connection, and the executor the manager made for itself if no executor was given. */
  @Override
  public void close() {
    pool.closeAll();
    if (ownedExecutor != null) {
      ownedExecutor.shutdownNow();
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
    public void invalidate(String guildId) {
      config.invalidate(guildId);
    }

    @Override
    public void disconnect(String guildId, long registrationId) {
      pool.disconnect(new Pool.Key(guildId, registrationId));
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

    /** Schedules prompt idle eviction; without one, eviction happens during other pool activity. */
    public Builder scheduler(ScheduledExecutorService s) {
      scheduler = required("scheduler", s);
      return this;
    }

    /** Receives connect and breaker events; {@link McpEventListener#NONE} unless set. */
    public Builder listener(McpEventListener l) {
      listener = required("listener", l);
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
