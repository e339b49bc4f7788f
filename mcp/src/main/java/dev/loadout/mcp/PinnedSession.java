package dev.loadout.mcp;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.BackendException;
import dev.loadout.core.net.Backends;
import dev.loadout.core.net.SafeHttpException;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpStream;
import dev.loadout.core.net.UrlVerdict;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import reactor.core.publisher.Mono;

/**
 * The HTTP side of one MCP transport attempt, shared by Loadout's Streamable HTTP and SSE transports. The
 * registered URL was checked by the {@link NetworkGuard} once for this connect; every request of the session
 * goes to the addresses of that one answer (a name that rebinds later is never resolved again), stays on the
 * registered origin, follows no redirect, carries the bearer token, and has its response capped. Each
 * attempt has its own {@link SafeHttpClient}, so closing the attempt closes every connection it opened, also
 * one whose response head is still awaited.
 */
final class PinnedSession implements AutoCloseable {
  static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  private final SafeHttpClient http;
  private final UrlVerdict checked;
  private final URI registered;
  private final String origin;
  private final String token;
  private final int maxResponseBytes;
  private final Set<SafeHttpStream> open = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  PinnedSession(NetworkGuard guard, SSLContext tls, UrlVerdict checked, String url, String token, int maxResponseBytes) {
    this.http = SafeHttpClient.builder(guard).sslContext(tls).build();
    this.checked = checked;
    this.registered = URI.create(url.strip());
    this.origin = Redaction.origin(url);
    this.token = token;
    this.maxResponseBytes = maxResponseBytes;
  }

  /** The registered URL: the Streamable endpoint, or the SSE stream. */
  String url() {
    return registered.toString();
  }

  int maxResponseBytes() {
    return maxResponseBytes;
  }

  /**
   * Sends one request and returns the open response; the caller closes it (or {@link #close()} does).
   *
   * @param json the body, or null
   * @param cap the most body bytes to accept in total
   */
  SafeHttpStream send(String method, String url, List<Map.Entry<String, String>> headers, byte[] json,
      Duration headTimeout, Duration idleTimeout, long cap) {
    if (closed) {
      throw new TransportFailure(McpFailureCodes.SESSION_LOST, "The MCP transport to " + origin + " is closed.");
    }
    SafeHttpRequest.Builder b = SafeHttpRequest.builder(method, url).maxBodyBytes(cap);
    headers.forEach(h -> b.header(h.getKey(), h.getValue()));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    if (json != null) {
      b.body(json, "application/json");
    }
    SafeHttpStream stream;
    try {
      stream = http.open(b.build(), checked, headTimeout, idleTimeout);
    } catch (SafeHttpException e) {
      throw failure(e);
    }
    open.add(stream);
    if (closed) {
      stream.close();
    }
    return stream;
  }

  /** Closes a response and forgets it. */
  void done(SafeHttpStream stream) {
    stream.close();
    open.remove(stream);
  }

  /**
   * Resolves an endpoint the server named (the SSE {@code endpoint} event) against the registered URL and
   * refuses one on another origin or with user information: the server must not steer the session, and the
   * token with it, anywhere else.
   */
  String sameOrigin(String reference) {
    URI resolved;
    try {
      resolved = registered.resolve(new URI(reference.strip()));
    } catch (Exception e) {
      throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "The MCP server named a message endpoint that is not a URL.");
    }
    if (resolved.getRawUserInfo() != null || !Redaction.origin(resolved.toString()).equals(origin)) {
      throw new TransportFailure(McpFailureCodes.BLOCKED, "The MCP server named a message endpoint on another origin than "
          + origin + "; requests must stay on the registered origin.");
    }
    return resolved.toString();
  }

  /** The failure for a status that is not a success: a redirect is refused, never followed. */
  TransportFailure status(int status) {
    if (status >= 300 && status < 400) {
      return new TransportFailure(McpFailureCodes.REDIRECTED, "The MCP server at " + origin + " answered HTTP " + status
          + " (a redirect); MCP requests follow no redirects.");
    }
    if (status == 401 || status == 403) {
      return new TransportFailure(McpFailureCodes.UNAUTHORIZED, "The MCP server at " + origin + " refused the credentials (HTTP "
          + status + ").");
    }
    return new TransportFailure(McpFailureCodes.HTTP_ERROR, "The MCP server at " + origin + " answered HTTP " + status + ".");
  }

  /** The media type of a response, lower-case without parameters; empty when absent. */
  static String mediaType(SafeHttpStream response) {
    String type = response.header("Content-Type").orElse("");
    int semicolon = type.indexOf(';');
    return (semicolon < 0 ? type : type.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
  }

  /** Parses one JSON-RPC message from the server. */
  static McpSchema.JSONRPCMessage parse(String json) {
    try {
      return McpSchema.deserializeJsonRpcMessage(JSON, json);
    } catch (IOException | RuntimeException e) {
      throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "The MCP server sent a message that is not JSON-RPC.");
    }
  }

  /** Hands a message to the client session, which may answer it at once on another thread. */
  static void deliver(McpSchema.JSONRPCMessage message,
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    if (handler != null) {
      handler.apply(Mono.just(message)).subscribe(ignored -> {}, ignored -> {});
    }
  }

  /** The body of a message to send. */
  static byte[] body(McpSchema.JSONRPCMessage message) {
    try {
      return JSON.writeValueAsBytes(message);
    } catch (IOException e) {
      throw new TransportFailure(McpFailureCodes.PROTOCOL_ERROR, "A message could not be written as JSON.");
    }
  }

  /**
   * What the pinned client's failure means for MCP: the shared backend classification ({@link Backends#classify}),
   * in MCP's codes, which the breaker reads; its message names the host at most.
   */
  static TransportFailure failure(SafeHttpException e) {
    String code = switch (Backends.classify(e, "The MCP server", BackendException::new).code()) {
      case BackendException.UPSTREAM_REFUSED -> McpFailureCodes.BLOCKED;
      case BackendException.TIMEOUT -> McpFailureCodes.TIMEOUT;
      case BackendException.UPSTREAM_UNREACHABLE -> McpFailureCodes.UNREACHABLE;
      default -> McpFailureCodes.PROTOCOL_ERROR;
    };
    return new TransportFailure(code, e.getMessage());
  }

  boolean closed() {
    return closed;
  }

  /** Ends every open response and the attempt's connections. Idempotent. */
  @Override
  public void close() {
    closed = true;
    for (SafeHttpStream s : open) {
      s.close();
    }
    open.clear();
    http.close();
  }

  @Override
  public String toString() {
    return "PinnedSession{" + origin + "}";
  }
}
