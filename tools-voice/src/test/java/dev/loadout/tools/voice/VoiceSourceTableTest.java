package dev.loadout.tools.voice;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import static dev.loadout.tools.voice.VoiceOrigin.PERSONA_DESIGN_PROMPT;
import static dev.loadout.tools.voice.VoiceOrigin.PERSONA_SAMPLE;
import static dev.loadout.tools.voice.VoiceOrigin.PERSONA_VOICE_ID;
import static dev.loadout.tools.voice.VoiceOrigin.TYPED_DESIGN_PROMPT;
import static dev.loadout.tools.voice.VoiceOrigin.UPLOADED_SAMPLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.TurnContext;
import dev.loadout.core.net.SafeHttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The voice-source table: which voices an invocation may use, in which order, against what the endpoint accepts. */
class VoiceSourceTableTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final VoiceSample PERSONA_CLIP = new VoiceSample("PCLIP".getBytes(StandardCharsets.US_ASCII), "audio/wav", "hello there");
  private static final VoiceSample UPLOAD = new VoiceSample("UCLIP".getBytes(StandardCharsets.US_ASCII), "audio/wav", "testing");
  private static final PersonaVoice EVERYTHING = new PersonaVoice(Optional.of("el-123"), Optional.of(PERSONA_CLIP),
      Optional.of("a calm low voice"), false);
  private static final Set<VoiceShape> AUTO = EnumSet.of(VoiceShape.CLONE, VoiceShape.DESIGN);

  private LoopbackHttpServer server;
  private SafeHttpClient client;
  private final VoiceFixtures.RecordingDelivery delivery = new VoiceFixtures.RecordingDelivery();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackHttpServer.start().otherwise(HttpReply.body("audio/mpeg", VoiceFixtures.MP3));
    client = VoiceFixtures.loopbackClient();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  @Test
  void anAutoEndpointOffersUploadThenTypedPromptThenPersonaSampleThenPersonaPrompt() {
    assertThat(VoiceSourceTable.candidates(AUTO, Optional.of(EVERYTHING), Optional.of(UPLOAD), Optional.of(" sing it ")))
        .extracting(VoiceSelection::origin).containsExactly(UPLOADED_SAMPLE, TYPED_DESIGN_PROMPT, PERSONA_SAMPLE, PERSONA_DESIGN_PROMPT);
  }

  @Test
  void eachShapeAdmitsOnlyItsOwnSources() {
    assertThat(VoiceSourceTable.candidates(EnumSet.of(VoiceShape.CLONE), Optional.of(EVERYTHING), Optional.of(UPLOAD), Optional.of("x")))
        .extracting(VoiceSelection::origin).containsExactly(UPLOADED_SAMPLE, PERSONA_SAMPLE);
    assertThat(VoiceSourceTable.candidates(EnumSet.of(VoiceShape.DESIGN), Optional.of(EVERYTHING), Optional.of(UPLOAD), Optional.of("x")))
        .extracting(VoiceSelection::origin).containsExactly(TYPED_DESIGN_PROMPT, PERSONA_DESIGN_PROMPT);
    // ElevenLabs-style: the degenerate case, whose only source is the persona's stored voice id.
    assertThat(VoiceSourceTable.candidates(EnumSet.of(VoiceShape.VOICE_ID), Optional.of(EVERYTHING), Optional.of(UPLOAD), Optional.of("x")))
        .extracting(VoiceSelection::origin).containsExactly(PERSONA_VOICE_ID);
    assertThat(VoiceSourceTable.candidates(AUTO, Optional.empty(), Optional.empty(), Optional.of("  "))).isEmpty();
  }

  @Test
  void onAnAutoEndpointTheToolUsesTheSampleUnlessThePersonaPrefersDesign() {
    assertThat(VoiceSourceTable.forTool(AUTO, Optional.of(EVERYTHING))).map(VoiceSelection::origin).contains(PERSONA_SAMPLE);
    assertThat(VoiceSourceTable.forTool(AUTO, Optional.of(EVERYTHING.preferringDesign()))).map(VoiceSelection::origin)
        .contains(PERSONA_DESIGN_PROMPT);
    assertThat(VoiceSourceTable.forTool(EnumSet.of(VoiceShape.CLONE), Optional.of(EVERYTHING.preferringDesign())))
        .map(VoiceSelection::origin).contains(PERSONA_SAMPLE);
  }

  @Test
  void aCommandCanSendTheUploadedClipToACloningEndpoint() throws Exception {
    SpeechDispatcher dispatcher = SpeechDispatcher.of(CustomSpeechEndpoint.builder(client, server.baseUrl() + "/tts")
        .voiceShapes(VoiceShape.CLONE, VoiceShape.DESIGN).build(), c -> Optional.of(EVERYTHING), delivery);
    TurnContext context = VoiceFixtures.context().build();

    VoiceSelection first = dispatcher.sources(context, Optional.of(UPLOAD), Optional.empty()).get(0);
    dispatcher.send(context, first, "Audition line", "Test", Optional.empty());

    JsonNode body = JSON.readTree(server.requests().get(0).bodyText());
    assertThat(body.get("ref_audio").stringValue()).isEqualTo(Base64.getEncoder().encodeToString(UPLOAD.audio()));
    assertThat(body.get("ref_text").stringValue()).isEqualTo("testing");
    assertThat(body.has("voice_id")).isFalse();
    assertThat(body.has("instruct")).isFalse();
    assertThat(delivery.delivered).hasSize(1);
  }

  @Test
  void aVoiceTheEndpointDoesNotAcceptIsRefusedBeforeAnyRequest() {
    SpeechDispatcher dispatcher = SpeechDispatcher.of(CustomSpeechEndpoint.builder(client, server.baseUrl() + "/v1/tts/{voice_id}")
        .label("ElevenLabs").build(), c -> Optional.of(EVERYTHING), delivery);

    assertThatThrownBy(() -> dispatcher.send(VoiceFixtures.context().build(),
        new VoiceSelection(UPLOADED_SAMPLE, Optional.empty(), Optional.of(UPLOAD), Optional.empty()), "Hi", "t", Optional.empty()))
        .isInstanceOf(SpeechException.class).hasMessage("ElevenLabs does not accept a clone voice");
    assertThat(server.requests()).isEmpty();
    assertThat(delivery.delivered).isEmpty();
  }

  @Test
  void theToolSpeaksAPersonaSampleOnACloneEndpointAndIsHiddenWhenThePersonaHasOnlyAVoiceId() {
    CustomSpeechEndpoint clone = CustomSpeechEndpoint.builder(client, server.baseUrl() + "/tts").voiceShapes(VoiceShape.CLONE).build();
    GenerateVoiceMessageTool withSample = GenerateVoiceMessageTool.of(SpeechDispatcher.of(clone,
        c -> Optional.of(PersonaVoice.sample(PERSONA_CLIP)), delivery));
    GenerateVoiceMessageTool idOnly = GenerateVoiceMessageTool.of(SpeechDispatcher.of(clone,
        c -> Optional.of(PersonaVoice.voiceId("el-123")), delivery));
    TurnContext context = VoiceFixtures.context().build();

    assertThat(withSample.assembleForContext(context)).isPresent();
    assertThat(idOnly.assembleForContext(context)).isEmpty();
    assertThat(idOnly.hiddenReason(context).reason()).isEqualTo("the persona has no voice that Custom speech endpoint accepts");
  }

  @Test
  void aVoiceIdUrlCannotBeDeclaredForOtherShapes() {
    assertThatThrownBy(() -> CustomSpeechEndpoint.builder(client, server.baseUrl() + "/v1/tts/{voice_id}").voiceShapes(VoiceShape.CLONE).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("a url with {voice_id} takes voice ids only");
  }
}
