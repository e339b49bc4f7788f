package dev.loadout.direct;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.store.TestDatabases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

/** Two JVMs claim one session's slot on one database, round after round: never both in the same round. */
class TwoProcessRaceTest {
  @TempDir
  Path folder;

  @Test
  void twoProcessesOnOneSqliteFileNeverDoubleClaim() throws Exception {
    String file = folder.resolve("race.db").toString();
    JdbcToolTaskStore.create(TaskRaceWorker.sqlite(file));
    race(List.of("sqlite", file), 2000);
  }

  @Test
  void twoProcessesOnOnePostgresNeverDoubleClaim() throws Exception {
    TestDatabases.postgres().close(); // skips (or fails under CI) exactly as the other PostgreSQL tests do
    String url = System.getenv(TestDatabases.URL_VARIABLE);
    String schema = "loadout_race_" + UUID.randomUUID().toString().replace("-", "");
    PGSimpleDataSource admin = TaskRaceWorker.postgres(url, null);
    try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
    }
    try {
      JdbcToolTaskStore.create(TaskRaceWorker.postgres(url, schema));
      race(List.of("pg", url, schema), 1000);
    } finally {
      try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  private static void race(List<String> database, int rounds) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> processes = new ArrayList<>();
    List<BufferedReader> outputs = new ArrayList<>();
    for (int side = 0; side < 2; side++) {
      List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
          TaskRaceWorker.class.getName()));
      command.addAll(database);
      command.add(String.valueOf(side));
      command.add(String.valueOf(rounds));
      Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      processes.add(p);
      outputs.add(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)));
    }
    try {
      for (BufferedReader out : outputs) {
        assertThat(out.readLine()).isEqualTo("ready");
      }
      for (Process p : processes) {
        Writer go = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
        go.write("go\n");
        go.flush();
      }
      List<Set<Integer>> won = new ArrayList<>();
      for (BufferedReader out : outputs) {
        Set<Integer> rounds0 = new HashSet<>();
        String line;
        while ((line = out.readLine()) != null && !line.equals("done")) {
          rounds0.add(Integer.parseInt(line.substring("won ".length())));
        }
        assertThat(line).as("worker finished").isEqualTo("done");
        won.add(rounds0);
      }
      for (Process p : processes) {
        assertThat(p.waitFor()).isZero();
      }
      Set<Integer> both = new HashSet<>(won.get(0));
      both.retainAll(won.get(1));
      assertThat(both).as("rounds claimed by both processes").isEmpty();
      assertThat(won.get(0).size() + won.get(1).size()).isPositive();
    } finally {
      processes.forEach(Process::destroy);
    }
  }
}
