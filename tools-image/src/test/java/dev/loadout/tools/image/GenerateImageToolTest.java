package dev.loadout.tools.image;

import static dev.loadout.tools.image.ImageMode.IMAGE_TO_IMAGE;
import static dev.loadout.tools.image.ImageMode.INPAINT;
import static dev.loadout.tools.image.ImageMode.OUTPAINT;
import static dev.loadout.tools.image.ImageMode.TEXT_TO_IMAGE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Calls of generate_image through a real Loadout: mode inference, re-checks, limits, tags. */
class GenerateImageToolTest {
  private static final byte[] SMALL = new byte[100];
  private static final Map<String, ReferenceImage> MEDIA = Map.of(
      "media_1", new ReferenceImage(SMALL, "image/png"),
      "media_2", new ReferenceImage(new byte[200], "image/png"),
      "big", new ReferenceImage(new byte[3_000], "image/png"));
  private static final ReferenceImageResolver RESOLVER = (id, context) -> Optional.ofNullable(MEDIA.get(id));

  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private ToolResult call(GenerateImageTool tool, TurnContext context, String arguments) throws Exception {
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    open.add(loadout);
    PreparedTurn turn = loadout.prepare(context);
    return turn.execute(ToolCall.of("call_1", "generate_image", arguments)).toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private static GenerateImageTool.Builder tool(ImageFixtures.RecordingBackend backend) {
    return GenerateImageTool.builder(backend).referenceImages(RESOLVER).referenceLimits(1_000, 2_000);
  }

  @Test
  void aPromptAloneIsTextToImageAndReturnsTheImageWithASummary() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE));

    ToolResult result = call(GenerateImageTool.builder(backend).build(), ImageFixtures.context().build(),
        "{\"prompt\":\"a red fox\",\"aspect_ratio\":\"16:9\"}");

    assertThat(result).isInstanceOfSatisfying(ToolResult.Success.class, s -> {
      assertThat(s.summary()).contains("Generated 1 image (text-to-image, 16:9) with Test backend.");
      assertThat(s.media()).hasSize(1);
      assertThat(s.data().get("mode").stringValue()).isEqualTo("text_to_image");
    });
    assertThat(backend.requests).singleElement().satisfies(r -> {
      assertThat(r.mode()).isEqualTo(TEXT_TO_IMAGE);
      assertThat(r.prompt()).isEqualTo("a red fox");
      assertThat(r.aspectRatio()).isEqualTo("16:9");
      assertThat(r.reference()).isEmpty();
    });
  }

  @Test
  void aBlankPromptIsAnInvalidArgumentAndNeverReachesTheBackend() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE));

    assertThat(call(GenerateImageTool.builder(backend).build(), ImageFixtures.context().build(), "{\"prompt\":\"   \"}"))
        .isEqualTo(ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "prompt must not be blank", false));
    assertThat(backend.requests).isEmpty();
  }

  @Test
  void theAspectRatioDefaultsToSquare() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE));

    call(GenerateImageTool.builder(backend).build(), ImageFixtures.context().build(), "{\"prompt\":\"x\"}");

    assertThat(backend.requests.get(0).aspectRatio()).isEqualTo("1:1");
  }

  @Test
  void positiveTagsArePrependedAndNegativeTagsTravelOnlyThroughADeclaredChannel() throws Exception {
    var without = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE));
    var with = new ImageFixtures.RecordingBackend(ImageCapabilities.of(true, TEXT_TO_IMAGE));

    for (var backend : List.of(without, with)) {
      call(GenerateImageTool.builder(backend).defaultPositiveTags("masterpiece").defaultNegativeTags("blurry").build(),
          ImageFixtures.context().build(), "{\"prompt\":\"a fox\"}");
    }

    assertThat(without.requests.get(0).prompt()).isEqualTo("masterpiece, a fox");
    assertThat(without.requests.get(0).negativePrompt()).isEmpty();
    assertThat(with.requests.get(0).negativePrompt()).contains("blurry");
  }

  @Test
  void aMediaIdMakesItImageToImageWithTheResolvedReferenceAndDenoise() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE, IMAGE_TO_IMAGE));

    ToolResult result = call(tool(backend).build(), ImageFixtures.context().build(),
        "{\"prompt\":\"as a painting\",\"media_id\":\"media_1\",\"denoise\":0.3}");

    assertThat(result.isSuccess()).isTrue();
    assertThat(backend.requests).singleElement().satisfies(r -> {
      assertThat(r.mode()).isEqualTo(IMAGE_TO_IMAGE);
      assertThat(r.reference().orElseThrow().bytes()).isSameAs(SMALL);
      assertThat(r.denoise()).contains(0.3);
    });
  }

  @Test
  void aMaskMakesItInpaintWithReferenceAndMask() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, INPAINT));

    call(tool(backend).build(), ImageFixtures.context().build(),
        "{\"prompt\":\"a hat\",\"media_id\":\"media_1\",\"mask_media_id\":\"media_2\"}");

    assertThat(backend.requests).singleElement().satisfies(r -> {
      assertThat(r.mode()).isEqualTo(INPAINT);
      assertThat(r.mask().orElseThrow().bytes()).hasSize(200);
    });
  }

  @Test
  void anExpandedEdgeMakesItOutpaintWithTheEdges() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, OUTPAINT));

    call(tool(backend).build(), ImageFixtures.context().build(),
        "{\"prompt\":\"more sky\",\"media_id\":\"media_1\",\"expand_top\":256,\"expand_left\":0}");

    assertThat(backend.requests).singleElement().satisfies(r -> {
      assertThat(r.mode()).isEqualTo(OUTPAINT);
      assertThat(r.expand()).isEqualTo(Map.of("top", 256));
    });
  }

  @Test
  void aModeTheBackendDroppedSinceThePrepareIsRefusedWithoutCallingIt() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE, IMAGE_TO_IMAGE));
    GenerateImageTool tool = tool(backend).build();
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    open.add(loadout);
    PreparedTurn turn = loadout.prepare(ImageFixtures.context().build());
    backend.capabilities = ImageCapabilities.of(false, TEXT_TO_IMAGE);

    ToolResult result = turn.execute(ToolCall.of("c", "generate_image", "{\"prompt\":\"x\",\"media_id\":\"media_1\"}"))
        .toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertThat(result).isEqualTo(ToolResult.failure(GenerateImageTool.MODE_NOT_SUPPORTED,
        "The image backend does not support image-to-image right now", false));
    assertThat(backend.requests).isEmpty();
  }

  @Test
  void anUnknownMediaIdIsAFailureNamingIt() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, IMAGE_TO_IMAGE));

    ToolResult result = call(tool(backend).build(), ImageFixtures.context().build(), "{\"prompt\":\"x\",\"media_id\":\"media_9\"}");

    assertThat(result).isEqualTo(ToolResult.failure(GenerateImageTool.MEDIA_NOT_FOUND,
        "No image with media id media_9 in this conversation", false));
    assertThat(backend.requests).isEmpty();
  }

  @Test
  void referenceLimitsAreEnforcedBeforeAnyBackendCall() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, IMAGE_TO_IMAGE, INPAINT));

    assertThat(call(tool(backend).referenceLimits(250, 280).build(), ImageFixtures.context().build(),
        "{\"prompt\":\"x\",\"media_id\":\"big\"}"))
        .isEqualTo(ToolResult.failure(GenerateImageTool.REFERENCE_TOO_LARGE, "Reference images may be at most 250 bytes each", false));
    assertThat(call(tool(backend).referenceLimits(250, 280).build(), ImageFixtures.context().build(),
        "{\"prompt\":\"x\",\"media_id\":\"media_1\",\"mask_media_id\":\"media_2\"}"))
        .isEqualTo(ToolResult.failure(GenerateImageTool.REFERENCE_TOTAL_TOO_LARGE,
            "Reference images may be at most 280 bytes together", false));
    assertThat(backend.requests).isEmpty();
  }

  @Test
  void aGuildThatTurnedImageGenerationOffDoesNotSeeTheToolAndACallThatArrivesAnywayGetsTheReferenceMessage()
      throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE));
    GenerateImageTool tool = GenerateImageTool.builder(backend).build();
    TurnContext off = ImageFixtures.context().flag(GenerateImageTool.ENABLED_FLAG, false).build();

    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build()) {
      var turn = loadout.prepare(off);
      assertThat(turn.visibleNames()).doesNotContain("generate_image");
      assertThat(turn.hidden("generate_image").orElseThrow().reasons().get(0).message()).contains("imagegen_enabled is false");
      assertThat(loadout.prepare(ImageFixtures.context().build()).visibleNames()).contains("generate_image");
    }
    ToolResult direct = tool.execute(ToolCall.of("c1", "generate_image", "{\"prompt\":\"x\"}"), off)
        .toCompletableFuture().get(10, TimeUnit.SECONDS);
    assertThat(direct).isEqualTo(ToolResult.failure(GenerateImageTool.DISABLED, "Image generation is disabled for this server", false));
    assertThat(backend.requests).isEmpty();
  }

  @Test
  void theToolDeclaresItsOwnDeadlineSoTheDefaultThirtySecondsNeverCutsAGeneration() {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE));
    assertThat(GenerateImageTool.builder(backend).build().spec().timeout()).contains(GenerateImageTool.DEFAULT_TIMEOUT);
    assertThat(GenerateImageTool.DEFAULT_TIMEOUT).isGreaterThan(ComfyUiBackend.DEFAULT_TIMEOUT);
    GenerateImageTool tool = GenerateImageTool.builder(backend).timeout(java.time.Duration.ofMinutes(10)).build();
    assertThat(tool.spec().timeout()).contains(java.time.Duration.ofMinutes(10));
    // The variant the model sees keeps the deadline.
    assertThat(tool.assembleForContext(ImageFixtures.context().build()).orElseThrow().timeout())
        .contains(java.time.Duration.ofMinutes(10));
    assertThat(GenerateImageTool.builder(backend).timeoutFromEnvironment(java.util.Map.of("IMAGE_GENERATION_TIMEOUT_MS", "5min"))
        .build().spec().timeout()).contains(java.time.Duration.ofMinutes(5));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> GenerateImageTool.builder(backend)
        .timeoutFromEnvironment(java.util.Map.of("IMAGE_GENERATION_TIMEOUT_MS", "9223372035855")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("IMAGE_GENERATION_TIMEOUT_MS must be a duration");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> GenerateImageTool.builder(backend).timeout(java.time.Duration.ZERO))
        .hasMessage("timeout must be from 1 ms to 1 day, but was 0 ms");
  }

  @Test
  void aTurnWithoutAUserIsRefusedForQuota() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE));

    ToolResult result = call(GenerateImageTool.builder(backend).build(), TurnContext.builder("openai", "gpt-4o").build(),
        "{\"prompt\":\"x\"}");

    assertThat(result).isEqualTo(ToolResult.failure(GenerateImageTool.UNKNOWN_USER, "Unable to identify user for quota checking", false));
  }

  @Test
  void aBackendFailureBecomesAFailedResultWithItsMessageAndRetryability() throws Exception {
    ImageBackend throwing = new ImageBackend() {
      @Override
      public String label() {
        return "T";
      }

      @Override
      public ImageCapabilities capabilities() {
        return ImageCapabilities.of(false, TEXT_TO_IMAGE);
      }

      @Override
      public List<dev.loadout.core.ToolMedia> generate(ImageRequest request) throws ImageBackendException {
        throw new ImageBackendException("The image backend answered HTTP 503", true);
      }
    };

    assertThat(call(GenerateImageTool.builder(throwing).build(), ImageFixtures.context().build(), "{\"prompt\":\"x\"}"))
        .isEqualTo(ToolResult.failure(GenerateImageTool.BACKEND_ERROR, "The image backend answered HTTP 503", true));
  }
}
