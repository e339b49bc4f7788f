package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The voice one message is spoken in: its source and exactly the part of it that source's shape needs.
 *
 * @param origin where it comes from; never null
 * @param voiceId the voice id, present exactly for {@link VoiceShape#VOICE_ID}
 * @param sample the reference clip, present exactly for {@link VoiceShape#CLONE}
 * @param designPrompt the design prompt, present exactly for {@link VoiceShape#DESIGN}
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record VoiceSelection(VoiceOrigin origin, Optional<String> voiceId, Optional<VoiceSample> sample,
    Optional<String> designPrompt) {

  /** Checks that the parts match the origin's shape. */
  public VoiceSelection {
    if (origin == null || voiceId == null || sample == null || designPrompt == null) {
      throw new IllegalArgumentException("a voice selection needs an origin; parts must not be null");
    }
    VoiceShape shape = origin.shape();
    if (voiceId.isPresent() != (shape == VoiceShape.VOICE_ID) || sample.isPresent() != (shape == VoiceShape.CLONE)
        || designPrompt.isPresent() != (shape == VoiceShape.DESIGN)) {
      throw new IllegalArgumentException("a " + origin + " voice carries exactly its " + shape + " part");
    }
  }

  /** The persona's voice id. */
  public static VoiceSelection voiceId(String voiceId) {
    return new VoiceSelection(VoiceOrigin.PERSONA_VOICE_ID, Optional.of(voiceId), Optional.empty(), Optional.empty());
  }

  static VoiceSelection sample(VoiceOrigin origin, VoiceSample sample) {
    return new VoiceSelection(origin, Optional.empty(), Optional.of(sample), Optional.empty());
  }

  static VoiceSelection design(VoiceOrigin origin, String prompt) {
    return new VoiceSelection(origin, Optional.empty(), Optional.empty(), Optional.of(prompt));
  }

  /** The request shape this voice needs. */
  public VoiceShape shape() {
    return origin.shape();
  }
}
