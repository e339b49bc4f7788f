package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One synthesis, as the {@link SpeechDispatcher} hands it to a {@link SpeechEndpoint}.
 *
 * @param script the words to speak; never blank
 * @param voice the endpoint's voice id (an ElevenLabs-style id, a preset name); never blank
 * @param instructions delivery instructions or a voice design prompt; present only when the endpoint takes them
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SpeechRequest(String script, String voice, Optional<String> instructions) {

  /** Checks that nothing is null or blank. */
  public SpeechRequest {
    if (script == null || script.isBlank() || voice == null || voice.isBlank() || instructions == null) {
      throw new IllegalArgumentException("a speech request needs a script and a voice");
    }
  }
}
