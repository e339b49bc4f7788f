package dev.loadout.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One MCP session's wire, between the SDK client and a transport (Streamable HTTP, SSE or stdio). The SDK
 * hides what Loadout needs to run calls well, so every message passes through here:
 *
 * <ul>
 *   <li><b>Loss.</b> A transport reports that its stream or process ended ({@link #lost(TransportFailure)});
 *       the first report wins and goes to the pool, which fails every call in flight at once and reconnects
 *       in the background. The SDK alone would let those calls wait out their whole request timeout.</li>
 *   <li><b>Cancellation.</b> Each {@code tools/call} carries a progress token Loadout chose; the request id
 *       the SDK gave it is noted here, so {@link #cancel(String, String)} can send
 *       {@code notifications/cancelled} for exactly that request when Loadout gives up on it.</li>
 *   <li><b>Progress.</b> {@code notifications/progress} go to the listener of the call whose token they
 *       carry.</li>
 *   <li><b>Task support.</b> The SDK's tool record drops the {@code execution} field, so the raw
 *       {@code tools/list} answers are read here for tools that require MCP tasks (Loadout does not
 *       implement tasks yet, so those tools are hidden rather than failing every call).</li>
 *   <li><b>Quiet failures.</b> A transport that could not connect is logged at DEBUG, not by the SDK at WARN
 *       with a stack trace: the failure reaches the caller through its request.</li>
 *   <li><b>Quiet close.</b> The SDK's default {@code close()} logs a WARN with a stack trace when the graceful
 *       close fails (as it does when the executor has been shut down); an ordinary close is not an error.</li>
 * </ul>
 */
final class Link implements McpClientTransport {
  private static final Logger LOG = LoggerFactory.getLogger(Link.class);
  static final String CANCELLED = "notifications/cancelled";

  private final Map<String, Object> requestsByToken = new ConcurrentHashMap<>();
  private final Map<String, Consumer<McpSchema.ProgressNotification>> progressByToken = new ConcurrentHashMap<>();
  private final Map<Object, Boolean> toolListRequests = new ConcurrentHashMap<>();
  private final Set<String> taskRequired = ConcurrentHashMap.newKeySet();
  private final AtomicReference<TransportFailure> lost = new AtomicReference<>();
  private final CompletableFuture<Void> closed = new CompletableFuture<>();
  private volatile McpClientTransport transport;
  private volatile Consumer<TransportFailure> lossListener = f -> {};
  private volatile Consumer<List<McpSchema.Tool>> toolsListener = t -> {};

  /** Attaches the transport; before any message. */
  Link over(McpClientTransport t) {
    this.transport = t;
    return this;
  }

  /** Called by a transport whose stream or process ended; only the first call counts. */
  void lost(TransportFailure failure) {
    if (lost.compareAndSet(null, failure)) {
      lossListener.accept(failure);
    }
  }

  /** How the session ended, if it did. */
  TransportFailure lostCause() {
    return lost.get();
  }

  /** Who hears of the loss; told at once if the session already ended. */
  void onLost(Consumer<TransportFailure> listener) {
    lossListener = listener;
    TransportFailure already = lost.get();
    if (already != null) {
      listener.accept(already);
    }
  }

  /** Who hears of a new tool list the server announced ({@code notifications/tools/list_changed}). */
  void onToolsChanged(Consumer<List<McpSchema.Tool>> listener) {
    toolsListener = listener;
  }

  /** For the SDK client's tools-change consumer, which lists the tools again after the server's notification. */
  void toolsChanged(List<McpSchema.Tool> tools) {
    toolsListener.accept(tools == null ? List.of() : List.copyOf(tools));
  }

  /** Delivers the progress of the call with this token to the listener until {@link #forget(String)}. */
  void listen(String token, Consumer<McpSchema.ProgressNotification> listener) {
    progressByToken.put(token, listener);
  }

  /** Forgets a finished call. */
  void forget(String token) {
    progressByToken.remove(token);
    requestsByToken.remove(token);
  }

  /** For the SDK client's progress consumer. */
  void progress(McpSchema.ProgressNotification n) {
    Consumer<McpSchema.ProgressNotification> l = n.progressToken() == null ? null
        : progressByToken.get(String.valueOf(n.progressToken()));
    if (l != null) {
      l.accept(n);
    }
  }

  /**
   * Tells the server that Loadout gave up on the call with this token, and stops waiting for its answer.
   * Best-effort and never blocking: the session may be gone.
   */
  void cancel(String token, String reason) {
    Object id = requestsByToken.remove(token);
    progressByToken.remove(token);
    McpClientTransport t = transport;
    if (id == null || t == null || lost.get() != null) {
      return;
    }
    McpSchema.JSONRPCNotification cancelled = new McpSchema.JSONRPCNotification(CANCELLED,
        Map.of("requestId", id, "reason", reason));
    t.sendMessage(cancelled).subscribe(ignored -> {}, e -> LOG.debug("notifications/cancelled was not sent ({})",
        e.getClass().getSimpleName()));
    if (t instanceof Abandoning) {
      ((Abandoning) t).abandon(id);
    }
  }

  /** The names of the tools whose latest listing requires task support. */
  Set<String> taskRequired() {
    return Set.copyOf(taskRequired);
  }

  /**
   * The transport's connect, whose failure the SDK would log at WARN with a stack trace: the same failure
   * reaches the caller through the first request anyway (a transport that could not connect fails every
   * send with its reason), so it is logged here at DEBUG only.
   */
  @Override
  public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return transport.connect(m -> handler.apply(m.doOnNext(this::inbound))).onErrorResume(e -> {
      LOG.debug("MCP transport did not connect ({}: {})", e.getClass().getSimpleName(), e.getMessage());
      return Mono.empty();
    });
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    if (message instanceof McpSchema.JSONRPCRequest) {
      McpSchema.JSONRPCRequest r = (McpSchema.JSONRPCRequest) message;
      if (McpSchema.METHOD_TOOLS_CALL.equals(r.method())) {
        String token = progressToken(r.params());
        if (token != null) {
          requestsByToken.put(token, r.id());
        }
      } else if (McpSchema.METHOD_TOOLS_LIST.equals(r.method())) {
        toolListRequests.put(r.id(), Boolean.TRUE);
      }
    }
    return transport.sendMessage(message);
  }

  private void inbound(McpSchema.JSONRPCMessage m) {
    if (m instanceof McpSchema.JSONRPCResponse) {
      McpSchema.JSONRPCResponse r = (McpSchema.JSONRPCResponse) m;
      if (r.id() != null && toolListRequests.remove(r.id()) != null && r.result() instanceof Map) {
        noteTaskSupport((Map<?, ?>) r.result());
      }
    }
  }

  /** Reads {@code execution.taskSupport} of each listed tool; a later page only adds names. */
  private void noteTaskSupport(Map<?, ?> result) {
    Object tools = result.get("tools");
    if (!(tools instanceof List)) {
      return;
    }
    for (Object t : (List<?>) tools) {
      if (t instanceof Map) {
        Map<?, ?> tool = (Map<?, ?>) t;
        Object execution = tool.get("execution");
        Object name = tool.get("name");
        if (name instanceof String && execution instanceof Map
            && "required".equals(((Map<?, ?>) execution).get("taskSupport"))) {
          taskRequired.add((String) name);
        } else if (name instanceof String) {
          taskRequired.remove(name);
        }
      }
    }
  }

  private static String progressToken(Object params) {
    if (params instanceof McpSchema.CallToolRequest) {
      Map<String, Object> meta = ((McpSchema.CallToolRequest) params).meta();
      Object token = meta == null ? null : meta.get("progressToken");
      return token == null ? null : String.valueOf(token);
    }
    if (params instanceof Map) {
      Object meta = ((Map<?, ?>) params).get("_meta");
      Object token = meta instanceof Map ? ((Map<?, ?>) meta).get("progressToken") : null;
      return token == null ? null : String.valueOf(token);
    }
    return null;
  }

  @Override
  public void setExceptionHandler(Consumer<Throwable> handler) {
    transport.setExceptionHandler(handler);
  }

  @Override
  public List<String> protocolVersions() {
    return transport.protocolVersions();
  }

  @Override
  public Mono<Void> closeGracefully() {
    return transport.closeGracefully();
  }

  @Override
  public void close() {
    closeGracefully().subscribe(ignored -> {}, e -> {
      LOG.debug("MCP transport closed with {}", e.getClass().getSimpleName());
      closed.complete(null);
    }, () -> closed.complete(null));
  }

  /**
   * Completes once a {@link #close()} has finished closing the transport (or failed to): a stdio server's process
   * has then exited or been killed. The graceful close runs on the blocking executor, so whoever shuts that
   * executor down waits for this first, or the close is refused and the process lives on.
   */
  CompletableFuture<Void> closed() {
    return closed;
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
    return transport.unmarshalFrom(data, type);
  }

  @Override
  public String toString() {
    return "Link{" + transport + (lost.get() == null ? "" : ", lost") + "}";
  }

  /** A transport that can stop waiting for one request's answer (and free what that wait holds). */
  interface Abandoning {
    void abandon(Object requestId);
  }
}
