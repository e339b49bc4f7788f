package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.testkit.mcp.McpTestServerExtension;
import dev.loadout.testkit.process.ProcessGroup;
import dev.loadout.testkit.process.StepResult;
import dev.loadout.testkit.process.WorkerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Three bot processes on one database (PostgreSQL with LISTEN/NOTIFY, a SQLite file with polling). A adds,
 * disables, re-enables and removes a guild's MCP server; B and C, which keep serving the guild's turns, show each
 * change within the feed's staleness bound, and B's pooled connection to the disabled, then removed, server is
 * closed. The only timing assertion is the documented bound: commit in A to first turn that shows it in B or C.
 */
@Timeout(180)
class McpChangesAcrossProcessesTest {
  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("shared"));

  @TempDir
  Path folder;

  @ParameterizedTest(name = "{0} with {1}")
  @CsvSource({"postgres, notify, 1000", "sqlite, poll, 1200"})
  void everyProcessSeesAnAddADisableAnEnableAndARemovalWithinTheBound(String db, String feed, long boundMs)
      throws Exception {
    String guild = "g-" + feed;
    // How long a step may wait at most; generous, since a loaded machine may take seconds for a first connect.
    // The only timing assertion is within(): the bound, measured from the commit to the last turn without it.
    int wait = 60_000;
    try (SharedDb shared = SharedDb.of(db, folder);
        ProcessGroup bots = ProcessGroup.builder(BotWorker.class).processes(3).start()) {
      bots.runAll("open", shared.spec(), feed, "5");
      WorkerProcess a = bots.process(0);
      WorkerProcess b = bots.process(1);
      WorkerProcess c = bots.process(2);
      String w = String.valueOf(wait);
      // Warm-up in another guild, untimed: every process has connected once (classes loaded, pools made).
      a.run("add", "warm-" + feed, "warm", MCP.server().streamableUrl());
      bots.runAll("awaitVisible", "warm-" + feed, "echo", "present", w);
      assertThat(b.run("visible", guild).values()).isEmpty();
      assertThat(c.run("visible", guild).values()).isEmpty();

      var bSees = b.start("awaitVisible", guild, "echo", "present", w);
      var cSees = c.start("awaitVisible", guild, "echo", "present", w);
      StepResult added = a.run("add", guild, "shared", MCP.server().streamableUrl());
      assertThat(added.values().get(0)).isEqualTo(ConfigOutcome.ADDED);
      String id = added.values().get(2);
      within(boundMs, added, bSees.join());
      within(boundMs, added, cSees.join());
      b.run("awaitConnections", "2", w); // B connects on its turn: warm and shared

      bSees = b.start("awaitVisible", guild, "echo", "absent", w);
      cSees = c.start("awaitVisible", guild, "echo", "absent", w);
      var bCloses = b.start("awaitConnections", "1", w);
      StepResult disabled = a.run("setEnabled", guild, id, "false");
      assertThat(disabled.values().get(0)).isEqualTo(ConfigOutcome.UPDATED);
      within(boundMs, disabled, bSees.join());
      within(boundMs, disabled, cSees.join());
      within(boundMs, disabled, bCloses.join());

      bSees = b.start("awaitVisible", guild, "echo", "present", w);
      cSees = c.start("awaitVisible", guild, "echo", "present", w);
      StepResult enabled = a.run("setEnabled", guild, id, "true");
      within(boundMs, enabled, bSees.join());
      within(boundMs, enabled, cSees.join());
      b.run("awaitConnections", "2", w); // enabled again: B reconnects on its turn

      bSees = b.start("awaitVisible", guild, "echo", "absent", w);
      cSees = c.start("awaitVisible", guild, "echo", "absent", w);
      bCloses = b.start("awaitConnections", "1", w);
      StepResult removed = a.run("remove", guild, id);
      assertThat(removed.values().get(0)).isEqualTo(ConfigOutcome.REMOVED);
      within(boundMs, removed, bSees.join());
      within(boundMs, removed, cSees.join());
      within(boundMs, removed, bCloses.join());
      // What must stay: the warm guild's server is untouched, in every process.
      bots.runAll("awaitVisible", "warm-" + feed, "echo", "present", w);
      // A process that took a turn on the removed server closes that connection when it hears the removal, a moment
      // after its turns stop offering the tool: wait for it in every process, not only in B.
      bots.runAll("awaitConnections", "1", w);
      assertThat(bots.runAll("connections")).extracting(StepResult::intValue).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(1));
      assertThat(b.run("connections").intValue()).as("B keeps the warm guild's connection").isEqualTo(1);
    }
  }

  /**
   * Every turn that started later than the bound after the commit showed the change: the last turn that did not
   * show it started within the bound.
   */
  static void within(long boundMs, StepResult committed, StepResult seen) {
    long committedAt = Long.parseLong(committed.values().get(committed.values().size() - 1));
    long lastMiss = Long.parseLong(seen.values().get(0));
    assertThat(Duration.ofNanos(Math.max(0, lastMiss - committedAt) * 1000))
        .as("from the commit in process %d to process %d's last turn without the change", committed.process(),
            seen.process()).isLessThanOrEqualTo(Duration.ofMillis(boundMs));
  }
}
