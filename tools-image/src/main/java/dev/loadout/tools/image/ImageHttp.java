package dev.loadout.tools.image;

import dev.loadout.core.ToolMedia;
import dev.loadout.core.net.Backends;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.util.Base64;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP plumbing image backends share: every request goes through the pinned client, and every failure
 * is classified here once into {@link ImageBackendException} codes. Messages name the backend and a code,
 * never a URL (result URLs can carry signed tokens) or a header (it may carry a key).
 */
final class ImageHttp {
  static final JsonMapper JSON = JsonMapper.builder().build();
  /** How messages name any backend: the tool's summary names the backend itself. */
  static final String WHO = "The image backend";
  /** The largest response read: base64 images are big. */
  static final long MAX_RESPONSE_BYTES = 64L << 20;

  private ImageHttp() {
  }

  /** Sends a request; a transport failure becomes an {@link ImageBackendException} ({@link Backends#classify}). */
  static SafeHttpResponse send(SafeHttpClient client, SafeHttpRequest request) throws ImageBackendException {
    return Backends.send(client, request, WHO, ImageBackendException::new);
  }

  /** The response when its status is 2xx, else the failure ({@link Backends#ok}): 5xx and 429 are retryable. */
  static SafeHttpResponse ok(SafeHttpResponse response) throws ImageBackendException {
    return Backends.ok(response, WHO, ImageBackendException::new);
  }

  /** Sends and checks the status. */
  static SafeHttpResponse exchange(SafeHttpClient client, SafeHttpRequest request) throws ImageBackendException {
    return ok(send(client, request));
  }

  /** The body as a JSON object, or a {@link ImageBackendException#BAD_UPSTREAM_RESPONSE}. */
  static JsonNode jsonObject(SafeHttpResponse response) throws ImageBackendException {
    return Backends.jsonObject(response, WHO, ImageBackendException::new);
  }

  /** A request builder with a JSON accept header, the response cap, and the bearer key when there is one. */
  static SafeHttpRequest.Builder request(String method, String url, String apiKey) {
    SafeHttpRequest.Builder b = SafeHttpRequest.builder(method, url).maxBodyBytes(MAX_RESPONSE_BYTES).rejectOversizedBody(true);
    if (apiKey != null) {
      b.header("Authorization", "Bearer " + apiKey);
    }
    return b;
  }

  /** Downloads an image the backend named by URL, through the guard; anything but an image is refused. */
  static ToolMedia download(SafeHttpClient client, String url) throws ImageBackendException {
    SafeHttpRequest request;
    try {
      request = SafeHttpRequest.builder("GET", url).maxBodyBytes(MAX_RESPONSE_BYTES).rejectOversizedBody(true).build();
    } catch (IllegalArgumentException e) {
      throw new ImageBackendException(ImageBackendException.BAD_UPSTREAM_RESPONSE, WHO + " named a result image by an invalid URL", false);
    }
    SafeHttpResponse response = exchange(client, request);
    String type = imageType(response).orElseThrow(() -> new ImageBackendException(ImageBackendException.BAD_UPSTREAM_RESPONSE,
        WHO + " sent a result that is not an image", false));
    return ToolMedia.base64(type, Base64.getEncoder().encodeToString(response.body()));
  }

  /** The response's image mime type without parameters, if it is one. */
  static java.util.Optional<String> imageType(SafeHttpResponse response) {
    return response.contentType().map(t -> t.split(";")[0].trim().toLowerCase(Locale.ROOT)).filter(t -> t.startsWith("image/"));
  }

  /** Checks a base URL setting ({@link Backends#baseUrl}); the URL without a trailing slash. */
  static String baseUrl(String baseUrl) {
    return Backends.baseUrl("baseUrl", baseUrl);
  }

  /** Checks a backend label setting; the label trimmed. */
  static String label(String label) {
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("label must not be blank, but was " + label);
    }
    return label.trim();
  }

  /** Refuses a request in a mode the backend does not support, in case a caller skipped the tool's check. */
  static void requireSupported(ImageCapabilities capabilities, String label, ImageRequest request) throws ImageBackendException {
    if (!capabilities.supports(request.mode())) {
      throw new ImageBackendException(label + " does not support " + request.mode().label(), false);
    }
  }

  /** A user-safe "no image" failure. */
  static ImageBackendException noImage() {
    return new ImageBackendException(ImageBackendException.BAD_UPSTREAM_RESPONSE, WHO + " returned no image", true);
  }
}
