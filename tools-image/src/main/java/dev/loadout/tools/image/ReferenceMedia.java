package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A reference image as a host hands it over: its bytes ({@link ReferenceImage}) or a URL ({@link Link})
 * that {@code generate_image} downloads through the network guard, within the reference size limits.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface ReferenceMedia permits ReferenceImage, ReferenceMedia.Link {

  /**
   * An image to download.
   *
   * @param url an http(s) URL; checked by the network guard when downloaded, never shown in messages
   */
  static ReferenceMedia url(String url) {
    return new Link(url);
  }

  /**
   * An image by URL.
   *
   * @param url the URL; never null
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record Link(String url) implements ReferenceMedia {
    /** Checks the URL is present. */
    public Link {
      if (url == null || url.isBlank()) {
        throw new IllegalArgumentException("a reference image URL must not be blank");
      }
    }

    /** Never the URL itself: attachment and avatar URLs can carry signed tokens. */
    @Override
    public String toString() {
      return "ReferenceMedia.Link[" + url.length() + " chars]";
    }
  }
}
