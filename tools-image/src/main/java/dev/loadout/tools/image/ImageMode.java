package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What an image backend can do with a prompt. A backend declares the modes it supports in its
 * {@link ImageCapabilities}; {@code generate_image} shows the model only the parameters of those modes.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum ImageMode {
  /** A new image from a prompt alone. */
  TEXT_TO_IMAGE("text_to_image", "text-to-image", "txt2img"),
  /** A new image guided by a reference image. */
  IMAGE_TO_IMAGE("image_to_image", "image-to-image", "img2img"),
  /** A reference image redrawn inside a masked area. */
  INPAINT("inpaint", "inpaint", "inpaint"),
  /** A reference image extended beyond its edges. */
  OUTPAINT("outpaint", "outpaint", "outpaint");

  private final String id;
  private final String label;
  private final String shortName;

  ImageMode(String id, String label, String shortName) {
    this.id = id;
    this.label = label;
    this.shortName = shortName;
  }

  /** The stable identifier, e.g. {@code "image_to_image"}. */
  public String id() {
    return id;
  }

  /** How the tool description names the mode, e.g. {@code "image-to-image"}. */
  String label() {
    return label;
  }

  /** How parameter descriptions name the mode, e.g. {@code "img2img"}. */
  String shortName() {
    return shortName;
  }

  /** Whether the mode starts from a reference image. */
  public boolean usesReference() {
    return this != TEXT_TO_IMAGE;
  }
}
