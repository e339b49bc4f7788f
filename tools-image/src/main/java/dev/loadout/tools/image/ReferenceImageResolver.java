package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.TurnContext;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The host's look-up of conversation media ids ({@code media_1}, …) for {@code generate_image}. It answers
 * with the bytes, or with a URL that the tool downloads through the network guard (the pinned
 * {@code SafeHttpClient} given to the tool) within the reference size limits.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface ReferenceImageResolver {

  /** Resolves nothing; the default, so reference modes fail with {@code media_not_found}. */
  ReferenceImageResolver NONE = (mediaId, context) -> Optional.empty();

  /**
   * The image a media id names in this conversation.
   *
   * @param mediaId the id the model gave; never null
   * @param context the turn; never null
   * @return the image or its URL, or empty when the id names none
   */
  Optional<ReferenceMedia> resolve(String mediaId, TurnContext context);
}
