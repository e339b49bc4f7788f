package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One server's image generation settings, as a {@link dev.loadout.core.PerServer} resolver answers them for
 * {@link GenerateImageTool#perServer}: the backend (and so its label and capabilities, which shape the schema and
 * the notices), and the server's default tags.
 *
 * @param backend where the server's generations go; never null
 * @param positiveTags added in front of every prompt and named in the prompt's description; empty for none
 * @param negativeTags sent only through the backend's negative-prompt channel; empty for none
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ImageSettings(ImageBackend backend, String positiveTags, String negativeTags) {
  /** Checks the backend and trims the tags (null reads as none). */
  public ImageSettings {
    if (backend == null) {
      throw new IllegalArgumentException("image settings need a backend");
    }
    positiveTags = positiveTags == null ? "" : positiveTags.trim();
    negativeTags = negativeTags == null ? "" : negativeTags.trim();
  }

  /** A backend without default tags. */
  public static ImageSettings of(ImageBackend backend) {
    return new ImageSettings(backend, "", "");
  }

  /** The same settings with these default tags. */
  public ImageSettings withTags(String positive, String negative) {
    return new ImageSettings(backend, positive, negative);
  }
}
