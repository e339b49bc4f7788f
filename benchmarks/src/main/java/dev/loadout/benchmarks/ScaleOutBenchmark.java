package dev.loadout.benchmarks;

import dev.loadout.core.store.SqliteDatabase;
import dev.loadout.mcp.JdbcMcpRegistrationStore;
import dev.loadout.mcp.McpRegistration;
import dev.loadout.mcp.ServerType;
import dev.loadout.testkit.process.ProcessGroup;
import dev.loadout.testkit.process.StepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A timed harness (not JMH: what it measures happens between processes) for several bot processes on one
 * database, each a real JVM ({@link ProcessGroup}, {@link ScaleOutWorker}):
 * <ul>
 *   <li>{@code latency}: process A saves persona blocks, one every 20 ms; B hears each through its change feed.
 *       Propagation is B's delivery instant minus A's commit instant (one machine, one clock), p50 and p99, with
 *       {@code LISTEN/NOTIFY} and with polling every 1 s and every 200 ms.
 *   <li>{@code claims}: three processes claim task slots at once, 8 threads each, for 10 s, on PostgreSQL and on
 *       a SQLite file opened with {@link SqliteDatabase} (8 pooled connections each); claims/s in total, and any
 *       failure (an {@code SQLITE_BUSY} reaching the caller counts).
 *   <li>{@code reads}: three processes list guilds' MCP registrations (100 guilds of 3), 8 threads each, 10 s.
 * </ul>
 * PostgreSQL is the database of {@code LOADOUT_TEST_PG_URL} ({@code _USER}, {@code _PASSWORD}), a fresh schema per
 * run; without it the PostgreSQL rows are skipped with a line saying so.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.loadout.benchmarks.ScaleOutBenchmark [latency] [claims] [reads]
 * </pre>
 */
public final class ScaleOutBenchmark {
  static final int PROCESSES = 3;
  static final int THREADS = 8;
  static final int SECONDS = 10;

  private ScaleOutBenchmark() {}

  public static void main(String[] args) throws Exception {
    List<String> what = args.length == 0 ? List.of("latency", "claims", "reads") : List.of(args);
    boolean pg = System.getenv(TaskClaimBenchmark.PG_URL) != null;
    if (!pg) {
      System.out.println("PostgreSQL rows skipped: set " + TaskClaimBenchmark.PG_URL + ", _USER and _PASSWORD");
    }
    if (what.contains("latency")) {
      if (pg) {
        latency("PostgreSQL, LISTEN/NOTIFY", "notify", 0, true);
        latency("PostgreSQL, polling every 1 s", "poll", 1000, true);
      }
      latency("SQLite, polling every 1 s", "poll", 1000, false);
      latency("SQLite, polling every 200 ms", "poll", 200, false);
    }
    if (what.contains("claims")) {
      if (pg) {
        claims("PostgreSQL", true);
      }
      claims("SQLite (SqliteDatabase defaults)", false);
    }
    if (what.contains("reads") && pg) {
      reads();
    }
  }

  private static void latency(String label, String feed, int pollMs, boolean postgres) throws Exception {
    int changes = pollMs >= 1000 ? 150 : 300;
    try (Db db = Db.create(postgres); ProcessGroup bots = ProcessGroup.builder(ScaleOutWorker.class).processes(2)
        .jvmArguments("-Xmx512m").start()) {
      bots.runAll("open", db.spec, feed, String.valueOf(Math.max(pollMs, 10)), "2");
      bots.process(0).run("publish", "20", "20"); // warm-up, not counted
      bots.process(1).run("arrivals");
      StepResult published = bots.process(0).run("publish", String.valueOf(changes), "20");
      Map<String, Long> committed = parse(published.values());
      // The last change is heard within the bound; wait for it by asking until it is there.
      long deadline = System.nanoTime() + 10_000_000_000L;
      Map<String, Long> heard;
      do {
        heard = parse(bots.process(1).run("arrivals").values());
      } while (!heard.keySet().containsAll(committed.keySet()) && System.nanoTime() < deadline);
      List<Long> micros = new ArrayList<>();
      for (Map.Entry<String, Long> e : committed.entrySet()) {
        Long at = heard.get(e.getKey());
        if (at != null) {
          micros.add(at - e.getValue());
        }
      }
      Collections.sort(micros);
      System.out.printf(Locale.ROOT, "propagation  %-32s n=%d  p50 %7.1f ms  p99 %7.1f ms  max %7.1f ms  missing %d%n",
          label, micros.size(), pct(micros, 50) / 1000.0, pct(micros, 99) / 1000.0,
          micros.get(micros.size() - 1) / 1000.0, committed.size() - micros.size());
    }
  }

  private static void claims(String label, boolean postgres) throws Exception {
    try (Db db = Db.create(postgres); ProcessGroup bots = ProcessGroup.builder(ScaleOutWorker.class)
        .processes(PROCESSES).jvmArguments("-Xmx512m").timeout(java.time.Duration.ofSeconds(120)).start()) {
      bots.runAll("open", db.spec, "none", "0", String.valueOf(THREADS));
      bots.runAll("claims", String.valueOf(THREADS), "2"); // warm-up
      long won = 0;
      long refused = 0;
      long failed = 0;
      long busy = 0;
      for (StepResult r : bots.runAll("claims", String.valueOf(THREADS), String.valueOf(SECONDS))) {
        won += Long.parseLong(r.values().get(0));
        refused += Long.parseLong(r.values().get(1));
        failed += Long.parseLong(r.values().get(2));
        busy += Long.parseLong(r.values().get(3));
      }
      System.out.printf(Locale.ROOT, "claims       %-32s %d processes x %d threads, %d s: %,.0f claims/s total"
          + "  (refused %d, failed %d, SQLITE_BUSY %d)%n", label, PROCESSES, THREADS, SECONDS, won / (double) SECONDS,
          refused, failed, busy);
    }
  }

  private static void reads() throws Exception {
    try (Db db = Db.create(true)) {
      JdbcMcpRegistrationStore seed = JdbcMcpRegistrationStore.create(db.dataSource, ScaleOutWorker.CIPHER);
      for (int g = 0; g < 100; g++) {
        for (int n = 0; n < 3; n++) {
          seed.insert(McpRegistration.draft("g" + g, "s" + n, "https://mcp.example.com/" + n, "tok-" + n,
              ServerType.GENERAL, List.of("a", "b")));
        }
      }
      try (ProcessGroup bots = ProcessGroup.builder(ScaleOutWorker.class).processes(PROCESSES)
          .jvmArguments("-Xmx512m").timeout(java.time.Duration.ofSeconds(120)).start()) {
        bots.runAll("open", db.spec, "none", "0", String.valueOf(THREADS));
        bots.runAll("reads", String.valueOf(THREADS), "2", "100");
        long reads = 0;
        long failed = 0;
        for (StepResult r : bots.runAll("reads", String.valueOf(THREADS), String.valueOf(SECONDS), "100")) {
          reads += Long.parseLong(r.values().get(0));
          failed += Long.parseLong(r.values().get(1));
        }
        System.out.printf(Locale.ROOT, "reads        %-32s %d processes x %d threads, %d s: %,.0f guild reads/s total"
            + " (3 registrations each, tokens decrypted; failed %d)%n", "PostgreSQL", PROCESSES, THREADS, SECONDS,
            reads / (double) SECONDS, failed);
      }
    }
  }

  private static Map<String, Long> parse(List<String> values) {
    Map<String, Long> out = new HashMap<>();
    for (String v : values) {
      int colon = v.lastIndexOf(':');
      out.put(v.substring(0, colon), Long.parseLong(v.substring(colon + 1)));
    }
    return out;
  }

  private static long pct(List<Long> sorted, int p) {
    return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
  }

  /** A fresh database for one measurement: a PostgreSQL schema (dropped after) or a SQLite file. */
  private static final class Db implements AutoCloseable {
    final String spec;
    final DataSource dataSource;
    private final Runnable cleanup;

    private Db(String spec, DataSource dataSource, Runnable cleanup) {
      this.spec = spec;
      this.dataSource = dataSource;
      this.cleanup = cleanup;
    }

    static Db create(boolean postgres) throws Exception {
      if (!postgres) {
        Path folder = Files.createTempDirectory("loadout-scale");
        Path file = folder.resolve("bench.db");
        return new Db("sqlite:" + file, SqliteDatabase.file(file).dataSource(), () -> {
          try (var files = Files.walk(folder)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
          } catch (java.io.IOException e) {
            // A temporary folder: left for the system to clear.
          }
        });
      }
      String url = System.getenv(TaskClaimBenchmark.PG_URL);
      String schema = "loadout_scale_" + UUID.randomUUID().toString().replace("-", "");
      PGSimpleDataSource admin = TaskClaimBenchmark.postgres(url, null);
      try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
        s.execute("CREATE SCHEMA " + schema);
      }
      return new Db("pg:" + schema, TaskClaimBenchmark.postgres(url, schema), () -> {
        try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
          s.execute("DROP SCHEMA " + schema + " CASCADE");
        } catch (java.sql.SQLException e) {
          System.err.println("schema " + schema + " not dropped: " + e.getMessage());
        }
      });
    }

    @Override
    public void close() {
      cleanup.run();
    }
  }
}
