package dev.loadout.core.search;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A search engine could not answer. The code is stable and the message is safe to show to users and
 * models: it never carries an API key, a header or a URL with credentials.
 *
 * <p>{@code web_search} catches it, tries the next engine that serves the category, and reports the code
 * if none answers.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SearchException extends Exception {
  private static final long serialVersionUID = 1L;

  /** The engine's address could not be reached (refused, reset, no route). */
  public static final String UPSTREAM_UNREACHABLE = "upstream_unreachable";
  /** The engine did not answer in time. */
  public static final String UPSTREAM_TIMEOUT = "upstream_timeout";
  /** The engine answered with an HTTP error status. */
  public static final String UPSTREAM_STATUS = "upstream_status";
  /** The engine rejected the configured credentials (HTTP 401 or 403). */
  public static final String UPSTREAM_AUTH_FAILED = "upstream_auth_failed";
  /** The engine asked us to slow down (HTTP 429, a bot challenge page). */
  public static final String RATE_LIMITED = "rate_limited";
  /** The answer could not be read: malformed JSON, a page whose layout the parser no longer knows. */
  public static final String BAD_UPSTREAM_RESPONSE = "bad_upstream_response";
  /** The network policy refused the engine's address. */
  public static final String BACKEND_REFUSED = "backend_refused";
  /** A plugged-in search function failed in a way it did not classify. */
  public static final String ENGINE_ERROR = "engine_error";

  private final String code;
  private final boolean retryable;

  /**
   * A failure.
   *
   * @param code a stable lower_snake_case code, such as {@link #RATE_LIMITED}
   * @param message a plain sentence, safe for users and models
   * @param retryable whether the same search might succeed later
   */
  public SearchException(String code, String message, boolean retryable) {
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
  public String code() {
    return code;
  }

  /** Whether the same search might succeed later. */
  public boolean retryable() {
    return retryable;
  }
}
