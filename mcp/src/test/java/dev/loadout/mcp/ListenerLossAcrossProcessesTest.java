package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.testkit.process.Observation;
import dev.loadout.testkit.process.ProcessGroup;
import dev.loadout.testkit.process.StepResult;
import dev.loadout.testkit.process.WorkerProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The LISTEN connection of every process is killed on the server ({@code pg_terminate_backend}); a block saved
 * while they are reconnecting (notifications sent then are lost) is still enforced in B once its listener is back,
 * because a feed that reconnects tells its caches that everything may have changed. Only this test's two listening
 * connections are killed (by the backend pids the processes report), never another test's on the same database.
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

      // Only this test's listeners: other tests (and other builds) on the same PostgreSQL listen too, under the same
      // application_name, and killing theirs would fail them; each process reports its listening connection's pid.
      List<Integer> before = List.of(listenerPid(a), listenerPid(b));
      Instant killed = Instant.now();
      assertThat(terminate(shared, before)).as("listening connections killed").isEqualTo(2);
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
      List<Integer> after = List.of(listensAgain(a, killed), listensAgain(b, killed));
      assertThat(after).as("new listening connections").doesNotContainAnyElementsOf(before);
      assertThat(listening(shared, after)).as("both listen again").isEqualTo(2);
    }
  }

  /** The backend pid of the process's latest listening connection. */
  private static int listenerPid(WorkerProcess p) {
    p.await("listener", o -> true);
    List<Observation> seen = p.observations("listener");
    return Integer.parseInt(seen.get(seen.size() - 1).value(0));
  }

  /**
   * Waits until the process listens on a connection opened after the kill (its feed announces everything once the
   * new connection listens) and returns that connection's pid.
   */
  private static int listensAgain(WorkerProcess p, Instant killed) {
    Observation opened = p.await("listener", o -> o.at().isAfter(killed));
    p.await("change", o -> everything(o) && o.at().isAfter(opened.at()));
    return listenerPid(p);
  }

  private static int terminate(SharedDb db, List<Integer> pids) throws Exception {
    return listeners(db, "COUNT(*) FILTER (WHERE pg_terminate_backend(pid))", pids);
  }

  private static int listening(SharedDb db, List<Integer> pids) throws Exception {
    return listeners(db, "COUNT(*)", pids);
  }

  private static int listeners(SharedDb db, String what, List<Integer> pids) throws Exception {
    try (Connection c = db.dataSource().getConnection(); PreparedStatement s = c.prepareStatement("SELECT " + what
        + " FROM pg_stat_activity WHERE application_name = 'loadout_changes_listener' AND pid = ANY (?)")) {
      s.setArray(1, c.createArrayOf("integer", pids.toArray()));
      try (ResultSet rows = s.executeQuery()) {
        rows.next();
        return rows.getInt(1);
      }
    }
  }

  private static boolean everything(Observation o) {
    return o.value(0).equals("persona_user_blocks") && o.value(1).equals("*");
  }
}
