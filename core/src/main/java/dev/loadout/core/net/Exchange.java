package dev.loadout.core.net;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.MalformedChunkCodingException;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.TruncatedChunkException;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * One hop of a {@link SafeHttpClient} call: connect pinned to the checked addresses, send, and read within
 * the caps and the deadline. Returns a {@link SafeHttpResponse} or a {@link Redirect} for the client to
 * check and follow.
 *
 * <p>The connection is released to the pool only when the body was read to its end; in every other case the
 * request is cancelled first, which closes the socket. Closing a response normally would drain the rest of
 * its body, and an endless body never ends.
 */
final class Exchange {
  /** A redirect the client must check before following. */
  record Redirect(int status, String location) {}

  private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);
  /** Redirect bodies up to this size are read so the connection can be reused; larger ones are cut off. */
  private static final int REDIRECT_BODY_DRAIN = 64 * 1024;

  private final CloseableHttpClient http;
  private final DeadlineTimer deadlines;
  private final PinnedDns dns;
  private final NetworkPolicy policy;
  private final ParsedUrl target;
  private final List<InetAddress> addresses;
  private final int hop;
  private long deadline;
  private long cap;
  private boolean readBoundByDeadline;
  /** Set once a streamed response's head arrived: later reads are bound by the idle timeout, not the deadline. */
  private boolean streaming;

  Exchange(CloseableHttpClient http, DeadlineTimer deadlines, PinnedDns dns, NetworkPolicy policy, ParsedUrl target,
      List<InetAddress> addresses, int hop) {
    this.deadlines = deadlines;
    this.http = http;
    this.dns = dns;
    this.policy = policy;
    this.target = target;
    this.addresses = addresses;
    this.hop = hop;
  }

  /** Runs the hop; ended at once (the request cancelled, its socket closed) when {@code cancel} completes. */
  Object run(String method, byte[] body, String contentType, List<Map.Entry<String, String>> headers, long deadline,
      long cap, boolean rejectOversized, java.util.concurrent.CompletionStage<?> cancel) throws SafeHttpException {
    if (cancel != null && cancel.toCompletableFuture().isDone()) {
      throw cancelled(null);
    }
    this.deadline = deadline;
    this.cap = cap;
    long remaining = deadline - System.nanoTime();
    if (remaining <= 0) {
      throw deadlineExceeded(null);
    }
    HttpUriRequestBase request = request(method, body, contentType, headers);
    long remainingMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining));
    long readMillis = policy.readTimeout().toMillis();
    readBoundByDeadline = remainingMillis < readMillis;
    HttpClientContext context = HttpClientContext.create();
    context.setRequestConfig(RequestConfig.custom()
        .setRedirectsEnabled(false)
        .setResponseTimeout(Timeout.ofMilliseconds(Math.min(readMillis, remainingMillis)))
        .setConnectionRequestTimeout(Timeout.ofMilliseconds(remainingMillis))
        .build());
    DeadlineTimer.Alarm alarm = deadlines.arm(deadline, request::cancel);
    if (cancel != null) {
      cancel.whenComplete((v, e) -> request.cancel());
    }
    ClassicHttpResponse response = null;
    boolean released = false;
    try {
      dns.pin(target.host(), addresses);
      try {
        response = http.executeOpen(new HttpHost(target.scheme(), target.host(), target.port()), request, context);
      } finally {
        dns.clear();
      }
      int status = response.getCode();
      if (REDIRECTS.contains(status)) {
        Header location = response.getFirstHeader("Location");
        if (location == null || location.getValue().isBlank()) {
          throw new SafeHttpException(SafeHttpException.BAD_REDIRECT, "Host '" + target.host() + "' answered "
              + status + " without a Location to redirect to.", null, null);
        }
        released = drainSmall(response.getEntity());
        return new Redirect(status, location.getValue().trim());
      }
      HttpEntity entity = response.getEntity();
      long declared = entity == null ? 0 : entity.getContentLength();
      if (rejectOversized && declared > cap) {
        throw tooLarge();
      }
      CappedBody read = entity == null ? CappedBody.EMPTY : CappedBody.read(entity.getContent(), cap, declared, deadline);
      if (read.truncated() && rejectOversized) {
        throw tooLarge();
      }
      if (!read.complete() && !read.truncated()) {
        throw deadlineExceeded(null);
      }
      released = read.complete();
      return new SafeHttpResponse(status, Headers.of(response.getHeaders()), target, hop, read.bytes(),
          read.length(), read.truncated(), remote(context));
    } catch (SafeHttpException e) {
      throw e;
    } catch (IOException e) {
      if (cancel != null && cancel.toCompletableFuture().isDone()) {
        throw cancelled(e);
      }
      throw classify(e, request.isCancelled());
    } finally {
      alarm.close();
      if (!released) {
        request.cancel();
      }
      closeQuietly(response);
    }
  }

  /**
   * Sends without following a redirect and hands the body over unread: the response head must arrive within
   * {@code headTimeout} (the request is cancelled when it passes), each later read may wait {@code idleTimeout}
   * (zero: without limit, the owner closes the stream), and the body is cut with an error past {@code cap}.
   */
  SafeHttpStream open(String method, byte[] body, String contentType, List<Map.Entry<String, String>> headers,
      Duration headTimeout, Duration idleTimeout, long cap) throws SafeHttpException {
    this.cap = cap;
    this.deadline = System.nanoTime() + headTimeout.toNanos();
    HttpUriRequestBase request = request(method, body, contentType, headers);
    HttpClientContext context = HttpClientContext.create();
    context.setRequestConfig(RequestConfig.custom()
        .setRedirectsEnabled(false)
        .setResponseTimeout(idleTimeout.isZero() ? Timeout.DISABLED : Timeout.ofMilliseconds(Math.max(1, idleTimeout.toMillis())))
        .setConnectionRequestTimeout(Timeout.ofMilliseconds(Math.max(1, headTimeout.toMillis())))
        .build());
    ClassicHttpResponse response = null;
    try (DeadlineTimer.Alarm alarm = deadlines.arm(deadline, request::cancel)) {
      dns.pin(target.host(), addresses);
      try {
        response = http.executeOpen(new HttpHost(target.scheme(), target.host(), target.port()), request, context);
      } finally {
        dns.clear();
      }
      if (request.isCancelled()) {
        throw new IOException("cancelled at the head deadline");
      }
      streaming = true;
      HttpEntity entity = response.getEntity();
      InputStream in = entity == null ? InputStream.nullInputStream() : entity.getContent();
      return new SafeHttpStream(this, response.getCode(), Headers.of(response.getHeaders()), in, request, response,
          idleTimeout);
    } catch (IOException e) {
      request.cancel();
      closeQuietly(response);
      if (request.isCancelled() && System.nanoTime() - deadline >= 0) {
        throw new SafeHttpException(SafeHttpException.DEADLINE_EXCEEDED, "The server at host '" + target.host()
            + "' sent no response within " + headTimeout.toMillis() + " ms.", null, e);
      }
      if (e instanceof java.net.SocketTimeoutException) {
        throw idleTimeout(idleTimeout, e);
      }
      throw e instanceof SafeHttpException ? (SafeHttpException) e : classify(e, false);
    } catch (RuntimeException e) {
      request.cancel();
      closeQuietly(response);
      throw e;
    }
  }

  private HttpUriRequestBase request(String method, byte[] body, String contentType, List<Map.Entry<String, String>> headers) {
    HttpUriRequestBase request = new HttpUriRequestBase(method, target.uri());
    for (Map.Entry<String, String> h : headers) {
      request.addHeader(h.getKey(), h.getValue());
    }
    request.setHeader("Accept-Encoding", "identity");
    if (body != null) {
      request.setEntity(new ByteArrayEntity(body, ContentType.parse(contentType)));
    }
    return request;
  }

  static void closeQuietly(ClassicHttpResponse response) {
    if (response != null) {
      try {
        response.close();
      } catch (IOException | RuntimeException e) {
        // The connection is already discarded.
      }
    }
  }

  SafeHttpException idleTimeout(Duration idle, IOException cause) {
    return new SafeHttpException(SafeHttpException.READ_TIMEOUT, "The server at host '" + target.host()
        + "' sent nothing for " + idle.toMillis() + " ms.", null, cause);
  }

  ParsedUrl target() {
    return target;
  }

  long cap() {
    return cap;
  }

  SafeHttpException tooLargeError() {
    return tooLarge();
  }

  private SafeHttpException cancelled(IOException e) {
    return new SafeHttpException(SafeHttpException.CANCELLED, "The request to host '" + target.host()
        + "' was given up by its caller.", null, e);
  }

  SafeHttpException classify(IOException e, boolean cancelled) {
    String host = "host '" + target.host() + "'";
    if (cancelled || !streaming && System.nanoTime() - deadline >= 0) {
      return deadlineExceeded(e);
    }
    if (e instanceof ConnectTimeoutException) {
      return new SafeHttpException(SafeHttpException.CONNECT_TIMEOUT, "Could not connect to " + host + " within "
          + policy.connectTimeout().toMillis() + " ms.", null, e);
    }
    if (e instanceof java.net.SocketTimeoutException) {
      return readBoundByDeadline ? deadlineExceeded(e) : new SafeHttpException(SafeHttpException.READ_TIMEOUT,
          "The server at " + host + " sent nothing for " + policy.readTimeout().toMillis() + " ms.", null, e);
    }
    if (e instanceof javax.net.ssl.SSLException) {
      return new SafeHttpException(SafeHttpException.TLS_FAILURE, "The TLS handshake with " + host
          + " failed: its certificate is not trusted or does not match the host name.", null, e);
    }
    if (e instanceof MessageConstraintException) {
      return new SafeHttpException(SafeHttpException.HEADERS_TOO_LARGE, "The response headers from " + host
          + " exceed " + SafeHttpClient.MAX_HEADER_COUNT + " lines or " + SafeHttpClient.MAX_HEADER_LINE_LENGTH
          + " bytes per line.", null, e);
    }
    if (e instanceof ConnectionClosedException || e instanceof TruncatedChunkException
        || e instanceof NoHttpResponseException) {
      return new SafeHttpException(SafeHttpException.CONNECTION_CLOSED, "The connection to " + host
          + " closed before the response was complete.", null, e);
    }
    if (e instanceof MalformedChunkCodingException || e instanceof ClientProtocolException) {
      return new SafeHttpException(SafeHttpException.PROTOCOL_ERROR, "The server at " + host
          + " sent a malformed response.", null, e);
    }
    return new SafeHttpException(SafeHttpException.CONNECTION_FAILED, "Could not connect to " + host
        + " (port " + target.port() + "), or the connection broke.", null, e);
  }

  private SafeHttpException deadlineExceeded(Throwable cause) {
    return new SafeHttpException(SafeHttpException.DEADLINE_EXCEEDED, "The request to host '" + target.host()
        + "' did not finish within " + policy.callTimeout().toMillis() + " ms.", null, cause);
  }

  private SafeHttpException tooLarge() {
    return new SafeHttpException(SafeHttpException.BODY_TOO_LARGE, "The response from host '" + target.host()
        + "' is larger than the " + cap + "-byte limit.", null, null);
  }

  /** Reads a small redirect body to its end so the connection returns to the pool; false if it was not read. */
  private static boolean drainSmall(HttpEntity entity) {
    if (entity == null) {
      return true;
    }
    long length = entity.getContentLength();
    if (length < 0 || length > REDIRECT_BODY_DRAIN) {
      return false;
    }
    try {
      InputStream in = entity.getContent();
      byte[] skip = new byte[8192];
      long total = 0;
      int n;
      while ((n = in.read(skip)) >= 0) {
        total += n;
        if (total > REDIRECT_BODY_DRAIN) {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static InetSocketAddress remote(HttpClientContext context) {
    EndpointDetails details = context.getEndpointDetails();
    SocketAddress address = details == null ? null : details.getRemoteAddress();
    return address instanceof InetSocketAddress ? (InetSocketAddress) address : null;
  }
}
