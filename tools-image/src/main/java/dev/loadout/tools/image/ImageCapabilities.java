package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
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

  /** The keys a declared-supports map may use: the mode ids without {@code text_to_image}, and {@code negative_prompt}. */
  public static final Set<String> DECLARED_KEYS = Set.of("image_to_image", "inpaint", "outpaint", "negative_prompt");

  /**
   * A ComfyUI endpoint's capabilities from its {@code workflow_supports} declaration. Text-to-image is
   * always supported; the negative-prompt checkbox defaults on; outpaint defaults to whatever inpaint is
   * unless declared; image-to-image and inpaint default off.
   *
   * @param workflowSupports declared flags keyed by {@link #DECLARED_KEYS}; never null, may be empty
   * @throws IllegalArgumentException naming the key when a key is unknown or a value null
   */
  public static ImageCapabilities comfyUi(Map<String, Boolean> workflowSupports) {
    checkKeys(workflowSupports);
    boolean inpaint = workflowSupports.getOrDefault("inpaint", false);
    return declared(workflowSupports.getOrDefault("image_to_image", false), inpaint,
        workflowSupports.getOrDefault("outpaint", inpaint), workflowSupports.getOrDefault("negative_prompt", true));
  }

  /**
   * A generic custom endpoint's capabilities from its declared image modes. Text-to-image is always
   * supported and every other flag, the negative prompt included, defaults off, so a legacy
   * configuration that declares nothing is text-to-image only.
   *
   * @param declaredModes declared flags keyed by {@link #DECLARED_KEYS}; never null, may be empty
   * @throws IllegalArgumentException naming the key when a key is unknown or a value null
   */
  public static ImageCapabilities customEndpoint(Map<String, Boolean> declaredModes) {
    checkKeys(declaredModes);
    return declared(declaredModes.getOrDefault("image_to_image", false), declaredModes.getOrDefault("inpaint", false),
        declaredModes.getOrDefault("outpaint", false), declaredModes.getOrDefault("negative_prompt", false));
  }

  private static ImageCapabilities declared(boolean imageToImage, boolean inpaint, boolean outpaint, boolean negative) {
    EnumSet<ImageMode> modes = EnumSet.of(ImageMode.TEXT_TO_IMAGE);
    if (imageToImage) {
      modes.add(ImageMode.IMAGE_TO_IMAGE);
    }
    if (inpaint) {
      modes.add(ImageMode.INPAINT);
    }
    if (outpaint) {
      modes.add(ImageMode.OUTPAINT);
    }
    return new ImageCapabilities(modes, negative);
  }

  private static void checkKeys(Map<String, Boolean> declared) {
    if (declared == null) {
      throw new IllegalArgumentException("declared supports must not be null; use an empty map for none");
    }
    declared.forEach((key, value) -> {
      if (!DECLARED_KEYS.contains(key)) {
        throw new IllegalArgumentException("unknown image support key '" + key + "'; expected one of "
            + new java.util.TreeSet<>(DECLARED_KEYS));
      }
      if (value == null) {
        throw new IllegalArgumentException("image support '" + key + "' must be true or false, but was null");
      }
    });
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
