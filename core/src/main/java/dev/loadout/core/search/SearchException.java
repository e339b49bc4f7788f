package dev.loadout.core.search;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.net.BackendException;
import org.apiguardian.api.API;

/**
 * A search engine could not answer. The code is stable and the message is safe to show to users and
 * models: it never carries an API key, a header or a URL with credentials.
 *
 * <p>{@code web_search} catches it, tries the next engine that serves the category, and reports the code
 * if none answers. The codes are {@link BackendException}'s, shared by every backend, plus {@link #ENGINE_ERROR}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SearchException extends BackendException {
  private static final long serialVersionUID = 1L;

  /** A plugged-in search function failed in a way it did not classify. */
  public static final String ENGINE_ERROR = "engine_error";

  /**
   * A failure.
   *
   * @param code a stable lower_snake_case code, such as {@link #RATE_LIMITED}
   * @param message a plain sentence, safe for users and models
   * @param retryable whether the same search might succeed later
   */
  public SearchException(String code, String message, boolean retryable) {
    super(code, message, retryable);
  }
}
