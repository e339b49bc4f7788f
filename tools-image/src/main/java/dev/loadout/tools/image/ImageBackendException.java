package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.net.BackendException;
import org.apiguardian.api.API;

/**
 * An image backend could not produce an image. The message is shown to the model and the user, so it
 * must be plain and never carry a key or a URL with credentials.
 *
 * <p>Codes are {@link BackendException}'s, shared by every backend ({@code timeout}, {@code upstream_status},
 * {@code upstream_refused}, {@code bad_upstream_response}, ...), plus {@link #ERROR} for what only an image backend
 * reports: a workflow that failed, a mode it cannot serve.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ImageBackendException extends BackendException {
  /** Code: the backend failed in its own way (a workflow error, an unsupported mode); the default. */
  public static final String ERROR = "image_backend_error";

  private static final long serialVersionUID = 1L;

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
   * @param code a stable lower_snake_case code such as {@link #TIMEOUT}
   * @param message a user-safe message
   * @param retryable whether the same request may succeed later
   */
  public ImageBackendException(String code, String message, boolean retryable) {
    super(code, message, retryable);
  }
}
