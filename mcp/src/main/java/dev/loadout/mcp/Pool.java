package dev.loadout.mcp;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Scheduler;
import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolSpec;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Pooled connections per (guild, registration id), with one circuit breaker each.
 *
 * <p>Lazy: nothing connects until a connection is asked for. Concurrent askers for one server share one
 * connect (single flight): a second asker joins the attempt in flight rather than getting nothing, and only
 * a caller that would start a new attempt asks the breaker. While OPEN the answer is "nothing" at once, with
 * no deadline paid. A success closes the breaker, is pooled and refreshes the tool-name snapshot in a
 * detached task; a failure opens it. Idle connections leave the pool after the TTL (Caffeine, with the
 * clock as ticker and the injected scheduler for prompt eviction), and a connection that leaves the pool is
 * closed. A pooled connection is used only while its registration's URL and token are unchanged.
 */
final class Pool {
  private static final Logger LOG = LoggerFactory.getLogger(Pool.class);
  static final JsonMapper JSON = JsonMapper.builder().build();
  private static final long MAX_CONNECTIONS = 10_000;

  record Key(String guildId, long registrationId) {}

  /** A live connection and its tools as Loadout tools. */
  record Pooled(McpRegistration registration, Connector.Connected connected, List<BaseTool> tools) {
    boolean serves(McpRegistration r) {
      return r.url().equals(registration.url()) && r.token().equals(registration.token());
    }
  }

  private final Connector connector;
  private final McpRegistrationStore store;
  private final McpSettings settings;
  private final Clock clock;
  private final Executor blocking;
  private final Listeners listeners;
  private final java.util.function.Consumer<String> invalidateConfig;
  private final Cache<Key, Pooled> pool;
  private final ConcurrentHashMap<Key, CompletableFuture<Optional<Pooled>>> inflight = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Key, CircuitBreaker> breakers = new ConcurrentHashMap<>();
  // Bumped by disconnect(): a connect that started before a disable or removal must not pool its client.
  private final ConcurrentHashMap<Key, Long> generations = new ConcurrentHashMap<>();
  private volatile Calls calls;

  Pool(Connector connector, McpRegistrationStore store, McpSettings settings, Clock clock, Executor blocking,
      ScheduledExecutorService scheduler, Listeners listeners, java.util.function.Consumer<String> invalidateConfig) {
    this.connector = connector;
    this.store = store;
    this.settings = settings;
    this.clock = clock;
    this.blocking = blocking;
    this.listeners = listeners;
    this.invalidateConfig = invalidateConfig;
    Caffeine<Object, Object> b = Caffeine.newBuilder().maximumSize(MAX_CONNECTIONS)
        .expireAfterAccess(settings.connectionTtl()).ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis()))
        .executor(blocking);
    if (scheduler != null) {
      b.scheduler(Scheduler.forScheduledExecutorService(scheduler));
    }
    this.pool = b.<Key, Pooled>removalListener((key, value, cause) -> close(value, cause)).build();
  }

  void calls(Calls c) {
    this.calls = c;
  }

  /**
   * The connection of a registration: pooled, joined in flight, or newly started if the breaker permits.
   * Completes with empty when quarantined or when the connect failed; never completes exceptionally.
   */
  CompletableFuture<Optional<Pooled>> connection(McpRegistration r) {
    Key key = new Key(r.guildId(), r.id());
    Pooled pooled = pool.getIfPresent(key);
    if (pooled != null && pooled.serves(r)) {
      return CompletableFuture.completedFuture(Optional.of(pooled));
    }
    CompletableFuture<Optional<Pooled>> running = inflight.get(key);
    if (running != null) {
      return running;
    }
    CompletableFuture<Optional<Pooled>> mine = new CompletableFuture<>();
    running = inflight.putIfAbsent(key, mine);
    if (running != null) {
      return running;
    }
    if (!breaker(key).tryAcquire()) {
      inflight.remove(key, mine);
      mine.complete(Optional.empty());
      return mine;
    }
    long generation = generations.getOrDefault(key, 0L);
    CompletableFuture.runAsync(() -> {
      Optional<Pooled> result;
      try {
        result = connectNow(key, r, generation);
      } catch (RuntimeException e) {
        LOG.warn("MCP connect of server {} in guild {} failed unexpectedly ({})", r.id(), r.guildId(),
            e.getClass().getSimpleName());
        breaker(key).onFailure();
        result = Optional.empty();
      }
      inflight.remove(key, mine);
      mine.complete(result);
    }, blocking);
    return mine;
  }

  private Optional<Pooled> connectNow(Key key, McpRegistration r, long generation) {
    Connector.Connected connected;
    try {
      connected = connector.connect(r.url(), r.token().orElse(null));
    } catch (Connector.ConnectFailed e) {
      breaker(key).onFailure();
      listeners.connect(r.guildId(), r.id(), null, e.code);
      LOG.warn("MCP server '{}' (id {}) of guild {} could not connect; quarantining for {} s: {}", r.name(), r.id(),
          r.guildId(), settings.failureCooldown().toSeconds(), e.getMessage());
      return Optional.empty();
    }
    if (generations.getOrDefault(key, 0L) != generation) {
      connected.client().close();
      return Optional.empty();
    }
    breaker(key).onSuccess();
    listeners.connect(r.guildId(), r.id(), connected.transport(), null);
    Pooled pooled = new Pooled(r, connected, tools(r, connected.tools()));
    pool.put(key, pooled); // a replaced connection is closed by the removal listener
    List<String> names = new ArrayList<>();
    connected.tools().forEach(t -> names.add(t.name()));
    blocking.execute(() -> refreshSnapshot(r, names));
    return Optional.of(pooled);
  }

  private List<BaseTool> tools(McpRegistration r, List<McpSchema.Tool> discovered) {
    List<BaseTool> out = new ArrayList<>();
    for (McpSchema.Tool t : discovered) {
      try {
        ObjectNode schema = t.inputSchema() == null ? JSON.createObjectNode().put("type", "object")
            : (ObjectNode) JSON.valueToTree(t.inputSchema());
        ToolSpec spec = McpTool.spec(t.name(), t.description(), schema, r);
        out.add(new McpTool(spec, t.name(), r, calls, blocking));
      } catch (RuntimeException e) {
        LOG.warn("Tool of MCP server '{}' in guild {} skipped: its name or schema is not usable ({})", r.name(),
            r.guildId(), e.getClass().getSimpleName());
      }
    }
    return List.copyOf(out);
  }

  /** Writes the normalised names if they changed; never disturbs the live connection. */
  void refreshSnapshot(McpRegistration r, List<String> discovered) {
    List<String> names = ToolNameSnapshot.normalise(discovered, settings.snapshotMaxNames(),
        settings.snapshotNameMaxCodePoints());
    if (Objects.equals(r.toolNames().orElse(null), names)) {
      return;
    }
    try {
      if (store.updateToolNames(r.guildId(), r.id(), names)) {
        invalidateConfig.accept(r.guildId());
      }
    } catch (RuntimeException e) {
      // The error's text may hold a database URL or a driver message: the class name only.
      LOG.warn("Tool-name snapshot of MCP server {} in guild {} was not updated ({})", r.id(), r.guildId(),
          e.getClass().getSimpleName());
    }
  }

  /** Drops a connection that proved broken, so the next use connects a fresh client. */
  void discard(Key key, Pooled broken) {
    pool.asMap().remove(key, broken);
  }

  /** Closes the connection and clears the quarantine (disable, remove). */
  void disconnect(Key key) {
    generations.merge(key, 1L, Long::sum);
    pool.invalidate(key);
    CircuitBreaker b = breakers.get(key);
    if (b != null) {
      b.reset();
    }
  }

  Optional<BreakerState> breakerState(Key key) {
    CircuitBreaker b = breakers.get(key);
    return b == null ? Optional.empty() : Optional.of(b.state());
  }

  int size() {
    pool.cleanUp();
    return (int) pool.estimatedSize();
  }

  void cleanUp() {
    pool.cleanUp();
  }

  void closeAll() {
    pool.invalidateAll();
    pool.cleanUp();
  }

  private CircuitBreaker breaker(Key key) {
    return breakers.computeIfAbsent(key, k -> new CircuitBreaker(k.guildId(), k.registrationId(), clock,
        settings.failureCooldown(), listeners::transition));
  }

  private static void close(Pooled value, RemovalCause cause) {
    if (value != null) {
      // close() hands the graceful close to the transport without blocking this thread.
      value.connected().client().close();
    }
  }
}
