package dev.loadout.mcp;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.UrlVerdict;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLContext;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Opens one MCP session with transport fallback. Before anything else the URL is re-checked by the
 * {@link NetworkGuard}, which resolves the host once: a registered name that now resolves to an internal
 * address is refused here, before any connection, and every request of the session goes to the addresses of
 * that answer ({@link PinnedSession}). Then Streamable HTTP, then SSE, both Loadout's own transports on the
 * pinned client: each attempt builds a fresh transport and a fresh client (a client whose transport failed
 * is never reused; the SSE endpoint is one-shot), sends the bearer token, stays on the registered origin,
 * follows no redirects, caps response bodies, and runs {@code initialize} plus {@code tools/list} on the
 * blocking executor under Loadout's own deadline. Both attempts share one budget of
 * {@link McpSettings#connectTimeout()}, so a hanging server costs the gatherer that and no more. A failed
 * attempt's client is closed (without waiting).
 */
final class Connector {
  static final String STREAMABLE = "streamable_http";
  static final String SSE = "sse";
  static final String STDIO = "stdio";
  private static final int DETAIL_CHARS = 150;
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Connector.class);
  private static final McpSchema.Implementation CLIENT_INFO = McpSchema.Implementation.builder("loadout", "0.1").build();

  private final NetworkGuard guard;
  /** The guard of trusted-private host servers: private addresses admitted, the metadata denylist kept. */
  private final NetworkGuard trusted;
  private final McpSettings settings;
  private final Executor blocking;
  private final Scheduler scheduler;
  /**
   * One TLS context for every attempt: made once here rather than inside each connect's deadline (loading
   * the JVM's trust store takes ~150 ms the first time), and its session cache lets a reconnect resume TLS.
   */
  private final SSLContext tls;

  Connector(NetworkGuard guard, McpSettings settings, Executor blocking) {
    this.guard = guard;
    this.trusted = guard.admittingPrivateNetworks();
    this.settings = settings;
    this.blocking = blocking;
    this.scheduler = Schedulers.fromExecutor(blocking);
    try {
      this.tls = SSLContext.getDefault();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no default TLS context", e);
    }
  }

  /**
   * A live session and what it discovered.
   *
   * @param listChanged whether the server announces changes of its tool list
   */
  record Connected(McpSyncClient client, String transport, List<McpSchema.Tool> tools, Link link, boolean listChanged) {}

  /** Every attempt failed; the message names each transport's failure, sanitised. */
  static final class ConnectFailed extends Exception {
    private static final long serialVersionUID = 1L;
    final String code;

    ConnectFailed(String code, String message) {
      super(message, null, false, false);
      this.code = code;
    }
  }

  /** A guild server's connect: Streamable HTTP then SSE, through the guard. */
  Connected connect(String url, String token) throws ConnectFailed {
    return http(url, token, List.of(STREAMABLE, SSE), guard);
  }

  /** A server's connect by its kind: stdio, or HTTP over its transports (a trusted-private one through a guard that admits private addresses). */
  Connected connect(Target t) throws ConnectFailed {
    if (t.stdio() != null) {
      return stdio(t);
    }
    List<String> transports = t.transport() == HostMcpServer.Transport.STREAMABLE_HTTP ? List.of(STREAMABLE)
        : t.transport() == HostMcpServer.Transport.SSE ? List.of(SSE) : List.of(STREAMABLE, SSE);
    return http(t.url(), t.token(), transports, t.trustedPrivate() ? trusted : guard);
  }

  private Connected http(String url, String token, List<String> transports, NetworkGuard guard) throws ConnectFailed {
    // The one resolution of this connect: every request of every attempt goes to these checked addresses.
    UrlVerdict verdict = guard.check(url);
    if (!verdict.allowed()) {
      throw new ConnectFailed(McpFailureCodes.BLOCKED, Redaction.sanitize(verdict.reason(), url, token));
    }
    long deadline = System.nanoTime() + settings.connectTimeout().toNanos();
    List<String> errors = new ArrayList<>();
    String lastCode = McpFailureCodes.UNREACHABLE;
    for (String transport : transports) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        errors.add(label(transport) + ": not tried, the connect deadline had passed");
        break;
      }
      Duration budget = Duration.ofNanos(left);
      Link link = new Link();
      try {
        McpClientTransport t = link.over(newTransport(transport, new PinnedSession(guard, tls, verdict, url, token,
            settings.maxResponseBytes()), budget, link::lost));
        return session(t, link, transport, budget, url);
      } catch (Attempt a) {
        lastCode = a.failure.code();
        errors.add(label(transport) + ": " + a.failure.code() + " (" + shorten(Redaction.sanitize(a.failure.detail(), url,
            token)) + ")");
        if (a.failure.code().equals(McpFailureCodes.UNAUTHORIZED) || a.failure.code().equals(McpFailureCodes.BLOCKED)) {
          break;
        }
        if (a.initialized) {
          // The server spoke this transport; SSE would only repeat the failure and spend the rest of the deadline.
          break;
        }
      }
    }
    String message = "All MCP transports failed for '" + Redaction.origin(url) + "': " + String.join("; ", errors);
    throw new ConnectFailed(lastCode, Redaction.sanitize(message, url, token));
  }

  private Connected stdio(Target t) throws ConnectFailed {
    Duration budget = settings.connectTimeout();
    Link link = new Link();
    try {
      McpClientTransport transport = link.over(new StdioTransport(t.stdio(), blocking, scheduler, settings.maxResponseBytes(),
          link::lost));
      return session(transport, link, STDIO, budget, null);
    } catch (Attempt a) {
      throw new ConnectFailed(a.failure.code(), "The MCP server process " + t.stdio() + " failed: " + a.failure.code()
          + " (" + shorten(t.sanitize(a.failure.detail())) + ")");
    }
  }

  /** One attempt's failure, classified, and whether the server had answered {@code initialize}. */
  private static final class Attempt extends Exception {
    private static final long serialVersionUID = 1L;
    final transient Failures.Classified failure;
    final boolean initialized;

    Attempt(Failures.Classified failure, boolean initialized) {
      super(failure.code(), null, false, false);
      this.failure = failure;
      this.initialized = initialized;
    }
  }

  /**
   * Runs {@code initialize} and {@code tools/list} on a fresh client over the transport, on the blocking executor
   * under Loadout's own deadline; closes the client (and so the transport) when that fails.
   */
  private Connected session(McpClientTransport t, Link link, String transport, Duration budget, String url) throws Attempt {
    McpSyncClient client = null;
    AtomicBoolean initialized = new AtomicBoolean();
    try {
      client = newClient(t, budget, link);
      McpSyncClient c = client;
      CompletableFuture<List<McpSchema.Tool>> discovery = CompletableFuture.supplyAsync(() -> {
        c.initialize();
        initialized.set(true);
        // A server that offers only prompts or resources has no tools: zero tools, not a protocol error.
        McpSchema.ServerCapabilities caps = c.getServerCapabilities();
        return caps == null || caps.tools() == null ? List.<McpSchema.Tool>of() : c.listTools().tools();
      }, blocking);
      List<McpSchema.Tool> tools = Deadlines.await(discovery, budget.toNanos(), TimeUnit.NANOSECONDS);
      McpSchema.ServerCapabilities caps = c.getServerCapabilities();
      boolean listChanged = caps != null && caps.tools() != null && Boolean.TRUE.equals(caps.tools().listChanged());
      logInstructions(url, c.getServerInstructions());
      return new Connected(client, transport, List.copyOf(tools), link, listChanged);
    } catch (Exception e) {
      // Closing the client closes its transport, which also ends a request still waiting for its answer.
      if (client != null) {
        client.close();
      } else {
        t.close();
      }
      throw new Attempt(Failures.classify(e), initialized.get());
    }
  }

  private McpClientTransport newTransport(String transport, PinnedSession http, Duration budget,
      java.util.function.Consumer<TransportFailure> onLost) {
    Duration requestTimeout = requestTimeout(budget);
    return transport.equals(STREAMABLE) ? new StreamableTransport(http, requestTimeout, scheduler, onLost)
        : new SseTransport(http, budget, requestTimeout, blocking, scheduler, onLost);
  }

  private McpSyncClient newClient(McpClientTransport t, Duration budget, Link link) {
    // The SDK's own timeouts only free its threads; Loadout's deadline (Deadlines) is what callers wait for.
    // Both longer than Loadout's own deadline, so Loadout closes a hung client while the SDK still listens: a
    // request the SDK had already timed out would have its late failure dropped (and logged at ERROR).
    return McpClient.sync(t).clientInfo(CLIENT_INFO).initializationTimeout(requestTimeout(budget))
        .requestTimeout(requestTimeout(budget)).progressConsumer(link::progress)
        .toolsChangeConsumer(link::toolsChanged).build();
  }

  /** A server's instructions are for its clients' models, often long and multi-line: DEBUG, one line, cut. */
  private static void logInstructions(String url, String instructions) {
    if (instructions != null && !instructions.isBlank() && LOG.isDebugEnabled()) {
      LOG.debug("MCP server at {} gave instructions: {}", url == null ? "stdio" : Redaction.origin(url),
          shorten(instructions));
    }
  }

  private Duration requestTimeout(Duration budget) {
    Duration longer = settings.executionTimeout().compareTo(budget) > 0 ? settings.executionTimeout() : budget;
    return longer.plusSeconds(1);
  }

  /** Keeps each transport's part short, so the final message names both within its 500 characters. */
  private static String shorten(String detail) {
    String d = detail.replaceAll("\\s+", " ").strip();
    return d.length() <= DETAIL_CHARS ? d : d.substring(0, DETAIL_CHARS) + "…";
  }

  private static String label(String transport) {
    return transport.equals(STREAMABLE) ? "StreamableHTTP" : "SSE";
  }
}
