package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Image tags a user or persona saved for themselves (hair, eyes, outfit), detected on a turn:
 * {@code generate_image} adds them to the prompt and lists them in its progress notice.
 *
 * @param owner who saved them, as the notice names them, e.g. {@code "Alice"}; never blank
 * @param tags the tags, e.g. {@code "red hair, green eyes"}; never blank
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SavedImageTags(String owner, String tags) {

  /** Trims and checks both. */
  public SavedImageTags {
    if (owner == null || owner.isBlank() || tags == null || tags.isBlank()) {
      throw new IllegalArgumentException("saved image tags need an owner and tags, but were owner=" + owner + ", tags=" + tags);
    }
    owner = owner.trim();
    tags = tags.trim();
  }

  /** How a notice lists them: {@code "Alice: red hair, green eyes"}. */
  @Override
  public String toString() {
    return owner + ": " + tags;
  }
}
