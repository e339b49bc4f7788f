package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.testkit.process.ProcessGroup;
import dev.loadout.testkit.process.StepResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Four bot processes start at the same instant on an empty database, each opening every store in its own order:
 * all of them start, every migration is applied once, and the shared version table holds one row per store.
 * Several rounds, each on a fresh database, since one round may not hit the race.
 */
@Timeout(300)
class MigrationsAcrossProcessesTest {
  static final List<String> ORDERS = List.of("tasks,blocks,direct,mcp", "mcp,direct,blocks,tasks",
      "blocks,mcp,tasks,direct", "direct,tasks,mcp,blocks");
  static final int ROUNDS = 5;

  @TempDir
  Path folder;

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void fourProcessesStartingTogetherOnAnEmptyDatabaseAllStartAndMigrateOnce(String kind) throws Exception {
    try (ProcessGroup group = ProcessGroup.builder(StoresWorker.class).processes(4).start()) {
      for (int round = 0; round < ROUNDS; round++) {
        try (SharedDb db = SharedDb.of(kind, folder)) {
          List<java.util.concurrent.CompletableFuture<StepResult>> opening = new java.util.ArrayList<>();
          for (int p = 0; p < 4; p++) {
            opening.add(group.process(p).start("open", db.spec(), ORDERS.get(p)));
          }
          for (int p = 0; p < 4; p++) {
            StepResult r = group.process(p).run("open", db.spec(), ORDERS.get(p)); // a second start is a no-op
            assertThat(r.values()).hasSize(4);
          }
          for (var f : opening) {
            assertThat(f.join().values()).as("every process started every store").hasSize(4);
          }
          Map<String, Integer> versions = db.versions();
          assertThat(versions).containsEntry("tool_tasks", 2).containsEntry("persona_user_blocks", 1)
              .containsEntry("direct_configs", 1).containsEntry("mcp_registrations", 3);
          // Steps 2 and 3 of the MCP store add columns and are not repeatable: all starting proves each ran once.
          assertThat(db.count("SELECT COUNT(*) FROM loadout_mcp_registrations")).isZero();
        }
      }
    }
  }
}
