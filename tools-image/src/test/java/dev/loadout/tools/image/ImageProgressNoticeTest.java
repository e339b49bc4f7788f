package dev.loadout.tools.image;

import static dev.loadout.tools.image.ImageMode.IMAGE_TO_IMAGE;
import static dev.loadout.tools.image.ImageMode.TEXT_TO_IMAGE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Loadout;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.TurnContext;
import dev.loadout.core.participants.ParticipantTargetIndex;
import dev.loadout.core.participants.Participants;
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
    return call(tool, ImageFixtures.context().build(), arguments);
  }

  private ToolResult call(GenerateImageTool tool, TurnContext context, String arguments) throws Exception {
    Loadout loadout = Loadout.builder(ToolRegistry.builder().register(tool).build()).build();
    open.add(loadout);
    return loadout.prepare(context).execute(ToolCall.of("c", "generate_image", arguments))
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
  void savedTagsAndMessageReferencesAreListedAndTheTagsReachThePrompt() throws Exception {
    var backend = new ImageFixtures.RecordingBackend(ImageCapabilities.of(false, IMAGE_TO_IMAGE));
    call(GenerateImageTool.builder(backend).progress((notice, context) -> notices.add(notice)).defaultPositiveTags("masterpiece")
        .referenceImages((id, ctx) -> Optional.of(new ReferenceImage(new byte[1], "image/png")))
        .savedTags(context -> List.of(new SavedImageTags("Alice", "red hair"), new SavedImageTags("Tomori", "silver hair"))).build(),
        "{\"prompt\":\"a fox\",\"media_id\":\"media_1\"}");

    assertThat(notices).singleElement().satisfies(n -> {
      assertThat(n.messageReferences()).isEqualTo(1);
      assertThat(n.avatarReferences()).isEmpty();
      assertThat(n.savedTags()).extracting(SavedImageTags::owner).containsExactly("Alice", "Tomori");
      assertThat(n.text()).isEqualTo("Generating an image (image-to-image) with Test backend. Using 1 message image reference."
          + " Saved image tags detected: Alice: red hair; Tomori: silver hair. " + GenerateImageTool.DEFAULT_TAGS_HINT);
    });
    assertThat(backend.requests).singleElement()
        .satisfies(r -> assertThat(r.prompt()).isEqualTo("masterpiece, a fox, red hair, silver hair"));
  }

  @Test
  void avatarReferencesAreCalledOutApartFromMessageImages() throws Exception {
    ParticipantTargetIndex index = ParticipantTargetIndex.of(List.of(
        Participants.user("u7").username("alice").build(), Participants.user("u8").username("bob").build()));
    call(tool(ImageCapabilities.of(false, IMAGE_TO_IMAGE))
        .referenceImages((id, ctx) -> Optional.of(new ReferenceImage(new byte[1], "image/png")))
        .avatars((participant, ctx) -> Optional.of(new ReferenceImage(new byte[2], "image/png"))).build(),
        ImageFixtures.context().attribute(ParticipantTargetIndex.ATTRIBUTE, index).build(),
        "{\"prompt\":\"us at the beach\",\"media_id\":\"media_1\",\"target_identity\":[\"alice\",\"bob\"]}");

    assertThat(notices).singleElement().satisfies(n -> {
      assertThat(n.messageReferences()).isEqualTo(1);
      assertThat(n.avatarReferences()).containsExactly("alice", "bob");
      assertThat(n.text()).isEqualTo("Generating an image (image-to-image) with Test backend. Using 1 message image reference."
          + " Using the avatars of alice, bob as references. " + GenerateImageTool.DEFAULT_TAGS_HINT);
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
