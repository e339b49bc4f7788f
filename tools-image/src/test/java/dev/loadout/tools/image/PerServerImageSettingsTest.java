package dev.loadout.tools.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.Loadout;
import dev.loadout.core.PerServer;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.testkit.time.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One bot, two Discord servers with their own image settings, driven as a host drives it (prepare, then execute
 * what was shown): each server's turns show the schema, description and notices of its own backend and get its own
 * tags, the negative tags only where the backend has a negative-prompt channel; everything else stays the same.
 * The resolver is asked once per server until its answer expires, and warm turns reuse the same variant.
 */
class PerServerImageSettingsTest {
  final ImageFixtures.RecordingBackend plain = new ImageFixtures.RecordingBackend("Cafe images",
      ImageCapabilities.of(false, ImageMode.TEXT_TO_IMAGE));
  final ImageFixtures.RecordingBackend painter = new ImageFixtures.RecordingBackend("Studio ComfyUI",
      ImageCapabilities.of(true, ImageMode.TEXT_TO_IMAGE, ImageMode.IMAGE_TO_IMAGE, ImageMode.INPAINT));
  final Map<String, ImageSettings> configured = new ConcurrentHashMap<>(Map.of(
      "cafe", new ImageSettings(plain, "pastel", "blurry"),
      "studio", new ImageSettings(painter, "masterpiece, ink", "lowres")));
  final AtomicInteger asked = new AtomicInteger();
  final TestClock clock = TestClock.at(Instant.parse("2026-03-01T12:00:00Z"));
  final PerServer<ImageSettings> settings = PerServer.<ImageSettings>resolving(ctx -> {
    asked.incrementAndGet();
    return ctx.guildId().map(configured::get).orElse(null);
  }).clock(clock).timeToLive(Duration.ofMinutes(1)).build();
  final List<ImageProgressNotice> notices = new CopyOnWriteArrayList<>();
  final Loadout loadout = Loadout.builder(ToolRegistry.builder()
      .register(GenerateImageTool.perServer(settings).progress((notice, ctx) -> notices.add(notice)).build()).build())
      .executor(Runnable::run).build();

  @AfterEach
  void close() {
    loadout.close();
  }

  static TurnContext in(String guild) {
    return TurnContext.builder("openai", "gpt-4o").guildId(guild).channelId("c1").userId("u1").build();
  }

  ToolResult generate(String guild, String arguments) {
    return loadout.prepare(in(guild)).execute(ToolCall.of("c", "generate_image", arguments)).toCompletableFuture().join();
  }

  static ToolSpec variant(PreparedTurn turn) {
    return turn.variant("generate_image").orElseThrow();
  }

  @Test
  void eachServerSeesItsOwnBackendsSchemaDescriptionAndNotices() {
    ToolSpec cafe = variant(loadout.prepare(in("cafe")));
    ToolSpec studio = variant(loadout.prepare(in("studio")));

    assertThat(cafe.parameters().path("properties").has("mask_media_id")).isFalse();
    assertThat(cafe.parameters().path("properties").has("media_id")).isFalse();
    assertThat(studio.parameters().path("properties").has("mask_media_id")).isTrue();
    assertThat(studio.parameters().path("properties").has("media_id")).isTrue();
    // The negative-prompt channel is the server's business, never the model's (issue 19): no word of it is shown.
    assertThat(cafe.description()).isEqualTo("Generate an image with Cafe images. Supported modes: text-to-image.");
    assertThat(studio.description()).startsWith("Generate an image with Studio ComfyUI.").doesNotContain("negative");
    assertThat(cafe.parameters().path("properties").path("prompt").path("description").stringValue())
        .endsWith("do not repeat them: pastel.");
    assertThat(studio.parameters().path("properties").path("prompt").path("description").stringValue())
        .endsWith("do not repeat them: masterpiece, ink.");

    generate("cafe", "{\"prompt\":\"a cat\"}");
    generate("studio", "{\"prompt\":\"a cat\"}");
    assertThat(notices).extracting(ImageProgressNotice::backendLabel).containsExactly("Cafe images", "Studio ComfyUI");
    assertThat(notices).extracting(ImageProgressNotice::negativeTags)
        .containsExactly(Optional.empty(), Optional.of("lowres"));
  }

  @Test
  void eachServerGetsItsOwnTagsAndNegativeTagsOnlyThroughANegativePromptChannel() {
    assertThat(generate("cafe", "{\"prompt\":\"a cat\"}").isSuccess()).isTrue();
    assertThat(generate("studio", "{\"prompt\":\"a cat\"}").isSuccess()).isTrue();

    assertThat(plain.requests).singleElement().satisfies(r -> {
      assertThat(r.prompt()).isEqualTo("pastel, a cat");
      assertThat(r.negativePrompt()).as("the cafe's backend has no negative-prompt channel").isEmpty();
    });
    assertThat(painter.requests).singleElement().satisfies(r -> {
      assertThat(r.prompt()).isEqualTo("masterpiece, ink, a cat");
      assertThat(r.negativePrompt()).contains("lowres");
    });
  }

  @Test
  void whatNoServerSettingTouchesStaysTheSame() {
    ToolSpec cafe = variant(loadout.prepare(in("cafe")));
    ToolSpec studio = variant(loadout.prepare(in("studio")));

    for (ToolSpec v : List.of(cafe, studio)) {
      assertThat(v.name()).isEqualTo("generate_image");
      assertThat(v.group()).contains("media");
      assertThat(v.timeout()).contains(GenerateImageTool.DEFAULT_TIMEOUT);
      assertThat(v.parameters().path("required").toString()).isEqualTo("[\"prompt\"]");
    }
    assertThat(cafe.parameters().path("properties").path("aspect_ratio"))
        .isEqualTo(studio.parameters().path("properties").path("aspect_ratio"));
    // A tool with one backend and the builder's tags is the per-server tool of a server with those settings.
    GenerateImageTool fixed = GenerateImageTool.builder(plain).defaultPositiveTags("pastel")
        .defaultNegativeTags("blurry").build();
    assertThat(fixed.assembleForContext(in("anywhere"))).contains(cafe);
    // The guild switch still wins over the server's settings.
    PreparedTurn off = loadout.prepare(TurnContext.builder("openai", "gpt-4o").guildId("studio").userId("u1")
        .flag(GenerateImageTool.ENABLED_FLAG, false).build());
    assertThat(off.visibleNames()).isEmpty();
  }

  @Test
  void warmTurnsAskTheResolverOncePerServerAndReuseOneVariant() {
    PreparedTurn first = loadout.prepare(in("cafe"));
    PreparedTurn studio = loadout.prepare(in("studio"));
    PreparedTurn second = loadout.prepare(in("cafe"));
    generate("cafe", "{\"prompt\":\"a cat\"}");

    assertThat(asked).hasValue(2);
    assertThat(variant(second)).isSameAs(variant(first));
    assertThat(second.fingerprint()).isEqualTo(first.fingerprint());

    configured.put("cafe", new ImageSettings(painter, "", ""));
    assertThat(loadout.prepare(in("cafe")).fingerprint()).as("kept until it expires").isEqualTo(first.fingerprint());
    clock.advance(Duration.ofMinutes(1));
    assertThat(loadout.prepare(in("cafe")).fingerprint()).isNotEqualTo(first.fingerprint());
    assertThat(variant(loadout.prepare(in("cafe"))).description()).startsWith("Generate an image with Studio ComfyUI.");
    assertThat(loadout.prepare(in("studio")).fingerprint()).as("the other server is unchanged")
        .isEqualTo(studio.fingerprint());
    assertThat(asked).hasValue(4);
    settings.invalidate("cafe");
    loadout.prepare(in("cafe"));
    assertThat(asked).hasValue(5);
  }

  @Test
  void aServerWithoutSettingsOrWhoseLookUpFailsDoesNotSeeTheTool() {
    PreparedTurn none = loadout.prepare(in("elsewhere"));
    assertThat(none.visibleNames()).isEmpty();
    assertThat(none.hidden("generate_image").orElseThrow().reasons().get(0).message())
        .isEqualTo("no image backend is configured for this server");

    PerServer<ImageSettings> failing = PerServer.<ImageSettings>resolving(ctx -> {
      throw new IllegalStateException("database down");
    }).build();
    try (Loadout l = Loadout.builder(ToolRegistry.builder().register(GenerateImageTool.perServer(failing).build())
        .build()).executor(Runnable::run).build()) {
      assertThat(l.prepare(in("cafe")).visibleNames()).isEmpty();
    }
  }

  @Test
  void defaultTagsOnAPerServerToolAreRefusedAsAConfigurationError() {
    assertThatThrownBy(() -> GenerateImageTool.perServer(settings).defaultPositiveTags("x").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a per-server tool takes each server's tags from its ImageSettings");
    assertThat(ImageSettings.of(plain).withTags(" a ", null)).isEqualTo(new ImageSettings(plain, "a", ""));
    assertThatThrownBy(() -> new ImageSettings(null, "", "")).hasMessage("image settings need a backend");
  }
}
