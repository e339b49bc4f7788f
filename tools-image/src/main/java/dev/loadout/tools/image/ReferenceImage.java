package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An image's bytes and mime type, as a host's {@link ReferenceImageResolver} returns them.
 *
 * @param bytes the encoded image; never null, not copied (treat as read-only)
 * @param mimeType e.g. {@code image/png}; never null
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ReferenceImage(byte[] bytes, String mimeType) implements ReferenceMedia {

  /** Checks that nothing is null. */
  public ReferenceImage {
    if (bytes == null || mimeType == null) {
      throw new IllegalArgumentException("a reference image needs bytes and a mime type");
    }
  }

  /** Names the mime type and size, never the bytes. */
  @Override
  public String toString() {
    return "ReferenceImage[" + mimeType + ", " + bytes.length + " bytes]";
  }
}
