package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A piece of media a tool returns (an image, an audio clip): either a URL or inline base64 data.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ToolMedia {
  private final String mimeType;
  private final String url;
  private final String base64;

  private ToolMedia(String mimeType, String url, String base64) {
    if (mimeType == null || !mimeType.contains("/")) {
      throw new IllegalArgumentException("media type must look like 'image/png', but was " + mimeType);
    }
    this.mimeType = mimeType;
    this.url = url;
    this.base64 = base64;
  }

  /** Media a provider can fetch from a URL. */
  public static ToolMedia url(String mimeType, String url) {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException("media url must not be blank");
    }
    return new ToolMedia(mimeType, url, null);
  }

  /** Inline media as base64 (no {@code data:} prefix). */
  public static ToolMedia base64(String mimeType, String base64) {
    if (base64 == null || base64.isEmpty()) {
      throw new IllegalArgumentException("media data must not be empty");
    }
    return new ToolMedia(mimeType, null, base64);
  }

  /** The media type, such as {@code image/png}. */
  public String mimeType() {
    return mimeType;
  }

  /** The URL, when the media is referenced by URL. */
  public Optional<String> url() {
    return Optional.ofNullable(url);
  }

  /** The base64 data, when the media is inline. */
  public Optional<String> base64() {
    return Optional.ofNullable(base64);
  }

  /** Whether this is an image, which chat providers can show to the model. */
  public boolean isImage() {
    return mimeType.startsWith("image/");
  }

  /** A {@code data:} URL for inline media, else the URL. */
  String asUrl() {
    return url != null ? url : "data:" + mimeType + ";base64," + base64;
  }

  @Override
  public String toString() {
    // URLs may carry signed tokens; never print them.
    return "ToolMedia{" + mimeType + (url != null ? ", url" : ", inline " + base64.length() + " chars") + "}";
  }
}
