package dev.loadout.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * What the stdio tests share: a daemon pool like the manager's, transports that record their losses, SDK
 * clients over them, and cleanup that kills every process a test started, by its own handle.
 */
final class StdioHarness implements AutoCloseable {
  /** Far longer than any bound a test asserts: a call that ends by this timeout is a failed test. */
  static final Duration SDK_TIMEOUT = Duration.ofSeconds(40);
  static final McpSchema.Implementation CLIENT = McpSchema.Implementation.builder("loadout-test", "0").build();

  final ExecutorService pool;
  final Scheduler scheduler;
  private final List<StdioTransport> transports = new CopyOnWriteArrayList<>();
  private final List<McpSyncClient> clients = new CopyOnWriteArrayList<>();

  StdioHarness() {
    AtomicInteger n = new AtomicInteger();
    pool = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "stdio-test-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    scheduler = Schedulers.fromExecutor(pool);
  }

  /** Records what {@code onLost} was told, and how often. */
  static final class Lost implements Consumer<TransportFailure> {
    final CompletableFuture<TransportFailure> first = new CompletableFuture<>();
    final AtomicInteger calls = new AtomicInteger();

    @Override
    public void accept(TransportFailure f) {
      calls.incrementAndGet();
      first.complete(f);
    }

    TransportFailure await() throws Exception {
      return first.get(10, TimeUnit.SECONDS);
    }
  }

  StdioTransport transport(StdioCommand command, int maxMessageBytes, Lost lost) {
    return transport(command, maxMessageBytes, lost, scheduler);
  }

  /** A transport whose sends and close run on this scheduler ({@code Schedulers.immediate()}: the caller's thread). */
  StdioTransport transport(StdioCommand command, int maxMessageBytes, Lost lost, Scheduler sendsAndClose) {
    StdioTransport t = new StdioTransport(command, pool, sendsAndClose, maxMessageBytes, lost);
    transports.add(t);
    return t;
  }

  McpSyncClient client(StdioTransport t, Consumer<McpSchema.ProgressNotification> progress) {
    McpClient.SyncSpec spec = McpClient.sync(t).clientInfo(CLIENT).requestTimeout(SDK_TIMEOUT)
        .initializationTimeout(SDK_TIMEOUT);
    if (progress != null) {
      spec.progressConsumer(progress);
    }
    McpSyncClient c = spec.build();
    clients.add(c);
    return c;
  }

  /** The java binary and class path of this JVM, running {@link FakeStdioServer} lightly. */
  static StdioCommand fake(Map<String, String> env, java.nio.file.Path directory, String... options) {
    List<String> args = new ArrayList<>(List.of("-Xmx64m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
        System.getProperty("java.class.path"), FakeStdioServer.class.getName()));
    args.addAll(List.of(options));
    return new StdioCommand(ProcessHandle.current().info().command().orElseThrow(), args, env, directory);
  }

  static StdioCommand fake(String... options) {
    return fake(Map.of(), null, options);
  }

  static McpSchema.CallToolRequest call(String tool, Map<String, Object> args) {
    return McpSchema.CallToolRequest.builder(tool).arguments(args).build();
  }

  static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  /** Blocks until the handle's process is gone, at most this long; true if it is. */
  static boolean gone(ProcessHandle h, Duration within) {
    try {
      h.onExit().get(within.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (Exception e) {
      return !h.isAlive();
    }
  }

  @Override
  public void close() {
    for (McpSyncClient c : clients) {
      c.close();
    }
    for (StdioTransport t : transports) {
      t.processHandle().ifPresent(h -> {
        h.descendants().forEach(ProcessHandle::destroyForcibly);
        h.destroyForcibly();
      });
      t.closeGracefully().block(Duration.ofSeconds(10));
    }
    pool.shutdownNow();
  }
}
