package dev.loadout.tools.voice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The exact schema the model sees, per endpoint markup and persona voice, through a real Loadout. */
class GenerateVoiceMessageVariantTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String PLAIN_SCRIPT = "The words to speak. Plain text only: no markup, tags, emoji or stage directions.";
  private static final String TITLE = "\"title\":{\"type\":\"string\",\"maxLength\":100,"
      + "\"description\":\"A short title for the voice message attachment.\"}";

  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private PreparedTurn prepare(SpeechEndpoint endpoint, PersonaVoice voice, TurnContext context) {
    SpeechDispatcher dispatcher = SpeechDispatcher.of(endpoint, c -> Optional.ofNullable(voice), new VoiceFixtures.RecordingDelivery());
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(GenerateVoiceMessageTool.of(dispatcher)).build()).build();
    open.add(loadout);
    return loadout.prepare(context);
  }

  private PreparedTurn prepare(SpeechEndpoint endpoint, PersonaVoice voice) {
    return prepare(endpoint, voice, VoiceFixtures.context().build());
  }

  private static JsonNode rendered(PreparedTurn turn) {
    return JSON.readTree(turn.render(Dialect.OPENAI_CHAT).json());
  }

  private static JsonNode expected(String script, String instructions) {
    return JSON.readTree("[{\"type\":\"function\",\"function\":{\"name\":\"generate_voice_message\",\"description\":"
        + "\"Send a voice message spoken in the persona's voice via Test TTS.\",\"parameters\":{\"type\":\"object\","
        + "\"properties\":{\"script\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":4000,\"description\":\"" + script + "\"},"
        + TITLE + (instructions == null ? "" : ",\"voice_instructions\":{\"type\":\"string\",\"maxLength\":1000,\"description\":\""
        + instructions + "\"}") + "},\"required\":[\"script\"],\"additionalProperties\":false}}}]");
  }

  @Test
  void aPlainEndpointShowsScriptAndTitleAndSaysPlainTextOnly() {
    PreparedTurn turn = prepare(VoiceFixtures.endpoint(ScriptMarkup.PLAIN, false), PersonaVoice.voiceId("alloy"));

    assertThat(rendered(turn)).isEqualTo(expected(PLAIN_SCRIPT, null));
  }

  @Test
  void aPlainEndpointWithInstructionsAddsOneOffDeliveryInstructions() {
    PreparedTurn turn = prepare(VoiceFixtures.endpoint(ScriptMarkup.PLAIN, true), PersonaVoice.voiceId("alloy"));

    assertThat(rendered(turn)).isEqualTo(expected(PLAIN_SCRIPT, "One-off delivery instructions for this message only (tone,"
        + " pace, emotion); the persona's voice stays the same. Optional."));
  }

  @Test
  void aDesignedVoiceOnAVoiceDesignEndpointAddsAVoiceDesignPrompt() {
    PreparedTurn turn = prepare(VoiceFixtures.endpoint(ScriptMarkup.VOICE_DESIGN, false), PersonaVoice.designPrompt("a calm low voice"));

    assertThat(rendered(turn)).isEqualTo(expected("The words to speak. Plain text only: no markup, tags, emoji or stage"
        + " directions; the persona's designed voice sets how it sounds.",
        "A voice design prompt for this message: how the persona's designed voice should sound (tone, pace, emotion). Optional."));
  }

  @Test
  void aVoiceDesignEndpointHidesTheToolFromAPersonaWithOnlyAVoiceId() {
    PreparedTurn turn = prepare(VoiceFixtures.endpoint(ScriptMarkup.VOICE_DESIGN, false), PersonaVoice.voiceId("preset"));

    assertThat(reason(turn)).isEqualTo("the persona has no voice that Test TTS accepts");
  }

  @Test
  void theToolIsHiddenWithoutEndpointWithoutVoiceOrWhenTheGuildTurnedItOff() {
    PersonaVoice voice = PersonaVoice.voiceId("alloy");
    SpeechEndpoint endpoint = VoiceFixtures.endpoint(ScriptMarkup.PLAIN, false);

    assertThat(reason(prepare(null, voice))).isEqualTo("no speech endpoint is configured");
    assertThat(reason(prepare(endpoint, null))).isEqualTo("the persona has no voice");
    assertThat(reason(prepare(endpoint, voice, VoiceFixtures.context().flag(GenerateVoiceMessageTool.ENABLED_FLAG, false).build())))
        .isEqualTo("voice messages are disabled for this server");
  }

  private static String reason(PreparedTurn turn) {
    assertThat(turn.visibleNames()).isEmpty();
    return turn.hidden("generate_voice_message").orElseThrow().reasons().stream()
        .filter(r -> r.code().equals(AvailabilityDecision.HIDDEN_BY_ASSEMBLY)).findFirst().orElseThrow().message();
  }
}
