package dev.loadout.tools.image;

import static dev.loadout.tools.image.ImageMode.IMAGE_TO_IMAGE;
import static dev.loadout.tools.image.ImageMode.TEXT_TO_IMAGE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Progress notices are backend-aware and never fail a generation. */
class ImageProgressNoticeTest {
  private final List<ImageProgressNotice> notices = new CopyOnWriteArrayList<>();
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (AutoCloseable c : open) {
      c.close();
    }
  }

  private ToolResult call(GenerateImageTool tool, String arguments) throws Exception {
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    open.add(loadout);
    return loadout.prepare(ImageFixtures.context().build()).execute(ToolCall.of("c", "generate_image", arguments))
        .toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  private GenerateImageTool.Builder tool(ImageCapabilities caps) {
    return GenerateImageTool.builder(new ImageFixtures.RecordingBackend(caps)).defaultNegativeTags("blurry, lowres")
        .progress((notice, context) -> notices.add(notice));
  }

  @Test
  void withoutANegativeChannelTheNoticeNeverMentionsNegativeTagsButAlwaysHasTheHint() throws Exception {
    call(tool(ImageCapabilities.of(false, TEXT_TO_IMAGE)).build(), "{\"prompt\":\"a fox\"}");

    assertThat(notices).singleElement().satisfies(n -> {
      assertThat(n.negativeTags()).isEmpty();
      assertThat(n.text()).isEqualTo("Generating an image (text-to-image) with Test backend. " + GenerateImageTool.DEFAULT_TAGS_HINT);
    });
  }

  @Test
  void withANegativeChannelTheNoticeNamesTheDefaultNegativeTags() throws Exception {
    call(tool(ImageCapabilities.of(true, TEXT_TO_IMAGE)).imageTagsHint("Set tags with /config image-tags.").build(),
        "{\"prompt\":\"a fox\"}");

    assertThat(notices).singleElement().satisfies(n -> assertThat(n.text()).isEqualTo(
        "Generating an image (text-to-image) with Test backend. Default negative tags: blurry, lowres."
            + " Set tags with /config image-tags."));
  }

  @Test
  void savedTagsAndMessageReferencesAreListed() throws Exception {
    call(tool(ImageCapabilities.of(false, IMAGE_TO_IMAGE)).referenceImages((id, ctx) -> Optional.of(new ReferenceImage(new byte[1], "image/png")))
        .savedTags(context -> List.of("Alice: red hair", "Tomori: silver hair")).build(),
        "{\"prompt\":\"a fox\",\"media_id\":\"media_1\"}");

    assertThat(notices).singleElement().satisfies(n -> {
      assertThat(n.messageReferences()).isEqualTo(1);
      assertThat(n.savedTags()).containsExactly("Alice: red hair", "Tomori: silver hair");
      assertThat(n.text()).isEqualTo("Generating an image (image-to-image) with Test backend. Using 1 message image reference."
          + " Saved image tags detected: Alice: red hair; Tomori: silver hair. " + GenerateImageTool.DEFAULT_TAGS_HINT);
    });
  }

  @Test
  void aRefusedCallSendsNoNotice() throws Exception {
    call(tool(ImageCapabilities.of(false, TEXT_TO_IMAGE)).build(), "{\"prompt\":\"x\",\"media_id\":\"media_1\"}");

    assertThat(notices).isEmpty();
  }

  @Test
  void aThrowingListenerDoesNotFailTheGeneration() throws Exception {
    GenerateImageTool tool = GenerateImageTool.builder(new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, TEXT_TO_IMAGE)))
        .progress((notice, context) -> {
          throw new IllegalStateException("chat is down");
        }).build();

    assertThat(call(tool, "{\"prompt\":\"x\"}").isSuccess()).isTrue();
  }
}
