package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import org.apiguardian.api.API;

/**
 * How the host sends a voice message into the conversation (an attachment, a platform voice note).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface VoiceDelivery {

  /**
   * Sends the audio.
   *
   * @param audio the audio; never null
   * @param title the attachment's title; never blank
   * @param context the turn (its channel is where the message goes); never null
   * @throws SpeechException with a user-safe message when the platform refuses it
   */
  void deliver(SpeechAudio audio, String title, TurnContext context) throws SpeechException;
}
