package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * A server that restarts or dies mid-call: the call fails at once as a lost connection, and the server is back
 * within one cooldown step without an operator. Time is the test's: the manager's clock and scheduler are a
 * {@link TestClock} and a {@link TestScheduler}, so no test waits for a cooldown.
 */
@Timeout(90)
class RestartTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .executionTimeout(Duration.ofSeconds(30)).build();
  final TestClock clock = TestClock.create();
  final TestScheduler scheduler = TestScheduler.on(clock);
  final McpEvents events = new McpEvents();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).clock(clock).scheduler(scheduler).listener(events).build();
  McpTestServer server = TestServers.standard("restarting").build().start();

  @AfterEach
  void close() throws Exception {
    manager.close();
    server.stop();
  }

  static ToolResult call(BaseTool tool, String args) throws Exception {
    return tool.execute(ToolCall.of("c", tool.spec().name(), args), G1).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  static BaseTool echo(List<ToolSource> sources) {
    return sources.get(0).tools().stream().filter(t -> t.spec().name().equals("echo")).findFirst().orElseThrow();
  }

  @ParameterizedTest
  @ValueSource(strings = {"/mcp", "/sse"})
  void afterAServerRestartTheToolsAreBackWithinOneCooldownWithoutAnOperator(String path) throws Exception {
    int port = server.port();
    McpRegistration a = store.insert(McpRegistration.draft("g1", "a", server.url(path), null, ServerType.GENERAL, null))
        .orElseThrow();
    BaseTool echo = echo(manager.sourcesFor(G1));
    assertThat(call(echo, "{\"text\":\"before\"}").isSuccess()).isTrue();

    server.restart();
    assertThat(server.port()).isEqualTo(port);
    ToolResult first = call(echo, "{\"text\":\"first\"}");
    if (!first.isSuccess()) {
      assertThat(((ToolResult.Failure) first).retryable()).as(first.toString()).isTrue();
    }
    // A reconnect that raced the restart may have quarantined the server: one cooldown step brings it back.
    scheduler.advance(settings.failureCooldown());
    assertThat(events.awaitBreaker(manager, "g1", a.id(), BreakerState.CLOSED)).contains(BreakerState.CLOSED);

    assertThat(Sources.offering(awaitOffered(path))).containsExactly("a");
    ToolResult second = call(echo, "{\"text\":\"second\"}");
    assertThat(second.isSuccess()).as(second.toString()).isTrue();
    assertThat(scheduler.failures()).isEmpty();
  }

  /** A turn, and another after each connect or breaker event, until one offers the server's tools again. */
  List<ToolSource> awaitOffered(String path) {
    return events.await(() -> manager.sourcesFor(G1), sources -> !Sources.offering(sources).isEmpty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"/mcp", "/sse"})
  void theTurnAfterACallLostItsConnectionFindsTheServerReconnectingAndConnectsNothingItself(String path)
      throws Exception {
    HeldStore held = new HeldStore();
    List<String> connects = new CopyOnWriteArrayList<>();
    McpEvents mEvents = new McpEvents(new McpEventListener() {
      @Override
      public void onConnect(String guildId, long registrationId, String transport, String failureCode) {
        connects.add(failureCode.isEmpty() ? "connected" : failureCode);
      }
    });
    try (GuildMcpManager m = GuildMcpManager.builder(held, NetworkGuard.of(NetworkPolicy.development())).settings(settings)
        .clock(clock).scheduler(scheduler).listener(mEvents).build()) {
      McpRegistration a = held.delegate.insert(McpRegistration.draft("g1", "a", server.url(path), null, ServerType.GENERAL,
          null)).orElseThrow();
      server.slow("wait", Duration.ofSeconds(60));
      BaseTool wait = m.sourcesFor(G1).get(0).tools().stream().filter(t -> t.spec().name().equals("wait")).findFirst()
          .orElseThrow();
      // The snapshot write empties the manager's config cache: the background reconnect then reads the store.
      assertThat(held.snapshots.get(10, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<ToolResult> pending = wait.execute(ToolCall.of("c", "wait", "{}"), G1).toCompletableFuture();
      assertThat(server.awaitRequest(r -> r.isJsonRpc("tools/call"), Duration.ofSeconds(10))).isPresent();
      held.hold();

      server.stop();
      ToolResult r = pending.get(30, TimeUnit.SECONDS);
      assertThat(((ToolResult.Failure) r).code()).as(r.toString()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
      // The reconnect is reading the registration (as a slow database read would hold it) while the bot's next
      // turn runs: that turn must know the server just failed, not take it for healthy and connect on the user's turn.
      // Nor may the turn wait for that read: it reads the guild itself.
      held.reached.get(10, TimeUnit.SECONDS);
      int before = connects.size();
      List<ToolSource> next = m.sourcesFor(G1);

      assertThat(held.heldReadsDone()).as("the background read is still held when the turn is back").isZero();
      assertThat(Sources.hiddenBecause(next, "a")).contains(McpFailureCodes.CONNECTION_LOST);
      assertThat(connects).as("connects during the turn").hasSize(before);
      held.release();
      assertThat(mEvents.awaitBreaker(m, "g1", a.id(), BreakerState.OPEN)).as("the reconnect found nothing")
          .contains(BreakerState.OPEN);
      assertThat(connects).last().isNotEqualTo("connected");
    }
  }

  /** A store whose reads off the test's thread wait while it is held; it hears when the snapshot was written. */
  static final class HeldStore extends ForwardingStore {
    final CompletableFuture<Boolean> snapshots = new CompletableFuture<>();
    final CompletableFuture<Void> reached = new CompletableFuture<>();
    private final AtomicInteger heldReadsDone = new AtomicInteger();
    private volatile CountDownLatch held;
    private volatile Thread test;

    /** How many held reads have returned. */
    int heldReadsDone() {
      return heldReadsDone.get();
    }

    void hold() {
      test = Thread.currentThread();
      held = new CountDownLatch(1);
    }

    void release() {
      held.countDown();
    }

    @Override
    public List<McpRegistration> list(String guildId) {
      CountDownLatch h = held;
      if (h != null && Thread.currentThread() != test) {
        reached.complete(null);
        try {
          h.await(McpEvents.HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          heldReadsDone.incrementAndGet();
        }
      }
      return delegate.list(guildId);
    }

    @Override
    public boolean updateToolNames(String guildId, long id, List<String> toolNames) {
      boolean updated = delegate.updateToolNames(guildId, id, toolNames);
      snapshots.complete(updated);
      return updated;
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"/mcp", "/sse"})
  void aServerKilledMidCallFailsTheCallAtOnceAsALostConnectionNotAtTheDeadline(String path) throws Exception {
    McpRegistration a = store.insert(McpRegistration.draft("g1", "a", server.url(path), null, ServerType.GENERAL, null))
        .orElseThrow();
    server.hold("wait"); // never released: only the server's stop ends the call on its side
    BaseTool wait = manager.sourcesFor(G1).get(0).tools().stream().filter(t -> t.spec().name().equals("wait"))
        .findFirst().orElseThrow();
    CompletableFuture<ToolResult> pending = wait.execute(ToolCall.of("c", "wait", "{}"), G1).toCompletableFuture();
    assertThat(server.awaitRequest(r -> r.isJsonRpc("tools/call"), Duration.ofSeconds(10))).isPresent();

    server.stop();

    // The guard outlasts the 30 s execution deadline, so a call that waited for it fails below as a TIMEOUT.
    ToolResult r = pending.get(60, TimeUnit.SECONDS);
    // A lost connection, not the deadline's TIMEOUT: the loss ended the call, not the clock.
    assertThat(((ToolResult.Failure) r).code()).as(r.toString()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(((ToolResult.Failure) r).retryable()).isTrue();
    List<ToolSource> next = manager.sourcesFor(G1);
    assertThat(Sources.offering(next)).isEmpty();
    assertThat(Sources.hiddenBecause(next, "a").orElse("")).isIn(McpFailureCodes.CONNECTION_LOST,
        McpFailureCodes.QUARANTINED);
    // The operator hears it once, with the same code, however many parts of the bot saw the loss.
    assertThat(events.disconnects()).containsExactly(
        new McpEvents.Disconnect("g1", a.id(), McpFailureCodes.CONNECTION_LOST));
  }

  @Test
  void aConnectionLoadoutClosesItselfIsNoDisconnect() throws Exception {
    McpRegistration a = store.insert(McpRegistration.draft("g1", "a", server.url("/mcp"), null, ServerType.GENERAL, null))
        .orElseThrow();
    assertThat(Sources.offering(manager.sourcesFor(G1))).containsExactly("a");
    assertThat(manager.configOperations().remove("g1", a.id()).code()).isEqualTo(ConfigOutcome.REMOVED);
    assertThat(Sources.offering(manager.sourcesFor(G1))).isEmpty();
    manager.close();
    assertThat(events.connects()).hasSize(1);
    assertThat(events.disconnects()).as("a removal and a close are the bot's own doing").isEmpty();
  }
}
