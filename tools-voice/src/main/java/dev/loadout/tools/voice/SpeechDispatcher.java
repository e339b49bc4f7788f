package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The one path from a script to a delivered voice message. {@code generate_voice_message} and a host's
 * own command ({@code /generate voice-message}) both call {@link #send}, so the voice, the instructions
 * rule and the delivery cannot drift between them.
 *
 * <p>Instructions reach the endpoint only when it takes one-off delivery instructions, or when it is a
 * voice-design endpoint and the persona's voice was designed (they are then a voice design prompt);
 * otherwise they are dropped, as the tool never offered them.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpeechDispatcher {
  private final SpeechEndpoint endpoint;
  private final VoiceSource voices;
  private final VoiceDelivery delivery;

  private SpeechDispatcher(SpeechEndpoint endpoint, VoiceSource voices, VoiceDelivery delivery) {
    this.endpoint = endpoint;
    this.voices = voices;
    this.delivery = delivery;
  }

  /**
   * A dispatcher.
   *
   * @param endpoint the speech endpoint, or null when none is configured (voice messages are then hidden)
   * @param voices the host's voice look-up; never null
   * @param delivery the host's delivery; never null
   */
  public static SpeechDispatcher of(SpeechEndpoint endpoint, VoiceSource voices, VoiceDelivery delivery) {
    if (voices == null || delivery == null) {
      throw new IllegalArgumentException("a speech dispatcher needs a voice source and a delivery");
    }
    return new SpeechDispatcher(endpoint, voices, delivery);
  }

  /** The configured endpoint, if any. */
  public Optional<SpeechEndpoint> endpoint() {
    return Optional.ofNullable(endpoint);
  }

  /** The voice for this turn, if the persona has one. */
  public Optional<PersonaVoice> voice(TurnContext context) {
    return voices.voice(context);
  }

  /** Whether instructions would reach the endpoint on this turn (see the class comment). */
  public boolean acceptsInstructions(TurnContext context) {
    return endpoint != null && (endpoint.supportsInstructions() || designPrompt(context));
  }

  /** Whether instructions are a voice design prompt on this turn, not one-off delivery instructions. */
  boolean designPrompt(TurnContext context) {
    return endpoint != null && endpoint.markup() == ScriptMarkup.VOICE_DESIGN
        && voices.voice(context).map(PersonaVoice::designed).orElse(false);
  }

  /**
   * The request {@link #send} would synthesise.
   *
   * @throws SpeechException when there is no endpoint or no voice, or the script is blank
   */
  public SpeechRequest request(TurnContext context, String script, Optional<String> instructions) throws SpeechException {
    if (endpoint == null) {
      throw new SpeechException("No speech endpoint is configured", false);
    }
    PersonaVoice voice = voices.voice(context).orElseThrow(() -> new SpeechException("The persona has no voice", false));
    if (script == null || script.isBlank()) {
      throw new SpeechException("The script is empty", false);
    }
    Optional<String> kept = acceptsInstructions(context)
        ? instructions.map(String::trim).filter(s -> !s.isEmpty()) : Optional.empty();
    return new SpeechRequest(script.trim(), voice.voiceId(), kept);
  }

  /**
   * Synthesises a script in the turn's voice and delivers it.
   *
   * @param context the turn; never null
   * @param script the words to speak
   * @param title the attachment's title; blank becomes {@code "Voice message"}
   * @param instructions delivery instructions or a voice design prompt; dropped when not accepted
   * @return what was delivered
   * @throws SpeechException with a user-safe message when anything fails
   */
  public SpeechAudio send(TurnContext context, String script, String title, Optional<String> instructions) throws SpeechException {
    SpeechRequest request = request(context, script, instructions);
    SpeechAudio audio = endpoint.synthesize(request);
    delivery.deliver(audio, title == null || title.isBlank() ? "Voice message" : title.trim(), context);
    return audio;
  }

  @Override
  public String toString() {
    return "SpeechDispatcher[" + (endpoint == null ? "no endpoint" : endpoint.label()) + "]";
  }
}
