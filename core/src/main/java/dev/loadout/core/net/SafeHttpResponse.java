package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A response from {@link SafeHttpClient}, body already read (up to the cap) and the connection released.
 * Any status is a response: 404 and 500 are values, not failures. Immutable.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class SafeHttpResponse {
  private final int status;
  private final Map<String, List<String>> headers;
  private final ParsedUrl finalUrl;
  private final int redirects;
  private final byte[] body;
  private final int length;
  private final boolean truncated;
  private final InetSocketAddress remote;

  SafeHttpResponse(int status, Map<String, List<String>> headers, ParsedUrl finalUrl, int redirects, byte[] body,
      int length, boolean truncated, InetSocketAddress remote) {
    this.status = status;
    this.headers = headers;
    this.finalUrl = finalUrl;
    this.redirects = redirects;
    this.body = body;
    this.length = length;
    this.truncated = truncated;
    this.remote = remote;
  }

  /** The status code of the last hop. */
  public int status() {
    return status;
  }

  /** Headers of the last hop by lower-case name, values in order; immutable. */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /** The first value of a header (any case), if present. */
  public Optional<String> header(String name) {
    List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }

  /** The {@code Content-Type} header, if present. */
  public Optional<String> contentType() {
    return header("content-type");
  }

  /**
   * The URL the body came from after redirects, normalised (ASCII host, no fragment). It is the URL a user
   * asked for or was redirected to, never the pinned address; it may hold a query, so do not log it.
   */
  public String finalUrl() {
    return finalUrl.uri().toASCIIString();
  }

  /** How many redirects were followed. */
  public int redirects() {
    return redirects;
  }

  /** The body bytes read, at most the cap; a copy. */
  public byte[] body() {
    byte[] copy = new byte[length];
    System.arraycopy(body, 0, copy, 0, length);
    return copy;
  }

  /** The body as a stream over the bytes already read, without copying them. */
  public InputStream bodyStream() {
    return new ByteArrayInputStream(body, 0, length);
  }

  /** How many body bytes were read. */
  public int bodyLength() {
    return length;
  }

  /** Whether the body was cut at the cap: the server had more to send. */
  public boolean truncated() {
    return truncated;
  }

  /** Where the last hop connected; for diagnostics and tests, never shown to users. */
  InetSocketAddress remoteAddress() {
    return remote;
  }

  /** Status, origin and sizes; never the path, query or header values. */
  @Override
  public String toString() {
    return "SafeHttpResponse{" + status + ", " + finalUrl.origin() + ", body=" + length + " bytes"
        + (truncated ? " (truncated)" : "") + (redirects > 0 ? ", redirects=" + redirects : "") + "}";
  }
}
