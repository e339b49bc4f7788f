package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What the active persona has stored for its voice: any of a voice id, a reference sample and a design
 * prompt. Which one speaks depends on what the active endpoint accepts; see {@link VoiceOrigin}.
 *
 * @param voiceId a stored voice id (an ElevenLabs id, a preset name), if any
 * @param sample a reference clip for cloning endpoints, if any
 * @param designPrompt a voice design prompt for design endpoints, if any
 * @param prefersDesign whether the model's tool should use the design prompt over the sample on an endpoint
 *     that accepts both (the persona's "VoiceDesign" choice); a command lets the user pick instead
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PersonaVoice(Optional<String> voiceId, Optional<VoiceSample> sample, Optional<String> designPrompt,
    boolean prefersDesign) {

  /** Checks that at least one source is present and none is blank. */
  public PersonaVoice {
    if (voiceId == null || sample == null || designPrompt == null) {
      throw new IllegalArgumentException("persona voice parts must not be null; use Optional.empty()");
    }
    if (voiceId.isEmpty() && sample.isEmpty() && designPrompt.isEmpty()) {
      throw new IllegalArgumentException("a persona voice needs a voice id, a sample or a design prompt");
    }
    if (voiceId.filter(String::isBlank).isPresent() || designPrompt.filter(String::isBlank).isPresent()) {
      throw new IllegalArgumentException("a persona's voice id and design prompt must not be blank");
    }
  }

  /** A persona with a stored voice id only. */
  public static PersonaVoice voiceId(String voiceId) {
    return new PersonaVoice(Optional.ofNullable(voiceId), Optional.empty(), Optional.empty(), false);
  }

  /** A persona with a reference sample only. */
  public static PersonaVoice sample(VoiceSample sample) {
    return new PersonaVoice(Optional.empty(), Optional.ofNullable(sample), Optional.empty(), false);
  }

  /** A persona with a design prompt only. */
  public static PersonaVoice designPrompt(String prompt) {
    return new PersonaVoice(Optional.empty(), Optional.empty(), Optional.ofNullable(prompt), false);
  }

  /** This voice with a design prompt added. */
  public PersonaVoice withDesignPrompt(String prompt) {
    return new PersonaVoice(voiceId, sample, Optional.ofNullable(prompt), prefersDesign);
  }

  /** This voice, with the design prompt preferred over the sample for the model's tool. */
  public PersonaVoice preferringDesign() {
    return new PersonaVoice(voiceId, sample, designPrompt, true);
  }
}
