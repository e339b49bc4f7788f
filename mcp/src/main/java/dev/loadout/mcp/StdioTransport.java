package dev.loadout.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

// Over 400 lines on purpose: one child process's lifecycle; start, the reader, the writer and shut-down share the
// process and the pending calls, and the SDK's transport contract is kept in one place (ChildProcess and
// LineReader already hold the process and line plumbing).
/**
 * MCP over a child process's standard streams: one JSON-RPC message per line each way, the server's stderr
 * drained to DEBUG logs. Loadout's own rather than the SDK's {@code StdioClientTransport}, which a bot cannot
 * live with: it starts its own non-daemon Reactor threads for every transport (a bot with a stdio server
 * never exits cleanly); it hands the child a copy of the bot's whole environment, so the bot's database
 * password and API keys reach whatever package {@code npx} fetched; it logs every stderr line at INFO; it
 * notices no exit, so calls in flight wait out their whole timeout after a crash; and on close it sends
 * SIGTERM to the direct child only, leaving the real server that {@code npx} spawned running.
 *
 * <p><b>Process.</b> {@link #connect} starts it (no shell) with only {@link StdioCommand#environment the
 * inherited minimum plus the configured additions}; a program that cannot start fails the connect as
 * {@code mcp_unreachable}, naming the program only (never an argument or a value). A transport connects
 * once: after its process ends, the owner builds a fresh transport. Three jobs run on the injected executor
 * for the process's life: the stdout reader, the stderr drain (so the child never blocks on a full pipe), and
 * the exit callback on {@link Process#onExit()}, which fires within milliseconds of any exit, no polling.
 *
 * <p><b>Output.</b> Each stdout line is capped at {@code maxMessageBytes}; a longer one ends the transport
 * as {@code mcp_protocol_error} and stops the process, since nothing after it can be trusted to be framed.
 * Lines that are not JSON-RPC (banners, a logger writing to stdout: common in real servers) are skipped, the
 * first few logged at DEBUG; failing on them would make such servers unusable while gaining nothing, as a
 * response that is lost this way still ends at the caller's deadline.
 *
 * <p><b>End.</b> Whatever ends the process (crash, SIGKILL, a normal exit, the oversize line, an output that
 * closed), the transport ends once: every later send fails at once, the process and the descendants seen
 * so far are killed, {@code onLost} is told the cause ({@code mcp_connection_lost} "…exited with code N"),
 * and every request still waiting for its answer gets one: the SDK client only completes a pending request
 * when a response with its id arrives (its own {@code close} fails them, but then the client is gone too),
 * so the transport hands it a JSON-RPC error response carrying the {@link TransportFailure} as its data,
 * which no server can forge; {@link Failures} classifies it by that failure's code. The SDK's exception
 * handler is not used: it reacts only to session-not-found, by re-initialising, which here would start a
 * second process behind the owner's back. An exit that {@link #closeGracefully()} caused is not a loss: no
 * {@code onLost}, and calls in flight are left to the SDK client, whose close dismisses them first.
 *
 * <p><b>Close.</b> Closes stdin (well-behaved servers exit on it), waits a short grace, then kills the
 * process and its descendants, and waits for the kill. The {@link ChildProcess} is remembered on the first
 * output line, then at most every few seconds while lines arrive, and at close: a helper spawned later and
 * orphaned by a crash is not found, and is left its stdin's end of file.
 */
final class StdioTransport implements McpClientTransport, Link.Abandoning {
  private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);
  /** Stdio framing is the same in every protocol version; the SDK proposes the last one. */
  static final List<String> VERSIONS = List.of(ProtocolVersions.MCP_2024_11_05, ProtocolVersions.MCP_2025_03_26,
      ProtocolVersions.MCP_2025_06_18, ProtocolVersions.MCP_2025_11_25);
  /** How long a server may take to exit after its stdin closed, or after it closed its stdout. */
  static final Duration EXIT_GRACE = Duration.ofSeconds(2);
  /** How long close waits for a killed process to be gone; a SIGKILL takes milliseconds. */
  private static final Duration KILL_WAIT = Duration.ofSeconds(2);
  private static final int SKIPPED_LINE_CHARS = 200;
  private static final int LOGGED_SKIPS = 10;

  private final StdioCommand command;
  private final Executor blocking;
  private final Scheduler scheduler;
  private final int maxMessageBytes;
  private final Consumer<TransportFailure> onLost;
  private final Object lifecycle = new Object();
  private final ReentrantLock writing = new ReentrantLock();
  /** Requests sent and not yet answered; whoever removes an id (reader, sender or end) answers for it. */
  private final Set<Object> pending = ConcurrentHashMap.newKeySet();
  private final AtomicReference<TransportFailure> ended = new AtomicReference<>();
  private final AtomicBoolean closing = new AtomicBoolean();
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  private volatile ChildProcess child;
  private volatile Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler;
  private int skipped;

  /**
   * @param blocking runs the stdout reader, the stderr drain and the exit callback, each for the process's
   *     life; a daemon pool
   * @param scheduler runs sends and close (on the same pool)
   * @param maxMessageBytes the longest stdout line accepted
   * @param onLost told once when the process ends other than by {@link #closeGracefully()}; must not block
   */
  StdioTransport(StdioCommand command, Executor blocking, Scheduler scheduler, int maxMessageBytes,
      Consumer<TransportFailure> onLost) {
    if (command == null || blocking == null || scheduler == null || onLost == null) {
      throw new IllegalArgumentException("command, blocking, scheduler and onLost must not be null");
    }
    if (maxMessageBytes <= 0) {
      throw new IllegalArgumentException("maxMessageBytes must be positive, got " + maxMessageBytes);
    }
    this.command = command;
    this.blocking = blocking;
    this.scheduler = scheduler;
    this.maxMessageBytes = maxMessageBytes;
    this.onLost = onLost;
  }

  @Override
  public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    // Synchronous on purpose: the SDK subscribes here before it sends initialize, so the process is up by then.
    return Mono.defer(() -> {
      try {
        start(handler);
        return Mono.<Void>empty();
      } catch (TransportFailure f) {
        return Mono.error(f);
      }
    });
  }

  private void start(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    synchronized (lifecycle) {
      TransportFailure over = ended.get();
      if (over != null || closing.get()) {
        throw over != null ? over : closedFailure();
      }
      if (child != null) {
        throw new TransportFailure(McpFailureCodes.SESSION_LOST, "A stdio transport connects once; the server '"
            + command.command() + "' needs a fresh transport.");
      }
      this.handler = handler;
      try {
        child = ChildProcess.start(command);
      } catch (TransportFailure f) {
        ended.set(f);
        throw f;
      }
    }
    ChildProcess t = child;
    Process p = t.process();
    LOG.debug("Started stdio MCP server '{}' (pid {})", command.command(), p.pid());
    try {
      blocking.execute(() -> readOutput(t));
      blocking.execute(() -> t.drainErrors(LOG, command.command()));
      p.onExit().whenCompleteAsync((done, error) -> end(exited(p)), blocking);
    } catch (RejectedExecutionException e) {
      // Not a loss to report: the connect itself fails with this.
      TransportFailure f = new TransportFailure(McpFailureCodes.UNREACHABLE, "The stdio MCP server '"
          + command.command() + "' could not be served: the executor is shut down.");
      ended.compareAndSet(null, f);
      destroyTree();
      closeInput();
      throw f;
    }
  }

  private void readOutput(ChildProcess t) {
    Process p = t.process();
    InputStream out = p.getInputStream();
    LineReader lines = new LineReader(out);
    try {
      for (String line = lines.next(maxMessageBytes, false); line != null;
          line = lines.next(maxMessageBytes, false)) {
        receive(line);
        t.refresh();
      }
      end(t.awaitExit(EXIT_GRACE) ? exited(p) : new TransportFailure(McpFailureCodes.CONNECTION_LOST,
          "The stdio MCP server '" + command.command() + "' closed its output; it was stopped."));
    } catch (LineReader.TooLong e) {
      end(new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "The stdio MCP server '" + command.command()
          + "' sent a line longer than " + maxMessageBytes + " bytes; it was stopped."));
    } catch (IOException e) {
      // The stream was closed under the reader: the process is being stopped.
      end(t.awaitExit(EXIT_GRACE) ? exited(p) : new TransportFailure(McpFailureCodes.CONNECTION_LOST,
          "The output of the stdio MCP server '" + command.command() + "' broke off."));
    } finally {
      ChildProcess.quietly(out);
    }
  }

  private void receive(String line) {
    String json = line.strip();
    if (json.isEmpty()) {
      return;
    }
    McpSchema.JSONRPCMessage m;
    try {
      if (json.charAt(0) != '{') {
        throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "not JSON");
      }
      m = PinnedSession.parse(json);
    } catch (TransportFailure notJsonRpc) {
      skipped++;
      if (skipped <= LOGGED_SKIPS) {
        LOG.debug("Stdio MCP server '{}' printed a line that is not JSON-RPC; skipped: {}", command.command(),
            ChildProcess.printable(line, SKIPPED_LINE_CHARS));
      } else if (skipped == LOGGED_SKIPS + 1) {
        LOG.debug("Stdio MCP server '{}' printed more lines that are not JSON-RPC; they are skipped unlogged",
            command.command());
      }
      return;
    }
    boolean response = m instanceof McpSchema.JSONRPCResponse;
    boolean awaited = response && ((McpSchema.JSONRPCResponse) m).id() != null
        && pending.remove(((McpSchema.JSONRPCResponse) m).id());
    if (ended.get() != null && !awaited) {
      return; // Ending: every waiting request has had its answer, and nothing else is listened to.
    }
    if (response && !awaited) {
      // The late answer of a request Loadout gave up on (abandon), which the SDK would warn about as unknown.
      LOG.debug("Stdio MCP server '{}' answered a request nobody waits for; dropped", command.command());
      return;
    }
    try {
      PinnedSession.deliver(m, handler);
    } catch (RuntimeException e) {
      LOG.debug("The MCP client failed to take a message from stdio MCP server '{}'", command.command(), e);
    }
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.<Void>fromRunnable(() -> write(message)).subscribeOn(scheduler);
  }

  private void write(McpSchema.JSONRPCMessage message) {
    Object id = message instanceof McpSchema.JSONRPCRequest ? ((McpSchema.JSONRPCRequest) message).id() : null;
    if (id != null) {
      pending.add(id);
    }
    // Checked after the id is in pending: either end sees the id, or this sees that the transport ended.
    TransportFailure over = ended.get();
    ChildProcess t = child;
    if (over != null || t == null) {
      failSend(id, over != null ? over : new TransportFailure(McpFailureCodes.SESSION_LOST,
          "The stdio MCP server '" + command.command() + "' is not connected."));
      return;
    }
    byte[] body;
    try {
      body = line(message);
    } catch (TransportFailure f) {
      failSend(id, f);
      return;
    }
    writing.lock();
    try {
      OutputStream in = t.process().getOutputStream();
      in.write(body);
      in.write('\n');
      in.flush();
    } catch (IOException e) {
      TransportFailure now = ended.get();
      failSend(id, now != null ? now : new TransportFailure(McpFailureCodes.CONNECTION_LOST,
          "The stdio MCP server '" + command.command() + "' no longer reads its input."));
    } finally {
      writing.unlock();
    }
  }

  /** One message as one line: compact JSON escapes every newline, and a message that had one would split. */
  private static byte[] line(McpSchema.JSONRPCMessage message) {
    byte[] body = PinnedSession.body(message);
    for (byte b : body) {
      if (b == '\n' || b == '\r') {
        throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "A message could not be written as one line.");
      }
    }
    return body;
  }

  /** Fails the send, unless end already answered the request, in which case the caller has its failure. */
  private void failSend(Object id, TransportFailure f) {
    if (id == null || pending.remove(id)) {
      throw f;
    }
  }

  /**
   * Loadout gave up on this request (its deadline passed, and the server was sent {@code notifications/cancelled}):
   * the SDK client is answered at once with a timeout, and the server's late answer, if any, is dropped.
   */
  @Override
  public void abandon(Object requestId) {
    if (requestId != null && pending.remove(requestId)) {
      TransportFailure f = new TransportFailure(McpFailureCodes.TIMEOUT, "Loadout stopped waiting for this MCP request.");
      McpSchema.JSONRPCResponse.JSONRPCError error = new McpSchema.JSONRPCResponse.JSONRPCError(
          McpSchema.ErrorCodes.INTERNAL_ERROR, f.getMessage(), f);
      PinnedSession.deliver(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, requestId, null, error), handler);
    }
  }

  /** The one way the transport ends; idempotent. */
  private void end(TransportFailure f) {
    if (!ended.compareAndSet(null, f)) {
      return;
    }
    destroyTree();
    closeInput();
    answerPending(f);
    if (closing.get()) {
      return;
    }
    LOG.debug("Stdio transport ended: {}", f.getMessage());
    try {
      onLost.accept(f);
    } catch (RuntimeException e) {
      LOG.warn("The onLost callback of stdio MCP server '{}' failed", command.command(), e);
    }
  }

  /**
   * Gives every request still waiting its answer: a JSON-RPC error carrying the failure, which the SDK client
   * turns into an {@code McpError} for the caller and {@link Failures} back into the failure's code.
   */
  private void answerPending(TransportFailure f) {
    for (Object id : pending) {
      if (pending.remove(id)) {
        McpSchema.JSONRPCResponse.JSONRPCError error = new McpSchema.JSONRPCResponse.JSONRPCError(
            McpSchema.ErrorCodes.INTERNAL_ERROR, f.getMessage(), f);
        PinnedSession.deliver(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, null, error), handler);
      }
    }
  }

  private TransportFailure exited(Process p) {
    return new TransportFailure(McpFailureCodes.CONNECTION_LOST, "The stdio MCP server '" + command.command()
        + "' exited with code " + p.exitValue() + ".");
  }

  private TransportFailure closedFailure() {
    return new TransportFailure(McpFailureCodes.SESSION_LOST, "The transport to stdio MCP server '"
        + command.command() + "' is closed.");
  }

  private void destroyTree() {
    ChildProcess t = child;
    if (t != null) {
      t.destroy();
    }
  }

  /** Closes the child's stdin unless a writer is stuck on it (the child stopped reading), who fails soon. */
  private void closeInput() {
    ChildProcess t = child;
    if (t != null && writing.tryLock()) {
      try {
        t.process().getOutputStream().close();
      } catch (IOException e) {
        // Already closed by the JDK when the process exited.
      } finally {
        writing.unlock();
      }
    }
  }

  /**
   * Closes stdin, gives the server {@link #EXIT_GRACE} to exit, kills it and its descendants, and waits for the
   * kill. Idempotent: a second call waits for the first. Never logs above DEBUG.
   */
  @Override
  public Mono<Void> closeGracefully() {
    return Mono.<Void>fromRunnable(() -> {
      if (!closing.compareAndSet(false, true)) {
        closed.join();
        return;
      }
      try {
        shutDown();
      } finally {
        closed.complete(null);
      }
    }).subscribeOn(scheduler);
  }

  private void shutDown() {
    ChildProcess t;
    synchronized (lifecycle) {
      t = child;
    }
    if (t == null) {
      ended.compareAndSet(null, closedFailure());
      return;
    }
    // Ended first, so that the exit this close causes is not taken for a loss and sends fail as closed.
    // Calls in flight are the SDK client's to end: both its close paths dismiss them before closing the
    // transport, and an answer from here would only draw its warning about an unknown id.
    ended.compareAndSet(null, closedFailure());
    pending.clear();
    t.remember();
    closeInput();
    if (!t.awaitExit(EXIT_GRACE)) {
      LOG.debug("Stdio MCP server '{}' did not exit within {} ms of its input closing; killing it",
          command.command(), EXIT_GRACE.toMillis());
    }
    t.destroy();
    t.awaitExit(KILL_WAIT);
    LOG.debug("Closed stdio MCP server '{}'", command.command());
  }

  /** The running or ended process, once started; for tests and diagnostics. */
  Optional<ProcessHandle> processHandle() {
    ChildProcess t = child;
    return t == null ? Optional.empty() : Optional.of(t.process().toHandle());
  }

  /** The exit code, once the process has exited. */
  OptionalInt exitCode() {
    ChildProcess t = child;
    return t == null ? OptionalInt.empty() : t.exitCode();
  }

  @Override
  public List<String> protocolVersions() {
    return VERSIONS;
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
    return PinnedSession.JSON.convertValue(data, type);
  }

  @Override
  public String toString() {
    return "StdioTransport{" + command.command() + "}";
  }
}
