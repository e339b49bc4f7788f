package dev.loadout.tools.voice;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.net.ReceivedRequest;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.loadout.core.net.NetworkPolicy;

import dev.loadout.core.net.NetworkGuard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.SafeHttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

/** The custom speech endpoint against a loopback fake, and both endpoints through the tool and a command. */
class CustomSpeechEndpointTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String KEY = "xi-secret-42";

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

  private CustomSpeechEndpoint.Builder elevenLabsStyle() {
    return CustomSpeechEndpoint.builder(client, server.baseUrl() + "/v1/text-to-speech/{voice_id}")
        .apiKey("xi-api-key", KEY).model("eleven_multilingual_v2").voiceId("narrator", "21m00Tcm 4TlvDq8ikWAM");
  }

  @Test
  void anElevenLabsStyleEndpointPutsTheMappedVoiceIdInThePathAndTheKeyInItsOwnHeader() throws Exception {
    SpeechAudio audio = elevenLabsStyle().build().synthesize(new SpeechRequest("Hello there", "narrator", Optional.of("shout")));

    assertThat(audio.bytes()).isEqualTo(VoiceFixtures.MP3);
    ReceivedRequest r = server.requests().get(0);
    assertThat(r.path()).isEqualTo("/v1/text-to-speech/21m00Tcm%204TlvDq8ikWAM");
    assertThat(r.header("xi-api-key").orElse(null)).isEqualTo(KEY);
    assertThat(r.header("Authorization").orElse(null)).isNull();
    // Instructions were not declared supported, so they are not sent even when a request carries them.
    assertThat(JSON.readTree(r.bodyText())).isEqualTo(JSON.readTree("{\"text\":\"Hello there\",\"voice_id\":\"21m00Tcm 4TlvDq8ikWAM\","
        + "\"markup\":\"plain\",\"model_id\":\"eleven_multilingual_v2\"}"));
  }

  @Test
  void aSpeechServerOnTheHostsOwnPrivateAddressIsReachedOnlyThroughTheTrustedClient() throws Exception {
    server.otherwise(HttpReply.body("audio/mpeg", new byte[] {7, 7}));
    try (SafeHttpClient strict = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production().toBuilder()
            .callTimeout(Duration.ofSeconds(5)).build())).build();
        SafeHttpClient trusted = strict.forTrustedBackend()) {
      SpeechException refused = catchThrowableOfType(SpeechException.class, () -> CustomSpeechEndpoint
          .builder(strict, server.baseUrl() + "/tts").build().synthesize(new SpeechRequest("Hi", "v1", Optional.empty())));
      assertThat(refused.getMessage()).contains("not allowed by the network policy");
      assertThat(refused.code()).isEqualTo(SpeechException.UPSTREAM_REFUSED);
      assertThat(server.requests()).as("refused before any request").isEmpty();

      SpeechAudio audio = CustomSpeechEndpoint.builder(trusted, server.baseUrl() + "/tts").build()
          .synthesize(new SpeechRequest("Hi", "v1", Optional.empty()));
      assertThat(audio.bytes()).containsExactly(7, 7);
    }
  }

  @Test
  void aJsonAnswerWithBase64AudioGivesTheAudioItsTypeAndDuration() throws Exception {
    server.otherwise(HttpReply.body("application/json", ("{\"audio_base64\":\"" + Base64.getEncoder().encodeToString(new byte[] {1, 2, 3})
        + "\",\"mime_type\":\"audio/ogg\",\"duration_ms\":1800}").getBytes(StandardCharsets.UTF_8)));

    SpeechAudio audio = CustomSpeechEndpoint.builder(client, server.baseUrl() + "/tts").supportsInstructions(true).build()
        .synthesize(new SpeechRequest("Hi", "v1", Optional.of("softly")));

    assertThat(audio).satisfies(a -> {
      assertThat(a.bytes()).containsExactly(1, 2, 3);
      assertThat(a.mimeType()).isEqualTo("audio/ogg");
      assertThat(a.duration()).contains(Duration.ofMillis(1800));
    });
    assertThat(JSON.readTree(server.requests().get(0).bodyText()).get("instructions").stringValue()).isEqualTo("softly");
  }

  @Test
  void anAnswerThatIsNotAudioIsAFailureWithoutTheKeyOrUrl() {
    server.otherwise(HttpReply.body("text/html", "<html>login</html>".getBytes(StandardCharsets.UTF_8)));

    assertThatThrownBy(() -> elevenLabsStyle().build().synthesize(new SpeechRequest("Hi", "narrator", Optional.empty())))
        .isInstanceOf(SpeechException.class).hasMessage("The speech endpoint returned no audio");
    server.otherwise(HttpReply.body("application/json", "{\"audio_base64\":\"%%%\"}".getBytes(StandardCharsets.UTF_8)));
    assertThatThrownBy(() -> elevenLabsStyle().build().synthesize(new SpeechRequest("Hi", "narrator", Optional.empty())))
        .isInstanceOf(SpeechException.class).hasMessage("The speech endpoint returned no audio");
    assertThat(elevenLabsStyle().build().toString()).doesNotContain(KEY).doesNotContain("127.0.0.1");
  }

  @Test
  void declaredMarkupAndInstructionSupportShapeTheToolVariant() {
    SpeechDispatcher design = SpeechDispatcher.of(CustomSpeechEndpoint.builder(client, server.baseUrl() + "/tts")
        .markup(ScriptMarkup.VOICE_DESIGN).build(), c -> Optional.of(PersonaVoice.designPrompt("a calm low voice")), delivery);
    SpeechDispatcher instruct = SpeechDispatcher.of(CustomSpeechEndpoint.builder(client, server.baseUrl() + "/tts")
        .supportsInstructions(true).build(), c -> Optional.of(PersonaVoice.voiceId("v-1")), delivery);
    SpeechDispatcher plain = SpeechDispatcher.of(CustomSpeechEndpoint.builder(client, server.baseUrl() + "/tts").build(),
        c -> Optional.of(PersonaVoice.voiceId("v-1")), delivery);

    assertThat(variantProperty(design, "voice_instructions")).hasValueSatisfying(d -> assertThat(d).contains("voice design prompt"));
    assertThat(variantProperty(instruct, "voice_instructions")).hasValueSatisfying(d -> assertThat(d).contains("One-off delivery"));
    assertThat(variantProperty(plain, "voice_instructions")).isEmpty();
    assertThat(variantProperty(plain, "script")).hasValueSatisfying(d -> assertThat(d).contains("Plain text only"));
  }

  private static Optional<String> variantProperty(SpeechDispatcher dispatcher, String property) {
    return GenerateVoiceMessageTool.of(dispatcher).assembleForContext(VoiceFixtures.context().build()).map(spec -> spec.parameters()
        .get("properties").get(property)).map(p -> p.get("description").stringValue());
  }

  @ParameterizedTest
  @ValueSource(strings = {"openai", "custom"})
  void theToolAndTheCommandSendIdenticalSynthesisRequestsForEachEndpoint(String kind) throws Exception {
    Function<SafeHttpClient, SpeechEndpoint> endpoint = kind.equals("openai")
        ? c -> OpenAiSpeechEndpoint.builder(c, server.url("/v1"), "gpt-4o-mini-tts").apiKey(KEY).supportsInstructions(true).build()
        : c -> elevenLabsStyle().supportsInstructions(true).build();
    SpeechDispatcher dispatcher = SpeechDispatcher.of(endpoint.apply(client), c -> Optional.of(PersonaVoice.voiceId("narrator")),
        delivery);
    TurnContext context = VoiceFixtures.context().build();

    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(GenerateVoiceMessageTool.of(dispatcher)).build()).build()) {
      PreparedTurn turn = loadout.prepare(context);
      assertThat(turn.execute(ToolCall.of("c", "generate_voice_message",
          "{\"script\":\" Good night \",\"title\":\"Bedtime\",\"voice_instructions\":\"sleepy\"}"))
          .toCompletableFuture().get(10, TimeUnit.SECONDS).isSuccess()).isTrue();
    }
    dispatcher.send(context, " Good night ", "Bedtime", Optional.of("sleepy"));

    assertThat(server.requests()).hasSize(2);
    assertThat(server.requests().get(1)).isEqualTo(server.requests().get(0));
    assertThat(JSON.readTree(server.requests().get(0).bodyText()).toString()).contains("Good night").contains("sleepy");
    assertThat(delivery.delivered).extracting(VoiceFixtures.Delivered::title).isEqualTo(List.of("Bedtime", "Bedtime"));
  }
}
