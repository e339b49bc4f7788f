package dev.loadout.core.net;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A backend service (a search engine, an image or speech service, a plugged-in function) could not answer. One
 * failure taxonomy for every tool module: the code is stable and shared, the message is plain and safe to show to
 * users and models (it never carries a key, a header or a URL, which may hold credentials or the user's query).
 *
 * <p>The shared codes are the constants below; {@link Backends} maps the pinned client's failures and an answer's
 * HTTP status onto them in one place. A module adds codes of its own only for what no backend shares (an image
 * backend that returned no image). Each module's exception extends this one, so a host can catch them all.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class BackendException extends Exception {
  private static final long serialVersionUID = 1L;

  /** The backend did not answer in time (connect, read or the call's deadline); retryable. */
  public static final String TIMEOUT = "timeout";
  /** The backend could not be reached: refused, reset, no route, a TLS failure; usually retryable. */
  public static final String UPSTREAM_UNREACHABLE = "upstream_unreachable";
  /** The backend answered with an HTTP error status; retryable for 5xx. */
  public static final String UPSTREAM_STATUS = "upstream_status";
  /** The backend rejected the configured credentials (HTTP 401 or 403); not retryable until they change. */
  public static final String UPSTREAM_AUTH_FAILED = "upstream_auth_failed";
  /** The backend asked us to slow down (HTTP 429, a bot challenge); retryable later. */
  public static final String RATE_LIMITED = "rate_limited";
  /**
   * The answer could not be read: malformed JSON, an unexpected shape, over the size cap, a broken redirect; not
   * retryable.
   */
  public static final String BAD_UPSTREAM_RESPONSE = "bad_upstream_response";
  /** The network policy refused the backend's address, or an address it named; not retryable. */
  public static final String UPSTREAM_REFUSED = "upstream_refused";

  private final String code;
  private final boolean retryable;

  /**
   * A failure.
   *
   * @param code a stable lower_snake_case code, one of the constants above where one fits
   * @param message a plain sentence, safe for users and models
   * @param retryable whether the same request might succeed later
   * @throws IllegalArgumentException for a code that is not lower_snake_case (at most 64 characters) or a blank
   *     message
   */
  public BackendException(String code, String message, boolean retryable) {
    super(message);
    if (code == null || !code.matches("[a-z][a-z0-9_]{0,63}")) {
      throw new IllegalArgumentException("code must be lower_snake_case, at most 64 characters, but was " + code);
    }
    if (message == null || message.isBlank()) {
      throw new IllegalArgumentException("message for code '" + code + "' must not be blank");
    }
    this.code = code;
    this.retryable = retryable;
  }

  /** The stable code; never null. */
  public final String code() {
    return code;
  }

  /** Whether the same request might succeed later. */
  public final boolean retryable() {
    return retryable;
  }

  /**
   * Makes a module's own exception for a failure {@link Backends} classified, so its callers keep catching the type
   * they know.
   *
   * @param <E> the module's exception
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  @FunctionalInterface
  public interface Factory<E extends Exception> {
    /**
     * The exception for a failure.
     *
     * @param code a stable code
     * @param message a plain sentence, safe for users and models
     * @param retryable whether the same request might succeed later
     */
    E create(String code, String message, boolean retryable);
  }
}
