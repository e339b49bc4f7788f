package dev.loadout.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.testkit.mcp.HeldTool;
import dev.loadout.testkit.mcp.McpFault;
import dev.loadout.testkit.mcp.McpTestServer;
import dev.loadout.testkit.mcp.McpTestServerExtension;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What one call's outcome is, through the manager against a real in-JVM server, for the outcomes that are not a
 * plain answer: which failures a bot may retry, which answers reset the breaker's count, a tool the live session
 * no longer lists, a configuration that cannot be read, an executor that refuses the call's work, and a call
 * whose thread is interrupted.
 */
@Timeout(60)
class CallOutcomesTest {
  static final TurnContext G1 = TurnContext.builder("openai", "gpt-test").guildId("g1").build();
  static final Duration HANG_GUARD = Duration.ofSeconds(10);

  @RegisterExtension
  final McpTestServerExtension mcp = McpTestServerExtension.of(TestServers.standard("outcomes"));

  final Breakable store = new Breakable();
  final Blocking blocking = new Blocking();
  final McpSettings settings = McpSettings.builder().requireHttps(false).connectTimeout(Duration.ofSeconds(5))
      .executionTimeout(Duration.ofSeconds(20)).build();
  final GuildMcpManager manager = GuildMcpManager.builder(store, NetworkGuard.of(NetworkPolicy.development()))
      .settings(settings).executor(blocking).build();

  @AfterEach
  void close() {
    manager.close();
    blocking.pool.shutdownNow();
  }

  McpRegistration register(String path) {
    return store.insert(McpRegistration.draft("g1", "outcomes", mcp.server().url(path), null, ServerType.GENERAL, null))
        .orElseThrow();
  }

  static BaseTool tool(List<ToolSource> sources, String name) {
    return sources.stream().flatMap(s -> s.tools().stream()).filter(t -> t.spec().name().equals(name)).findFirst()
        .orElseThrow();
  }

  static ToolResult.Failure failure(BaseTool tool) throws Exception {
    ToolResult r = tool.execute(ToolCall.of("call-1", tool.spec().name(), "{\"text\":\"x\"}"), G1).toCompletableFuture()
        .get(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    return (ToolResult.Failure) r;
  }

  @Test
  void anHttpErrorMayBeRetriedButAnAnswerThatIsNotMcpMayNot() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    BaseTool echo = tool(manager.sourcesFor(G1), "echo");

    mcp.server().inject(new McpFault.HttpStatus(503));
    ToolResult.Failure http = failure(echo);
    mcp.server().clearFaults();
    mcp.server().inject(new McpFault.NonJsonBody());
    ToolResult.Failure page = failure(echo);

    assertThat(http.code()).isEqualTo(McpFailureCodes.HTTP_ERROR);
    assertThat(http.retryable()).as("a 503 may pass").isTrue();
    assertThat(page.code()).isEqualTo(McpFailureCodes.PROTOCOL_ERROR);
    assertThat(page.retryable()).as("something that is not MCP answers there: trying again changes nothing").isFalse();
  }

  /**
   * The breaker counts consecutive failed calls; a JSON-RPC error is the server answering, so it starts the count
   * again: two failures, an error answer, one failure leave the breaker closed at a threshold of three.
   */
  @Test
  void anErrorTheServerAnsweredStartsTheCountOfFailedCallsAgain() throws Exception {
    McpRegistration r = register(McpTestServer.STREAMABLE_PATH);
    List<ToolSource> sources = manager.sourcesFor(G1);
    assertThat(settings.failureThreshold()).isEqualTo(3);

    mcp.server().inject(new McpFault.HttpStatus(500));
    assertThat(failure(tool(sources, "echo")).code()).isEqualTo(McpFailureCodes.HTTP_ERROR);
    assertThat(failure(tool(sources, "echo")).code()).isEqualTo(McpFailureCodes.HTTP_ERROR);
    mcp.server().clearFaults(); // also clears a tool's protocol error, so that is set after
    mcp.server().protocolError("picture", -32603, "database on fire");
    assertThat(failure(tool(sources, "picture")).code()).isEqualTo(McpFailureCodes.SERVER_ERROR);
    mcp.server().inject(new McpFault.HttpStatus(500));
    assertThat(failure(tool(sources, "echo")).code()).isEqualTo(McpFailureCodes.HTTP_ERROR);

    assertThat(manager.breakerState("g1", r.id())).contains(BreakerState.CLOSED);
  }

  @Test
  void aToolTheLiveSessionNoLongerListsFailsAsUnknownWithoutBeingCalled() throws Exception {
    register(McpTestServer.SSE_PATH);
    BaseTool echo = tool(manager.sourcesFor(G1), "echo");

    mcp.server().removeTool("echo");
    // An SSE session announces the change; the listing is replaced before its snapshot is written.
    assertThat(store.awaitToolNames(names -> !names.contains("echo"))).isPresent();
    mcp.server().clearRequests();
    ToolResult.Failure f = failure(echo);

    assertThat(f.code()).isEqualTo(McpFailureCodes.UNKNOWN_TOOL);
    assertThat(f.message()).isEqualTo("The MCP server 'outcomes' no longer offers 'echo'.");
    assertThat(f.retryable()).isFalse();
    assertThat(mcp.server().requests()).noneMatch(q -> q.isJsonRpc("tools/call"));
  }

  @Test
  void aCallWhoseConfigurationCannotBeReadFailsAsRetryableWithoutReachingTheServer() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    BaseTool echo = tool(manager.sourcesFor(G1), "echo");
    mcp.server().clearRequests();

    store.broken = true;
    ToolResult.Failure f = failure(echo);

    assertThat(f.code()).isEqualTo(McpFailureCodes.UNAVAILABLE);
    assertThat(f.message()).isEqualTo("The MCP registrations could not be read; try again.");
    assertThat(f.retryable()).isTrue();
    assertThat(mcp.server().requests()).noneMatch(q -> q.isJsonRpc("tools/call"));
  }

  @Test
  void aCallWhoseWorkTheExecutorRefusesFailsAsShuttingDownWithoutReachingTheServer() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    BaseTool echo = tool(manager.sourcesFor(G1), "echo");
    mcp.server().clearRequests();

    blocking.refuseFromWorkers = true;
    ToolResult.Failure f = failure(echo);

    assertThat(f.code()).isEqualTo(McpFailureCodes.UNAVAILABLE);
    assertThat(f.message()).isEqualTo("The MCP tools are shutting down.");
    assertThat(f.retryable()).isFalse();
    assertThat(mcp.server().requests()).noneMatch(q -> q.isJsonRpc("tools/call"));
  }

  /** An interrupted call stops waiting at once, tells the server it gave up, and says so. */
  @Test
  void anInterruptedCallIsCancelledAtTheServerAndFailsAsRetryable() throws Exception {
    register(McpTestServer.STREAMABLE_PATH);
    BaseTool wait = tool(manager.sourcesFor(G1), "wait");
    HeldTool held = mcp.server().hold("wait");
    CompletableFuture<Thread> runner = blocking.runnerOfNext();

    CompletableFuture<ToolResult> call = wait.execute(ToolCall.of("call-1", "wait", "{}"), G1).toCompletableFuture();
    assertThat(held.awaitHeld(HANG_GUARD)).isTrue();
    runner.get(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS).interrupt();

    ToolResult r = call.get(HANG_GUARD.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(r).isInstanceOf(ToolResult.Failure.class);
    ToolResult.Failure f = (ToolResult.Failure) r;
    assertThat(f.code()).isEqualTo(McpFailureCodes.UNAVAILABLE);
    assertThat(f.message()).isEqualTo("The MCP call was interrupted.");
    assertThat(f.retryable()).isTrue();
    assertThat(mcp.server().awaitRequest(q -> q.isJsonRpc("notifications/cancelled"), HANG_GUARD)).isPresent();
    held.release();
  }

  /** A store whose reads can be made to fail, as a database that went away does. */
  static final class Breakable extends ForwardingStore {
    private final WatchedStore watched = new WatchedStore();
    volatile boolean broken;

    Breakable() {
      super();
    }

    @Override
    public List<McpRegistration> list(String guildId) {
      if (broken) {
        throw new dev.loadout.core.store.StoreException("the database went away", null);
      }
      return delegate.list(guildId);
    }

    java.util.Optional<List<String>> awaitToolNames(java.util.function.Predicate<List<String>> match)
        throws InterruptedException {
      return watched.awaitToolNames(match);
    }

    @Override
    public boolean updateToolNames(String guildId, long id, List<String> toolNames) {
      watched.updateToolNames(guildId, id, toolNames);
      return delegate.updateToolNames(guildId, id, toolNames);
    }
  }

  /**
   * The manager's blocking executor, on daemon threads; it can refuse what its own threads hand it (as a pool
   * being shut down does, after it took the call) and tell which thread runs the next task handed to it.
   */
  static final class Blocking implements Executor {
    final ExecutorService pool = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "call-outcomes-blocking");
      t.setDaemon(true);
      return t;
    });
    volatile boolean refuseFromWorkers;
    private final Set<Thread> workers = ConcurrentHashMap.newKeySet();
    private final AtomicReference<CompletableFuture<Thread>> nextRunner = new AtomicReference<>();

    /** The thread that will run the next task handed over by a thread that is not one of this executor's. */
    CompletableFuture<Thread> runnerOfNext() {
      CompletableFuture<Thread> f = new CompletableFuture<>();
      nextRunner.set(f);
      return f;
    }

    @Override
    public void execute(Runnable task) {
      boolean fromWorker = workers.contains(Thread.currentThread());
      if (refuseFromWorkers && fromWorker) {
        throw new RejectedExecutionException("refused on purpose");
      }
      CompletableFuture<Thread> runner = fromWorker ? null : nextRunner.getAndSet(null);
      pool.execute(() -> {
        workers.add(Thread.currentThread());
        if (runner != null) {
          runner.complete(Thread.currentThread());
        }
        task.run();
      });
    }
  }
}
