package dev.loadout.mcp;

import static dev.loadout.mcp.StdioHarness.call;
import static dev.loadout.mcp.StdioHarness.gone;
import static dev.loadout.mcp.StdioHarness.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link StdioTransport} against the independently written {@code @modelcontextprotocol/server-everything}
 * in its stdio mode ({@code node dist/index.js stdio}), through the SDK client. Runs when
 * {@code LOADOUT_TEST_SERVER_EVERYTHING} names its {@code dist/index.js}; skipped with a message otherwise,
 * except under {@code CI=true}, where a missing server fails, so a broken install step cannot pass silently.
 */
@Timeout(120)
class StdioServerEverythingTest {
  /** Loose: the long-running call would take 10 s and the SDK waits 40 s; a lost server must end it in far less. */
  static final Duration AT_ONCE = Duration.ofSeconds(3);
  static String entry;

  final StdioHarness harness = new StdioHarness();
  final StdioHarness.Lost lost = new StdioHarness.Lost();

  @BeforeAll
  static void locate() {
    entry = Everything.locate();
  }

  @AfterEach
  void stop() {
    harness.close();
  }

  static StdioCommand node() {
    return StdioCommand.of("node", entry, "stdio");
  }

  @Test
  void initializesListsToolsAndEchoes() {
    StdioTransport t = harness.transport(node(), 1 << 20, lost);
    McpSyncClient client = harness.client(t, null);

    assertThat(t.processHandle()).as("started lazily, on initialize").isEmpty();
    client.initialize();

    assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
        .contains("echo", "trigger-long-running-operation");
    assertThat(text(client.callTool(call("echo", Map.of("message", "hello stdio"))))).isEqualTo("Echo: hello stdio");
    assertThat(lost.calls).hasValue(0);
  }

  @Test
  void theServerSeesNoneOfTheBotsOtherVariables() {
    String parentOnly = System.getenv().keySet().stream()
        .filter(k -> !StdioCommand.INHERITED_POSIX.contains(k) && !StdioCommand.INHERITED_WINDOWS.contains(k))
        .findFirst().orElse(null);
    Assumptions.assumeTrue(parentOnly != null, "this JVM's environment has only inherited variables");
    StdioCommand command = new StdioCommand("node", List.of(entry, "stdio"), Map.of("LOADOUT_ADDED", "added"), null);
    McpSyncClient client = harness.client(harness.transport(command, 1 << 20, lost), null);
    client.initialize();

    String env = text(client.callTool(call("get-env", Map.of())));

    assertThat(env).contains("\"LOADOUT_ADDED\": \"added\"").doesNotContain("\"" + parentOnly + "\"");
  }

  @Test
  void aSigkillDuringALongRunningCallEndsTheCallAtOnceAndTellsOnLost() throws Exception {
    CompletableFuture<Object> progressed = new CompletableFuture<>();
    StdioTransport t = harness.transport(node(), 1 << 20, lost);
    McpSyncClient client = harness.client(t, p -> progressed.complete(p.progress()));
    client.initialize();
    ProcessHandle server = t.processHandle().orElseThrow();
    McpSchema.CallToolRequest longRunning = McpSchema.CallToolRequest.builder("trigger-long-running-operation")
        .arguments(Map.of("duration", 10, "steps", 5)).progressToken("long-1").build();
    CompletableFuture<McpSchema.CallToolResult> call = CompletableFuture.supplyAsync(() -> client.callTool(longRunning),
        harness.pool);
    progressed.get(30, TimeUnit.SECONDS);

    server.destroyForcibly();

    Throwable thrown = catchThrowable(() -> call.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS));
    assertThat(thrown).as("the call failed at once").isInstanceOf(ExecutionException.class);
    assertThat(Failures.classify(thrown.getCause()).code()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    TransportFailure f = lost.await();
    assertThat(f.code).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(f.getMessage()).isEqualTo("The stdio MCP server 'node' exited with code 137.");
    assertThat(server.isAlive()).isFalse();
    assertThat(lost.calls).hasValue(1);
  }

  @Test
  void closeKillsTheWholeTreeOfAServerStartedThroughAWrapper() {
    Assumptions.assumeFalse(StdioCommand.windows(), "the wrapper is a POSIX shell");
    // Like npx: the shell stays the direct child and node runs as its child ("; exit" keeps sh from exec'ing).
    StdioCommand wrapped = StdioCommand.of("sh", "-c", "node \"$0\" stdio; exit $?", entry);
    StdioTransport t = harness.transport(wrapped, 1 << 20, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();
    ProcessHandle shell = t.processHandle().orElseThrow();
    List<ProcessHandle> tree = shell.descendants().toList();
    assertThat(tree).as("node runs under the shell").isNotEmpty();

    t.closeGracefully().block(Duration.ofSeconds(15));

    assertThat(shell.isAlive()).isFalse();
    assertThat(tree).allSatisfy(h -> assertThat(gone(h, AT_ONCE)).as("pid " + h.pid() + " is gone").isTrue());
    assertThat(lost.calls).hasValue(0);
  }
}
