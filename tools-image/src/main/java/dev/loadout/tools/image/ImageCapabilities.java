package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The modes an image backend supports and whether it has a negative-prompt channel.
 *
 * <p>{@code generate_image} prunes its schema to these modes on every turn and hides itself when there
 * are none; default negative tags are sent only through a declared negative-prompt channel.
 *
 * @param modes the supported modes; never null, may be empty (the tool is then hidden)
 * @param negativePrompt whether the backend accepts a negative prompt
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ImageCapabilities(Set<ImageMode> modes, boolean negativePrompt) {

  /** Copies the modes into an immutable set in declaration order. */
  public ImageCapabilities {
    if (modes == null) {
      throw new IllegalArgumentException("modes must not be null");
    }
    modes = Collections.unmodifiableSet(modes.isEmpty() ? EnumSet.noneOf(ImageMode.class) : EnumSet.copyOf(modes));
  }

  /**
   * Capabilities from listed modes.
   *
   * @param negativePrompt whether the backend accepts a negative prompt
   * @param modes the supported modes
   */
  public static ImageCapabilities of(boolean negativePrompt, ImageMode... modes) {
    EnumSet<ImageMode> set = EnumSet.noneOf(ImageMode.class);
    for (ImageMode m : modes) {
      if (m == null) {
        throw new IllegalArgumentException("modes must not contain null");
      }
      set.add(m);
    }
    return new ImageCapabilities(set, negativePrompt);
  }

  /** Whether a mode is supported. */
  public boolean supports(ImageMode mode) {
    return modes.contains(mode);
  }

  /** Whether any mode that starts from a reference image is supported. */
  public boolean anyReferenceMode() {
    return supports(ImageMode.IMAGE_TO_IMAGE) || supports(ImageMode.INPAINT) || supports(ImageMode.OUTPAINT);
  }
}
