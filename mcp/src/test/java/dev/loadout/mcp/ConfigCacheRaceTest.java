package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.store.StoreChange;
import dev.loadout.core.store.StoreChanges;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The config cache is filled by a read of the store; another process's change announced while that read is in
 * flight must not be lost: the read may have seen the store before the change, so what it would cache is stale,
 * and without the announcement nothing would drop it before the config TTL (a minute), far past the bound.
 */
@Timeout(60)
class ConfigCacheRaceTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  @RegisterExtension
  static final McpTestServerExtension MCP = McpTestServerExtension.of(TestServers.standard("injvm"));

  final InMemoryMcpRegistrationStore memory = new InMemoryMcpRegistrationStore();
  /** The feed of the store as the other processes write it; announced by the test, not by {@link #memory}. */
  final StoreChanges feed = StoreChanges.inProcess();
  final CountDownLatch read = new CountDownLatch(1);
  final CountDownLatch release = new CountDownLatch(1);
  volatile boolean holdNextRead;

  /** Holds the next list after it has read, until released: a turn's read in flight. */
  final McpRegistrationStore store = new ForwardingStore(memory) {
    @Override
    public StoreChanges changes() {
      return feed;
    }

    @Override
    public List<McpRegistration> list(String guildId) {
      List<McpRegistration> out = memory.list(guildId);
      if (holdNextRead) {
        holdNextRead = false;
        read.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return out;
    }
  };

  @Test
  void aChangeAnnouncedWhileATurnReadsTheConfigurationIsNotLostInTheCache() throws Exception {
    McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(10)).build();
    try (GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
        .settings(settings).build()) {
      // Stored with the snapshot the server lists, so the turn's connect writes none (which would drop the cache).
      List<String> snapshot = manager.configOperations().probe(MCP.server().streamableUrl(), null).snapshot();
      McpRegistration a = memory.insert(McpRegistration.draft("g1", "a", MCP.server().streamableUrl(), null,
          ServerType.GENERAL, snapshot)).orElseThrow();
      holdNextRead = true;
      CompletableFuture<List<ToolSource>> turn = CompletableFuture.supplyAsync(() -> manager.sourcesFor(G1),
          r -> new Thread(r, "turn").start());
      assertThat(read.await(20, TimeUnit.SECONDS)).as("the turn read the store").isTrue();

      // Another process disables the server and announces it while the turn's read is still in flight.
      memory.setEnabled("g1", a.id(), false);
      Thread announcement = new Thread(() -> feed.publish(StoreChange.of(McpRegistrationStore.CHANGES, "g1")),
          "announcement");
      announcement.start();
      awaitDoneOrWaiting(announcement);
      release.countDown();
      assertThat(turn.get(20, TimeUnit.SECONDS)).as("the turn that read before the change").hasSize(1);
      announcement.join(TimeUnit.SECONDS.toMillis(20));

      assertThat(manager.sourcesFor(G1)).as("the next turn, after the announcement").isEmpty();
    }
  }

  /**
   * Until the thread has ended or waits (for the cache's lock on the guild, say); bounded. It must poll: a thread
   * that parks on a lock inside the cache announces nothing, and its state is the only witness.
   */
  private static void awaitDoneOrWaiting(Thread t) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      Thread.State s = t.getState();
      if (s == Thread.State.TERMINATED || s == Thread.State.BLOCKED || s == Thread.State.WAITING) {
        return;
      }
      assertThat(System.nanoTime()).as("announcement neither ended nor waited").isLessThan(deadline);
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }
}
