package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.testkit.process.Observation;
import dev.loadout.testkit.process.ProcessGroup;
import dev.loadout.testkit.process.StepResult;
import dev.loadout.testkit.process.WorkerProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LISTEN connection of every process is killed on the server ({@code pg_terminate_backend}); a block saved
 * while they are reconnecting (notifications sent then are lost) is still enforced in B once its listener is back,
 * because a feed that reconnects tells its caches that everything may have changed.
 */
@Timeout(120)
class ListenerLossAcrossProcessesTest {
  /** Long enough that the block is saved while B is not listening. */
  static final String BACKOFF_MS = "1500";

  @TempDir
  Path folder;

  @Test
  void aChangeMadeWhileTheListenerWasDownIsSeenAfterItReconnects() throws Exception {
    try (SharedDb shared = SharedDb.postgres();
        ProcessGroup bots = ProcessGroup.builder(BotWorker.class).processes(2).start()) {
      bots.runAll("open", shared.spec(), "notify", "5", BACKOFF_MS);
      WorkerProcess a = bots.process(0);
      WorkerProcess b = bots.process(1);
      assertThat(b.run("mayTrigger", "g1", "persona", "alice").value()).isEqualTo("true");

      Instant killed = Instant.now();
      assertThat(terminateListeners(shared)).as("listening connections killed").isEqualTo(2);
      b.await("change", o -> everything(o) && o.at().isAfter(killed)); // the loss: B's caches were cleared
      assertThat(b.run("mayTrigger", "g1", "persona", "alice").value()).as("re-cached while not listening").isEqualTo("true");

      StepResult blocked = a.run("block", "g1", "persona", "alice");
      Instant committed = Instant.EPOCH.plus(Long.parseLong(blocked.value()), ChronoUnit.MICROS);
      Observation back = b.await("change", o -> everything(o) && o.at().isAfter(committed));
      // Everything announced after the block committed came from the reconnect, not from the block's notification.
      assertThat(b.observations("change")).filteredOn(o -> o.at().isAfter(committed))
          .allSatisfy(o -> assertThat(o.value(1)).isEqualTo("*"));
      b.run("awaitBlocked", "g1", "persona", "alice", "5000");
      assertThat(back.at()).isAfter(committed);
      assertThat(shared.count("SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = 'loadout_changes_listener'"
          + " AND datname = current_database()")).as("both listen again").isEqualTo(2);
    }
  }

  private static boolean everything(Observation o) {
    return o.value(0).equals("persona_user_blocks") && o.value(1).equals("*");
  }

  private static int terminateListeners(SharedDb db) throws Exception {
    try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
        ResultSet rows = s.executeQuery("SELECT COUNT(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
            + " WHERE application_name = 'loadout_changes_listener' AND datname = current_database()")) {
      rows.next();
      return rows.getInt(1);
    }
  }
}
