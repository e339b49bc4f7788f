package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What {@code generate_image} announces before it calls the backend, for the host to render as a
 * progress message. It is backend-aware: default negative tags appear only when they are sent through
 * a negative-prompt channel, and the image-tags setup hint is always there.
 *
 * @param mode the mode being generated; never null
 * @param backendLabel the backend's label; never null
 * @param negativeTags the default negative tags being sent, present only with a negative-prompt channel
 * @param savedTags saved user and persona image tags detected on this turn (and added to the prompt); never null
 * @param messageReferences how many images from conversation messages are used as references
 * @param avatarReferences whose avatars are used as references, by name; never null
 * @param text the notice as one plain paragraph; never null
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ImageProgressNotice(ImageMode mode, String backendLabel, Optional<String> negativeTags,
    List<SavedImageTags> savedTags, int messageReferences, List<String> avatarReferences, String text) {

  /** Copies the lists. */
  public ImageProgressNotice {
    savedTags = List.copyOf(savedTags);
    avatarReferences = List.copyOf(avatarReferences);
  }

  /**
   * Receives notices; called on the thread running the tool, before the backend call. A listener that
   * throws is ignored: a notice never fails a generation.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  @FunctionalInterface
  public interface Listener {
    /** Drops every notice; the default. */
    Listener NONE = (notice, context) -> { };

    /**
     * One notice.
     *
     * @param notice the notice; never null
     * @param context the turn; never null
     */
    void onNotice(ImageProgressNotice notice, TurnContext context);
  }

  /**
   * The host's saved image tags (user and persona tags) detected on a turn: added to the prompt and listed
   * in the notice.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  @FunctionalInterface
  public interface TagSource {
    /** Finds none; the default. */
    TagSource NONE = context -> List.of();

    /**
     * Saved tags in this turn, one entry per owner.
     *
     * @param context the turn; never null
     * @return the entries; never null
     */
    List<SavedImageTags> savedTags(TurnContext context);
  }

  static ImageProgressNotice of(ImageMode mode, String backendLabel, Optional<String> negativeTags, List<SavedImageTags> savedTags,
      int messageReferences, List<String> avatarReferences, String hint) {
    StringBuilder text = new StringBuilder("Generating an image (").append(mode.label()).append(") with ").append(backendLabel).append('.');
    if (messageReferences > 0) {
      text.append(" Using ").append(messageReferences).append(" message image reference").append(messageReferences == 1 ? "" : "s").append('.');
    }
    if (!avatarReferences.isEmpty()) {
      // Avatars are named apart from message images: the user sees whose face is being used.
      text.append(" Using the avatar").append(avatarReferences.size() == 1 ? "" : "s").append(" of ")
          .append(String.join(", ", avatarReferences)).append(" as reference").append(avatarReferences.size() == 1 ? "" : "s").append('.');
    }
    negativeTags.ifPresent(tags -> text.append(" Default negative tags: ").append(tags).append('.'));
    if (!savedTags.isEmpty()) {
      text.append(" Saved image tags detected: ").append(String.join("; ", savedTags.stream().map(SavedImageTags::toString).toList()))
          .append('.');
    }
    text.append(' ').append(hint);
    return new ImageProgressNotice(mode, backendLabel, negativeTags, savedTags, messageReferences, avatarReferences, text.toString());
  }
}
