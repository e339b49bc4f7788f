package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.store.TestDatabases;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.nio.file.Path;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A stored token the cipher cannot decrypt fails closed: hidden with a reason, never contacted without it. */
@Timeout(60)
class TokenUnreadableTest {
  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("locked"));
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();

  @TempDir
  Path folder;

  @Test
  void aTokenUnderAnUnknownKeyHidesTheServerWithTheReasonAndNothingIsSent() {
    DataSource db = TestDatabases.sqlite(folder);
    JdbcMcpRegistrationStore.create(db, TokenCipher.aesGcm("old", Keys.random(32)))
        .insert(McpRegistration.draft("g1", "locked", MCP.server().streamableUrl(), "tok-locked", ServerType.GENERAL, null));
    JdbcMcpRegistrationStore store = JdbcMcpRegistrationStore.create(db, TokenCipher.aesGcm("new", Keys.random(32)));
    McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(3)).build();
    try (GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
        .settings(settings).build()) {
      int before = MCP.server().requests().size();
      PreparedTurn turn = Loadout.builder(ToolRegistry.builder().build()).externalTools(manager).build().prepare(G1);
      assertThat(turn.visibleNames()).isEmpty();
      assertThat(Sources.hiddenBecause(manager.sourcesFor(G1), "locked")).contains(McpFailureCodes.TOKEN_UNREADABLE);
      assertThat(turn.hidden()).isNotEmpty().allSatisfy(h -> assertThat(h.reasons()).extracting(r -> r.code())
          .contains(McpFailureCodes.TOKEN_UNREADABLE));
      assertThat(manager.connectionCount()).isZero();
      assertThat(MCP.server().requests()).as("never contacted without its credentials").hasSize(before);
      assertThat(store.list("g1").get(0).toString()).contains("token unreadable").doesNotContain("tok-locked");
    }
  }
}
