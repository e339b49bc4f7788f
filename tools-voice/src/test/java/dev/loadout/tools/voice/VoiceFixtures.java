package dev.loadout.tools.voice;

import dev.loadout.core.TurnContext;
import dev.loadout.core.net.NetworkGuard;
import dev.loadout.core.net.NetworkPolicy;
import dev.loadout.core.net.SafeHttpClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Shared test values. */
final class VoiceFixtures {
  /** What the fake speech endpoint answers unless a test says otherwise. */
  static final byte[] MP3 = "ID3-fake-mp3".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private VoiceFixtures() {
  }

  static TurnContext.Builder context() {
    return TurnContext.builder("openai", "gpt-4o").guildId("g1").channelId("c1").userId("u1").personaId("p1");
  }

  static SafeHttpClient loopbackClient() {
    return SafeHttpClient.builder(NetworkGuard.of(NetworkPolicy.production().toBuilder().allowPrivateNetworks(true)
        .callTimeout(Duration.ofSeconds(5)).build())).build();
  }

  record Delivered(SpeechAudio audio, String title, TurnContext context) {}

  /** A delivery that records what it was given. */
  static final class RecordingDelivery implements VoiceDelivery {
    final List<Delivered> delivered = new CopyOnWriteArrayList<>();

    @Override
    public void deliver(SpeechAudio audio, String title, TurnContext context) {
      delivered.add(new Delivered(audio, title, context));
    }
  }

  /** An endpoint that needs no server, for variant tests. */
  static SpeechEndpoint endpoint(ScriptMarkup markup, boolean instructions) {
    return new SpeechEndpoint() {
      @Override
      public String label() {
        return "Test TTS";
      }

      @Override
      public ScriptMarkup markup() {
        return markup;
      }

      @Override
      public boolean supportsInstructions() {
        return instructions;
      }

      @Override
      public SpeechAudio synthesize(SpeechRequest request) {
        throw new UnsupportedOperationException("variant tests do not synthesise");
      }
    };
  }
}
