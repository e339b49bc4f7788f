package dev.loadout.mcp;

import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.UrlVerdict;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Opens one MCP session with transport fallback. Before anything else the URL is re-checked by the
 * {@link NetworkGuard} (a registered name that now resolves to an internal address is refused here). Then
 * Streamable HTTP, then SSE: each attempt builds a fresh transport and a fresh client (a client whose
 * transport failed is never reused; the SSE transport's endpoint is one-shot), sends the bearer token,
 * follows no redirects, caps response bodies, and runs {@code initialize} plus {@code tools/list} on the
 * blocking executor under Loadout's own deadline. Both attempts share one budget of
 * {@link McpSettings#connectTimeout()}, so a hanging server costs the gatherer that and no more. A failed
 * attempt's client is closed (without waiting).
 */
final class Connector {
  static final String STREAMABLE = "streamable_http";
  static final String SSE = "sse";
  private static final int DETAIL_CHARS = 150;
  private static final McpSchema.Implementation CLIENT_INFO = McpSchema.Implementation.builder("loadout", "0.1").build();

  private final NetworkGuard guard;
  private final McpSettings settings;
  private final Executor blocking;

  Connector(NetworkGuard guard, McpSettings settings, Executor blocking) {
    this.guard = guard;
    this.settings = settings;
    this.blocking = blocking;
  }

  /** A live session and what it discovered. */
  record Connected(McpSyncClient client, String transport, List<McpSchema.Tool> tools) {}

  /** Every attempt failed; the message names each transport's failure, sanitised. */
  static final class ConnectFailed extends Exception {
    private static final long serialVersionUID = 1L;
    final String code;

    ConnectFailed(String code, String message) {
      super(message, null, false, false);
      this.code = code;
    }
  }

  Connected connect(String url, String token) throws ConnectFailed {
    UrlVerdict verdict = guard.check(url);
    if (!verdict.allowed()) {
      throw new ConnectFailed(McpFailureCodes.BLOCKED, Redaction.sanitize(verdict.reason(), url, token));
    }
    long deadline = System.nanoTime() + settings.connectTimeout().toNanos();
    List<String> errors = new ArrayList<>();
    String lastCode = McpFailureCodes.UNREACHABLE;
    for (String transport : List.of(STREAMABLE, SSE)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        errors.add(label(transport) + ": not tried, the connect deadline had passed");
        break;
      }
      McpSyncClient client = null;
      try {
        client = newClient(transport, url, token, Duration.ofNanos(left));
        McpSyncClient c = client;
        CompletableFuture<List<McpSchema.Tool>> discovery = CompletableFuture.supplyAsync(() -> {
          c.initialize();
          return c.listTools().tools();
        }, blocking);
        List<McpSchema.Tool> tools = Deadlines.await(discovery, left, TimeUnit.NANOSECONDS);
        return new Connected(client, transport, List.copyOf(tools));
      } catch (Exception e) {
        Failures.Classified f = Failures.classify(e);
        lastCode = f.code();
        errors.add(label(transport) + ": " + f.code() + " (" + shorten(Redaction.sanitize(f.detail(), url, token)) + ")");
        if (client != null) {
          client.close();
        }
        if (f.code().equals(McpFailureCodes.UNAUTHORIZED) || f.code().equals(McpFailureCodes.BLOCKED)) {
          break;
        }
      }
    }
    String message = "All MCP transports failed for '" + Redaction.origin(url) + "': " + String.join("; ", errors);
    throw new ConnectFailed(lastCode, Redaction.sanitize(message, url, token));
  }

  private McpSyncClient newClient(String transport, String url, String token, Duration budget) {
    URI u = URI.create(url);
    String base = Redaction.origin(url);
    String path = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
        + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
    HttpClient.Builder http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .followRedirects(HttpClient.Redirect.NEVER);
    OriginGuard origin = new OriginGuard(url, token);
    McpClientTransport t;
    if (transport.equals(STREAMABLE)) {
      t = HttpClientStreamableHttpTransport.builder(base).endpoint(path).clientBuilder(http)
          .connectTimeout(budget).httpRequestCustomizer(origin).maxResponseSize(settings.maxResponseBytes()).build();
    } else {
      t = sse(base, path, http, budget, origin);
    }
    Duration requestTimeout = settings.executionTimeout().compareTo(budget) > 0 ? settings.executionTimeout() : budget;
    // The SDK's own timeouts only free its threads; Loadout's deadline (Deadlines) is what callers wait for.
    return McpClient.sync(t).clientInfo(CLIENT_INFO).initializationTimeout(budget)
        .requestTimeout(requestTimeout.plusSeconds(1)).build();
  }

  @SuppressWarnings("deprecation")
  private McpClientTransport sse(String base, String path, HttpClient.Builder http, Duration budget, OriginGuard origin) {
    return HttpClientSseClientTransport.builder(base).sseEndpoint(path).clientBuilder(http).connectTimeout(budget)
        .httpRequestCustomizer(origin).maxResponseSize(settings.maxResponseBytes()).build();
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
