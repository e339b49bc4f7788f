package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolMedia;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import java.net.URI;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A host's own image service behind a small JSON contract, for anything that is neither OpenAI-compatible
 * nor ComfyUI.
 *
 * <p><b>Request</b>: {@code POST {url}} with {@code Content-Type: application/json}:
 * <pre>{@code
 * {"mode": "text_to_image" | "image_to_image" | "inpaint" | "outpaint",
 *  "prompt": "...", "aspect_ratio": "16:9", "width": 1344, "height": 768,
 *  "negative_prompt": "...",                       // only with a declared negative-prompt channel
 *  "denoise": 0.4,                                  // only when the model gave one
 *  "image": {"mime_type": "image/png", "base64": "..."},   // reference modes
 *  "references": [{"mime_type": ..., "base64": ...}],     // further references (avatars), when any
 *  "mask":  {"mime_type": "image/png", "base64": "..."},   // inpaint with a mask
 *  "expand": {"left": 0, "right": 256, "top": 0, "bottom": 0}}   // outpaint
 * }</pre>
 * <b>Response</b>: {@code 200} with {@code {"images": [{"base64": "...", "mime_type": "image/png"} | {"url": "https://..."}]}}.
 * A URL is downloaded through the network guard before the image is returned, so the host never hands the
 * chat a link it did not check. Any other status, malformed JSON or an empty list is a failure.
 *
 * <p><b>Modes.</b> Declared in configuration ({@link Builder#declaredModes(Map)}, see
 * {@link ImageCapabilities#customEndpoint(Map)}): text-to-image always; everything else, the negative
 * prompt included, defaults off, so a legacy configuration that declares nothing is text-to-image only.
 *
 * <p><b>Network.</b> Requests go through the {@link SafeHttpClient}; {@link Builder#trustPrivateNetwork(boolean)}
 * admits a service on the host's own private address (and result URLs on that same origin) through a client
 * of the backend's own, as {@link ComfyUiBackend} does; result URLs elsewhere stay under the shared policy.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CustomImageEndpointBackend implements ImageBackend, AutoCloseable {
  private final SafeHttpClient shared;
  private final SafeHttpClient endpointClient;
  private final String url;
  private final String apiKey;
  private final String label;
  private final ImageCapabilities capabilities;

  private CustomImageEndpointBackend(Builder b) {
    this.shared = b.client;
    this.endpointClient = b.trustPrivateNetwork ? b.client.forTrustedBackend() : b.client;
    this.url = b.url;
    this.apiKey = b.apiKey;
    this.label = b.label;
    this.capabilities = b.capabilities;
  }

  /**
   * Starts a backend.
   *
   * @param client the pinned client; never null, not closed by the backend
   * @param url the endpoint that takes the request above, e.g. {@code https://images.example/generate}
   */
  public static Builder builder(SafeHttpClient client, String url) {
    if (client == null) {
      throw new IllegalArgumentException("client must not be null");
    }
    return new Builder(client, ImageHttp.baseUrl(url));
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
    JsonNode root = ImageHttp.jsonObject(ImageHttp.exchange(endpointClient, ImageHttp.request("POST", url, apiKey)
        .header("Accept", "application/json").body(ImageHttp.JSON.writeValueAsBytes(body(request)), "application/json").build()));
    JsonNode images = root.get("images");
    List<ToolMedia> media = new ArrayList<>();
    if (images != null && images.isArray()) {
      for (JsonNode image : images) {
        JsonNode b64 = image.get("base64");
        JsonNode link = image.get("url");
        if (b64 != null && b64.isString() && !b64.stringValue().isEmpty()) {
          JsonNode type = image.get("mime_type");
          media.add(ToolMedia.base64(type != null && type.isString() && type.stringValue().startsWith("image/")
              ? type.stringValue() : "image/png", b64.stringValue()));
        } else if (link != null && link.isString() && !link.stringValue().isEmpty()) {
          media.add(ImageHttp.download(sameOrigin(link.stringValue()) ? endpointClient : shared, link.stringValue()));
        }
      }
    }
    if (media.isEmpty()) {
      throw ImageHttp.noImage();
    }
    return media;
  }

  /** The request body of the contract above. */
  ObjectNode body(ImageRequest request) {
    int[] px = request.pixelSize();
    ObjectNode body = ImageHttp.JSON.createObjectNode();
    body.put("mode", request.mode().id()).put("prompt", request.prompt()).put("aspect_ratio", request.aspectRatio())
        .put("width", px[0]).put("height", px[1]);
    if (capabilities.negativePrompt()) {
      request.negativePrompt().ifPresent(n -> body.put("negative_prompt", n));
    }
    request.denoise().ifPresent(d -> body.put("denoise", d));
    request.reference().ifPresent(image -> body.set("image", image(image)));
    request.mask().ifPresent(mask -> body.set("mask", image(mask)));
    if (!request.additionalReferences().isEmpty()) {
      request.additionalReferences().forEach(r -> body.withArray("references").add(image(r)));
    }
    if (request.mode() == ImageMode.OUTPAINT) {
      ObjectNode expand = body.putObject("expand");
      for (String edge : List.of("left", "right", "top", "bottom")) {
        expand.put(edge, request.expand().getOrDefault(edge, 0));
      }
    }
    return body;
  }

  private static ObjectNode image(ReferenceImage image) {
    ObjectNode node = ImageHttp.JSON.createObjectNode();
    node.put("mime_type", image.mimeType()).put("base64", Base64.getEncoder().encodeToString(image.bytes()));
    return node;
  }

  private boolean sameOrigin(String link) {
    try {
      URI a = URI.create(url);
      URI b = URI.create(link);
      return a.getScheme().equalsIgnoreCase(Objects.requireNonNullElse(b.getScheme(), ""))
          && a.getHost() != null && a.getHost().equalsIgnoreCase(Objects.requireNonNullElse(b.getHost(), ""))
          && a.getPort() == b.getPort();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** Closes the client the backend made for a trusted private address; the shared client stays open. */
  @Override
  public void close() {
    if (endpointClient != shared) {
      endpointClient.close();
    }
  }

  /** Names the label and modes, never the URL (it may carry a token) or the key. */
  @Override
  public String toString() {
    return "CustomImageEndpointBackend[" + label + ", modes=" + capabilities.modes() + ", key=" + (apiKey == null ? "none" : "***") + "]";
  }

  /**
   * Configures a {@link CustomImageEndpointBackend}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final SafeHttpClient client;
    private final String url;
    private ImageCapabilities capabilities = ImageCapabilities.customEndpoint(Map.of());
    private String apiKey;
    private String label = "Custom image endpoint";
    private boolean trustPrivateNetwork;

    private Builder(SafeHttpClient client, String url) {
      this.client = client;
      this.url = url;
    }

    /**
     * The endpoint's declared modes and negative-prompt support; see {@link ImageCapabilities#customEndpoint(Map)}
     * for the keys. Default: nothing declared, which is text-to-image only without a negative prompt.
     */
    public Builder declaredModes(Map<String, Boolean> declared) {
      this.capabilities = ImageCapabilities.customEndpoint(declared);
      return this;
    }

    /** A bearer token; default none. */
    public Builder apiKey(String apiKey) {
      this.apiKey = SafeHttpRequest.checkedCredential("apiKey", apiKey);
      return this;
    }

    /** How the tool description names this backend; default {@code "Custom image endpoint"}. */
    public Builder label(String label) {
      this.label = ImageHttp.label(label);
      return this;
    }

    /** Whether the endpoint may sit on a private or loopback address (the host's own service); default false. */
    public Builder trustPrivateNetwork(boolean trust) {
      this.trustPrivateNetwork = trust;
      return this;
    }

    /** The backend. */
    public CustomImageEndpointBackend build() {
      return new CustomImageEndpointBackend(this);
    }
  }
}
