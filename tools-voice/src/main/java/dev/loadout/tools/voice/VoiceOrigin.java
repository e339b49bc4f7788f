package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Where a voice for one message comes from, in pre-selection order: what the user supplies on this
 * invocation outranks what the persona has stored, and a clip outranks a prompt because cloning is the
 * more predictable of the two.
 *
 * <table>
 *   <caption>Voice sources</caption>
 *   <tr><th>source</th><th>offered when the endpoint accepts</th><th>who supplies it</th></tr>
 *   <tr><td>{@link #UPLOADED_SAMPLE}</td><td>{@link VoiceShape#CLONE}</td><td>the user, on a command</td></tr>
 *   <tr><td>{@link #TYPED_DESIGN_PROMPT}</td><td>{@link VoiceShape#DESIGN}</td><td>the user, on a command</td></tr>
 *   <tr><td>{@link #PERSONA_SAMPLE}</td><td>{@link VoiceShape#CLONE}</td><td>the persona's stored sample</td></tr>
 *   <tr><td>{@link #PERSONA_DESIGN_PROMPT}</td><td>{@link VoiceShape#DESIGN}</td><td>the persona's stored prompt</td></tr>
 *   <tr><td>{@link #PERSONA_VOICE_ID}</td><td>{@link VoiceShape#VOICE_ID}</td><td>the persona's stored voice id</td></tr>
 * </table>
 * An ElevenLabs-style or OpenAI-compatible endpoint accepts voice ids only, so its only source is the
 * persona's voice id. The model's tool sees only the persona's sources; on an endpoint that accepts both
 * clone and design it takes the sample unless the persona {@linkplain PersonaVoice#prefersDesign() prefers
 * design}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum VoiceOrigin {
  /** A clip the user uploaded with the command. */
  UPLOADED_SAMPLE(VoiceShape.CLONE),
  /** A design prompt the user typed with the command. */
  TYPED_DESIGN_PROMPT(VoiceShape.DESIGN),
  /** The persona's stored sample. */
  PERSONA_SAMPLE(VoiceShape.CLONE),
  /** The persona's stored design prompt. */
  PERSONA_DESIGN_PROMPT(VoiceShape.DESIGN),
  /** The persona's stored voice id. */
  PERSONA_VOICE_ID(VoiceShape.VOICE_ID);

  private final VoiceShape shape;

  VoiceOrigin(VoiceShape shape) {
    this.shape = shape;
  }

  /** The request shape this source needs. */
  public VoiceShape shape() {
    return shape;
  }
}
