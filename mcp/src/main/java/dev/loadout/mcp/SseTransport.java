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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The legacy MCP SSE transport over the pinned client: a GET opens the event stream at the registered URL;
 * its first {@code endpoint} event names where to POST messages (a relative URL is resolved against the
 * registered one, and an endpoint on another origin is refused); every answer arrives on the stream. The
 * stream is read on one thread of the blocking executor for the life of the session, each event capped at
 * {@link McpSettings#maxResponseBytes()}. It connects once: when the stream of an established session ends
 * or breaks (the server died or restarted), the loss is reported once, so every call waiting for an answer on
 * that stream ends at once, and later sends fail; the pool connects a fresh client. A POST that is accepted
 * with an HTML page instead of {@code 202} is not MCP: it fails as a protocol error rather than waiting for an
 * answer that will never come on the stream.
 */
final class SseTransport implements McpClientTransport {
  static final List<String> VERSIONS = List.of(ProtocolVersions.MCP_2024_11_05);
  private static final int POST_ANSWER_BYTES = 64 * 1024;

  private final PinnedSession http;
  private final Duration connectTimeout;
  private final Duration requestTimeout;
  private final Executor blocking;
  private final Scheduler scheduler;
  private final Consumer<TransportFailure> onLost;
  private final AtomicBoolean started = new AtomicBoolean();
  private final CompletableFuture<String> endpoint = new CompletableFuture<>();
  private volatile Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler;
  private volatile TransportFailure ended;

  /**
   * @param connectTimeout how long the stream's head and its endpoint event may take
   * @param requestTimeout how long one POST may wait for its acceptance
   */
  SseTransport(PinnedSession http, Duration connectTimeout, Duration requestTimeout, Executor blocking, Scheduler scheduler,
      Consumer<TransportFailure> onLost) {
    this.http = http;
    this.connectTimeout = connectTimeout;
    this.requestTimeout = requestTimeout;
    this.blocking = blocking;
    this.scheduler = scheduler;
    this.onLost = onLost;
  }

  @Override
  public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return Mono.defer(() -> {
      if (!started.compareAndSet(false, true)) {
        return Mono.error(new TransportFailure(McpFailureCodes.SESSION_LOST,
            "An SSE transport connects once; the session needs a fresh client."));
      }
      this.handler = handler;
      blocking.execute(this::readStream);
      return Mono.fromFuture(endpoint).then();
    });
  }

  private void readStream() {
    SafeHttpStream stream = null;
    TransportFailure failure = null;
    try {
      stream = http.send("GET", http.url(), List.of(Map.entry("Accept", "text/event-stream")), null, connectTimeout,
          Duration.ZERO, Long.MAX_VALUE);
      if (stream.status() / 100 != 2) {
        throw http.status(stream.status());
      }
      if (!PinnedSession.mediaType(stream).equals("text/event-stream")) {
        throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "The MCP server did not answer with an event stream.");
      }
      SseReader events = new SseReader(stream.body(), http.maxResponseBytes());
      for (SseReader.Event e = events.next(); e != null; e = events.next()) {
        if ("endpoint".equals(e.type())) {
          if (!endpoint.isDone()) {
            endpoint.complete(http.sameOrigin(e.data()));
          }
        } else if (e.isMessage() && !e.data().isBlank()) {
          PinnedSession.deliver(PinnedSession.parse(e.data()), handler);
        }
      }
      failure = new TransportFailure(McpFailureCodes.SESSION_LOST, "The MCP server ended its event stream.");
    } catch (TransportFailure e) {
      failure = e;
    } catch (SafeHttpException e) {
      failure = http.closed() ? closed() : PinnedSession.failure(e);
    } catch (IOException e) {
      failure = new TransportFailure(McpFailureCodes.UNREACHABLE, "The event stream of the MCP server broke off.");
    } catch (RuntimeException e) {
      failure = new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "The event stream of the MCP server could not be read.");
    } finally {
      streamEnded(stream, failure);
    }
  }

  /**
   * What the end of the stream means, whichever way it ended (one method, so that each of the compiler's copies
   * of the finally block above is one call): the loss of an established session, unless Loadout closed it; or
   * the failure of a connect still waiting for its endpoint ({@code failure} is null only for an Error).
   */
  private void streamEnded(SafeHttpStream stream, TransportFailure failure) {
    if (stream != null) {
      http.done(stream);
    }
    boolean established = endpoint.isDone() && !endpoint.isCompletedExceptionally();
    if (established && !http.closed()) {
      ended = new TransportFailure(McpFailureCodes.CONNECTION_LOST, "The MCP server's event stream has ended.");
      onLost.accept(ended);
    } else {
      ended = established ? closed() : failure;
    }
    endpoint.completeExceptionally(failure == null ? closed() : failure);
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
    String target = awaitEndpoint();
    if (ended != null) {
      throw ended;
    }
    SafeHttpStream response;
    try {
      response = http.send("POST", target, List.of(Map.entry(HttpHeaders.PROTOCOL_VERSION,
          ProtocolVersions.MCP_2024_11_05)), PinnedSession.body(message), requestTimeout, requestTimeout, POST_ANSWER_BYTES);
    } catch (TransportFailure e) {
      if (e.code.equals(McpFailureCodes.UNREACHABLE) && !http.closed()) {
        TransportFailure lost = new TransportFailure(McpFailureCodes.CONNECTION_LOST, "The MCP server refuses connections.");
        onLost.accept(lost);
        throw lost;
      }
      throw e;
    }
    try {
      int status = response.status();
      if (status == 404) {
        throw new McpTransportSessionNotFoundException("The MCP server no longer knows the SSE session (HTTP 404)");
      }
      if (status / 100 != 2) {
        throw http.status(status);
      }
      if (PinnedSession.mediaType(response).equals("text/html")) {
        // The answer of an SSE session comes on its stream; a page here means something else answers.
        throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "The MCP server accepted a message with an HTML page, "
            + "not MCP.");
      }
    } finally {
      http.done(response);
    }
  }

  private String awaitEndpoint() {
    try {
      return endpoint.get(connectTimeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new TransportFailure(McpFailureCodes.TIMEOUT, "The MCP server sent no endpoint event within "
          + connectTimeout.toMillis() + " ms.");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof TransportFailure ? (TransportFailure) e.getCause() : closed();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw closed();
    }
  }

  private TransportFailure closed() {
    return new TransportFailure(McpFailureCodes.SESSION_LOST, "The SSE transport was closed.");
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.<Void>fromRunnable(() -> {
      endpoint.completeExceptionally(closed());
      http.close();
    }).subscribeOn(scheduler);
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
    return PinnedSession.JSON.convertValue(data, type);
  }

  @Override
  public String toString() {
    return "SseTransport{" + http + "}";
  }
}
