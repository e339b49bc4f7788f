package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.io.IOException;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Why a {@link SafeHttpClient} call produced no response: a stable {@link #code()} and a message safe to show
 * to users and models (it names the host at most, never the path, query or credentials). An HTTP error
 * status is not a failure: a 404 or 500 is a {@link SafeHttpResponse}.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class SafeHttpException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The guard refused the URL or a redirect target; {@link #verdict()} says why. */
  public static final String URL_REFUSED = "url_refused";
  /** More redirects than the policy allows. */
  public static final String TOO_MANY_REDIRECTS = "too_many_redirects";
  /** A redirect without a usable {@code Location}. */
  public static final String BAD_REDIRECT = "bad_redirect";
  /** No connection within the connect timeout. */
  public static final String CONNECT_TIMEOUT = "connect_timeout";
  /** The server sent nothing for longer than the read timeout. */
  public static final String READ_TIMEOUT = "read_timeout";
  /** The whole call, redirects included, took longer than the call timeout. */
  public static final String DEADLINE_EXCEEDED = "deadline_exceeded";
  /** The body was larger than the cap and the request asked to fail rather than cut. */
  public static final String BODY_TOO_LARGE = "body_too_large";
  /** The status line or headers were longer or more numerous than the client accepts. */
  public static final String HEADERS_TOO_LARGE = "headers_too_large";
  /** The connection was refused, reset or could not be opened. */
  public static final String CONNECTION_FAILED = "connection_failed";
  /** The TLS handshake failed, including a certificate that does not match the host name. */
  public static final String TLS_FAILURE = "tls_failure";
  /**
   * The connection closed before the response was complete: no response at all, or a body cut short (a
   * server that died or was restarted mid-answer, a proxy that reset the connection).
   */
  public static final String CONNECTION_CLOSED = "connection_closed";
  /** The server broke HTTP: a malformed status line, headers or chunk encoding. */
  public static final String PROTOCOL_ERROR = "protocol_error";
  /**
   * The caller gave the call up ({@link SafeHttpClient#send(SafeHttpRequest, java.util.concurrent.CompletionStage)}):
   * the connection was closed under it.
   *
   * @since 0.1
   */
  public static final String CANCELLED = "cancelled";

  private final String code;
  private final transient UrlVerdict verdict;

  SafeHttpException(String code, String message, UrlVerdict verdict, Throwable cause) {
    super(message, cause);
    this.code = code;
    this.verdict = verdict;
  }

  /** The stable code: one of the constants of this class. */
  public String code() {
    return code;
  }

  /** The guard's verdict when the code is {@link #URL_REFUSED}. */
  public Optional<UrlVerdict> verdict() {
    return Optional.ofNullable(verdict);
  }

  /** Whether the same call might succeed later (timeouts, failed and closed connections). */
  public boolean retryable() {
    return code.equals(CONNECT_TIMEOUT) || code.equals(READ_TIMEOUT) || code.equals(DEADLINE_EXCEEDED)
        || code.equals(CONNECTION_FAILED) || code.equals(CONNECTION_CLOSED);
  }
}
