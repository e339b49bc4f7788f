package dev.loadout.mcp;

import static dev.loadout.mcp.StdioHarness.call;
import static dev.loadout.mcp.StdioHarness.fake;
import static dev.loadout.mcp.StdioHarness.gone;
import static dev.loadout.mcp.StdioHarness.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.scheduler.Schedulers;

/**
 * {@link StdioTransport} through the SDK client against {@link FakeStdioServer}, a child JVM made to
 * misbehave on purpose: banners, exits, kills, oversize lines, floods of stderr, children of its own.
 */
@Timeout(90)
class StdioTransportTest {
  static final int MAX = 64 * 1024;
  /** Loose: the SDK's own timeout is 40 s, so ending within this is "at once", not "at the deadline". */
  static final Duration AT_ONCE = Duration.ofSeconds(5);

  final StdioHarness harness = new StdioHarness();
  final StdioHarness.Lost lost = new StdioHarness.Lost();

  @AfterEach
  void stop() {
    harness.close();
  }

  /** A call on the pool that blocks until its answer, and a future completed once the server got it. */
  record InFlight(CompletableFuture<McpSchema.CallToolResult> result, CompletableFuture<Object> received) {}

  InFlight hang(McpSyncClient client, CompletableFuture<Object> received) {
    McpSchema.CallToolRequest request = McpSchema.CallToolRequest.builder("hang").arguments(Map.of())
        .progressToken("hang-1").build();
    return new InFlight(CompletableFuture.supplyAsync(() -> client.callTool(request), harness.pool), received);
  }

  static Failures.Classified failureOf(CompletableFuture<?> call) throws Exception {
    Throwable t = catchThrowable(() -> call.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS));
    assertThat(t).as("the call ended at once, with a failure").isInstanceOf(ExecutionException.class);
    return Failures.classify(t.getCause());
  }

  @Test
  void initializesListsAndCallsAServerThatPrintsBannersAndNoiseOnStdout() {
    StdioTransport t = harness.transport(fake("--banner"), MAX, lost);
    McpSyncClient client = harness.client(t, null);

    client.initialize();

    assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains("echo", "hang");
    assertThat(text(client.callTool(call("echo", Map.of("text", "hi there"))))).isEqualTo("hi there");
    assertThat(text(client.callTool(call("noise", Map.of())))).isEqualTo("after noise");
    assertThat(lost.calls).hasValue(0);
  }

  @Test
  void requestsFromTheServerAreAnsweredOverStdin() {
    StdioTransport t = harness.transport(fake(), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();

    assertThat(text(client.callTool(call("ping_me", Map.of())))).isEqualTo("client answered");
  }

  @Test
  void theChildSeesOnlyTheInheritedMinimumAndTheConfiguredVariables() {
    String parentOnly = System.getenv().keySet().stream()
        .filter(k -> !StdioCommand.INHERITED_POSIX.contains(k) && !StdioCommand.INHERITED_WINDOWS.contains(k))
        .findFirst().orElse(null);
    Assumptions.assumeTrue(parentOnly != null, "this JVM's environment has only inherited variables");
    Assumptions.assumeFalse(StdioCommand.windows(), "the inherited list checked here is the POSIX one");
    StdioTransport t = harness.transport(fake(Map.of("LOADOUT_ADDED", "added-value"), null), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();

    Map<String, String> env = Arrays.stream(text(client.callTool(call("env", Map.of()))).split("\n"))
        .filter(l -> l.contains("=")).collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')),
            l -> l.substring(l.indexOf('=') + 1)));

    assertThat(env).containsEntry("LOADOUT_ADDED", "added-value").doesNotContainKey(parentOnly);
    Set<String> allowed = new HashSet<>(StdioCommand.INHERITED_POSIX);
    allowed.add("LOADOUT_ADDED");
    assertThat(allowed).containsAll(env.keySet());
    if (System.getenv("PATH") != null) {
      assertThat(env).containsEntry("PATH", System.getenv("PATH"));
    }
  }

  @Test
  void theServerRunsInTheConfiguredWorkingDirectory(@TempDir Path dir) throws Exception {
    StdioTransport t = harness.transport(fake(Map.of(), dir, new String[0]), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();

    assertThat(Path.of(text(client.callTool(call("cwd", Map.of())))).toRealPath()).isEqualTo(dir.toRealPath());
  }

  @Test
  void anExitFailsTheCallInFlightAtOnceTellsOnLostOnceAndFailsEveryLaterSend() throws Exception {
    CompletableFuture<Object> received = new CompletableFuture<>();
    StdioTransport t = harness.transport(fake(), MAX, lost);
    McpSyncClient client = harness.client(t, p -> received.complete(p.progressToken()));
    client.initialize();
    InFlight inFlight = hang(client, received);
    inFlight.received().get(30, TimeUnit.SECONDS);

    CompletableFuture<McpSchema.CallToolResult> exit = CompletableFuture.supplyAsync(
        () -> client.callTool(call("exit", Map.of("code", 3))), harness.pool);

    Failures.Classified hung = failureOf(inFlight.result());
    assertThat(hung.code()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(hung.detail()).contains("exited with code 3");
    assertThat(failureOf(exit).code()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    TransportFailure f = lost.await();
    assertThat(f.code).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(f.getMessage()).isEqualTo("The stdio MCP server '" + fake().command() + "' exited with code 3.");
    Failures.Classified later = failureOf(CompletableFuture.supplyAsync(client::ping, harness.pool));
    assertThat(later.code()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(lost.calls).hasValue(1);
  }

  @Test
  void aSigkillMidCallFailsTheCallAtOnceAndLeavesNoProcess() throws Exception {
    CompletableFuture<Object> received = new CompletableFuture<>();
    StdioTransport t = harness.transport(fake(), MAX, lost);
    McpSyncClient client = harness.client(t, p -> received.complete(p.progressToken()));
    client.initialize();
    InFlight inFlight = hang(client, received);
    inFlight.received().get(30, TimeUnit.SECONDS);
    ProcessHandle server = t.processHandle().orElseThrow();

    server.destroyForcibly();

    Failures.Classified f = failureOf(inFlight.result());
    assertThat(f.code()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(lost.await().getMessage()).contains("exited with code");
    assertThat(server.isAlive()).isFalse();
  }

  @Test
  void aLineLongerThanTheCapIsAProtocolErrorThatStopsTheServer() throws Exception {
    StdioTransport t = harness.transport(fake(), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();
    ProcessHandle server = t.processHandle().orElseThrow();

    Failures.Classified f = failureOf(CompletableFuture.supplyAsync(
        () -> client.callTool(call("big", Map.of("bytes", 4 * MAX))), harness.pool));

    assertThat(f.code()).isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
    assertThat(f.detail()).contains("longer than " + MAX + " bytes");
    assertThat(lost.await().code).isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
    assertThat(gone(server, AT_ONCE)).isTrue();
  }

  @Test
  void aLineJustUnderTheCapIsDelivered() {
    StdioTransport t = harness.transport(fake(), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();

    // The JSON-RPC envelope around the text is well under 200 bytes.
    assertThat(text(client.callTool(call("big", Map.of("bytes", MAX - 200))))).hasSize(MAX - 200);
  }

  @Test
  void megabytesOfStderrNeverBlockTheServer() {
    StdioTransport t = harness.transport(fake(), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();

    // Far beyond a pipe's buffer: an undrained stderr would block the server before it answers, and one whose
    // reader stopped early would fail the server's writes (or kill a server that does not ignore SIGPIPE).
    assertThat(text(client.callTool(call("stderr", Map.of("bytes", 4 << 20))))).isEqualTo("done");
  }

  @Test
  void aProgramThatCannotStartFailsTheConnectAsUnreachableNamingOnlyTheProgram() {
    String program = "/nonexistent/loadout-no-such-server";
    StdioCommand command = new StdioCommand(program, java.util.List.of("--token=arg-s3cret"),
        Map.of("LOADOUT_SECRET", "env-s3cret"), null);
    StdioTransport t = harness.transport(command, MAX, lost);

    Throwable thrown = catchThrowable(() -> t.connect(m -> m).block(Duration.ofSeconds(10)));

    assertThat(thrown).isInstanceOf(TransportFailure.class);
    assertThat(((TransportFailure) thrown).code).isEqualTo(McpFailureCodes.UNREACHABLE);
    assertThat(thrown.getMessage()).contains(program).doesNotContain("s3cret");
    // The reason alone, as the JDK's cause gives it ("error=2, No such file or directory"), not the JDK's own
    // sentence around it, which repeats the program and names the working directory.
    assertThat(thrown.getMessage()).containsPattern("' could not be started: [^\"]*error=2, ")
        .doesNotContain("Cannot run program");
    assertThat(Failures.classify(catchThrowable(() -> t.sendMessage(ping()).block())).code())
        .isEqualTo(McpFailureCodes.UNREACHABLE);
    assertThat(lost.calls).hasValue(0);
  }

  @Test
  void throughTheSdkAProgramThatCannotStartFailsInitializeAsUnreachable() {
    StdioTransport t = harness.transport(StdioCommand.of("/nonexistent/loadout-no-such-server"), MAX, lost);
    McpSyncClient client = harness.client(t, null);

    assertThat(Failures.classify(catchThrowable(client::initialize)).code()).isEqualTo(McpFailureCodes.UNREACHABLE);
  }

  @Test
  void aTransportConnectsOnce() {
    StdioTransport t = harness.transport(fake(), MAX, lost);
    t.connect(m -> m).block(Duration.ofSeconds(10));

    Throwable again = catchThrowable(() -> t.connect(m -> m).block(Duration.ofSeconds(10)));

    assertThat(again).isInstanceOf(TransportFailure.class).hasMessageContaining("connects once");
  }

  @Test
  void closeEndsAServerThatExitsOnItsInputClosingWithoutForceAndWithoutOnLost() throws Exception {
    StdioTransport t = harness.transport(fake(), MAX, lost);
    harness.client(t, null).initialize();
    ProcessHandle server = t.processHandle().orElseThrow();

    t.closeGracefully().block(Duration.ofSeconds(10));

    assertThat(server.isAlive()).isFalse();
    assertThat(server.onExit().get(1, TimeUnit.SECONDS).pid()).isEqualTo(server.pid());
    assertThat(exitCode(t)).as("exited by itself on end of input").isZero();
    assertThat(lost.calls).hasValue(0);
    assertThat(((TransportFailure) catchThrowable(() -> t.sendMessage(ping()).block())).code)
        .isEqualTo(McpFailureCodes.SESSION_LOST);
    t.closeGracefully().block(Duration.ofSeconds(10));
  }

  @Test
  void closeKillsAServerThatIgnoresItsInputClosingAfterTheGrace() {
    StdioTransport t = harness.transport(fake("--ignore-eof"), MAX, lost);
    harness.client(t, null).initialize();

    t.closeGracefully().block(Duration.ofSeconds(15));

    assertThat(t.processHandle().orElseThrow().isAlive()).isFalse();
    assertThat(exitCode(t)).as("killed").isNotZero();
    assertThat(lost.calls).hasValue(0);
  }

  @Test
  void closeKillsTheServersChildrenToo() {
    StdioTransport t = harness.transport(fake("--spawn"), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();
    ProcessHandle grandchild = ProcessHandle.of(Long.parseLong(text(client.callTool(call("spawned", Map.of())))))
        .orElseThrow();

    t.closeGracefully().block(Duration.ofSeconds(15));

    assertThat(t.processHandle().orElseThrow().isAlive()).isFalse();
    assertThat(gone(grandchild, AT_ONCE)).as("the grandchild is gone").isTrue();
  }

  @Test
  void aCrashKillsTheChildrenTheServerHadStarted() throws Exception {
    StdioTransport t = harness.transport(fake("--spawn"), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();
    ProcessHandle grandchild = ProcessHandle.of(Long.parseLong(text(client.callTool(call("spawned", Map.of())))))
        .orElseThrow();

    failureOf(CompletableFuture.supplyAsync(() -> client.callTool(call("exit", Map.of("code", 9))), harness.pool));

    assertThat(lost.await().getMessage()).contains("exited with code 9");
    assertThat(gone(grandchild, AT_ONCE)).as("the orphaned grandchild is gone").isTrue();
  }

  /**
   * A server that closes its stdout yet goes on running cannot answer again: after the grace in which an exiting
   * server would have exited, it is stopped, the call in flight fails at once, and the loss says what happened.
   */
  @Test
  void aServerThatClosesItsOutputButRunsOnIsStoppedAndTheLossSaysWhy() throws Exception {
    StdioTransport t = harness.transport(fake(), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();
    ProcessHandle server = t.processHandle().orElseThrow();

    CompletableFuture<McpSchema.CallToolResult> call = CompletableFuture.supplyAsync(
        () -> client.callTool(call("close_stdout", Map.of())), harness.pool);

    // Bounded by the grace (2 s) and the kill, far under the SDK's own 40 s timeout.
    Throwable failed = catchThrowable(() -> call.get(30, TimeUnit.SECONDS));
    assertThat(failed).isInstanceOf(ExecutionException.class);
    assertThat(Failures.classify(failed.getCause()).code()).isEqualTo(McpFailureCodes.CONNECTION_LOST);
    assertThat(lost.await().getMessage())
        .isEqualTo("The stdio MCP server '" + fake().command() + "' closed its output; it was stopped.");
    assertThat(gone(server, AT_ONCE)).isTrue();
    assertThat(lost.calls).hasValue(1);
  }

  /**
   * The descendants are scanned on the first output line and then at most every few seconds, so a helper started
   * in between is unknown until the server is stopped: stopping it looks again while the server still lives.
   */
  @Test
  void aServerStoppedForAnOversizeLineTakesAChildItStartedSinceTheLastScanWithIt() throws Exception {
    StdioTransport t = harness.transport(fake(), MAX, lost);
    McpSyncClient client = harness.client(t, null);
    client.initialize();
    ProcessHandle grandchild = ProcessHandle.of(Long.parseLong(text(client.callTool(call("spawn", Map.of())))))
        .orElseThrow();
    try {
      Failures.Classified f = failureOf(CompletableFuture.supplyAsync(
          () -> client.callTool(call("big", Map.of("bytes", 4 * MAX))), harness.pool));

      assertThat(f.code()).isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
      assertThat(gone(grandchild, AT_ONCE)).as("the grandchild is gone").isTrue();
    } finally {
      grandchild.destroyForcibly();
    }
  }

  /** Close on a thread that was interrupted does not wait out the grace, kills the server and keeps the interrupt. */
  @Test
  void closeOnAnInterruptedThreadStopsTheServerAndKeepsTheInterrupt() {
    StdioTransport t = harness.transport(fake("--ignore-eof"), MAX, lost, Schedulers.immediate());
    harness.client(t, null).initialize();
    ProcessHandle server = t.processHandle().orElseThrow();

    boolean stillInterrupted;
    Thread.currentThread().interrupt();
    try {
      t.closeGracefully().block(Duration.ofSeconds(15));
    } finally {
      stillInterrupted = Thread.interrupted();
    }

    assertThat(stillInterrupted).as("the caller's interrupt is kept").isTrue();
    assertThat(gone(server, AT_ONCE)).isTrue();
    assertThat(lost.calls).hasValue(0);
  }

  @Test
  void toStringNamesTheProgramOnly() {
    StdioCommand command = new StdioCommand("npx", java.util.List.of("-y", "--token=s3cret"), Map.of("KEY", "s3cret"),
        null);

    assertThat(harness.transport(command, MAX, lost)).hasToString("StdioTransport{npx}");
  }

  private static McpSchema.JSONRPCRequest ping() {
    return new McpSchema.JSONRPCRequest(McpSchema.JSONRPC_VERSION, McpSchema.METHOD_PING, "test-ping", null);
  }

  private static int exitCode(StdioTransport t) {
    return t.exitCode().orElseThrow();
  }
}
