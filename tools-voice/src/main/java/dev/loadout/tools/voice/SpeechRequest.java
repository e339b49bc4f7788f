package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One synthesis, as the {@link SpeechDispatcher} hands it to a {@link SpeechEndpoint}.
 *
 * @param script the words to speak; never blank
 * @param voice the voice, in a shape the endpoint accepts; never null
 * @param instructions one-off delivery instructions, or a per-message tweak of a designed voice; present only
 *     when the endpoint takes them
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SpeechRequest(String script, VoiceSelection voice, Optional<String> instructions) {

  /** Checks that nothing is null or blank. */
  public SpeechRequest {
    if (script == null || script.isBlank() || voice == null || instructions == null) {
      throw new IllegalArgumentException("a speech request needs a script and a voice");
    }
  }

  /** A request spoken by a stored voice id. */
  public SpeechRequest(String script, String voiceId, Optional<String> instructions) {
    this(script, VoiceSelection.voiceId(checked(voiceId)), instructions);
  }

  private static String checked(String voiceId) {
    if (voiceId == null || voiceId.isBlank()) {
      throw new IllegalArgumentException("a speech request needs a script and a voice");
    }
    return voiceId;
  }
}
