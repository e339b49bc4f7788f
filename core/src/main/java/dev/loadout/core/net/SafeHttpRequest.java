package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;
import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * One request for {@link SafeHttpClient}: method, URL, headers, an optional body, and how to treat a body
 * over the cap. Immutable. The URL is not checked here but by the guard when the request is sent, so a bad
 * URL from a model becomes a {@link SafeHttpException} with a code, not a programming error.
 *
 * <p>Headers the client owns are refused: {@code Host}, {@code Content-Length}, {@code Transfer-Encoding},
 * {@code Connection}, {@code Accept-Encoding} (bodies are never decompressed, so the client asks for
 * {@code identity}), and hop-by-hop or proxy headers.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class SafeHttpRequest {
  private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
  private static final Set<String> WITHOUT_BODY = Set.of("GET", "HEAD", "OPTIONS");
  private static final Set<String> OWNED_HEADERS = Set.of("host", "content-length", "transfer-encoding", "connection",
      "accept-encoding", "te", "upgrade", "expect", "keep-alive", "proxy-authorization", "proxy-connection", "trailer");

  private final String method;
  private final String url;
  private final List<Map.Entry<String, String>> headers;
  private final byte[] body;
  private final String contentType;
  private final long maxBodyBytes;
  private final boolean rejectOversizedBody;
  private final NetEvents events;

  private SafeHttpRequest(Builder b) {
    this.method = b.method;
    this.url = b.url;
    this.headers = List.copyOf(b.headers);
    this.body = b.body;
    this.contentType = b.contentType;
    this.maxBodyBytes = b.maxBodyBytes;
    this.rejectOversizedBody = b.rejectOversizedBody;
    this.events = b.events;
  }

  /** A GET with no extra headers. */
  public static SafeHttpRequest get(String url) {
    return builder("GET", url).build();
  }

  /**
   * Checks a credential a host configures for a request header (an API key, a bearer token): printable ASCII
   * without spaces, so it can never split or smuggle a header. The message names the setting and never echoes
   * the value, which is a secret.
   *
   * @param setting the setting's name, for the message
   * @param token the credential; null (none configured) stays null
   * @return {@code token}
   * @throws IllegalArgumentException if the credential is blank or holds anything but printable ASCII
   */
  @API(status = INTERNAL, since = "0.1")
  public static String checkedCredential(String setting, String token) {
    if (token != null && (token.isBlank() || token.chars().anyMatch(c -> c < 0x21 || c > 0x7E))) {
      throw new IllegalArgumentException(setting + " must be printable ASCII without spaces");
    }
    return token;
  }

  /**
   * Starts a request.
   *
   * @param method GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS
   * @param url the URL as received; checked by the guard when sent
   */
  public static Builder builder(String method, String url) {
    return new Builder(method, url);
  }

  /** The method, upper-case. */
  public String method() {
    return method;
  }

  /** The URL as given. It may carry tokens in its query; do not log it. */
  public String url() {
    return url;
  }

  /** Extra headers in order, as name-value pairs; immutable. */
  public List<Map.Entry<String, String>> headers() {
    return headers;
  }

  byte[] bodyView() {
    return body;
  }

  String contentType() {
    return contentType;
  }

  /** The body cap for this request: 0 means the policy's; otherwise the lower of the two applies. */
  public long maxBodyBytes() {
    return maxBodyBytes;
  }

  /** Whether a body over the cap fails the call instead of being cut at the cap. */
  public boolean rejectOversizedBody() {
    return rejectOversizedBody;
  }

  /**
   * Where this request reports its hops and refusals; {@link NetEvents#NONE} unless one was given.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public NetEvents events() {
    return events;
  }

  /** The method and the number of headers; never the URL, header values or body. */
  @Override
  public String toString() {
    return "SafeHttpRequest{" + method + ", headers=" + headers.size() + (body == null ? "" : ", body=" + body.length + " bytes") + "}";
  }

  /**
   * Builds a {@link SafeHttpRequest}.
   *
   * @since 0.1
   */
  @API(status = MAINTAINED, since = "0.1")
  public static final class Builder {
    private final String method;
    private final String url;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>();
    private byte[] body;
    private String contentType;
    private long maxBodyBytes;
    private boolean rejectOversizedBody;
    private NetEvents events = NetEvents.NONE;

    private Builder(String method, String url) {
      String m = method == null ? null : method.toUpperCase(Locale.ROOT);
      if (m == null || !METHODS.contains(m)) {
        throw new IllegalArgumentException("method must be one of " + METHODS + ", but was " + method);
      }
      if (url == null) {
        throw new IllegalArgumentException("url must not be null");
      }
      this.method = m;
      this.url = url;
    }

    /** Adds a header. The value is not echoed in messages, so it may carry a token. */
    public Builder header(String name, String value) {
      if (name == null || name.isEmpty() || !name.chars().allMatch(c -> c > 0x20 && c < 0x7F && "()<>@,;:\\\"/[]?={}".indexOf(c) < 0)) {
        throw new IllegalArgumentException("header name must be an HTTP token, but was " + name);
      }
      if (OWNED_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
        throw new IllegalArgumentException("header " + name + " is set by the client and must not be given");
      }
      if (value == null || value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
        throw new IllegalArgumentException("header " + name + " must have a value without CR, LF or NUL");
      }
      headers.add(Map.entry(name, value));
      return this;
    }

    /** The body and its content type; not for GET, HEAD or OPTIONS. The array is copied. */
    public Builder body(byte[] body, String contentType) {
      if (WITHOUT_BODY.contains(method)) {
        throw new IllegalArgumentException("a " + method + " request must not have a body");
      }
      if (body == null) {
        throw new IllegalArgumentException("body must not be null");
      }
      if (contentType == null || contentType.isBlank() || contentType.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
        throw new IllegalArgumentException("contentType must be a media type, but was " + contentType);
      }
      this.body = body.clone();
      this.contentType = contentType;
      return this;
    }

    /** A lower body cap than the policy's for this request; positive. */
    public Builder maxBodyBytes(long maxBodyBytes) {
      if (maxBodyBytes < 1) {
        throw new IllegalArgumentException("maxBodyBytes must be positive, but was " + maxBodyBytes);
      }
      this.maxBodyBytes = maxBodyBytes;
      return this;
    }

    /**
     * Whether a body over the cap fails the call ({@link SafeHttpException#BODY_TOO_LARGE}) instead of being
     * cut at the cap with {@link SafeHttpResponse#truncated()} set. A declared {@code Content-Length} over the
     * cap then fails before any body byte is read. Default: cut.
     */
    public Builder rejectOversizedBody(boolean reject) {
      this.rejectOversizedBody = reject;
      return this;
    }

    /**
     * Where the request reports each hop the guard allows and the URL it refuses; default {@link NetEvents#NONE}.
     *
     * @since 0.1
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    public Builder events(NetEvents events) {
      if (events == null) {
        throw new IllegalArgumentException("events must not be null (NetEvents.NONE reports nothing)");
      }
      this.events = events;
      return this;
    }

    /** The request. */
    public SafeHttpRequest build() {
      return new SafeHttpRequest(this);
    }
  }
}
