package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A chat message as {@code analyze_image} sees it: the URLs of its images and the message it replies to.
 *
 * @param imageUrls the URLs of the message's image attachments and embeds, in order; never null, may be empty
 * @param repliesTo the id of the message this one replies to, if any
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ImageMessage(List<String> imageUrls, Optional<String> repliesTo) {

  /** Copies the URL list. */
  public ImageMessage {
    if (imageUrls == null || repliesTo == null) {
      throw new IllegalArgumentException("imageUrls and repliesTo must not be null");
    }
    imageUrls = List.copyOf(imageUrls);
  }
}
