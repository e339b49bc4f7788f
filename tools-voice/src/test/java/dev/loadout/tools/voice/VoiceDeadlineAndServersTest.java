package dev.loadout.tools.voice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.PerServer;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.testkit.time.TestClock;
import dev.loadout.testkit.time.TestScheduler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Voice messages as a multi-guild bot sends them, through the real prepare/execute path: each server speaks through
 * its own endpoint and persona voices, and the tool's deadline gate makes sure one request never ends in two voice
 * messages. Time is a test scheduler's (Loadout's and the tool's deadlines alike); the test waits on events only.
 */
class VoiceDeadlineAndServersTest {
  final VoiceFixtures.RecordingDelivery delivery = new VoiceFixtures.RecordingDelivery();
  final VoiceSource voices = ctx -> Optional.of(PersonaVoice.voiceId("alloy"));
  final ExecutorService pool = Executors.newCachedThreadPool();
  final TestScheduler scheduler = TestScheduler.on(TestClock.create());
  /** One permit per finished piece of tool work (synthesis, then delivery or not). */
  final Semaphore workEnded = new Semaphore(0);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  static TurnContext in(String guild) {
    return VoiceFixtures.context().guildId(guild).build();
  }

  /** The tool's executor: the pool, releasing a permit when a call's work has ended. */
  void run(Runnable work) {
    pool.execute(() -> {
      try {
        work.run();
      } finally {
        workEnded.release();
      }
    });
  }

  /** An endpoint whose synthesis waits, without heeding interrupts, until the test releases it. */
  static final class HeldEndpoint implements SpeechEndpoint {
    final CompletableFuture<Void> release = new CompletableFuture<>();
    final CountDownLatch started = new CountDownLatch(1);
    final List<SpeechRequest> requests = new CopyOnWriteArrayList<>();
    final String label;

    HeldEndpoint(String label, boolean held) {
      this.label = label;
      if (!held) {
        release.complete(null);
      }
    }

    @Override
    public String label() {
      return label;
    }

    @Override
    public ScriptMarkup markup() {
      return ScriptMarkup.PLAIN;
    }

    @Override
    public boolean supportsInstructions() {
      return label.startsWith("Instructed");
    }

    @Override
    public SpeechAudio synthesize(SpeechRequest request) {
      requests.add(request);
      started.countDown();
      release.join();
      return new SpeechAudio(new byte[] {1, 2, 3}, "audio/ogg", Optional.empty());
    }
  }

  Loadout loadout(GenerateVoiceMessageTool tool) {
    return Loadout.builder(ToolRegistry.builder().register(tool).build()).executor(pool).scheduler(scheduler).build();
  }

  GenerateVoiceMessageTool gated(SpeechDispatcher dispatcher) {
    return GenerateVoiceMessageTool.builder(dispatcher).timeout(Duration.ofSeconds(30)).executor(this::run)
        .scheduler(scheduler).build();
  }

  static ToolCall speak(String id) {
    return ToolCall.of(id, "generate_voice_message", "{\"script\":\"Good morning!\"}");
  }

  @Test
  void aSynthesisFinishingAfterTheDeadlineIsNeverSentAndTheRetryIsSentOnce() throws Exception {
    HeldEndpoint endpoint = new HeldEndpoint("Held TTS", true);
    try (Loadout loadout = loadout(gated(SpeechDispatcher.of(endpoint, voices, delivery)))) {
      PreparedTurn turn = loadout.prepare(in("g1"));
      CompletableFuture<ToolResult> first = turn.execute(speak("c1")).toCompletableFuture();
      assertThat(endpoint.started.await(10, TimeUnit.SECONDS)).as("the synthesis has started").isTrue();

      scheduler.advance(Duration.ofSeconds(30));
      assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(ToolResult.failure(ToolResult.TIMEOUT,
          "The voice message did not finish within 30000 ms and was not sent", true));

      endpoint.release.complete(null); // the synthesis now finishes, after the model was told it timed out
      assertThat(workEnded.tryAcquire(10, TimeUnit.SECONDS)).as("the late synthesis has ended").isTrue();
      assertThat(delivery.delivered).isEmpty();

      ToolResult retry = turn.execute(speak("c2")).toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertThat(retry.isSuccess()).isTrue();
      assertThat(delivery.delivered).hasSize(1);
      assertThat(endpoint.requests).hasSize(2);
      assertThat(scheduler.failures()).isEmpty();
    }
  }

  @Test
  void aDeliveryUnderWayAtTheDeadlineIsAnsweredAsNotToBeRepeatedAndIsSentOnce() throws Exception {
    CountDownLatch delivering = new CountDownLatch(1);
    CompletableFuture<Void> uploaded = new CompletableFuture<>();
    VoiceDelivery slowUpload = (audio, title, ctx) -> {
      delivering.countDown();
      uploaded.join();
      delivery.deliver(audio, title, ctx);
    };
    HeldEndpoint endpoint = new HeldEndpoint("Quick TTS", false);
    try (Loadout loadout = loadout(gated(SpeechDispatcher.of(endpoint, voices, slowUpload)))) {
      CompletableFuture<ToolResult> call = loadout.prepare(in("g1")).execute(speak("c1")).toCompletableFuture();
      assertThat(delivering.await(10, TimeUnit.SECONDS)).as("the upload has started").isTrue();

      scheduler.advance(Duration.ofSeconds(31)); // the tool's deadline, then Loadout's

      assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo(ToolResult.failure(ToolResult.TIMEOUT,
          "The voice message is still being sent; do not send it again", false));
      uploaded.complete(null);
      assertThat(workEnded.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
      assertThat(delivery.delivered).hasSize(1);
    }
  }

  @Test
  void twoServersSpeakThroughTheirOwnEndpointsAndVoicesAndShareEverythingElse() {
    HeldEndpoint plain = new HeldEndpoint("Plain TTS", false);
    HeldEndpoint instructed = new HeldEndpoint("Instructed TTS", false);
    Map<String, SpeechEndpoint> byGuild = Map.of("cafe", plain, "studio", instructed);
    AtomicInteger endpointsAsked = new AtomicInteger();
    PerServer<SpeechEndpoint> endpoints = PerServer.<SpeechEndpoint>resolving(ctx -> {
      endpointsAsked.incrementAndGet();
      return ctx.guildId().map(byGuild::get).orElse(null);
    }).clock(scheduler.clock()).build();
    // The same persona speaks with another voice on each server: keyed by server and persona.
    Map<String, String> voiceIds = Map.of("cafe/p1", "alloy", "studio/p1", "verse");
    PerServer<PersonaVoice> personaVoices = PerServer.<PersonaVoice>resolving(ctx -> Optional.ofNullable(
            voiceIds.get(ctx.guildId().orElse("") + "/" + ctx.personaId().orElse(""))).map(PersonaVoice::voiceId)
            .orElse(null))
        .key(ctx -> ctx.guildId().orElse("") + "/" + ctx.personaId().orElse("")).clock(scheduler.clock()).build();
    SpeechDispatcher dispatcher = SpeechDispatcher.perServer(endpoints, personaVoices::get, delivery);
    try (Loadout loadout = loadout(gated(dispatcher))) {
      PreparedTurn cafe = loadout.prepare(in("cafe"));
      PreparedTurn studio = loadout.prepare(in("studio"));
      ToolSpec cafeVariant = cafe.variant("generate_voice_message").orElseThrow();
      ToolSpec studioVariant = studio.variant("generate_voice_message").orElseThrow();

      // What each server has of its own: the endpoint named, whether instructions are offered, the voice.
      assertThat(cafeVariant.description()).contains("via Plain TTS");
      assertThat(studioVariant.description()).contains("via Instructed TTS");
      assertThat(cafeVariant.parameters().path("properties").has("voice_instructions")).isFalse();
      assertThat(studioVariant.parameters().path("properties").has("voice_instructions")).isTrue();
      assertThat(cafe.fingerprint()).isNotEqualTo(studio.fingerprint());
      // What they share: the tool, its group, its deadline, the script and title parameters.
      for (ToolSpec v : List.of(cafeVariant, studioVariant)) {
        assertThat(v.name()).isEqualTo("generate_voice_message");
        assertThat(v.group()).contains("media");
        assertThat(v.timeout()).contains(Duration.ofSeconds(31));
        assertThat(v.parameters().path("required").toString()).isEqualTo("[\"script\"]");
        assertThat(v.parameters().path("properties").has("title")).isTrue();
      }
      assertThat(cafeVariant.parameters().path("properties").path("script"))
          .isEqualTo(studioVariant.parameters().path("properties").path("script"));

      // Warm turns: one look-up per server, the same variant object.
      assertThat(loadout.prepare(in("cafe")).variant("generate_voice_message").orElseThrow()).isSameAs(cafeVariant);
      assertThat(endpointsAsked).hasValue(2);

      assertThat(studio.execute(speak("c1")).toCompletableFuture().join().isSuccess()).isTrue();
      assertThat(cafe.execute(speak("c2")).toCompletableFuture().join().isSuccess()).isTrue();
      assertThat(instructed.requests).singleElement()
          .satisfies(r -> assertThat(r.voice().voiceId()).contains("verse"));
      assertThat(plain.requests).singleElement()
          .satisfies(r -> assertThat(r.voice().voiceId()).contains("alloy"));
      assertThat(delivery.delivered).extracting(d -> d.context().guildId().orElseThrow())
          .containsExactly("studio", "cafe");

      PreparedTurn elsewhere = loadout.prepare(in("elsewhere"));
      assertThat(elsewhere.visibleNames()).isEmpty();
      assertThat(elsewhere.hidden("generate_voice_message").orElseThrow().reasons().get(0).message())
          .isEqualTo("no speech endpoint is configured");
      assertThat(dispatcher.endpoint()).as("a per-server dispatcher has no one endpoint").isEmpty();
    }
  }
}
