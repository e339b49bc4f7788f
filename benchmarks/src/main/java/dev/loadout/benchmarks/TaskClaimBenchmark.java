package dev.loadout.benchmarks;

import dev.loadout.direct.ClaimResult;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.InMemoryToolTaskStore;
import dev.loadout.direct.JdbcToolTaskStore;
import dev.loadout.direct.ToolTask;
import dev.loadout.direct.ToolTaskStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Instant;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.postgresql.ds.PGSimpleDataSource;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * Task-slot claims per second with 8 threads: {@code ToolTaskStore.claim}, the one conditional upsert
 * ({@code INSERT … ON CONFLICT … DO UPDATE … WHERE}) a direct call makes before its tool runs.
 *
 * <p>Each thread owns {@value #SESSIONS} sessions and claims them in turn with a logical clock that moves one
 * second per claim, so every claim finds its session's previous task 64 s old (past the default 60 s cooldown
 * and 25 s event deadline) and wins: the steady state of busy sessions, where the claim overwrites an existing
 * row. A refused claim fails the run. The JDBC stores use a {@link FixedPool} of open connections, as a host's
 * pool would (8, or 1 for {@link Adapter#SQLITE_ONE_CONNECTION}); SQLite is a real file in a temporary folder (WAL, busy timeout 10 s, as the store's Javadoc
 * advises); PostgreSQL is a fresh schema in the database named by {@code LOADOUT_TEST_PG_URL} (with
 * {@code _USER} and {@code _PASSWORD}), and without those variables that adapter fails at once with a message
 * saying so, while the others run.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Threads(TaskClaimBenchmark.THREADS)
@State(Scope.Benchmark)
public class TaskClaimBenchmark {
  static final int THREADS = 8;
  /** Sessions per thread; claimed in turn, one logical second apart. */
  static final int SESSIONS = 64;
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
  static final String PG_URL = "LOADOUT_TEST_PG_URL";
  static final String PG_USER = "LOADOUT_TEST_PG_USER";
  static final String PG_PASSWORD = "LOADOUT_TEST_PG_PASSWORD";

  /** The stores. */
  public enum Adapter {
    /** {@link InMemoryToolTaskStore}: the floor, one {@code ConcurrentHashMap.compute}. */
    IN_MEMORY,
    /** {@link JdbcToolTaskStore} on a SQLite file, a pool of 8 connections: writers meet in SQLite's busy handler. */
    SQLITE,
    /** The same file with a pool of one connection, the usual SQLite pool size: writers queue in the pool. */
    SQLITE_ONE_CONNECTION,
    /**
     * 8 connections with {@code synchronous=NORMAL}, the common WAL setting: a commit no longer waits for an
     * fsync (a power cut may lose the last claims; a crash of the process does not).
     */
    SQLITE_SYNC_NORMAL,
    /** {@link JdbcToolTaskStore} on PostgreSQL. */
    POSTGRESQL
  }

  @Param
  public Adapter adapter;

  ToolTaskStore store;
  final DirectSettings settings = DirectSettings.defaults();
  private FixedPool pool;
  private Path folder;
  private String schema;
  private PGSimpleDataSource admin;
  private final AtomicInteger threads = new AtomicInteger();

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    switch (adapter) {
      case IN_MEMORY -> store = new InMemoryToolTaskStore();
      case SQLITE, SQLITE_ONE_CONNECTION, SQLITE_SYNC_NORMAL -> {
        folder = Files.createTempDirectory("loadout-claims");
        pool = new FixedPool(sqlite(folder.resolve("tasks.db"), adapter == Adapter.SQLITE_SYNC_NORMAL),
            adapter == Adapter.SQLITE_ONE_CONNECTION ? 1 : THREADS);
        store = JdbcToolTaskStore.create(pool);
      }
      case POSTGRESQL -> {
        String url = System.getenv(PG_URL);
        if (url == null || url.isBlank()) {
          throw new IllegalStateException("POSTGRESQL skipped: set " + PG_URL + ", " + PG_USER + " and " + PG_PASSWORD
              + " (for example jdbc:postgresql://127.0.0.1:5432/loadout_test; .ci/run shows how) to measure it");
        }
        schema = "loadout_bench_" + UUID.randomUUID().toString().replace("-", "");
        admin = postgres(url, null);
        try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
          s.execute("CREATE SCHEMA " + schema);
        }
        pool = new FixedPool(postgres(url, schema), THREADS);
        store = JdbcToolTaskStore.create(pool);
      }
      default -> throw new IllegalStateException("unknown adapter " + adapter);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    if (pool != null) {
      pool.close();
    }
    if (schema != null) {
      try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
    if (folder != null) {
      try (Stream<Path> files = Files.walk(folder)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /** One thread's sessions, logical clock and count of refused claims. */
  @State(Scope.Thread)
  public static class Claimer {
    String[] sessions;
    long claims;
    long refused;

    @Setup(Level.Trial)
    public void setUp(TaskClaimBenchmark bench) {
      int thread = bench.threads.getAndIncrement();
      sessions = new String[SESSIONS];
      for (int i = 0; i < SESSIONS; i++) {
        sessions[i] = "guild-" + thread + ":channel-" + i;
      }
    }

    /** The next claim: the next session, one logical second later, for a new message. */
    ToolTask next() {
      long n = claims++;
      return new ToolTask(sessions[(int) (n % SESSIONS)], "t" + n, "web_search_exa",
          "{\"query\":\"冰雪奇缘最新官方消息\",\"objective\":\"Find the latest official news\",\"numResults\":3}",
          "m" + n, 0, ToolTask.State.RUNNING, T0.plusSeconds(n));
    }

    @TearDown(Level.Trial)
    public void check() {
      if (refused > 0) {
        throw new IllegalStateException(refused + " of " + claims + " claims were refused; every claim must win");
      }
    }
  }

  @Benchmark
  public ClaimResult claim(Claimer claimer) {
    ClaimResult r = store.claim(claimer.next(), settings.cooldown(), settings.eventDeadline());
    if (!(r instanceof ClaimResult.Claimed)) {
      claimer.refused++;
    }
    return r;
  }

  static DataSource sqlite(Path file, boolean syncNormal) {
    SQLiteConfig config = new SQLiteConfig();
    if (syncNormal) {
      config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
    }
    config.setBusyTimeout(10_000);
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    SQLiteDataSource ds = new SQLiteDataSource(config);
    ds.setUrl("jdbc:sqlite:" + file);
    return ds;
  }

  static PGSimpleDataSource postgres(String url, String schema) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(url);
    ds.setUser(System.getenv(PG_USER));
    ds.setPassword(System.getenv(PG_PASSWORD));
    if (schema != null) {
      ds.setCurrentSchema(schema);
    }
    return ds;
  }

  static boolean postgresConfigured() {
    String url = System.getenv(PG_URL);
    return url != null && !url.isBlank();
  }
}
