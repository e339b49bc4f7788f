package dev.loadout.mcp;

import dev.loadout.core.net.SafeHttpException;
import dev.loadout.core.net.SafeHttpStream;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.HttpHeaders;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportSessionNotFoundException;
import io.modelcontextprotocol.spec.ProtocolVersions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * MCP Streamable HTTP over the pinned client: every message is a POST to the registered URL with
 * {@code Accept: application/json, text/event-stream}; the answer is a JSON body, an event stream read event
 * by event until the request's response arrived, or 202 for a notification. The session id from
 * {@code initialize} and the negotiated protocol version go on every later request. A 404 (or 400) to a
 * request that carried a session id means the server forgot the session (it restarted): the SDK's
 * session-not-found signal is raised, so the request fails as a lost session. The SDK's own re-initialisation
 * is not asked for (its exception handler is not called): the pool replaces the whole client in the
 * background, and an SDK re-initialisation racing that close would only fail unheard.
 *
 * <p>A request's event stream that the server ends before the answer is resumed with a GET carrying
 * {@code Last-Event-ID}, after the server's {@code retry} delay. A stream that breaks, or ends with nothing to
 * resume from, or a request an established session can no longer deliver (connection refused) means the
 * server is gone: the request fails with {@link McpFailureCodes#CONNECTION_LOST} and the loss is reported
 * once, so every other call of the session ends at once too. A request Loadout gave up on
 * ({@link #abandon(Object)}) has its stream closed, which is not a loss.
 *
 * <p>No standalone GET stream is opened: it would hold a thread and a socket per pooled session for
 * messages Loadout rarely needs; notifications the server sends inside a request's stream (progress,
 * {@code tools/list_changed}) are delivered. On close the session is ended with a DELETE, best-effort under a
 * short deadline.
 */
final class StreamableTransport implements McpClientTransport, Link.Abandoning {
  /** Oldest first: the SDK asks for the last one, the newest. */
  static final List<String> VERSIONS = List.of(ProtocolVersions.MCP_2025_03_26, ProtocolVersions.MCP_2025_06_18,
      ProtocolVersions.MCP_2025_11_25);
  private static final Duration DELETE_TIMEOUT = Duration.ofSeconds(2);
  private static final String ACCEPT = "application/json, text/event-stream";
  /** How often one request's event stream is resumed at most. */
  private static final int MAX_RESUMES = 3;
  /** The delay before resuming when the server named none. */
  private static final long DEFAULT_RETRY_MILLIS = 1_000;
  /** The longest delay a server may ask for before a resume; the caller's deadline is shorter anyway. */
  private static final long MAX_RETRY_MILLIS = 10_000;

  private final PinnedSession http;
  private final Duration requestTimeout;
  private final Scheduler scheduler;
  private final Consumer<TransportFailure> onLost;
  private final Set<Object> initializeIds = ConcurrentHashMap.newKeySet();
  /** The open answer stream of each request in flight, by JSON-RPC id, so an abandoned one can be closed. */
  private final Map<String, SafeHttpStream> answering = new ConcurrentHashMap<>();
  private final Set<String> abandoned = ConcurrentHashMap.newKeySet();
  private volatile Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler;
  private volatile String sessionId;
  private volatile String protocolVersion;

  /**
   * @param requestTimeout how long one POST may wait for its answer and between events; the caller's own
   *     deadline is shorter, this only frees the thread
   */
  StreamableTransport(PinnedSession http, Duration requestTimeout, Scheduler scheduler, Consumer<TransportFailure> onLost) {
    this.http = http;
    this.requestTimeout = requestTimeout;
    this.scheduler = scheduler;
    this.onLost = onLost;
  }

  @Override
  public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    // Nothing to open: the first POST (initialize) is the connection. A re-initialising client reconnects here.
    this.handler = handler;
    return Mono.empty();
  }

  @Override
  public void setExceptionHandler(Consumer<Throwable> handler) {
    // Deliberately unused: see the class comment on lost sessions.
  }

  @Override
  public List<String> protocolVersions() {
    return VERSIONS;
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.<Void>fromRunnable(() -> post(message)).subscribeOn(scheduler);
  }

  private void post(McpSchema.JSONRPCMessage message) {
    Object awaited = null;
    boolean initialize = false;
    if (message instanceof McpSchema.JSONRPCRequest) {
      McpSchema.JSONRPCRequest r = (McpSchema.JSONRPCRequest) message;
      awaited = r.id();
      initialize = McpSchema.METHOD_INITIALIZE.equals(r.method());
      if (initialize) {
        initializeIds.add(r.id());
      }
    }
    String session = initialize ? null : sessionId;
    List<Map.Entry<String, String>> headers = sessionHeaders(session, initialize);
    headers.add(Map.entry("Accept", ACCEPT));
    SafeHttpStream response;
    try {
      response = http.send("POST", http.url(), headers, PinnedSession.body(message), requestTimeout, requestTimeout,
          http.maxResponseBytes());
    } catch (TransportFailure e) {
      // Refused by a server this session already spoke to: it is gone, not merely unreachable.
      throw session != null && e.code.equals(McpFailureCodes.UNREACHABLE) ? lost(awaited, "refuses connections") : e;
    }
    String key = awaited == null ? null : String.valueOf(awaited);
    if (key != null) {
      answering.put(key, response);
    }
    try {
      int status = response.status();
      if (initialize && status / 100 == 2) {
        sessionId = response.header(HttpHeaders.MCP_SESSION_ID).filter(StreamableTransport::visible).orElse(null);
      }
      if ((status == 404 || status == 400) && session != null) {
        sessionId = null;
        McpTransportSessionNotFoundException lost = new McpTransportSessionNotFoundException(
            "The MCP server no longer knows the session (HTTP " + status + ")");
        throw lost;
      }
      if (status / 100 != 2) {
        throw http.status(status);
      }
      if (status == 202) {
        return;
      }
      read(response, awaited);
    } catch (SafeHttpException e) {
      throw broke(e, awaited);
    } catch (IOException e) {
      throw lost(awaited, "broke off its answer");
    } finally {
      if (key != null) {
        answering.remove(key);
        abandoned.remove(key);
      }
      http.done(response);
    }
  }

  /** What a failed read of an answer means: a cap or an idle timeout is the server's doing; anything else a broken stream. */
  private TransportFailure broke(SafeHttpException e, Object awaited) {
    if (e.code().equals(SafeHttpException.BODY_TOO_LARGE) || e.code().equals(SafeHttpException.READ_TIMEOUT)) {
      return PinnedSession.failure(e);
    }
    return lost(awaited, "broke off its answer");
  }

  /**
   * The failure of a request whose server is gone, reported as the session's loss; unless Loadout itself
   * closed the stream (the request was abandoned, or the transport closed).
   */
  private TransportFailure lost(Object awaited, String what) {
    if (awaited != null && abandoned.contains(String.valueOf(awaited))) {
      return new TransportFailure(McpFailureCodes.TIMEOUT, "Loadout stopped waiting for this MCP request.");
    }
    if (http.closed()) {
      return new TransportFailure(McpFailureCodes.SESSION_LOST, "The MCP transport was closed.");
    }
    TransportFailure f = new TransportFailure(McpFailureCodes.CONNECTION_LOST, "The MCP server " + what + ".");
    onLost.accept(f);
    return f;
  }

  @Override
  public void abandon(Object requestId) {
    String key = String.valueOf(requestId);
    SafeHttpStream stream = answering.get(key);
    if (stream != null) {
      abandoned.add(key);
      stream.close();
    }
  }

  /** The session id and the negotiated protocol version, which every request after {@code initialize} carries. */
  private List<Map.Entry<String, String>> sessionHeaders(String session, boolean initialize) {
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    if (session != null) {
      headers.add(Map.entry(HttpHeaders.MCP_SESSION_ID, session));
    }
    String version = protocolVersion;
    if (version != null && !initialize) {
      headers.add(Map.entry(HttpHeaders.PROTOCOL_VERSION, version));
    }
    return headers;
  }

  private void read(SafeHttpStream response, Object awaited) throws IOException {
    String type = PinnedSession.mediaType(response);
    if (type.equals("text/event-stream")) {
      SseReader events = new SseReader(response.body(), http.maxResponseBytes());
      if (!drain(events, awaited) && awaited != null) {
        if (events.lastEventId() == null) {
          // Nothing to resume from: the server ended the stream without an answer, as a dying server does.
          throw lost(awaited, "ended its event stream without an answer");
        }
        resume(events.lastEventId(), events.retryMillis(), awaited);
      }
      return;
    }
    byte[] body = response.body().readAllBytes();
    if (type.equals("application/json") && awaited == null) {
      // A notification or a response needs no answer; some servers send 200 with a body that is not a
      // message (a result without id) instead of 202. Nothing waits for it, so it is not an error.
      if (body.length > 0) {
        try {
          receive(new String(body, StandardCharsets.UTF_8));
        } catch (TransportFailure ignored) {
          // Nothing was waiting for this body.
        }
      }
    } else if (type.equals("application/json")) {
      receive(new String(body, StandardCharsets.UTF_8));
    } else if (body.length > 0 || awaited != null) {
      throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "The MCP server answered with "
          + (type.isEmpty() ? "no content type" : "content type " + type) + ", not JSON or an event stream.");
    }
  }

  /** Hands every message on to the client until the awaited answer arrived (true) or the stream ended (false). */
  private boolean drain(SseReader events, Object awaited) throws IOException {
    for (SseReader.Event e = events.next(); e != null; e = events.next()) {
      if (e.isMessage() && !e.data().isBlank() && answers(receive(e.data()), awaited)) {
        // The server may keep the stream open after the answer; nothing more is waited for.
        return true;
      }
    }
    return false;
  }

  /**
   * The server ended a request's event stream before its answer, having numbered its events: after the delay
   * it asked for, the stream is resumed with a GET carrying {@code Last-Event-ID}, a few times at most. A
   * stream that broke (rather than ended) is not resumed: the server is gone, and the call fails at once.
   */
  private void resume(String lastEventId, long retryMillis, Object awaited) throws IOException {
    String id = lastEventId;
    long delay = retryMillis;
    for (int attempt = 0; attempt < MAX_RESUMES; attempt++) {
      pause(delay < 0 ? DEFAULT_RETRY_MILLIS : Math.min(delay, MAX_RETRY_MILLIS));
      List<Map.Entry<String, String>> headers = sessionHeaders(sessionId, false);
      headers.add(Map.entry("Accept", "text/event-stream"));
      headers.add(Map.entry(HttpHeaders.LAST_EVENT_ID, id));
      SafeHttpStream stream;
      try {
        stream = http.send("GET", http.url(), headers, null, requestTimeout, requestTimeout, http.maxResponseBytes());
      } catch (TransportFailure e) {
        throw e.code.equals(McpFailureCodes.UNREACHABLE) ? lost(awaited, "refuses connections") : e;
      }
      String key = String.valueOf(awaited);
      answering.put(key, stream);
      try {
        if (stream.status() / 100 != 2 || !PinnedSession.mediaType(stream).equals("text/event-stream")) {
          throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "The MCP server's event stream ended without an "
              + "answer and could not be resumed (HTTP " + stream.status() + ").");
        }
        SseReader events = new SseReader(stream.body(), http.maxResponseBytes());
        if (drain(events, awaited)) {
          return;
        }
        id = events.lastEventId() != null ? events.lastEventId() : id;
        delay = events.retryMillis() >= 0 ? events.retryMillis() : delay;
      } finally {
        answering.remove(key);
        http.done(stream);
      }
    }
    throw lost(awaited, "ended its event stream without an answer, " + MAX_RESUMES + " times");
  }

  private static void pause(long millis) {
    try {
      TimeUnit.MILLISECONDS.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TransportFailure(McpFailureCodes.SESSION_LOST, "The wait to resume the MCP event stream was interrupted.");
    }
  }

  private McpSchema.JSONRPCMessage receive(String json) {
    McpSchema.JSONRPCMessage m = PinnedSession.parse(json);
    if (m instanceof McpSchema.JSONRPCResponse) {
      McpSchema.JSONRPCResponse r = (McpSchema.JSONRPCResponse) m;
      if (r.result() != null && initializeIds.remove(r.id())) {
        // Before the client sees the answer: its next message (notifications/initialized) carries the version.
        String v = PinnedSession.JSON.convertValue(r.result(), McpSchema.InitializeResult.class).protocolVersion();
        protocolVersion = v != null && visible(v) ? v : null;
      }
    }
    PinnedSession.deliver(m, handler);
    return m;
  }

  private static boolean answers(McpSchema.JSONRPCMessage m, Object awaited) {
    return awaited != null && m instanceof McpSchema.JSONRPCResponse
        && Objects.equals(String.valueOf(((McpSchema.JSONRPCResponse) m).id()), String.valueOf(awaited));
  }

  /** A header value the server chose that may be sent back: visible ASCII only. */
  private static boolean visible(String value) {
    return !value.isEmpty() && value.length() <= 256 && value.chars().allMatch(c -> c > 0x20 && c < 0x7F);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.<Void>fromRunnable(() -> {
      String session = sessionId;
      sessionId = null;
      if (session != null && !http.closed()) {
        try {
          http.done(http.send("DELETE", http.url(), sessionHeaders(session, false), null, DELETE_TIMEOUT, DELETE_TIMEOUT, 1024));
        } catch (RuntimeException e) {
          // Best-effort: the server forgets idle sessions by itself.
        }
      }
      http.close();
    }).subscribeOn(scheduler);
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
    return PinnedSession.JSON.convertValue(data, type);
  }

  @Override
  public String toString() {
    return "StreamableTransport{" + http + "}";
  }
}
