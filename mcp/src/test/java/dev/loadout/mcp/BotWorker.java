package dev.loadout.mcp;

import dev.loadout.core.Loadout;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.loadout.tools.persona.BlockType;
import dev.loadout.tools.persona.JdbcPersonaBlockStore;
import dev.loadout.tools.persona.PersonaBlock;
import dev.loadout.tools.persona.PersonaBlocks;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectCatalogs;
import dev.loadout.direct.DirectConfig;
import dev.loadout.direct.DirectDecision;
import dev.loadout.direct.DirectRouter;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.IncomingMessage;
import dev.loadout.direct.JdbcDirectConfigStore;
import dev.loadout.direct.JdbcToolTaskStore;
import dev.loadout.direct.SavedDirectConfigs;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.store.PollingChanges;
import dev.loadout.core.store.PostgresChanges;
import dev.loadout.core.store.StoreChanges;
import dev.loadout.testkit.process.Step;
import dev.loadout.testkit.process.Worker;
import dev.loadout.testkit.process.WorkerContext;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;

/**
 * One bot process of the scale-out tests: every store on the shared database with one change feed, a guild MCP
 * manager behind a {@link Loadout}, persona blocks and direct-invocation catalogs, as a bot wires them.
 *
 * <p>{@code open <db spec> <notify|poll> <max servers per guild> [backoff ms]} sets it up. Writes ({@code add},
 * {@code setEnabled}, {@code remove}, {@code block}, {@code saveDirect}) return when committed, with that instant
 * (epoch micros) last. {@code await…} steps serve turns (or route messages) until what they wait for shows, and
 * return the instant it first showed; a bot turns every few milliseconds here, and gives up after the timeout.
 * Feed events are reported as observations {@code change <kind> <scope or *>}, and on PostgreSQL each listening
 * connection the feed opens as {@code listener <backend pid>}. On PostgreSQL the stores borrow their connections
 * from a HikariCP pool and the feed listens on a plain {@code PGSimpleDataSource} connection, as
 * docs/stores.md advises.
 */
public final class BotWorker implements Worker {
  static final ToolSpec LOOKUP = ToolSpec.builder("lookup", """
      {"type":"object","properties":{"term":{"type":"string"}},"required":["term"]}""").build();
  private static final Duration TURN_PACE = Duration.ofMillis(2);

  private volatile StoreChanges feed;
  private volatile HikariDataSource pool;
  private volatile JdbcMcpRegistrationStore mcp;
  private volatile GuildMcpManager manager;
  private volatile Loadout loadout;
  private volatile PersonaBlocks blocks;
  private volatile DirectCatalogs catalogs;
  private volatile JdbcToolTaskStore tasks;
  private final AtomicLong messages = new AtomicLong();

  @Override
  public Object run(Step step, WorkerContext context) throws Exception {
    return switch (step.name()) {
      case "open" -> open(step, context);
      case "add" -> {
        ConfigOutcome out = manager.configOperations().add(step.arg(0), step.arg(1), step.arg(2), null, null);
        yield List.of(out.code(), out.message(), out.registration().map(r -> r.id()).orElse(0L), now());
      }
      case "addMany" -> concurrently(step.intArg(1), i -> {
        ConfigOutcome out = manager.configOperations().add(step.arg(0), step.arg(2) + i, step.arg(3), null, null);
        return out.code() + "|" + out.message();
      });
      case "setEnabled" -> List.of(manager.configOperations().setEnabled(step.arg(0), step.longArg(1),
          Boolean.parseBoolean(step.arg(2))).code(), now());
      case "remove" -> List.of(manager.configOperations().remove(step.arg(0), step.longArg(1)).code(), now());
      case "visible" -> loadout.prepare(turn(step.arg(0))).visibleNames();
      case "connections" -> manager.connectionCount();
      case "awaitVisible" -> awaitTurns(step.intArg(3), () -> knows(step.arg(0), step.arg(1)) == step.arg(2).equals("present"));
      case "awaitConnections" -> awaitTurns(step.intArg(1), () -> manager.connectionCount() == step.intArg(0));
      case "block" -> {
        Instant at = Instant.now();
        blocks.save(new PersonaBlock(new PersonaBlock.Key(step.arg(0), step.arg(1), step.arg(2)), BlockType.BLOCK,
            "test", at, at.plus(Duration.ofHours(1))));
        yield List.of(now());
      }
      case "mayTrigger" -> blocks.mayTrigger(step.arg(0), step.arg(1), step.arg(2));
      case "awaitBlocked" -> awaitTurns(step.intArg(3), () -> !blocks.mayTrigger(step.arg(0), step.arg(1), step.arg(2)));
      case "saveDirect" -> {
        DirectCatalog next = catalogs.catalog(step.arg(0)).save(LOOKUP,
            DirectConfig.builder("lookup").command("/" + step.arg(1)).build());
        SavedDirectConfigs saved = catalogs.saved(step.arg(0));
        catalogs.save(step.arg(0), saved.version(), saved.with(next.config("lookup").orElseThrow()).configs());
        yield List.of(now());
      }
      case "route" -> route(step.arg(0), step.arg(1)).getClass().getSimpleName();
      case "awaitRoutes" -> awaitTurns(step.intArg(2), () -> route(step.arg(0), step.arg(1)) instanceof DirectDecision.Invoke);
      default -> throw new IllegalArgumentException("unknown step " + step);
    };
  }

  private Object open(Step step, WorkerContext context) {
    DataSource plain = SharedDb.open(step.arg(0));
    DataSource ds = plain;
    if (step.arg(0).startsWith("pg:")) {
      // The stores borrow from a pool, as docs/stores.md advises; the feed's listener keeps a plain connection. Small
      // and lazy, because every test of every build on this machine shares the one PostgreSQL's 100 connections;
      // the racing adds queue for a connection, which is what a host's pool does too.
      HikariConfig config = new HikariConfig();
      config.setDataSource(plain);
      config.setMaximumPoolSize(8);
      config.setMinimumIdle(1);
      config.setPoolName("bot-" + context.index());
      pool = new HikariDataSource(config);
      ds = pool;
    }
    if (step.arg(1).equals("notify")) {
      Duration backoff = Duration.ofMillis(step.args().size() > 3 ? step.longArg(3) : 100);
      PostgresChanges pg = PostgresChanges.builder(listenerSource(plain, context)).reconnectBackoff(backoff, backoff.multipliedBy(4)).build();
      if (!pg.awaitListening(Duration.ofSeconds(20))) {
        throw new IllegalStateException("the feed did not start listening");
      }
      feed = pg;
    } else {
      feed = PollingChanges.builder(ds).interval(Duration.ofMillis(step.args().size() > 3 ? step.longArg(3) : 200)).build();
    }
    for (String kind : List.of("mcp_registrations", "persona_user_blocks", "direct_configs")) {
      feed.subscribe(kind, c -> context.observe("change", c.kind(), c.isEverything() ? "*" : c.scope()));
    }
    mcp = JdbcMcpRegistrationStore.create(ds, Keys.cipher(), feed);
    // Sixty racing adds each test-connect to one in-JVM server: on a loaded 2-core machine a test connection can wait
    // its turn for seconds, and a connect timeout there would turn the race under test into "unreachable".
    McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(30))
        .maxServersPerGuild(step.intArg(2)).build();
    manager = GuildMcpManager.builder(mcp, NetworkGuard.of(NetworkPolicy.development())).settings(settings).build();
    loadout = Loadout.builder(ToolRegistry.builder().build()).externalTools(manager).build();
    blocks = PersonaBlocks.builder(JdbcPersonaBlockStore.create(ds, feed)).build();
    catalogs = DirectCatalogs.builder(JdbcDirectConfigStore.create(ds, Clock.systemUTC(), feed), List.of("help"),
        name -> name.equals("lookup") ? LOOKUP : null).build();
    tasks = JdbcToolTaskStore.create(ds);
    return "open";
  }

  /**
   * The feed's data source, reporting each connection it hands out as an observation {@code listener <backend pid>}:
   * the one way a test can tell its own processes' listening connections from those of other tests (and other
   * builds) on the same PostgreSQL, which all carry the same {@code application_name}.
   */
  private static DataSource listenerSource(DataSource plain, WorkerContext context) {
    return (DataSource) Proxy.newProxyInstance(BotWorker.class.getClassLoader(), new Class<?>[] {DataSource.class},
        (proxy, method, args) -> {
          Object out;
          try {
            out = method.invoke(plain, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
          if (out instanceof java.sql.Connection c) {
            try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT pg_backend_pid()")) {
              rows.next();
              context.observe("listener", String.valueOf(rows.getInt(1)));
            }
          }
          return out;
        });
  }

  /**
   * Whether the guild's turn knows the tool's server: shows the tool, or hides it with a reason of its server's
   * (still connecting, say). What the staleness bound is about is the configuration, not how fast a connect is.
   */
  private boolean knows(String guild, String tool) {
    dev.loadout.core.PreparedTurn turn = loadout.prepare(turn(guild));
    return turn.visibleNames().contains(tool) || turn.hidden(tool).isPresent();
  }

  private DirectDecision route(String scope, String text) {
    DirectRouter router = DirectRouter.of(catalogs.catalog(scope), tasks, DirectSettings.defaults(), Clock.systemUTC());
    long n = messages.incrementAndGet();
    return router.route(IncomingMessage.of(scope + "-session-" + n, "m" + n, text));
  }

  private static TurnContext turn(String guild) {
    return TurnContext.builder("openai", "gpt-test").guildId(guild).build();
  }

  /**
   * Serves turns until the condition holds. Returns, in epoch micros, when the last turn that did not show it
   * started (0 if the first turn showed it) and when the first turn that showed it started, then the number of
   * turns: every turn that starts later than the bound after a commit must show it, so the last miss is what the
   * bound is checked against (a showing turn may be slow for its own reasons, such as a first connect).
   */
  private static List<Object> awaitTurns(int timeoutMs, BooleanSupplier shown) {
    long deadline = System.nanoTime() + Duration.ofMillis(timeoutMs).toNanos();
    long lastMiss = 0;
    int turns = 0;
    while (true) {
      turns++;
      long started = now();
      if (shown.getAsBoolean()) {
        return List.of(lastMiss, started, turns);
      }
      lastMiss = started;
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not shown within " + timeoutMs + " ms (" + turns + " turns)");
      }
      LockSupport.parkNanos(TURN_PACE.toNanos());
    }
  }

  static long now() {
    return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
  }

  /** Runs a step's work concurrently in several threads of this process; for the racing adds. */
  static <T> List<T> concurrently(int threads, java.util.function.IntFunction<T> work) {
    List<CompletableFuture<T>> running = new ArrayList<>();
    java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
    for (int i = 0; i < threads; i++) {
      int n = i;
      running.add(CompletableFuture.supplyAsync(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return work.apply(n);
      }, r -> new Thread(r, "racer-" + n).start()));
    }
    start.countDown();
    return running.stream().map(CompletableFuture::join).toList();
  }

  @Override
  public void stop() {
    if (manager != null) {
      manager.close();
    }
    if (feed != null) {
      feed.close();
    }
    if (pool != null) {
      pool.close();
    }
  }
}
