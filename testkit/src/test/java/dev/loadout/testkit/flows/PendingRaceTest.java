package dev.loadout.testkit.flows;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.direct.DirectCatalog;
import dev.loadout.direct.DirectDecision;
import dev.loadout.direct.DirectRouter;
import dev.loadout.direct.DirectSettings;
import dev.loadout.direct.IncomingMessage;
import dev.loadout.direct.JdbcToolTaskStore;
import dev.loadout.core.store.TestDatabases;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Two bot processes (JVMs of their own) share one task table; each session holds one booking, and both processes
 * send a message into every session at once. Every booking runs exactly once: never twice, never lost.
 */
@Timeout(300)
class PendingRaceTest {
  @TempDir
  Path folder;

  @Test
  void twoProcessesOnOneSqliteFileRunEachBookingExactlyOnce() throws Exception {
    String file = folder.resolve("race.db").toString();
    race(PendingRaceWorker.sqlite(file), List.of("sqlite", file), 300);
  }

  @Test
  void twoProcessesOnOnePostgresRunEachBookingExactlyOnce() throws Exception {
    TestDatabases.postgres().close(); // skips (or fails under CI) exactly as the other PostgreSQL tests do
    String url = System.getenv(TestDatabases.URL_VARIABLE);
    String schema = "loadout_pending_race_" + UUID.randomUUID().toString().replace("-", "");
    PGSimpleDataSource admin = PendingRaceWorker.postgres(url, null);
    try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE SCHEMA " + schema);
    }
    try {
      race(PendingRaceWorker.postgres(url, schema), List.of("pg", url, schema), 200);
    } finally {
      try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  /** Books one search per round's session, as Alice's booking turns would, then lets the two processes race. */
  private static void race(DataSource ds, List<String> database, int rounds) throws Exception {
    ToolRegistry registry = ToolRegistry.builder()
        .register(BaseTool.of(ChatBot.WEB_SEARCH, (call, ctx) -> ToolResult.text("unused"))).build();
    try (Loadout loadout = Loadout.builder(registry).executor(Runnable::run).build()) {
      DirectRouter router = DirectRouter.of(DirectCatalog.empty(List.of("clear", "mcp-cancel")),
          JdbcToolTaskStore.create(ds), DirectSettings.defaults(), Clock.fixed(ChatBot.T0, ZoneOffset.UTC));
      PreparedTurn alice = loadout.prepare(TurnContext.builder("openai", "gpt-test").userId("alice").build());
      for (int round = 0; round < rounds; round++) {
        DirectDecision d = router.book(IncomingMessage.of(PendingRaceWorker.session(round), "a" + round, "search"),
            alice, ToolCall.of("c" + round, "web_search", "{\"query\":\"" + round + "\"}"));
        assertThat(d).isInstanceOf(DirectDecision.Booked.class);
      }
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> processes = new ArrayList<>();
    List<BufferedReader> outputs = new ArrayList<>();
    try {
      for (int side = 0; side < 2; side++) {
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
            PendingRaceWorker.class.getName()));
        command.addAll(database);
        command.add(String.valueOf(side));
        command.add(String.valueOf(rounds));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        processes.add(p);
        outputs.add(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)));
      }
      for (BufferedReader out : outputs) {
        assertThat(out.readLine()).isEqualTo("ready");
      }
      for (Process p : processes) {
        Writer go = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
        go.write("go\n");
        go.flush();
      }
      Map<Integer, Integer> runs = new HashMap<>();
      List<String> unexpected = new ArrayList<>();
      for (BufferedReader out : outputs) {
        String line;
        while ((line = out.readLine()) != null && !line.equals("done")) {
          if (line.startsWith("ran ")) {
            runs.merge(Integer.parseInt(line.substring(4)), 1, Integer::sum);
          } else {
            unexpected.add(line);
          }
        }
        assertThat(line).as("worker finished").isEqualTo("done");
      }
      for (Process p : processes) {
        assertThat(p.waitFor()).isZero();
      }
      assertThat(unexpected).isEmpty();
      assertThat(runs.values()).as("runs per booking").allMatch(n -> n == 1);
      assertThat(runs).as("bookings that ran").hasSize(rounds);
    } finally {
      processes.forEach(Process::destroy);
    }
  }
}
