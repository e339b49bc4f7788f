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
import java.util.concurrent.TimeUnit;
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
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).clock(clock).scheduler(scheduler).build();
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
    assertThat(Breakers.await(manager, "g1", a.id(), BreakerState.CLOSED)).contains(BreakerState.CLOSED);

    assertThat(Sources.offering(awaitOffered(path))).containsExactly("a");
    ToolResult second = call(echo, "{\"text\":\"second\"}");
    assertThat(second.isSuccess()).as(second.toString()).isTrue();
    assertThat(scheduler.failures()).isEmpty();
  }

  /** The next turns, until one offers the server's tools again (a background reconnect may still be finishing). */
  List<ToolSource> awaitOffered(String path) throws InterruptedException {
    List<ToolSource> sources = manager.sourcesFor(G1);
    for (int i = 0; i < 200 && Sources.offering(sources).isEmpty(); i++) {
      Thread.sleep(10);
      sources = manager.sourcesFor(G1);
    }
    return sources;
  }

  @ParameterizedTest
  @ValueSource(strings = {"/mcp", "/sse"})
  void aServerKilledMidCallFailsTheCallAtOnceAsALostConnectionNotAtTheDeadline(String path) throws Exception {
    store.insert(McpRegistration.draft("g1", "a", server.url(path), null, ServerType.GENERAL, null)).orElseThrow();
    server.slow("wait", Duration.ofSeconds(60));
    BaseTool wait = manager.sourcesFor(G1).get(0).tools().stream().filter(t -> t.spec().name().equals("wait"))
        .findFirst().orElseThrow();
    long start = System.nanoTime();
    CompletableFuture<ToolResult> pending = wait.execute(ToolCall.of("c", "wait", "{}"), G1).toCompletableFuture();
    assertThat(server.awaitRequest(r -> r.isJsonRpc("tools/call"), Duration.ofSeconds(10))).isPresent();

    server.stop();

    ToolResult r = pending.get(30, TimeUnit.SECONDS);
    assertThat(((ToolResult.Failure) r).code()).as(r.toString()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(((ToolResult.Failure) r).retryable()).isTrue();
    // Far from the 30 s deadline: the loss ended the call, not the clock.
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    List<ToolSource> next = manager.sourcesFor(G1);
    assertThat(Sources.offering(next)).isEmpty();
    assertThat(Sources.hiddenBecause(next, "a").orElse("")).isIn(McpFailureCodes.CONNECTION_LOST,
        McpFailureCodes.QUARANTINED);
  }
}
