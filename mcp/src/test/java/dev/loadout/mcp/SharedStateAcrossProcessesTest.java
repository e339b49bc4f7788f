package dev.loadout.mcp;

import static dev.loadout.mcp.McpChangesAcrossProcessesTest.within;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.testkit.process.ProcessGroup;
import dev.loadout.testkit.process.StepResult;
import dev.loadout.testkit.process.WorkerProcess;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Persona blocks and direct-invocation configs across processes: a block saved in A is enforced in B, and a
 * direct config saved in A routes in B, each within the feed's bound, while B kept serving (and caching) the
 * state before the change.
 */
@Timeout(180)
class SharedStateAcrossProcessesTest {
  @TempDir
  Path folder;

  @ParameterizedTest(name = "{0} with {1}")
  @CsvSource({"postgres, notify, 1000", "sqlite, poll, 1200"})
  void aBlockSavedInOneProcessIsEnforcedInAnother(String db, String feed, long boundMs) throws Exception {
    try (SharedDb shared = SharedDb.of(db, folder);
        ProcessGroup bots = ProcessGroup.builder(BotWorker.class).processes(2).start()) {
      bots.runAll("open", shared.spec(), feed, "5");
      WorkerProcess a = bots.process(0);
      WorkerProcess b = bots.process(1);
      assertThat(b.run("mayTrigger", "g1", "persona", "alice").value()).as("cached: not blocked").isEqualTo("true");
      CompletableFuture<StepResult> enforced = b.start("awaitBlocked", "g1", "persona", "alice", "60000");
      StepResult blocked = a.run("block", "g1", "persona", "alice");
      within(boundMs, blocked, enforced.join());
      // What must stay: another user and another persona are not blocked.
      assertThat(b.run("mayTrigger", "g1", "persona", "bob").value()).isEqualTo("true");
      assertThat(b.run("mayTrigger", "g1", "other", "alice").value()).isEqualTo("true");
    }
  }

  @ParameterizedTest(name = "{0} with {1}")
  @CsvSource({"postgres, notify, 1000", "sqlite, poll, 1200"})
  void aDirectConfigSavedInOneProcessRoutesInAnother(String db, String feed, long boundMs) throws Exception {
    try (SharedDb shared = SharedDb.of(db, folder);
        ProcessGroup bots = ProcessGroup.builder(BotWorker.class).processes(2).start()) {
      bots.runAll("open", shared.spec(), feed, "5");
      WorkerProcess a = bots.process(0);
      WorkerProcess b = bots.process(1);
      assertThat(b.run("route", "g1", "/define cats").value()).as("no config yet (cached)").isEqualTo("NotMatched");
      CompletableFuture<StepResult> routes = b.start("awaitRoutes", "g1", "/define cats", "60000");
      StepResult saved = a.run("saveDirect", "g1", "define");
      within(boundMs, saved, routes.join());
      assertThat(b.run("route", "g2", "/define cats").value()).as("another scope is untouched").isEqualTo("NotMatched");
    }
  }
}
