package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.PerServer;
import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apiguardian.api.API;

/**
 * The one path from a script to a delivered voice message. {@code generate_voice_message} and a host's
 * own command ({@code /generate voice-message}) both call {@link #send}, so the voice, the instructions
 * rule and the delivery cannot drift between them.
 *
 * <p><b>Voice.</b> Which voice speaks follows the {@link VoiceOrigin} table against the endpoint's
 * {@link SpeechEndpoint#voiceShapes() shapes}: the tool takes the persona's best source; a command may offer
 * every source ({@link #sources}) and send the one the user picked. A source whose shape the endpoint does
 * not accept is refused here, before any request, as a configuration error.
 *
 * <p><b>Instructions</b> reach the endpoint only when it takes one-off delivery instructions, or when the
 * voice is a designed one (they then tweak the design for this message); otherwise they are dropped, as
 * the tool never offered them.
 *
 * <p><b>Per server.</b> {@link #perServer} takes each server's endpoint from a {@link PerServer} (resolved per turn,
 * cached); the persona voices are per server through the {@link VoiceSource}, which is asked with the turn. A host
 * whose voices differ by server and persona keys a {@code PerServer} on both and hands over its {@code get}:
 * <pre>{@code
 * PerServer<PersonaVoice> voices = PerServer.<PersonaVoice>resolving(ctx -> voiceRow(ctx.guildId(), ctx.personaId()))
 *     .key(ctx -> ctx.guildId().orElse("") + "/" + ctx.personaId().orElse("")).build();
 * SpeechDispatcher dispatcher = SpeechDispatcher.perServer(endpoints, voices::get, delivery);
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpeechDispatcher {
  /** The one endpoint of {@link #of}; null for a per-server dispatcher or when none is configured. */
  private final SpeechEndpoint fixed;
  private final PerServer<SpeechEndpoint> endpoints;
  private final VoiceSource voices;
  private final VoiceDelivery delivery;

  private SpeechDispatcher(SpeechEndpoint fixed, PerServer<SpeechEndpoint> endpoints, VoiceSource voices,
      VoiceDelivery delivery) {
    this.fixed = fixed;
    this.endpoints = endpoints;
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
    return new SpeechDispatcher(endpoint, endpoint == null ? null : PerServer.fixed(endpoint), voices, delivery);
  }

  /**
   * A dispatcher whose speech endpoint is each server's own, resolved per turn (and cached) by {@code endpoints};
   * a server it answers nothing for has no voice messages.
   *
   * @param endpoints the servers' endpoints; never null
   * @param voices the host's voice look-up; never null
   * @param delivery the host's delivery; never null
   * @since 0.1
   */
  public static SpeechDispatcher perServer(PerServer<SpeechEndpoint> endpoints, VoiceSource voices,
      VoiceDelivery delivery) {
    if (endpoints == null || voices == null || delivery == null) {
      throw new IllegalArgumentException("a speech dispatcher needs per-server endpoints, a voice source and a delivery");
    }
    return new SpeechDispatcher(null, endpoints, voices, delivery);
  }

  /** The endpoint of {@link #of}, if one was given; always empty for a {@link #perServer} dispatcher. */
  public Optional<SpeechEndpoint> endpoint() {
    return Optional.ofNullable(fixed);
  }

  /**
   * The endpoint of this turn's server, if it has one.
   *
   * @since 0.1
   */
  public Optional<SpeechEndpoint> endpoint(TurnContext context) {
    return endpoints == null ? Optional.empty() : endpoints.get(context);
  }

  /** The persona's stored voice for this turn, if it has one. */
  public Optional<PersonaVoice> voice(TurnContext context) {
    return personaVoice(context);
  }

  /** The voice the model's tool speaks in on this turn: empty without an endpoint or a compatible persona voice. */
  public Optional<VoiceSelection> toolVoice(TurnContext context) {
    return toolVoice(endpoint(context).orElse(null), context);
  }

  private Optional<VoiceSelection> toolVoice(SpeechEndpoint endpoint, TurnContext context) {
    return endpoint == null ? Optional.empty() : VoiceSourceTable.forTool(endpoint.voiceShapes(), personaVoice(context));
  }

  /**
   * Every voice a command may offer on this turn, best first, per the {@link VoiceOrigin} table.
   *
   * @param uploaded a clip the user supplied with the command, if any
   * @param typedDesignPrompt a design prompt the user typed with the command, if any
   */
  public List<VoiceSelection> sources(TurnContext context, Optional<VoiceSample> uploaded, Optional<String> typedDesignPrompt) {
    SpeechEndpoint endpoint = endpoint(context).orElse(null);
    return endpoint == null ? List.of()
        : VoiceSourceTable.candidates(endpoint.voiceShapes(), personaVoice(context), uploaded, typedDesignPrompt);
  }

  /** Whether instructions would reach the endpoint on this turn (see the class comment). */
  public boolean acceptsInstructions(TurnContext context) {
    SpeechEndpoint endpoint = endpoint(context).orElse(null);
    return endpoint != null && (endpoint.supportsInstructions() || designPrompt(context));
  }

  /** Whether the tool's instructions tweak a designed voice on this turn, not one-off delivery instructions. */
  boolean designPrompt(TurnContext context) {
    return toolVoice(context).map(v -> v.shape() == VoiceShape.DESIGN).orElse(false);
  }

  /**
   * The request {@link #send} would synthesise with the tool's voice.
   *
   * @throws SpeechException when there is no endpoint or no compatible voice, or the script is blank
   */
  public SpeechRequest request(TurnContext context, String script, Optional<String> instructions) throws SpeechException {
    return request(endpoint(context).orElse(null), context, script, instructions);
  }

  private SpeechRequest request(SpeechEndpoint endpoint, TurnContext context, String script, Optional<String> instructions)
      throws SpeechException {
    if (endpoint == null) {
      throw new SpeechException("No speech endpoint is configured", false);
    }
    VoiceSelection voice = toolVoice(endpoint, context).orElseThrow(() -> new SpeechException(personaVoice(context).isEmpty()
        ? "The persona has no voice" : "The persona has no voice that " + endpoint.label() + " accepts", false));
    return request(endpoint, voice, script, instructions);
  }

  private static SpeechRequest request(SpeechEndpoint endpoint, VoiceSelection voice, String script,
      Optional<String> instructions) throws SpeechException {
    if (endpoint == null) {
      throw new SpeechException("No speech endpoint is configured", false);
    }
    if (!endpoint.voiceShapes().contains(voice.shape())) {
      throw new SpeechException(endpoint.label() + " does not accept a " + voice.shape().name().toLowerCase(java.util.Locale.ROOT)
          .replace('_', ' ') + " voice", false);
    }
    if (script == null || script.isBlank()) {
      throw new SpeechException("The script is empty", false);
    }
    boolean kept = endpoint.supportsInstructions() || voice.shape() == VoiceShape.DESIGN;
    return new SpeechRequest(script.trim(), voice,
        kept && instructions != null ? instructions.map(String::trim).filter(s -> !s.isEmpty()) : Optional.empty());
  }

  /**
   * Synthesises a script in the tool's voice for this turn and delivers it.
   *
   * @param context the turn; never null
   * @param script the words to speak
   * @param title the attachment's title; blank becomes {@code "Voice message"}
   * @param instructions delivery instructions or a design tweak; dropped when not accepted
   * @return what was delivered
   * @throws SpeechException with a user-safe message when anything fails
   */
  public SpeechAudio send(TurnContext context, String script, String title, Optional<String> instructions) throws SpeechException {
    return send(context, script, title, instructions, () -> true).orElseThrow();
  }

  /**
   * {@link #send(TurnContext, String, String, Optional)}, asking {@code deliverNow} once the audio is ready: the
   * tool's deadline gate, so that a synthesis outliving the tool's answer is never delivered. The server's endpoint
   * is resolved once, so the request is checked against the endpoint that speaks it.
   *
   * @return what was delivered, or empty when {@code deliverNow} said no
   */
  Optional<SpeechAudio> send(TurnContext context, String script, String title, Optional<String> instructions,
      BooleanSupplier deliverNow) throws SpeechException {
    SpeechEndpoint endpoint = endpoint(context).orElse(null);
    return deliver(endpoint, request(endpoint, context, script, instructions), title, context, deliverNow);
  }

  /**
   * Synthesises a script in a voice a command's user picked from {@link #sources} and delivers it.
   *
   * @throws SpeechException when the endpoint does not accept the voice's shape (before any request), or anything fails
   */
  public SpeechAudio send(TurnContext context, VoiceSelection voice, String script, String title, Optional<String> instructions)
      throws SpeechException {
    if (voice == null) {
      throw new SpeechException("No voice was chosen", false);
    }
    SpeechEndpoint endpoint = endpoint(context).orElse(null);
    return deliver(endpoint, request(endpoint, voice, script, instructions), title, context, () -> true).orElseThrow();
  }

  private Optional<SpeechAudio> deliver(SpeechEndpoint endpoint, SpeechRequest request, String title,
      TurnContext context, BooleanSupplier deliverNow) throws SpeechException {
    SpeechAudio audio = endpoint.synthesize(request);
    if (!deliverNow.getAsBoolean()) {
      return Optional.empty();
    }
    delivery.deliver(audio, title == null || title.isBlank() ? "Voice message" : title.trim(), context);
    return Optional.of(audio);
  }

  private Optional<PersonaVoice> personaVoice(TurnContext context) {
    Optional<PersonaVoice> v = voices.voice(context);
    return v == null ? Optional.empty() : v;
  }

  @Override
  public String toString() {
    return "SpeechDispatcher[" + (fixed != null ? fixed.label() : endpoints == null ? "no endpoint" : endpoints) + "]";
  }
}
