package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apiguardian.api.API;

/**
 * A response from {@link SafeHttpClient#open} whose body is read by the caller as it arrives: for event
 * streams that stay open (Server-Sent Events) and for bodies a protocol parses incrementally.
 *
 * <p>The body counts the bytes that actually arrive and fails with {@link SafeHttpException#BODY_TOO_LARGE}
 * past the cap; a wait for bytes longer than the idle timeout fails with {@link SafeHttpException#READ_TIMEOUT}.
 * {@link #close()} may be called from any thread, also while another thread is blocked reading: it closes the
 * connection under the reader, which then fails. A body read to its end releases the connection for reuse.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SafeHttpStream implements AutoCloseable {
  private final Exchange exchange;
  private final int status;
  private final Map<String, List<String>> headers;
  private final HttpUriRequestBase request;
  private final ClassicHttpResponse response;
  private final Duration idle;
  private final Body body;
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile boolean ended;

  SafeHttpStream(Exchange exchange, int status, Map<String, List<String>> headers, InputStream in,
      HttpUriRequestBase request, ClassicHttpResponse response, Duration idle) {
    this.exchange = exchange;
    this.status = status;
    this.headers = headers;
    this.request = request;
    this.response = response;
    this.idle = idle;
    this.body = new Body(in);
  }

  /** The status code; a redirect is not followed but reported here. */
  public int status() {
    return status;
  }

  /** Headers by lower-case name, values in order; immutable. */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /** The first value of a header (any case), if present. */
  public Optional<String> header(String name) {
    List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }

  /**
   * The body as it arrives; the same stream on every call. Its reads throw {@link SafeHttpException}s with
   * stable codes.
   */
  public InputStream body() {
    return body;
  }

  /** Ends the exchange: releases the connection if the body was read to its end, else closes it. Idempotent. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    if (!ended) {
      request.cancel();
    }
    Exchange.closeQuietly(response);
  }

  /** Status and origin; never the path, query or header values. */
  @Override
  public String toString() {
    return "SafeHttpStream{" + status + ", " + exchange.target().origin() + (closed.get() ? ", closed" : "") + "}";
  }

  private final class Body extends InputStream {
    private final InputStream in;
    private long count;

    Body(InputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (closed.get()) {
        throw closedError(null);
      }
      if (len == 0) {
        return 0;
      }
      long room = exchange.cap() - count;
      int n;
      try {
        // One byte past the cap is asked for, so "exactly the cap" and "more than the cap" differ.
        n = in.read(b, off, room >= len ? len : (int) room + 1);
      } catch (SocketTimeoutException e) {
        throw closed.get() ? closedError(e) : exchange.idleTimeout(idle, e);
      } catch (SafeHttpException e) {
        throw e;
      } catch (IOException e) {
        throw closed.get() ? closedError(e) : exchange.classify(e, false);
      }
      if (n < 0) {
        ended = true;
        return -1;
      }
      count += n;
      if (count > exchange.cap()) {
        SafeHttpStream.this.close();
        throw exchange.tooLargeError();
      }
      return n;
    }

    @Override
    public void close() {
      SafeHttpStream.this.close();
    }

    private SafeHttpException closedError(IOException cause) {
      return new SafeHttpException(SafeHttpException.CONNECTION_FAILED, "The stream from host '"
          + exchange.target().host() + "' was closed.", null, cause);
    }
  }
}
