package dev.loadout.tools.voice;

import dev.loadout.testkit.net.HttpReply;
import dev.loadout.testkit.net.LoopbackHttpServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.Loadout;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The shared dispatcher, the OpenAI-compatible speech endpoint against a loopback fake, and the tool through a real Loadout. */
class SpeechDispatcherTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String KEY = "sk-voice-secret";

  private LoopbackHttpServer server;
  private SafeHttpClient client;
  private Loadout loadout;
  private final VoiceFixtures.RecordingDelivery delivery = new VoiceFixtures.RecordingDelivery();

  @BeforeEach
  void start() throws Exception {
    server = LoopbackHttpServer.start().otherwise(HttpReply.body("audio/mpeg", VoiceFixtures.MP3));
    client = VoiceFixtures.loopbackClient();
  }

  @AfterEach
  void stop() {
    if (loadout != null) {
      loadout.close();
    }
    client.close();
    server.close();
  }

  private OpenAiSpeechEndpoint endpoint(boolean instructions) {
    return OpenAiSpeechEndpoint.builder(client, server.url("/v1"), "gpt-4o-mini-tts").apiKey(KEY)
        .supportsInstructions(instructions).build();
  }

  private SpeechDispatcher dispatcher(SpeechEndpoint endpoint, PersonaVoice voice) {
    return SpeechDispatcher.of(endpoint, c -> Optional.of(voice), delivery);
  }

  private ToolResult callTool(SpeechDispatcher dispatcher, TurnContext context, String arguments) throws Exception {
    loadout = Loadout.builder(ToolRegistry.builder().register(GenerateVoiceMessageTool.of(dispatcher)).build()).build();
    return loadout.prepare(context).execute(ToolCall.of("c", "generate_voice_message", arguments))
        .toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void theToolAndTheCommandSendIdenticalSynthesisRequests() throws Exception {
    SpeechDispatcher dispatcher = dispatcher(endpoint(true), PersonaVoice.voiceId("nova"));
    TurnContext context = VoiceFixtures.context().build();

    callTool(dispatcher, context, "{\"script\":\"Good morning!\",\"title\":\"Hello\",\"voice_instructions\":\"cheerful\"}");
    dispatcher.send(context, "Good morning!", "Hello", Optional.of("cheerful"));

    assertThat(server.requests()).hasSize(2);
    assertThat(server.requests().get(0)).isEqualTo(server.requests().get(1));
    assertThat(JSON.readTree(server.requests().get(0).bodyText())).isEqualTo(JSON.readTree("{\"model\":\"gpt-4o-mini-tts\","
        + "\"input\":\"Good morning!\",\"voice\":\"nova\",\"response_format\":\"mp3\",\"instructions\":\"cheerful\"}"));
    assertThat(server.requests().get(0).header("Authorization").orElse(null)).isEqualTo("Bearer " + KEY);
    assertThat(delivery.delivered).hasSize(2).allSatisfy(d -> {
      assertThat(d.title()).isEqualTo("Hello");
      assertThat(d.audio().bytes()).isEqualTo(VoiceFixtures.MP3);
      assertThat(d.audio().mimeType()).isEqualTo("audio/mpeg");
    });
  }

  @Test
  void theToolResultSaysWhatWasDelivered() throws Exception {
    ToolResult result = callTool(dispatcher(endpoint(false), PersonaVoice.voiceId("nova")), VoiceFixtures.context().build(),
        "{\"script\":\"Hi\"}");

    assertThat(result).isInstanceOfSatisfying(ToolResult.Success.class, s -> {
      assertThat(s.summary()).contains("Delivered voice message \"Voice message\" (audio/mpeg, 12 bytes).");
      assertThat(s.data().get("mime_type").stringValue()).isEqualTo("audio/mpeg");
    });
  }

  @Test
  void instructionsAreDroppedWhenTheEndpointDoesNotTakeThem() throws Exception {
    SpeechDispatcher dispatcher = dispatcher(endpoint(false), PersonaVoice.voiceId("nova"));

    assertThat(dispatcher.request(VoiceFixtures.context().build(), " Hi ", Optional.of("whisper")))
        .isEqualTo(new SpeechRequest("Hi", "nova", Optional.empty()));
  }

  @Test
  void aDesignedVoiceOnAVoiceDesignEndpointKeepsThePerMessageDesignTweak() throws Exception {
    SpeechEndpoint designed = CustomSpeechEndpoint.builder(client, server.baseUrl() + "/tts").markup(ScriptMarkup.VOICE_DESIGN).build();
    SpeechDispatcher dispatcher = dispatcher(designed, PersonaVoice.designPrompt("a calm low voice"));

    assertThat(dispatcher.request(VoiceFixtures.context().build(), "Hi", Optional.of("a little hoarse")))
        .isEqualTo(new SpeechRequest("Hi", new VoiceSelection(VoiceOrigin.PERSONA_DESIGN_PROMPT, Optional.empty(), Optional.empty(),
            Optional.of("a calm low voice")), Optional.of("a little hoarse")));
  }

  @Test
  void anEndpointErrorIsAFailedResultNamingOnlyTheStatusAndNothingIsDelivered() throws Exception {
    server.otherwise(HttpReply.of(503, "application/json", "{\"error\":\"nope\"}"));

    ToolResult result = callTool(dispatcher(endpoint(false), PersonaVoice.voiceId("nova")), VoiceFixtures.context().build(),
        "{\"script\":\"Hi\"}");

    assertThat(result).isEqualTo(ToolResult.failure(SpeechException.UPSTREAM_STATUS, "The speech endpoint answered HTTP 503.", true));
    assertThat(delivery.delivered).isEmpty();
  }

  @Test
  void aBlockedAddressIsRefusedBeforeAnySocketOpens() {
    try (SafeHttpClient production = SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production())).build()) {
      SpeechEndpoint endpoint = OpenAiSpeechEndpoint.builder(production, server.url("/v1"), "m").apiKey(KEY).build();

      assertThatThrownBy(() -> endpoint.synthesize(new SpeechRequest("Hi", "nova", Optional.empty())))
          .isInstanceOf(SpeechException.class).hasMessageStartingWith("The speech endpoint's address is not allowed by the network policy (")
          .satisfies(e -> assertThat(((SpeechException) e).code()).isEqualTo(SpeechException.UPSTREAM_REFUSED));
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void theKeyIsNeverInToString() {
    assertThat(endpoint(false).toString()).doesNotContain(KEY).contains("key=***");
  }

  @Test
  void aCommandWithoutAnEndpointFailsWithAPlainMessage() {
    SpeechDispatcher dispatcher = SpeechDispatcher.of(null, c -> Optional.of(PersonaVoice.voiceId("nova")), delivery);

    assertThatThrownBy(() -> dispatcher.send(VoiceFixtures.context().build(), "Hi", "t", Optional.empty()))
        .isInstanceOf(SpeechException.class).hasMessage("No speech endpoint is configured");
  }
}
