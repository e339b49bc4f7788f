package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A change another bot process made, as this process hears it on its store's feed: the connection of a server
 * removed or disabled elsewhere is closed here and its health forgotten, and what is still registered and enabled
 * keeps its connection. Two managers over one in-memory store stand for two processes (its feed reaches both, as
 * PostgreSQL's does across processes; the cross-process tests run the same over a real database).
 */
@Timeout(60)
class RegistrationWatchTest {
  static TurnContext in(String guild) {
    return TurnContext.builder("openai", "gpt-test").guildId(guild).userId("u1").build();
  }

  @RegisterExtension
  final McpTestServerExtension gone = McpTestServerExtension.of(TestServers.standard("gone"));
  @RegisterExtension
  final McpTestServerExtension off = McpTestServerExtension.of(TestServers.standard("off"));
  @RegisterExtension
  final McpTestServerExtension kept = McpTestServerExtension.of(TestServers.standard("kept"));

  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .executionTimeout(Duration.ofSeconds(5)).build();
  final List<GuildMcpManager> managers = new ArrayList<>();

  @AfterEach
  void close() {
    managers.forEach(GuildMcpManager::close);
  }

  GuildMcpManager manager(McpRegistrationStore store) {
    GuildMcpManager m = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development())).settings(settings)
        .build();
    managers.add(m);
    return m;
  }

  static McpRegistration register(McpRegistrationStore store, String guild, String name, McpTestServer server) {
    return store.insert(McpRegistration.draft(guild, name, server.streamableUrl(), null, ServerType.GENERAL, null))
        .orElseThrow();
  }

  /** The session's DELETE: the client closed the connection (sent in the background). */
  static boolean closedBy(McpTestServer server) throws InterruptedException {
    return server.awaitRequest(q -> q.httpMethod().equals("DELETE"), Duration.ofSeconds(10)).isPresent();
  }

  @Test
  void aServerRemovedByAnotherProcessIsClosedHereWhileTheGuildsOtherServerKeepsItsConnection() throws Exception {
    InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
    GuildMcpManager operator = manager(store);
    GuildMcpManager bot = manager(store);
    McpRegistration removed = register(store, "g1", "gone", gone.server());
    McpRegistration stays = register(store, "g1", "kept", kept.server());
    assertThat(Sources.offering(bot.sourcesFor(in("g1")))).containsExactly("gone", "kept");
    assertThat(bot.connectionCount()).isEqualTo(2);
    assertThat(bot.breakerState("g1", removed.id())).contains(BreakerState.CLOSED);
    gone.server().clearRequests();
    kept.server().clearRequests();

    assertThat(operator.configOperations().remove("g1", removed.id()).code()).isEqualTo(ConfigOutcome.REMOVED);

    assertThat(Sources.offering(bot.sourcesFor(in("g1")))).as("the next turn reads the guild afresh")
        .containsExactly("kept");
    assertThat(closedBy(gone.server())).as("the removed server's session was closed").isTrue();
    assertThat(bot.connectionCount()).isEqualTo(1);
    assertThat(bot.breakerState("g1", removed.id())).as("its health forgotten").isEmpty();
    assertThat(bot.breakerState("g1", stays.id())).contains(BreakerState.CLOSED);
    assertThat(kept.server().requests()).as("the kept server was not reconnected or closed")
        .noneMatch(q -> q.httpMethod().equals("DELETE") || q.isJsonRpc("initialize"));
  }

  @Test
  void aFeedThatMayHaveMissedChangesReconcilesEveryGuildThisProcessKnows() throws Exception {
    InMemoryMcpRegistrationStore memory = new InMemoryMcpRegistrationStore();
    // A feed the test drives, as PostgreSQL's announces "everything" after its listening connection was lost.
    StoreChanges feed = StoreChanges.inProcess();
    McpRegistrationStore store = new ForwardingStore(memory) {
      @Override
      public StoreChanges changes() {
        return feed;
      }
    };
    GuildMcpManager bot = manager(store);
    McpRegistration removed = register(memory, "g1", "gone", gone.server());
    McpRegistration disabled = register(memory, "g2", "off", off.server());
    McpRegistration stays = register(memory, "g3", "kept", kept.server());
    for (String guild : List.of("g1", "g2", "g3")) {
      assertThat(Sources.offering(bot.sourcesFor(in(guild)))).as(guild).hasSize(1);
    }
    assertThat(bot.connectionCount()).isEqualTo(3);
    // Written while the feed was down: nothing announced them.
    assertThat(memory.remove("g1", removed.id())).isTrue();
    assertThat(memory.setEnabled("g2", disabled.id(), false)).isTrue();
    assertThat(bot.connectionCount()).as("unheard").isEqualTo(3);
    gone.server().clearRequests();
    off.server().clearRequests();
    kept.server().clearRequests();

    feed.publish(StoreChange.everything(McpRegistrationStore.CHANGES));

    assertThat(closedBy(gone.server())).as("g1's removed server closed").isTrue();
    assertThat(closedBy(off.server())).as("g2's disabled server closed").isTrue();
    assertThat(bot.breakerState("g1", removed.id())).isEmpty();
    assertThat(bot.breakerState("g2", disabled.id())).isEmpty();
    assertThat(bot.breakerState("g3", stays.id())).contains(BreakerState.CLOSED);
    assertThat(bot.connectionCount()).isEqualTo(1);
    assertThat(bot.sourcesFor(in("g1"))).as("the cached configuration was dropped too").isEmpty();
    assertThat(bot.sourcesFor(in("g2"))).isEmpty();
    assertThat(Sources.offering(bot.sourcesFor(in("g3")))).containsExactly("kept");
    assertThat(kept.server().requests()).noneMatch(q -> q.httpMethod().equals("DELETE") || q.isJsonRpc("initialize"));
  }
}
