package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a speech endpoint accepts in a script; {@code generate_voice_message} states it in the
 * {@code script} description.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ScriptMarkup {
  /** Plain text (a preset or cloned voice). */
  PLAIN("plain", "Plain text only: no markup, tags, emoji or stage directions."),
  /** Plain text spoken by a voice generated from a voice design prompt. */
  VOICE_DESIGN("voice-design", "Plain text only: no markup, tags, emoji or stage directions; the persona's designed voice sets how it sounds.");

  private final String id;
  private final String scriptRule;

  ScriptMarkup(String id, String scriptRule) {
    this.id = id;
    this.scriptRule = scriptRule;
  }

  /** The configuration name, e.g. {@code "voice-design"}. */
  public String id() {
    return id;
  }

  /** The sentence the {@code script} description uses. */
  String scriptRule() {
    return scriptRule;
  }
}
