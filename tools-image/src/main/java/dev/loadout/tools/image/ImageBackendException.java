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
  private static final long serialVersionUID = 1L;

  private final boolean retryable;

  /**
   * @param message a user-safe message
   * @param retryable whether the same request may succeed later
   */
  public ImageBackendException(String message, boolean retryable) {
    super(message);
    this.retryable = retryable;
  }

  /** Whether the same request may succeed later (a timeout, a 5xx). */
  public boolean retryable() {
    return retryable;
  }
}
