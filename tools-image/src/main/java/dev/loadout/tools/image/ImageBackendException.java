package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An image backend could not produce an image. The message is shown to the model and the user, so it
 * must be plain and never carry a key or a URL with credentials.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ImageBackendException extends Exception {
  /** Code: the backend failed (an HTTP error status, no image); the default. */
  public static final String ERROR = "image_backend_error";
  /** Code: the backend did not finish within its deadline. */
  public static final String TIMEOUT = "image_backend_timeout";
  /** Code: the backend answered something that could not be read (malformed JSON, no outputs). */
  public static final String BAD_RESPONSE = "image_backend_bad_response";
  /** Code: the network policy refused the backend's address or a result URL it gave. */
  public static final String REFUSED = "image_backend_refused";

  private static final long serialVersionUID = 1L;

  private final String code;
  private final boolean retryable;

  /**
   * A failure with code {@link #ERROR}.
   *
   * @param message a user-safe message
   * @param retryable whether the same request may succeed later
   */
  public ImageBackendException(String message, boolean retryable) {
    this(ERROR, message, retryable);
  }

  /**
   * A failure with a code; {@code generate_image} returns it as the failed result's code.
   *
   * @param code a stable code such as {@link #TIMEOUT}; never blank
   * @param message a user-safe message
   * @param retryable whether the same request may succeed later
   */
  public ImageBackendException(String code, String message, boolean retryable) {
    super(message);
    if (code == null || code.isBlank()) {
      throw new IllegalArgumentException("code must not be blank, but was " + code);
    }
    this.code = code;
    this.retryable = retryable;
  }

  /** The stable failure code; never null. */
  public String code() {
    return code;
  }

  /** Whether the same request may succeed later (a timeout, a 5xx). */
  public boolean retryable() {
    return retryable;
  }
}
