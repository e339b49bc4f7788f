package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One generation, as {@code generate_image} hands it to an {@link ImageBackend}: the mode was checked
 * against the backend's capabilities and the reference image against the size limits.
 *
 * @param mode the mode; never null
 * @param prompt the prompt, with the server's default positive tags already added; never blank
 * @param negativePrompt default negative tags, present only when the backend declares a negative-prompt channel
 * @param aspectRatio one of {@link GenerateImageTool#ASPECT_RATIOS}; never null
 * @param reference the reference image; present exactly when the mode uses one
 * @param mask the inpaint mask; may be present only for inpaint
 * @param denoise how strongly to change the reference, 0 to 1; present only when the model gave it
 * @param expand pixels to add per edge ({@code left}, {@code right}, {@code top}, {@code bottom}) for
 *     outpaint; empty for every other mode
 * @param additionalReferences further reference images (avatars, after the first reference); empty unless the
 *     mode uses a reference. A backend that takes one image uses {@code reference} only
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ImageRequest(ImageMode mode, String prompt, Optional<String> negativePrompt, String aspectRatio,
    Optional<ReferenceImage> reference, Optional<ReferenceImage> mask, Optional<Double> denoise,
    java.util.Map<String, Integer> expand, java.util.List<ReferenceImage> additionalReferences) {

  /** Checks that nothing is null and the references match the mode. */
  public ImageRequest {
    if (mode == null || prompt == null || prompt.isBlank() || aspectRatio == null || negativePrompt == null
        || reference == null || mask == null || denoise == null || expand == null || additionalReferences == null) {
      throw new IllegalArgumentException("an image request needs a mode, a prompt and an aspect ratio; optionals must not be null");
    }
    if (mode.usesReference() != reference.isPresent()) {
      throw new IllegalArgumentException("mode " + mode.id() + (mode.usesReference() ? " needs" : " takes no") + " reference image");
    }
    if (!additionalReferences.isEmpty() && reference.isEmpty()) {
      throw new IllegalArgumentException("additional reference images need a first reference image");
    }
    expand = java.util.Map.copyOf(expand);
    additionalReferences = java.util.List.copyOf(additionalReferences);
  }

  /** A request with no additional reference images. */
  public ImageRequest(ImageMode mode, String prompt, Optional<String> negativePrompt, String aspectRatio,
      Optional<ReferenceImage> reference, Optional<ReferenceImage> mask, Optional<Double> denoise,
      java.util.Map<String, Integer> expand) {
    this(mode, prompt, negativePrompt, aspectRatio, reference, mask, denoise, expand, java.util.List.of());
  }

  /** The width and height, in pixels, of a roughly one-megapixel image of this request's aspect ratio, each a multiple of 64. */
  public int[] pixelSize() {
    String[] parts = aspectRatio.split(":");
    double w = Double.parseDouble(parts[0]);
    double h = Double.parseDouble(parts[1]);
    double scale = Math.sqrt(1024.0 * 1024.0 / (w * h));
    return new int[] {(int) Math.round(w * scale / 64) * 64, (int) Math.round(h * scale / 64) * 64};
  }
}
