package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A text-to-speech service: an OpenAI-compatible {@code /audio/speech} endpoint
 * ({@link OpenAiSpeechEndpoint}) or a host's own.
 *
 * <p>{@link #synthesize(SpeechRequest)} blocks, must finish within its own deadline, and runs on
 * Loadout's executor (for the tool) or the host's thread (for a command).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface SpeechEndpoint {

  /** How descriptions name this endpoint; never null. */
  String label();

  /** What the endpoint accepts in a script; never null. */
  ScriptMarkup markup();

  /**
   * The request shapes the endpoint accepts: by default a voice-design endpoint takes design prompts and
   * every other endpoint takes voice ids. A cloning endpoint overrides this with {@link VoiceShape#CLONE}.
   */
  default java.util.Set<VoiceShape> voiceShapes() {
    return java.util.EnumSet.of(markup() == ScriptMarkup.VOICE_DESIGN ? VoiceShape.DESIGN : VoiceShape.VOICE_ID);
  }

  /** Whether the endpoint takes one-off delivery instructions with a script. */
  boolean supportsInstructions();

  /**
   * Speaks a script.
   *
   * @param request the request; never null
   * @return the audio; never null
   * @throws SpeechException with a user-safe message when synthesis fails
   */
  SpeechAudio synthesize(SpeechRequest request) throws SpeechException;
}
