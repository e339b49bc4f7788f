package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolMedia;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible images API: {@code POST {baseUrl}/images/generations} for text-to-image, and
 * {@code POST {baseUrl}/images/edits} (multipart, with an optional {@code mask}) for image-to-image and
 * inpaint. It has no negative-prompt channel and cannot outpaint. Edits send the first reference image only;
 * further references (avatars) are not sent.
 *
 * <p>Every request goes through the host's {@link SafeHttpClient}, so the guard's policy decides which
 * addresses may be reached and its call timeout is the deadline of one generation: give image backends a
 * client whose policy allows the minute or so a generation can take. The API key travels only in the
 * {@code Authorization} header; it is never in a message or {@link #toString()}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OpenAiImagesBackend implements ImageBackend {
  private final SafeHttpClient client;
  private final String baseUrl;
  private final String apiKey;
  private final String model;
  private final String label;
  private final ImageCapabilities capabilities;

  private OpenAiImagesBackend(Builder b) {
    this.client = b.client;
    this.baseUrl = b.baseUrl;
    this.apiKey = b.apiKey;
    this.model = b.model;
    this.label = b.label;
    this.capabilities = b.edits
        ? ImageCapabilities.of(false, ImageMode.TEXT_TO_IMAGE, ImageMode.IMAGE_TO_IMAGE, ImageMode.INPAINT)
        : ImageCapabilities.of(false, ImageMode.TEXT_TO_IMAGE);
  }

  /**
   * Starts a backend.
   *
   * @param client the pinned client every request goes through; never null, not closed by the backend
   * @param baseUrl the API root including its version, e.g. {@code https://api.openai.com/v1}
   * @param model the model id, e.g. {@code gpt-image-1}
   */
  public static Builder builder(SafeHttpClient client, String baseUrl, String model) {
    if (client == null) {
      throw new IllegalArgumentException("client must not be null");
    }
    String base = ImageHttp.baseUrl(baseUrl);
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank, but was " + model);
    }
    return new Builder(client, base, model);
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public ImageCapabilities capabilities() {
    return capabilities;
  }

  @Override
  public List<ToolMedia> generate(ImageRequest request) throws ImageBackendException {
    ImageHttp.requireSupported(capabilities, label, request);
    SafeHttpRequest http = request.mode() == ImageMode.TEXT_TO_IMAGE ? generation(request) : edit(request);
    return images(ImageHttp.jsonObject(ImageHttp.exchange(client, http)));
  }

  private SafeHttpRequest generation(ImageRequest request) {
    ObjectNode body = ImageHttp.JSON.createObjectNode();
    body.put("model", model).put("prompt", request.prompt()).put("n", 1).put("size", size(request));
    return ImageHttp.request("POST", baseUrl + "/images/generations", apiKey).header("Accept", "application/json")
        .body(ImageHttp.JSON.writeValueAsBytes(body), "application/json").build();
  }

  private SafeHttpRequest edit(ImageRequest request) {
    Multipart form = new Multipart().field("model", model).field("prompt", request.prompt()).field("n", "1")
        .field("size", size(request));
    ReferenceImage image = request.reference().orElseThrow();
    form.file("image", "image." + Multipart.extension(image), image);
    request.mask().ifPresent(mask -> form.file("mask", "mask." + Multipart.extension(mask), mask));
    byte[] body = form.body();
    return ImageHttp.request("POST", baseUrl + "/images/edits", apiKey).header("Accept", "application/json")
        .body(body, form.contentType()).build();
  }

  /** The API's three sizes: square, portrait or landscape. */
  static String size(ImageRequest request) {
    int[] px = request.pixelSize();
    return px[0] > px[1] ? "1536x1024" : px[0] < px[1] ? "1024x1536" : "1024x1024";
  }

  private List<ToolMedia> images(JsonNode root) throws ImageBackendException {
    List<ToolMedia> media = new ArrayList<>();
    JsonNode data = root.get("data");
    if (data != null && data.isArray()) {
      for (JsonNode item : data) {
        JsonNode b64 = item.get("b64_json");
        JsonNode url = item.get("url");
        if (b64 != null && b64.isString() && !b64.stringValue().isEmpty()) {
          media.add(ToolMedia.base64("image/png", b64.stringValue()));
        } else if (url != null && url.isString() && !url.stringValue().isEmpty()) {
          media.add(ToolMedia.url("image/png", url.stringValue()));
        }
      }
    }
    if (media.isEmpty()) {
      throw ImageHttp.noImage();
    }
    return media;
  }

  /** Names the label and model, never the key. */
  @Override
  public String toString() {
    return "OpenAiImagesBackend[" + label + ", model=" + model + ", key=" + (apiKey == null ? "none" : "***") + "]";
  }

  /**
   * Configures an {@link OpenAiImagesBackend}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final SafeHttpClient client;
    private final String baseUrl;
    private final String model;
    private String apiKey;
    private String label = "OpenAI images";
    private boolean edits = true;

    private Builder(SafeHttpClient client, String baseUrl, String model) {
      this.client = client;
      this.baseUrl = baseUrl;
      this.model = model;
    }

    /** The API key, sent as a bearer token; default none (for keyless local servers). */
    public Builder apiKey(String apiKey) {
      this.apiKey = SafeHttpRequest.checkedCredential("apiKey", apiKey);
      return this;
    }

    /** How the tool description names this backend; default {@code "OpenAI images"}. */
    public Builder label(String label) {
      this.label = ImageHttp.label(label);
      return this;
    }

    /**
     * Whether the server has {@code /images/edits} (image-to-image and inpaint); default true. A server
     * with generations only is text-to-image only.
     */
    public Builder edits(boolean edits) {
      this.edits = edits;
      return this;
    }

    /** The backend. */
    public OpenAiImagesBackend build() {
      return new OpenAiImagesBackend(this);
    }
  }
}
