package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A request shape a speech endpoint accepts: how the voice is named in a synthesis request. The
 * {@link SpeechDispatcher} only picks voice sources whose shape the active endpoint accepts, and refuses
 * any other before a request is sent.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum VoiceShape {
  /** A stored voice id: an OpenAI preset name, an ElevenLabs voice id. */
  VOICE_ID,
  /** A cloned voice: a reference clip and its transcript ({@code ref_audio} + {@code ref_text}). */
  CLONE,
  /** A designed voice: a voice design prompt ({@code instruct}). */
  DESIGN
}
