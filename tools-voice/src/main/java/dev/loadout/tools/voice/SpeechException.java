package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.net.BackendException;
import org.apiguardian.api.API;

/**
 * Speech could not be synthesised or delivered. The message is shown to the model and the user: plain,
 * with no key and no URL.
 *
 * <p>Codes are {@link BackendException}'s for what the speech service did ({@code timeout}, {@code upstream_status},
 * {@code upstream_refused}, {@code bad_upstream_response}, ...), and {@link #SPEECH_ERROR} for what only speech
 * reports: no endpoint configured, no voice chosen, a voice the endpoint does not take, an empty script.
 * {@code generate_voice_message} answers with the code.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpeechException extends BackendException {
  private static final long serialVersionUID = 1L;

  /** Code: speech could not be made for a reason of its own (configuration, voice, script); the default. */
  public static final String SPEECH_ERROR = "speech_error";

  /**
   * A failure with code {@link #SPEECH_ERROR}.
   *
   * @param message a user-safe message
   * @param retryable whether the same request may succeed later
   */
  public SpeechException(String message, boolean retryable) {
    this(SPEECH_ERROR, message, retryable);
  }

  /**
   * A failure with a code.
   *
   * @param code a stable lower_snake_case code, such as {@link #TIMEOUT}
   * @param message a user-safe message
   * @param retryable whether the same request may succeed later
   * @since 0.1
   */
  public SpeechException(String code, String message, boolean retryable) {
    super(code, message, retryable);
  }
}
