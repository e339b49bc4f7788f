package dev.loadout.direct;

import dev.loadout.core.store.MutableClock;
import static dev.loadout.direct.DirectFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolResult;
import dev.loadout.core.store.TestDatabases;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task table of the first schema version, as an older Loadout left it, moves to the booking columns: its rows read
 * as tasks created when they started and booked by nobody, and a pending one of them never runs under anyone.
 */
class ToolTaskMigrationTest {
  @TempDir
  Path folder;
  @RegisterExtension
  final DirectFixtures.Turns turns = new DirectFixtures.Turns(DirectFixtures.CALC);

  @Test
  void rowsOfTheFirstSchemaReadAsUnbookedAndAPendingOneIsRefusedNotRun() throws Exception {
    DataSource ds = TestDatabases.sqlite(folder);
    try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE loadout_schema_version (store TEXT NOT NULL PRIMARY KEY, version INTEGER NOT NULL)");
      s.execute("INSERT INTO loadout_schema_version (store, version) VALUES ('tool_tasks', 1)");
      s.execute("CREATE TABLE loadout_tool_tasks (session_key TEXT NOT NULL PRIMARY KEY, task_id TEXT NOT NULL, "
          + "tool_name TEXT NOT NULL, arguments TEXT, source_message_id TEXT NOT NULL, generation BIGINT NOT NULL, "
          + "state TEXT NOT NULL, started_at INTEGER NOT NULL)");
      s.execute("INSERT INTO loadout_tool_tasks VALUES ('s', 't1', 'calc', '{\"value\":2}', 'm1', 0, 'pending', "
          + T0.toEpochMilli() + ")");
    }
    JdbcToolTaskStore store = JdbcToolTaskStore.create(ds);
    ToolTask old = store.find("s").orElseThrow();
    assertThat(old.createdAt()).isEqualTo(T0);
    assertThat(old.bookedContext()).isNull();

    MutableClock clock = new MutableClock(T0.plus(Duration.ofMinutes(1)));
    DirectRouter router = DirectRouter.of(DirectFixtures.catalog(), store, DirectSettings.defaults(), clock);
    DirectDecision.Invoke invoke = (DirectDecision.Invoke) router.route(IncomingMessage.of("s", "m2", "hi"));
    ToolResult result = router.run(invoke, turns.turn()).toCompletableFuture().join();

    assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class,
        f -> assertThat(f.code()).isEqualTo(DirectRouter.BOOKING_MISSING));
    assertThat(store.find("s").orElseThrow().state()).isEqualTo(ToolTask.State.DONE);
  }
}
