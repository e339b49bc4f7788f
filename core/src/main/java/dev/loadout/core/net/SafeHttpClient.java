package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.MAINTAINED;

import dev.loadout.core.internal.settings.Settings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SchemePortResolver;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.routing.DefaultRoutePlanner;
import org.apache.hc.client5.http.io.HttpClientConnectionOperator;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.ssl.SSLContexts;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.apiguardian.api.API;

/**
 * The HTTP client every Loadout module uses for outbound requests: it reaches exactly what the
 * {@link NetworkGuard} checked.
 *
 * <p><b>Pinning.</b> Each hop is checked by the guard, which resolves the host once; the connection manager's
 * only resolver answers with those checked addresses and refuses any other name, so a rebinding DNS answer
 * never reaches a socket. The connection is made to the address while TLS still sends the original host
 * name as SNI and verifies the certificate against it. Sockets never use a proxy from the environment, and
 * each connect re-checks its address against the policy. Pooled connections are reused only per scheme, host
 * and port; every one of them was opened to an address the same policy allowed.
 *
 * <p><b>Redirects</b> are followed here, never by Apache: at most {@link NetworkPolicy#maxRedirects()} hops,
 * each one checked and pinned afresh ({@link #open} follows none: it serves a session on one checked origin). A 303, and a 301 or 302 after POST, become a GET without body;
 * {@code Authorization} and {@code Cookie} are dropped when the origin changes.
 *
 * <p><b>Limits.</b> Bodies are counted as they stream and cut at the cap whatever {@code Content-Length} says
 * (nothing is allocated on the server's word beyond 1 MiB up front); they are never decompressed. Status line
 * and header lines are capped at {@value #MAX_HEADER_LINE_LENGTH} bytes and {@value #MAX_HEADER_COUNT} headers.
 * The policy's connect timeout applies per address, its read timeout to every wait for bytes, and its call
 * timeout to the whole call: when it passes the connection is closed under the reader.
 *
 * <p><b>Failures</b> are {@link SafeHttpException}s with stable codes; an HTTP error status is a response.
 * Thread-safe; build one per bot and {@link #close()} it at shutdown.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class SafeHttpClient implements AutoCloseable {
  /** The {@code User-Agent} sent unless the request sets one. */
  public static final String DEFAULT_USER_AGENT = "Loadout/0.1 (+safe_http)";
  /** The most header lines a response may have. */
  public static final int MAX_HEADER_COUNT = 100;
  /** The longest status or header line a response may have, in bytes. */
  public static final int MAX_HEADER_LINE_LENGTH = 16 * 1024;

  private static final Set<String> CREDENTIAL_HEADERS = Set.of("authorization", "cookie", "proxy-authorization");

  private final NetworkGuard guard;
  private final NetworkPolicy policy;
  private final PinnedDns dns;
  private final CloseableHttpClient http;
  /** This client's own deadline watchdog: started by the first call, ended by {@link #close()}. */
  private final DeadlineTimer deadlines = new DeadlineTimer();
  /** Set by {@link #close()}: a request it cut off fails with one stable code. */
  private volatile boolean closed;
  /** What built this client, so {@link #forTrustedBackend()} can build its twin. */
  private final Builder settings;

  private SafeHttpClient(Builder b) {
    this.settings = b;
    this.guard = b.guard;
    this.policy = b.guard.policy();
    this.dns = new PinnedDns();
    GuardedSockets sockets = new GuardedSockets(guard, b.connectListener);
    SSLContext ssl = b.sslContext != null ? b.sslContext : SSLContexts.createSystemDefault();
    TlsSocketStrategy tls = ClientTlsStrategyBuilder.create().setSslContext(ssl)
        .setHostVerificationPolicy(HostnameVerificationPolicy.BOTH).buildClassic();
    PoolingHttpClientConnectionManagerBuilder manager = new PoolingHttpClientConnectionManagerBuilder() {
      @Override
      protected HttpClientConnectionOperator createConnectionOperator(SchemePortResolver ports, DnsResolver resolver,
          TlsSocketStrategy strategy) {
        return new DefaultHttpClientConnectionOperator(sockets, ports, resolver,
            RegistryBuilder.<TlsSocketStrategy>create().register(URIScheme.HTTPS.id, strategy).build());
      }
    };
    manager.setDnsResolver(dns)
        .setTlsSocketStrategy(tls)
        .setConnectionFactory(ManagedHttpClientConnectionFactory.builder()
            .http1Config(Http1Config.custom().setMaxHeaderCount(MAX_HEADER_COUNT).setMaxLineLength(MAX_HEADER_LINE_LENGTH).build())
            .build())
        .setDefaultSocketConfig(SocketConfig.custom().setTcpNoDelay(true)
            .setSoTimeout(Timeout.ofMilliseconds(policy.readTimeout().toMillis())).build())
        .setDefaultConnectionConfig(ConnectionConfig.custom()
            .setConnectTimeout(Timeout.ofMilliseconds(policy.connectTimeout().toMillis()))
            .setSocketTimeout(Timeout.ofMilliseconds(policy.readTimeout().toMillis()))
            .setValidateAfterInactivity(TimeValue.ofSeconds(2))
            .setTimeToLive(TimeValue.ofMinutes(1))
            .build())
        .setMaxConnTotal(64)
        .setMaxConnPerRoute(16);
    this.http = HttpClients.custom()
        .setConnectionManager(manager.build())
        // Explicit, so that no proxy from system properties or the default ProxySelector is ever used.
        .setRoutePlanner(new DefaultRoutePlanner(DefaultSchemePortResolver.INSTANCE))
        .disableRedirectHandling()
        .disableAutomaticRetries()
        .disableContentCompression()
        .disableCookieManagement()
        .disableAuthCaching()
        .disableConnectionState()
        .setUserAgent(b.userAgent)
        .build();
  }

  /**
   * Starts a client that checks every hop with a guard.
   *
   * @param guard the guard; its policy sets redirects, caps and deadlines
   */
  public static Builder builder(NetworkGuard guard) {
    return new Builder(guard);
  }

  /**
   * A client of its own for a backend the host configured on a private or loopback address (its own SearXNG,
   * ComfyUI or speech server): this client's policy with private networks allowed and no redirect followed,
   * so only the configured address is reached that way, and its resolver, TLS context and user agent. The
   * cloud-metadata denylist still applies, and every other URL should keep going through this client. The
   * caller owns the new client and closes it.
   */
  public SafeHttpClient forTrustedBackend() {
    NetworkPolicy trusted = policy.toBuilder().allowPrivateNetworks(true).maxRedirects(0).build();
    Builder b = new Builder(NetworkGuard.of(trusted, guard.resolver()));
    b.sslContext = settings.sslContext;
    b.userAgent = settings.userAgent;
    b.connectListener = settings.connectListener;
    return b.build();
  }

  /** The guard every hop goes through. */
  public NetworkGuard guard() {
    return guard;
  }

  /** A GET with default headers; see {@link #send(SafeHttpRequest)}. */
  public SafeHttpResponse get(String url) throws SafeHttpException {
    return send(SafeHttpRequest.get(url));
  }

  /**
   * Sends a request, following redirects within the policy, and reads the body up to the cap. Blocks the
   * calling thread for at most the policy's call timeout, plus the resolver's own time (see
   * {@link HostResolver#system(java.time.Duration)} for its deadline).
   *
   * @throws SafeHttpException with a stable {@link SafeHttpException#code()} when no response can be given
   */
  public SafeHttpResponse send(SafeHttpRequest request) throws SafeHttpException {
    return send(request, null);
  }

  /**
   * {@link #send(SafeHttpRequest)}, given up as soon as {@code cancellation} completes (normally or not): the
   * connection in use is closed under the call, which then fails with {@link SafeHttpException#CANCELLED}, and no
   * further redirect is followed. For a caller with a deadline of its own, such as a tool whose time ran out.
   *
   * @param cancellation completes when the caller gives up; null never gives up
   * @since 0.1
   */
  public SafeHttpResponse send(SafeHttpRequest request, java.util.concurrent.CompletionStage<?> cancellation)
      throws SafeHttpException {
    long deadline = System.nanoTime() + policy.callTimeout().toNanos();
    long cap = request.maxBodyBytes() > 0 ? Math.min(request.maxBodyBytes(), policy.maxBodyBytes()) : policy.maxBodyBytes();
    String method = request.method();
    byte[] body = request.bodyView();
    List<Map.Entry<String, String>> headers = new ArrayList<>(request.headers());
    String url = request.url();
    ParsedUrl previous = null;
    for (int hop = 0; ; hop++) {
      UrlVerdict verdict = guard.check(url);
      if (!verdict.allowed()) {
        report(request.events(), hop, verdict);
        String message = hop == 0 ? verdict.reason() : "A redirect led to a refused URL. " + verdict.reason();
        throw new SafeHttpException(SafeHttpException.URL_REFUSED, message, verdict, null);
      }
      ParsedUrl target = verdict.url();
      report(request.events(), hop, verdict);
      if (previous != null && !previous.sameOrigin(target)) {
        headers.removeIf(h -> CREDENTIAL_HEADERS.contains(h.getKey().toLowerCase(Locale.ROOT)));
      }
      Object outcome = new Exchange(http, deadlines, dns, policy, target, verdict.addresses(), hop)
          .run(method, body, request.contentType(), headers, deadline, cap, request.rejectOversizedBody(), cancellation);
      if (outcome instanceof SafeHttpResponse) {
        return (SafeHttpResponse) outcome;
      }
      if (hop >= policy.maxRedirects()) {
        throw new SafeHttpException(SafeHttpException.TOO_MANY_REDIRECTS, "The request to host '" + target.host()
            + "' was redirected more than " + policy.maxRedirects() + " times, the limit.", null, null);
      }
      Exchange.Redirect redirect = (Exchange.Redirect) outcome;
      url = resolveLocation(target, redirect.location());
      if (redirect.status() == 303 && !method.equals("HEAD") || (redirect.status() == 301 || redirect.status() == 302) && method.equals("POST")) {
        method = "GET";
        body = null;
      }
      previous = target;
    }
  }

  /**
   * Sends one request to addresses the guard already checked and hands the body over as it arrives. For
   * protocols that talk to one origin many times (an MCP session): the host is resolved and checked once,
   * and every request of the session goes to those same addresses, so a DNS answer that changes later is
   * never used. Redirects are not followed; a 3xx is a response for the caller to refuse.
   *
   * @param request the request; its URL must have the checked URL's scheme, host and port. Its
   *     {@link SafeHttpRequest#maxBodyBytes()} caps the whole body (the policy's cap when unset); a caller
   *     that keeps an event stream open caps each event itself
   * @param checked an allowed verdict from this client's {@link #guard()}
   * @param headTimeout how long to wait for the response head, connecting included; from 1 ms to 1 day
   * @param idleTimeout how long each read may wait for bytes, up to 1 day; zero for no limit (the caller closes
   *     the stream)
   * @throws SafeHttpException with a stable code when no response head arrives, or
   *     {@link SafeHttpException#URL_REFUSED} when the URL is not on the checked origin
   */
  public SafeHttpStream open(SafeHttpRequest request, UrlVerdict checked, Duration headTimeout, Duration idleTimeout)
      throws SafeHttpException {
    if (request == null || checked == null || !checked.allowed()) {
      throw new IllegalArgumentException("a request and an allowed verdict are required");
    }
    Settings.deadline("headTimeout", headTimeout);
    Settings.duration("idleTimeout", idleTimeout, Duration.ZERO, Settings.MAX_DEADLINE);
    ParsedUrl target;
    try {
      target = UrlParser.parse(request.url());
    } catch (UrlParser.Rejected r) {
      throw new SafeHttpException(SafeHttpException.URL_REFUSED, r.getMessage(), null, null);
    }
    if (!target.sameOrigin(checked.url())) {
      throw new SafeHttpException(SafeHttpException.URL_REFUSED, "The URL is not on the checked origin "
          + checked.url().origin() + ".", null, null);
    }
    long cap = request.maxBodyBytes() > 0 ? request.maxBodyBytes() : policy.maxBodyBytes();
    try {
      return new Exchange(http, deadlines, dns, policy, target, checked.addresses(), 0)
          .open(request.method(), request.bodyView(), request.contentType(), request.headers(), headTimeout, idleTimeout, cap);
    } catch (SafeHttpException e) {
      if (closed) {
        // Closing cuts the socket wherever the exchange was; one code says why, whatever broke first.
        throw new SafeHttpException(SafeHttpException.CONNECTION_FAILED, "The request to host '" + target.host()
            + "' ended because the client was closed.", null, e);
      }
      throw e;
    }
  }

  /** Tells the request's events about a hop; a listener that throws is dropped, never the request. */
  private static void report(NetEvents events, int hop, UrlVerdict verdict) {
    if (events == NetEvents.NONE) {
      return;
    }
    try {
      if (verdict.allowed()) {
        events.hop(hop, verdict.url().origin());
      } else {
        events.refused(hop, verdict.host().orElse(""), verdict.code());
      }
    } catch (RuntimeException e) {
      // NetEvents' contract: what a listener throws is dropped, so a broken listener cannot fail the request.
    }
  }

  private static String resolveLocation(ParsedUrl base, String location) throws SafeHttpException {
    try {
      if (location.startsWith("?")) {
        // RFC 3986 keeps the base path for a query-only reference; java.net.URI (RFC 2396) would drop its last segment.
        String b = base.uri().toString();
        int q = b.indexOf('?');
        return (q == -1 ? b : b.substring(0, q)) + location;
      }
      return base.uri().resolve(new URI(location)).toString();
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw new SafeHttpException(SafeHttpException.BAD_REDIRECT,
          "Host '" + base.host() + "' sent a redirect whose Location is not a valid URL.", null, null);
    }
  }

  /**
   * Closes pooled connections and ends requests in flight (they fail with {@code connection_failed}), and ends
   * the client's deadline thread before returning: no thread of the client is left. Calls after this fail.
   */
  @Override
  public void close() {
    closed = true;
    try {
      http.close();
    } catch (IOException e) {
      // Closing idle sockets has nothing left to report.
    }
    deadlines.close();
  }

  @Override
  public String toString() {
    return "SafeHttpClient{" + policy + "}";
  }

  /**
   * Builds a {@link SafeHttpClient}.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final NetworkGuard guard;
    private SSLContext sslContext;
    private String userAgent = DEFAULT_USER_AGENT;
    private Consumer<InetSocketAddress> connectListener = address -> {};

    private Builder(NetworkGuard guard) {
      if (guard == null) {
        throw new IllegalArgumentException("guard must not be null");
      }
      this.guard = guard;
    }

    /**
     * The TLS context, for hosts with their own trust store (and for tests with a self-signed certificate).
     * Host names are verified whatever the context. Default: the JVM's default trust.
     */
    public Builder sslContext(SSLContext sslContext) {
      if (sslContext == null) {
        throw new IllegalArgumentException("sslContext must not be null");
      }
      this.sslContext = sslContext;
      return this;
    }

    /** The {@code User-Agent} header for requests that do not set one. */
    public Builder userAgent(String userAgent) {
      if (userAgent == null || userAgent.isBlank() || userAgent.chars().anyMatch(c -> c < 0x20 || c == 0x7F)) {
        throw new IllegalArgumentException("userAgent must be non-blank printable text, but was " + userAgent);
      }
      this.userAgent = userAgent;
      return this;
    }

    /** Sees every connection attempt, after the last address check and before the socket connects. */
    Builder connectListener(Consumer<InetSocketAddress> listener) {
      this.connectListener = listener;
      return this;
    }

    /** The client. */
    public SafeHttpClient build() {
      return new SafeHttpClient(this);
    }
  }
}
