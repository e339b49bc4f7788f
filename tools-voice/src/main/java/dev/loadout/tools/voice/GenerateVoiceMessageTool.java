package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.BaseTool;
import dev.loadout.core.SchemaEdit;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code generate_voice_message}: speaks a script in the persona's voice and delivers it, through the
 * shared {@link SpeechDispatcher}.
 *
 * <p><b>Per turn.</b> {@code script} (its description states the markup the endpoint accepts) and
 * {@code title} always; {@code voice_instructions} only when the dispatcher would pass instructions on:
 * as one-off delivery instructions when the endpoint supports them, or as a voice design prompt when the
 * persona's voice was designed on a voice-design endpoint. Hidden when there is no speech endpoint, the
 * persona has no voice, or the guild set {@value #ENABLED_FLAG} to false.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GenerateVoiceMessageTool implements BaseTool {
  /** The feature flag a guild sets to false to turn voice messages off. */
  public static final String ENABLED_FLAG = "voice_messages_enabled";
  /** Failure code: voice messages are unavailable on this turn (config changed since prepare). */
  public static final String UNAVAILABLE = "voice_unavailable";
  /** Failure code: synthesis or delivery failed. */
  public static final String SPEECH_ERROR = "speech_error";

  static final String DESIGN_INSTRUCTIONS = "A voice design prompt for this message: how the persona's designed voice"
      + " should sound (tone, pace, emotion). Optional.";
  static final String DELIVERY_INSTRUCTIONS = "One-off delivery instructions for this message only (tone, pace, emotion);"
      + " the persona's voice stays the same. Optional.";
  private static final String PARAMETERS = """
      {"type":"object","properties":{
        "script":{"type":"string","minLength":1,"maxLength":4000,"description":"The words to speak."},
        "title":{"type":"string","maxLength":100,"description":"A short title for the voice message attachment."},
        "voice_instructions":{"type":"string","maxLength":1000,"description":"How to speak the script."}},
       "required":["script"],"additionalProperties":false}""";

  private final ToolSpec spec;
  private final SpeechDispatcher dispatcher;

  private GenerateVoiceMessageTool(SpeechDispatcher dispatcher) {
    this.spec = ToolSpec.builder("generate_voice_message", PARAMETERS)
        .description("Send a voice message spoken in the persona's voice.").group("media").build();
    this.dispatcher = dispatcher;
  }

  /**
   * A tool speaking through a dispatcher; give the same dispatcher to the host's voice-message command.
   *
   * @param dispatcher the shared dispatcher; never null
   */
  public static GenerateVoiceMessageTool of(SpeechDispatcher dispatcher) {
    if (dispatcher == null) {
      throw new IllegalArgumentException("dispatcher must not be null");
    }
    return new GenerateVoiceMessageTool(dispatcher);
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public Optional<ToolSpec> assembleForContext(TurnContext context) {
    if (unavailable(context).isPresent()) {
      return Optional.empty();
    }
    SpeechEndpoint endpoint = dispatcher.endpoint().orElseThrow();
    SchemaEdit edit = spec.edit()
        .description("Send a voice message spoken in the persona's voice via " + endpoint.label() + ".")
        .propertyDescription("script", "The words to speak. " + endpoint.markup().scriptRule());
    if (dispatcher.designPrompt(context)) {
      edit.propertyDescription("voice_instructions", DESIGN_INSTRUCTIONS);
    } else if (dispatcher.acceptsInstructions(context)) {
      edit.propertyDescription("voice_instructions", DELIVERY_INSTRUCTIONS);
    } else {
      edit.dropProperties("voice_instructions");
    }
    return Optional.of(edit.build());
  }

  @Override
  public AvailabilityDecision hiddenReason(TurnContext context) {
    return AvailabilityDecision.hidden(AvailabilityDecision.HIDDEN_BY_ASSEMBLY, unavailable(context).orElse("voice messages are unavailable"));
  }

  private Optional<String> unavailable(TurnContext context) {
    if (!context.switchedOn(ENABLED_FLAG)) {
      return Optional.of("voice messages are disabled for this server");
    }
    if (dispatcher.endpoint().isEmpty()) {
      return Optional.of("no speech endpoint is configured");
    }
    if (dispatcher.voice(context).isEmpty()) {
      return Optional.of("the persona has no voice");
    }
    if (dispatcher.toolVoice(context).isEmpty()) {
      return Optional.of("the persona has no voice that " + dispatcher.endpoint().orElseThrow().label() + " accepts");
    }
    return Optional.empty();
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    return CompletableFuture.completedFuture(run(call.argumentsJson(), context));
  }

  private ToolResult run(ObjectNode args, TurnContext context) {
    Optional<String> why = unavailable(context);
    if (why.isPresent()) {
      return ToolResult.failure(UNAVAILABLE, "Voice messages are unavailable: " + why.get(), false);
    }
    String title = text(args, "title").orElse("Voice message");
    SpeechAudio audio;
    try {
      audio = dispatcher.send(context, text(args, "script").orElse(""), title, text(args, "voice_instructions"));
    } catch (SpeechException e) {
      return ToolResult.failure(SPEECH_ERROR, e.getMessage(), e.retryable());
    }
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.put("delivered", true).put("title", title).put("mime_type", audio.mimeType()).put("bytes", audio.bytes().length);
    audio.duration().ifPresent(d -> data.put("duration_ms", d.toMillis()));
    return ToolResult.success(data, "Delivered voice message \"" + title + "\" (" + audio.mimeType() + ", "
        + audio.bytes().length + " bytes" + audio.duration().map(d -> ", " + d.toMillis() + " ms").orElse("") + ").");
  }

  private static Optional<String> text(ObjectNode args, String name) {
    JsonNode v = args.get(name);
    return v != null && v.isString() && !v.stringValue().isBlank() ? Optional.of(v.stringValue().trim()) : Optional.empty();
  }

  @Override
  public String toString() {
    return "GenerateVoiceMessageTool[" + dispatcher + "]";
  }
}
