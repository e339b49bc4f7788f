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
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/** A server that restarts or dies mid-call: Loadout's deadline ends the call, and the next call reconnects. */
@Timeout(90)
class RestartTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  final InMemoryMcpRegistrationStore store = new InMemoryMcpRegistrationStore();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .executionTimeout(Duration.ofSeconds(3)).build();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).build();
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
  void afterAServerRestartTheNextCallWorksAgainWithAFreshSession(String path) throws Exception {
    int port = server.port();
    store.insert(McpRegistration.draft("g1", "a", server.url(path), null, ServerType.GENERAL, null)).orElseThrow();
    BaseTool echo = echo(manager.sourcesFor(G1));
    assertThat(call(echo, "{\"text\":\"before\"}").isSuccess()).isTrue();
    server.restart();
    assertThat(server.port()).isEqualTo(port);
    ToolResult first = call(echo, "{\"text\":\"first\"}");
    if (!first.isSuccess()) {
      assertThat(((ToolResult.Failure) first).retryable()).as(first.toString()).isTrue();
    }
    ToolResult second = call(echo, "{\"text\":\"second\"}");
    assertThat(second.isSuccess()).as(second.toString()).isTrue();
  }

  @Test
  void aServerKilledMidCallEndsByLoadoutsDeadlineNotTheSdks() throws Exception {
    store.insert(McpRegistration.draft("g1", "a", server.streamableUrl(), null, ServerType.GENERAL, null)).orElseThrow();
    server.slow("wait", Duration.ofSeconds(60));
    BaseTool wait = manager.sourcesFor(G1).get(0).tools().stream().filter(t -> t.spec().name().equals("wait"))
        .findFirst().orElseThrow();
    long start = System.nanoTime();
    CompletableFuture<ToolResult> pending = wait.execute(ToolCall.of("c", "wait", "{}"), G1).toCompletableFuture();
    assertThat(server.awaitRequest(r -> r.isJsonRpc("tools/call"), Duration.ofSeconds(10))).isPresent();
    server.stop();
    ToolResult r = pending.get(30, TimeUnit.SECONDS);
    assertThat(r.isSuccess()).as(r.toString()).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(3_000 + 1_500));
  }
}
