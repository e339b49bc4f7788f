package dev.loadout.direct;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import dev.loadout.core.store.SqliteDatabase;

/**
 * One side of the two-process race in {@link TwoProcessRaceTest}, run in a JVM of its own: it opens the shared
 * database, says {@code ready}, waits for {@code go} on standard input (a blocking read, so no side sleeps), then
 * claims the race session once per round and prints {@code won <round>} for each claim it got.
 *
 * <p>Arguments: {@code sqlite <file>} or {@code pg <url> <schema>} (user and password from the environment),
 * then the side (0 or 1) and the number of rounds.
 */
public final class TaskRaceWorker {
  static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

  private TaskRaceWorker() {}

  public static void main(String[] args) throws Exception {
    int i = 0;
    DataSource ds;
    if (args[i++].equals("sqlite")) {
      ds = sqlite(args[i++]);
    } else {
      ds = postgres(args[i++], args[i++]);
    }
    int side = Integer.parseInt(args[i++]);
    int rounds = Integer.parseInt(args[i]);
    ToolTaskStore store = JdbcToolTaskStore.create(ds);
    System.out.println("ready");
    System.out.flush();
    new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
    for (int round = 0; round < rounds; round++) {
      ToolTask t = new ToolTask("race", "t" + round + "-" + side, "calc", "{}", "m" + round + "-" + side, 0,
          ToolTask.State.RUNNING, T0.plusSeconds(round * 2L));
      if (store.claim(t, Duration.ofSeconds(1), Duration.ofSeconds(1)) instanceof ClaimResult.Claimed) {
        System.out.println("won " + round);
      }
    }
    System.out.println("done");
    System.out.flush();
  }

  static DataSource sqlite(String file) {
    return SqliteDatabase.file(java.nio.file.Path.of(file)).dataSource();
  }

  static PGSimpleDataSource postgres(String url, String schema) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setURL(url);
    ds.setUser(System.getenv("LOADOUT_TEST_PG_USER"));
    ds.setPassword(System.getenv("LOADOUT_TEST_PG_PASSWORD"));
    if (schema != null) {
      ds.setCurrentSchema(schema);
    }
    return ds;
  }
}
