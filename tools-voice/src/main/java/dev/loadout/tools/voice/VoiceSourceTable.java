package dev.loadout.tools.voice;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one implementation of the {@link VoiceOrigin} table: which sources an invocation may use, in
 * pre-selection order, given what the endpoint accepts. Pure: the tool's variant, the tool's call and a
 * command all read it, so they cannot disagree about which voice speaks.
 */
final class VoiceSourceTable {
  private VoiceSourceTable() {
  }

  /** Every usable source, best first. */
  static List<VoiceSelection> candidates(Set<VoiceShape> accepted, Optional<PersonaVoice> persona, Optional<VoiceSample> uploaded,
      Optional<String> typedPrompt) {
    List<VoiceSelection> out = new ArrayList<>(5);
    boolean clone = accepted.contains(VoiceShape.CLONE);
    boolean design = accepted.contains(VoiceShape.DESIGN);
    if (clone) {
      uploaded.ifPresent(s -> out.add(VoiceSelection.sample(VoiceOrigin.UPLOADED_SAMPLE, s)));
    }
    if (design) {
      typedPrompt.map(String::trim).filter(p -> !p.isEmpty()).ifPresent(p -> out.add(VoiceSelection.design(VoiceOrigin.TYPED_DESIGN_PROMPT, p)));
    }
    persona.ifPresent(p -> {
      if (clone) {
        p.sample().ifPresent(s -> out.add(VoiceSelection.sample(VoiceOrigin.PERSONA_SAMPLE, s)));
      }
      if (design) {
        p.designPrompt().ifPresent(d -> out.add(VoiceSelection.design(VoiceOrigin.PERSONA_DESIGN_PROMPT, d)));
      }
      if (accepted.contains(VoiceShape.VOICE_ID)) {
        p.voiceId().ifPresent(id -> out.add(VoiceSelection.voiceId(id)));
      }
    });
    return out;
  }

  /** The source the model's tool uses: the persona's best, with its design preference honoured. */
  static Optional<VoiceSelection> forTool(Set<VoiceShape> accepted, Optional<PersonaVoice> persona) {
    List<VoiceSelection> candidates = candidates(accepted, persona, Optional.empty(), Optional.empty());
    if (persona.map(PersonaVoice::prefersDesign).orElse(false)) {
      for (VoiceSelection c : candidates) {
        if (c.origin() == VoiceOrigin.PERSONA_DESIGN_PROMPT) {
          return Optional.of(c);
        }
      }
    }
    return candidates.stream().findFirst();
  }
}
