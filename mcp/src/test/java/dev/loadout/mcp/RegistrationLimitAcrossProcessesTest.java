package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.testkit.mcp.McpTestServerExtension;
import dev.loadout.testkit.process.ProcessGroup;
import dev.loadout.testkit.process.StepResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Three processes, each with 20 threads, add servers to one guild at once against a limit of 5: exactly 5 rows
 * are stored, every other add is refused with the limit named, and no name is stored twice when every process
 * races for the same names. The test connection of each add runs before the insert's transaction, so the
 * refusals that lose at the insert are the ones this proves.
 */
@Timeout(240)
class RegistrationLimitAcrossProcessesTest {
  static final int PROCESSES = 3;
  static final int ADDS = 20;
  static final int LIMIT = 5;

  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("limit"));

  @TempDir
  Path folder;

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "sqlite"})
  void sixtyConcurrentAddsFromThreeProcessesStoreExactlyTheLimit(String db) throws Exception {
    try (SharedDb shared = SharedDb.of(db, folder);
        ProcessGroup bots = ProcessGroup.builder(BotWorker.class).processes(PROCESSES).start()) {
      bots.runAll("open", shared.spec(), db.equals("postgres") ? "notify" : "poll", String.valueOf(LIMIT));
      List<String> outcomes = race(bots, "g-limit", i -> "p" + i + "-");
      assertThat(shared.count("SELECT COUNT(*) FROM loadout_mcp_registrations WHERE guild_id = 'g-limit'"))
          .as("outcomes %s", outcomes).isEqualTo(LIMIT);
      assertThat(outcomes).hasSize(PROCESSES * ADDS);
      assertThat(outcomes.stream().filter(o -> o.startsWith(ConfigOutcome.ADDED + "|"))).hasSize(LIMIT);
      assertThat(outcomes.stream().filter(o -> !o.startsWith(ConfigOutcome.ADDED + "|")))
          .hasSize(PROCESSES * ADDS - LIMIT)
          .allSatisfy(o -> assertThat(o).isEqualTo(ConfigOutcome.LIMIT_REACHED
              + "|This server already has the maximum of " + LIMIT + " MCP servers."));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "sqlite"})
  void processesRacingForTheSameNamesStoreEachNameOnce(String db) throws Exception {
    try (SharedDb shared = SharedDb.of(db, folder);
        ProcessGroup bots = ProcessGroup.builder(BotWorker.class).processes(PROCESSES).start()) {
      bots.runAll("open", shared.spec(), db.equals("postgres") ? "notify" : "poll", "100");
      // Every process adds "same-0" … "same-19"; names differ only in case between processes.
      List<String> outcomes = race(bots, "g-names", i -> i == 1 ? "SAME-" : "same-");
      assertThat(shared.count("SELECT COUNT(*) FROM loadout_mcp_registrations WHERE guild_id = 'g-names'"))
          .as("outcomes %s", outcomes).isEqualTo(ADDS);
      assertThat(shared.count("SELECT COUNT(DISTINCT name_key) FROM loadout_mcp_registrations WHERE guild_id = 'g-names'"))
          .isEqualTo(ADDS);
      assertThat(outcomes.stream().filter(o -> o.startsWith(ConfigOutcome.ADDED + "|"))).hasSize(ADDS);
      assertThat(outcomes.stream().filter(o -> !o.startsWith(ConfigOutcome.ADDED + "|")))
          .allSatisfy(o -> assertThat(o).startsWith(ConfigOutcome.DUPLICATE_OR_WRITE_FAILED + "|"));
    }
  }

  /** Every process runs its 20 adds in 20 threads, all processes at once; the outcomes of all of them. */
  private static List<String> race(ProcessGroup bots, String guild, java.util.function.IntFunction<String> prefix) {
    List<CompletableFuture<StepResult>> running = new ArrayList<>();
    for (int p = 0; p < PROCESSES; p++) {
      running.add(bots.process(p).start("addMany", guild, String.valueOf(ADDS), prefix.apply(p),
          MCP.server().streamableUrl()));
    }
    List<String> all = new ArrayList<>();
    running.forEach(f -> all.addAll(f.join().values()));
    return all;
  }
}
