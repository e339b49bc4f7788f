package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.testkit.process.ProcessGroup;
import dev.loadout.testkit.process.StepResult;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Key rotation while the bot serves: process A re-encrypts every token under the new key in small batches while
 * process B reads every guild's registrations over and over, as its turns do. No read in B ever sees a missing,
 * unreadable or wrong token, and afterwards every row is under the new key.
 */
@Timeout(180)
class RotationAcrossProcessesTest {
  static final int GUILDS = 20;
  static final int PER_GUILD = 10;

  @TempDir
  Path folder;

  @ParameterizedTest
  @ValueSource(strings = {"postgres", "sqlite"})
  void reencryptingInOneProcessNeverShowsAnotherAMissingOrWrongToken(String db) throws Exception {
    try (SharedDb shared = SharedDb.of(db, folder)) {
      JdbcMcpRegistrationStore before = JdbcMcpRegistrationStore.create(shared.dataSource(), Keys.cipher());
      for (int g = 0; g < GUILDS; g++) {
        for (int n = 0; n < PER_GUILD; n++) {
          String guild = "g" + g;
          before.insert(McpRegistration.draft(guild, "s" + n, "https://mcp.example.com/" + n, "tok-" + guild + "-s" + n,
              ServerType.GENERAL, null));
        }
      }
      try (ProcessGroup group = ProcessGroup.builder(RotationWorker.class).processes(2).start()) {
        group.runAll("open", shared.spec());
        CompletableFuture<StepResult> serving = group.process(1).start("verify", String.valueOf(GUILDS),
            String.valueOf(PER_GUILD));
        StepResult rotated = group.process(0).run("rotate", "7");
        group.process(1).run("stop");
        StepResult seen = serving.join();
        assertThat(rotated.values()).containsExactly(String.valueOf(GUILDS * PER_GUILD), "0",
            String.valueOf((GUILDS * PER_GUILD + 6) / 7));
        assertThat(Long.parseLong(seen.values().get(0))).as("reads while rotating").isPositive();
        assertThat(seen.values().get(1)).as("wrong or missing tokens seen, first: " + seen.values().get(2)).isEqualTo("0");
      }
      assertThat(shared.count("SELECT COUNT(*) FROM loadout_mcp_registrations WHERE token_key_id = 'shared-test-2'"))
          .isEqualTo(GUILDS * PER_GUILD);
    }
  }
}
