/**
 * Voice tools. {@link dev.loadout.tools.voice.SpeechDispatcher} is the one path from a script to a
 * delivered voice message; {@link dev.loadout.tools.voice.GenerateVoiceMessageTool}
 * ({@code generate_voice_message}) and a host's own voice-message command both call it.
 * {@link dev.loadout.tools.voice.OpenAiSpeechEndpoint} is the OpenAI-compatible {@code /audio/speech}
 * endpoint; {@link dev.loadout.tools.voice.CustomSpeechEndpoint} covers other services (ElevenLabs-style and
 * a host's own) with their markup and instruction support declared in configuration. This module depends on {@code loadout-core} only.
 */
package dev.loadout.tools.voice;
