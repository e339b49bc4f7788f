package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Speech could not be synthesised or delivered. The message is shown to the model and the user: plain,
 * with no key and no URL.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpeechException extends Exception {
  private static final long serialVersionUID = 1L;

  private final boolean retryable;

  /**
   * @param message a user-safe message
   * @param retryable whether the same request may succeed later
   */
  public SpeechException(String message, boolean retryable) {
    super(message);
    this.retryable = retryable;
  }

  /** Whether the same request may succeed later. */
  public boolean retryable() {
    return retryable;
  }
}
