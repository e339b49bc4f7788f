package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The voice of the active persona.
 *
 * @param voiceId the endpoint's voice id (an ElevenLabs-style id, a preset name, a designed voice's id); never blank
 * @param designed whether the voice was generated from a voice design prompt
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PersonaVoice(String voiceId, boolean designed) {

  /** Checks the id. */
  public PersonaVoice {
    if (voiceId == null || voiceId.isBlank()) {
      throw new IllegalArgumentException("voiceId must not be blank, but was " + voiceId);
    }
  }
}
