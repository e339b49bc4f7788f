package dev.loadout.benchmarks;

import dev.loadout.tools.persona.BlockType;
import dev.loadout.tools.persona.JdbcPersonaBlockStore;
import dev.loadout.tools.persona.PersonaBlock;
import dev.loadout.direct.ClaimResult;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.JdbcToolTaskStore;
import dev.loadout.direct.ToolTask;
import dev.loadout.core.store.PollingChanges;
import dev.loadout.core.store.PostgresChanges;
import dev.loadout.core.store.SqliteDatabase;
import dev.loadout.core.store.StoreChanges;
import dev.loadout.mcp.JdbcMcpRegistrationStore;
import dev.loadout.mcp.TokenCipher;
import dev.loadout.testkit.process.Step;
import dev.loadout.testkit.process.Worker;
import dev.loadout.testkit.process.WorkerContext;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/**
 * One bot process of {@link ScaleOutBenchmark}. {@code open <sqlite:file|pg:schema> <notify|poll|none> <pollMs>
 * <connections>}; {@code claims <threads> <seconds>} and {@code reads <threads> <seconds> <guilds>} return counts;
 * {@code publish <n> <gapMs>} saves n persona blocks, one every gap, returning each commit instant; {@code arrivals}
 * returns when this process's feed delivered each of them.
 */
public final class ScaleOutWorker implements Worker {
  static final TokenCipher CIPHER = TokenCipher.aesGcm("bench", new byte[32]);
  private volatile FixedPool pool;
  private volatile StoreChanges feed;
  private volatile JdbcToolTaskStore tasks;
  private volatile JdbcPersonaBlockStore blocks;
  private volatile JdbcMcpRegistrationStore mcp;
  private final ConcurrentHashMap<String, Long> arrivals = new ConcurrentHashMap<>();
  /** Each claims run starts its logical clock far after the last one's, so no session is in its cooldown. */
  private final AtomicLong claimRuns = new AtomicLong();

  @Override
  public Object run(Step step, WorkerContext context) throws Exception {
    switch (step.name()) {
      case "open":
        return open(step, context);
      case "claims":
        return claims(step.intArg(0), step.intArg(1), context.index());
      case "reads":
        return reads(step.intArg(0), step.intArg(1), step.intArg(2));
      case "publish":
        return publish(step.intArg(0), step.intArg(1), context.index());
      case "arrivals":
        List<String> out = new ArrayList<>();
        arrivals.forEach((k, v) -> out.add(k + ":" + v));
        return out;
      default:
        throw new IllegalArgumentException("unknown step " + step);
    }
  }

  private Object open(Step step, WorkerContext context) throws Exception {
    String db = step.arg(0);
    DataSource ds = db.startsWith("sqlite:") ? SqliteDatabase.file(Path.of(db.substring(7))).dataSource()
        : TaskClaimBenchmark.postgres(System.getenv(TaskClaimBenchmark.PG_URL), db.substring(3));
    feed = switch (step.arg(1)) {
      case "notify" -> {
        PostgresChanges pg = PostgresChanges.builder(ds).build();
        pg.awaitListening(Duration.ofSeconds(20));
        yield pg;
      }
      case "poll" -> PollingChanges.builder(ds).interval(Duration.ofMillis(step.intArg(2))).build();
      default -> StoreChanges.inProcess();
    };
    feed.subscribe("persona_user_blocks", c -> {
      if (!c.isEverything()) {
        arrivals.putIfAbsent(c.scope(), now());
      }
    });
    pool = new FixedPool(ds, step.intArg(3));
    tasks = JdbcToolTaskStore.create(pool);
    blocks = JdbcPersonaBlockStore.create(pool, feed);
    mcp = JdbcMcpRegistrationStore.create(pool, CIPHER, feed);
    return "open";
  }

  private List<Object> claims(int threads, int seconds, int process) throws Exception {
    AtomicLong won = new AtomicLong();
    AtomicLong refused = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    AtomicLong busy = new AtomicLong();
    DirectSettings settings = DirectSettings.defaults();
    Instant t0 = Instant.parse("2026-03-01T12:00:00Z").plus(Duration.ofDays(365 * claimRuns.getAndIncrement()));
    runFor(threads, seconds, t -> {
      long[] n = {0};
      String[] sessions = new String[64];
      for (int i = 0; i < sessions.length; i++) {
        sessions[i] = "p" + process + "-t" + t + "-s" + i;
      }
      return () -> {
        long k = n[0]++;
        try {
          ToolTask task = new ToolTask(sessions[(int) (k % 64)], "t" + k, "web_search", "{}", "m" + k, 0,
              ToolTask.State.RUNNING, t0.plusSeconds(k));
          if (tasks.claim(task, settings.cooldown(), settings.eventDeadline()) instanceof ClaimResult.Claimed) {
            won.incrementAndGet();
          } else {
            refused.incrementAndGet();
          }
        } catch (RuntimeException e) {
          failed.incrementAndGet();
          if (String.valueOf(e.getMessage()).contains("SQLITE_BUSY")) {
            busy.incrementAndGet();
          }
        }
      };
    });
    return List.of(won.get(), refused.get(), failed.get(), busy.get());
  }

  private List<Object> reads(int threads, int seconds, int guilds) throws Exception {
    AtomicLong reads = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    runFor(threads, seconds, t -> {
      long[] n = {t};
      return () -> {
        try {
          mcp.list("g" + (n[0]++ % guilds));
          reads.incrementAndGet();
        } catch (RuntimeException e) {
          failed.incrementAndGet();
        }
      };
    });
    return List.of(reads.get(), failed.get());
  }

  private List<String> publish(int count, int gapMs, int process) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      PersonaBlock.Key key = new PersonaBlock.Key("g", "p", "lat-" + process + "-" + i);
      Instant at = Instant.now();
      blocks.upsert(new PersonaBlock(key, BlockType.MUTE, "bench", at, at.plusSeconds(60)));
      out.add("g\u001ep\u001e" + key.userId() + ":" + now());
      LockSupport.parkNanos(Duration.ofMillis(gapMs).toNanos()); // a bot's pace of changes, not synchronisation
    }
    return out;
  }

  /** Runs each thread's loop body until the time is up, all threads starting together. */
  private static void runFor(int threads, int seconds, java.util.function.IntFunction<Runnable> loops) throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    List<Thread> running = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Runnable body = loops.apply(t);
      Thread th = new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        while (System.nanoTime() < end) {
          body.run();
        }
      });
      th.start();
      running.add(th);
    }
    start.countDown();
    for (Thread th : running) {
      th.join();
    }
  }

  static long now() {
    return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
  }

  @Override
  public void stop() throws Exception {
    if (feed != null) {
      feed.close();
    }
    if (pool != null) {
      pool.close();
    }
  }
}
