package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolMedia;
import dev.loadout.core.internal.settings.Settings;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpResponse;
import dev.loadout.core.net.SafeHttpRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

// Over 400 lines on purpose: ComfyUI's HTTP protocol (upload, queue, poll, view) and the public Builder of about
// 115 lines that checks each mode's workflow; the workflow itself is ComfyUiWorkflow.
/**
 * A ComfyUI server through its HTTP API: the workflow (API format, with {@code {{name}}} placeholders) is
 * filled in, queued with {@code POST /prompt}, polled with {@code GET /history/{prompt_id}} until its
 * outputs appear, and the images are fetched with {@code GET /view}. Reference and mask images are first
 * uploaded with {@code POST /upload/image}.
 *
 * <p><b>Placeholders.</b> {@code {{prompt}}}, {@code {{negative_prompt}}}, {@code {{width}}},
 * {@code {{height}}}, {@code {{aspect_ratio}}}, {@code {{seed}}}, {@code {{denoise}}}, {@code {{image}}},
 * {@code {{image_2}}}, {@code {{image_3}}} (further references, such as avatars), {@code {{mask}}} (the
 * uploaded files' names) and {@code {{expand_left}}}, {@code _right}, {@code _top},
 * {@code _bottom}. They are filled on the parsed JSON tree, never by pasting text into JSON: a value that is
 * a whole placeholder takes the value's type, one inside a longer string is replaced as text.
 *
 * <p><b>Modes.</b> {@code workflow_supports} ({@link Builder#workflowSupports(Map)}) declares them, with
 * ComfyUI's defaults: text-to-image always, the negative-prompt channel on, outpaint following inpaint.
 * Each mode runs its own workflow ({@link Builder#workflow(ImageMode, String)}) or the default one.
 * {@link Builder#build()} checks that every declared mode's workflow can run it: a reference mode needs
 * {@code {{image}}}, text-to-image must not use {@code {{image}}} or {@code {{mask}}}, and a declared
 * negative-prompt channel needs {@code {{negative_prompt}}} in every workflow.
 *
 * <p><b>Network and time.</b> Every request goes through the {@link SafeHttpClient}. A ComfyUI on the
 * host's own private or loopback address is reached only when {@link Builder#trustPrivateNetwork(boolean)}
 * says so: the backend then uses a client of its own that allows private networks and follows no
 * redirect, while every URL a model can influence stays behind the shared client's policy; the
 * cloud-metadata denylist still applies. One deadline ({@link Builder#timeout(Duration)}) covers upload,
 * queueing, polling and fetching; when it passes the call fails with {@link ImageBackendException#TIMEOUT}.
 * The client's policy also caps each body: output images larger than its {@code maxBodyBytes} (5 MiB in
 * production) fail as {@link ImageBackendException#BAD_UPSTREAM_RESPONSE}, so give image backends a client whose
 * policy allows image-sized bodies. Close the backend to close a client it made.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ComfyUiBackend implements ImageBackend, AutoCloseable {
  /** The deadline of one generation when none is set. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(2);
  /** The pause between two polls of {@code /history} when none is set. */
  public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(1);

  private final SafeHttpClient client;
  private final boolean ownsClient;
  private final String baseUrl;
  private final String apiKey;
  private final String label;
  private final ImageCapabilities capabilities;
  private final Map<ImageMode, ComfyUiWorkflow> workflows;
  private final Duration timeout;
  private final Duration pollInterval;
  private final Clock clock;
  private final LongSupplier seeds;
  private final String clientId = UUID.randomUUID().toString();

  private ComfyUiBackend(Builder b, Map<ImageMode, ComfyUiWorkflow> workflows) {
    this.client = b.trustPrivateNetwork ? b.client.forTrustedBackend() : b.client;
    this.ownsClient = b.trustPrivateNetwork;
    this.baseUrl = b.baseUrl;
    this.apiKey = b.apiKey;
    this.label = b.label;
    this.capabilities = b.capabilities;
    this.workflows = workflows;
    this.timeout = b.timeout;
    this.pollInterval = b.pollInterval;
    this.clock = b.clock;
    this.seeds = b.seeds;
  }

  /**
   * Starts a backend.
   *
   * @param client the pinned client requests go through; never null, not closed by the backend
   * @param baseUrl the server root, e.g. {@code http://127.0.0.1:8188}
   * @param workflowJson the default workflow in API format (text-to-image, and every mode without its own)
   * @throws IllegalArgumentException naming the setting when an argument is unusable
   */
  public static Builder builder(SafeHttpClient client, String baseUrl, String workflowJson) {
    if (client == null) {
      throw new IllegalArgumentException("client must not be null");
    }
    return new Builder(client, ImageHttp.baseUrl(baseUrl), ComfyUiWorkflow.parse("workflow", workflowJson));
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
    Instant deadline = clock.instant().plus(timeout);
    ComfyUiWorkflow workflow = workflows.get(request.mode());
    Map<String, JsonNode> values = values(request);
    List<ReferenceImage> references = new ArrayList<>();
    request.reference().ifPresent(references::add);
    references.addAll(request.additionalReferences());
    for (int i = 0; i < 3; i++) {
      String name = i == 0 ? "image" : "image_" + (i + 1);
      if (workflow.uses(name)) {
        if (i >= references.size()) {
          throw new ImageBackendException("The " + request.mode().label() + " workflow needs " + (i + 1) + " reference images", false);
        }
        values.put(name, text(upload(references.get(i), deadline)));
      }
    }
    if (workflow.uses("mask")) {
      ReferenceImage mask = request.mask().orElseThrow(() -> new ImageBackendException(
          "The " + request.mode().label() + " workflow needs a mask image", false));
      values.put("mask", text(upload(mask, deadline)));
    }
    ObjectNode body = ImageHttp.JSON.createObjectNode();
    try {
      body.set("prompt", workflow.fill(values));
    } catch (IllegalArgumentException tooLarge) {
      throw new ImageBackendException("The " + request.mode().label() + " workflow is too large to fill: " + tooLarge.getMessage(), false);
    }
    body.put("client_id", clientId);
    check(deadline);
    JsonNode queued = ImageHttp.jsonObject(ImageHttp.exchange(client, ImageHttp.request("POST", baseUrl + "/prompt", apiKey)
        .header("Accept", "application/json").body(ImageHttp.JSON.writeValueAsBytes(body), "application/json").build()));
    JsonNode id = queued.get("prompt_id");
    if (id == null || !id.isString() || id.stringValue().isBlank()) {
      throw new ImageBackendException(ImageBackendException.BAD_UPSTREAM_RESPONSE, ImageHttp.WHO + " queued the workflow without a prompt_id", false);
    }
    List<JsonNode> files = outputs(id.stringValue(), deadline);
    List<ToolMedia> media = new ArrayList<>(files.size());
    for (JsonNode file : files) {
      check(deadline);
      media.add(view(file));
    }
    return media;
  }

  private Map<String, JsonNode> values(ImageRequest request) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    int[] px = request.pixelSize();
    Map<String, JsonNode> values = new HashMap<>();
    values.put("prompt", nodes.stringNode(request.prompt()));
    values.put("negative_prompt", nodes.stringNode(request.negativePrompt().orElse("")));
    values.put("width", nodes.numberNode(px[0]));
    values.put("height", nodes.numberNode(px[1]));
    values.put("aspect_ratio", nodes.stringNode(request.aspectRatio()));
    values.put("seed", nodes.numberNode(seeds.getAsLong()));
    values.put("denoise", nodes.numberNode(request.denoise().orElse(request.mode() == ImageMode.IMAGE_TO_IMAGE ? 0.75 : 1.0)));
    for (String edge : List.of("left", "right", "top", "bottom")) {
      values.put("expand_" + edge, nodes.numberNode(request.expand().getOrDefault(edge, 0)));
    }
    return values;
  }

  private static JsonNode text(String s) {
    return JsonNodeFactory.instance.stringNode(s);
  }

  /** Uploads an image into ComfyUI's input folder; the name the workflow refers to it by. */
  private String upload(ReferenceImage image, Instant deadline) throws ImageBackendException {
    check(deadline);
    Multipart form = new Multipart().field("type", "input").field("overwrite", "true");
    form.file("image", "loadout-" + UUID.randomUUID() + "." + Multipart.extension(image), image);
    byte[] body = form.body();
    JsonNode answer = ImageHttp.jsonObject(ImageHttp.exchange(client, ImageHttp.request("POST", baseUrl + "/upload/image", apiKey)
        .header("Accept", "application/json").body(body, form.contentType()).build()));
    String name = string(answer, "name");
    if (name.isEmpty()) {
      throw new ImageBackendException(ImageBackendException.BAD_UPSTREAM_RESPONSE, ImageHttp.WHO + " accepted an upload without naming it", false);
    }
    String subfolder = string(answer, "subfolder");
    return subfolder.isEmpty() ? name : subfolder + "/" + name;
  }

  /** Polls the history until the prompt's output images appear, it fails, or the deadline passes. */
  private List<JsonNode> outputs(String promptId, Instant deadline) throws ImageBackendException {
    String url = baseUrl + "/history/" + URLEncoder.encode(promptId, StandardCharsets.UTF_8);
    while (true) {
      check(deadline);
      JsonNode history = ImageHttp.jsonObject(ImageHttp.exchange(client, ImageHttp.request("GET", url, apiKey)
          .header("Accept", "application/json").build()));
      JsonNode entry = history.get(promptId);
      if (entry != null && entry.isObject()) {
        JsonNode status = entry.path("status");
        if ("error".equals(string(status, "status_str"))) {
          throw new ImageBackendException(ImageHttp.WHO + " reported an error while running the workflow", false);
        }
        List<JsonNode> images = images(entry.path("outputs"));
        if (!images.isEmpty()) {
          return images;
        }
        if (status.path("completed").asBoolean(false)) {
          throw new ImageBackendException(ImageBackendException.BAD_UPSTREAM_RESPONSE,
              ImageHttp.WHO + " finished the workflow without an output image", false);
        }
      }
      pause(deadline);
    }
  }

  /** Saved output images across every output node; previews ({@code temp}) only when nothing was saved. */
  private static List<JsonNode> images(JsonNode outputs) {
    List<JsonNode> saved = new ArrayList<>();
    List<JsonNode> previews = new ArrayList<>();
    for (JsonNode node : outputs) {
      for (JsonNode image : node.path("images")) {
        if (!string(image, "filename").isEmpty()) {
          ("temp".equals(string(image, "type")) ? previews : saved).add(image);
        }
      }
    }
    return saved.isEmpty() ? previews : saved;
  }

  private ToolMedia view(JsonNode file) throws ImageBackendException {
    String type = string(file, "type");
    String url = baseUrl + "/view?filename=" + enc(string(file, "filename")) + "&subfolder=" + enc(string(file, "subfolder"))
        + "&type=" + enc(type.isEmpty() ? "output" : type);
    SafeHttpResponse response = ImageHttp.exchange(client, ImageHttp.request("GET", url, apiKey).build());
    String mime = ImageHttp.imageType(response).orElse(string(file, "filename").toLowerCase().endsWith(".png") ? "image/png" : "");
    if (mime.isEmpty() || response.bodyLength() == 0) {
      throw new ImageBackendException(ImageBackendException.BAD_UPSTREAM_RESPONSE, ImageHttp.WHO + " sent an output that is not an image", false);
    }
    return ToolMedia.base64(mime, Base64.getEncoder().encodeToString(response.body()));
  }

  private void check(Instant deadline) throws ImageBackendException {
    if (!clock.instant().isBefore(deadline)) {
      throw new ImageBackendException(ImageBackendException.TIMEOUT,
          ImageHttp.WHO + " did not finish within " + timeout.toMillis() + " ms", true);
    }
    if (Thread.currentThread().isInterrupted()) {
      throw new ImageBackendException(ImageBackendException.TIMEOUT, "The image generation was cancelled", true);
    }
  }

  private void pause(Instant deadline) {
    long left = Duration.between(clock.instant(), deadline).toNanos();
    long nanos = Math.min(pollInterval.toNanos(), Math.max(0, left));
    if (nanos > 0) {
      LockSupport.parkNanos(nanos);
    }
  }

  private static String string(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v != null && v.isString() ? v.stringValue() : "";
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** Closes the client the backend made for a trusted private address; a shared client stays open. */
  @Override
  public void close() {
    if (ownsClient) {
      client.close();
    }
  }

  /** Names the label and server, never the key. */
  @Override
  public String toString() {
    return "ComfyUiBackend[" + label + ", modes=" + capabilities.modes() + ", key=" + (apiKey == null ? "none" : "***") + "]";
  }

  /**
   * Configures a {@link ComfyUiBackend}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final SafeHttpClient client;
    private final String baseUrl;
    private final ComfyUiWorkflow defaultWorkflow;
    private final Map<ImageMode, ComfyUiWorkflow> modeWorkflows = new EnumMap<>(ImageMode.class);
    private ImageCapabilities capabilities = ImageCapabilities.comfyUi(Map.of());
    private String apiKey;
    private String label = "ComfyUI";
    private boolean trustPrivateNetwork;
    private Duration timeout = DEFAULT_TIMEOUT;
    private Duration pollInterval = DEFAULT_POLL_INTERVAL;
    private Clock clock = Clock.systemUTC();
    private LongSupplier seeds = () -> ThreadLocalRandom.current().nextLong(1L << 48);

    private Builder(SafeHttpClient client, String baseUrl, ComfyUiWorkflow defaultWorkflow) {
      this.client = client;
      this.baseUrl = baseUrl;
      this.defaultWorkflow = defaultWorkflow;
    }

    /**
     * The endpoint's {@code workflow_supports} declaration; see {@link ImageCapabilities#comfyUi(Map)} for the
     * keys and defaults. Default: nothing declared (text-to-image with the negative-prompt channel on).
     */
    public Builder workflowSupports(Map<String, Boolean> declared) {
      this.capabilities = ImageCapabilities.comfyUi(declared);
      return this;
    }

    /** The workflow for one mode, in API format with placeholders; default the workflow given to {@code builder}. */
    public Builder workflow(ImageMode mode, String workflowJson) {
      if (mode == null) {
        throw new IllegalArgumentException("mode must not be null");
      }
      modeWorkflows.put(mode, ComfyUiWorkflow.parse("workflow for " + mode.id(), workflowJson));
      return this;
    }

    /** A bearer token for a ComfyUI behind an authenticating proxy; default none. */
    public Builder apiKey(String apiKey) {
      this.apiKey = SafeHttpRequest.checkedCredential("apiKey", apiKey);
      return this;
    }

    /** How the tool description names this backend; default {@code "ComfyUI"}. */
    public Builder label(String label) {
      this.label = ImageHttp.label(label);
      return this;
    }

    /** Whether the server may sit on a private or loopback address (the host's own ComfyUI); default false. */
    public Builder trustPrivateNetwork(boolean trust) {
      this.trustPrivateNetwork = trust;
      return this;
    }

    /**
     * The deadline of one generation, from first upload to last image; from 1 ms to 1 day; default
     * {@link #DEFAULT_TIMEOUT}.
     */
    public Builder timeout(Duration timeout) {
      this.timeout = Settings.deadline("timeout", timeout);
      return this;
    }

    /** The pause between polls of the history; from zero to 1 day; default {@link #DEFAULT_POLL_INTERVAL}. */
    public Builder pollInterval(Duration interval) {
      this.pollInterval = Settings.duration("pollInterval", interval, Duration.ZERO, Settings.MAX_DEADLINE);
      return this;
    }

    /** The clock the deadline is measured on; default UTC system clock. */
    public Builder clock(Clock clock) {
      if (clock == null) {
        throw new IllegalArgumentException("clock must not be null");
      }
      this.clock = clock;
      return this;
    }

    /** Where {@code {{seed}}} values come from; default random. */
    public Builder seeds(LongSupplier seeds) {
      if (seeds == null) {
        throw new IllegalArgumentException("seeds must not be null");
      }
      this.seeds = seeds;
      return this;
    }

    /**
     * The backend.
     *
     * @throws IllegalArgumentException naming the mode and placeholder when a declared mode's workflow cannot run it
     */
    public ComfyUiBackend build() {
      Map<ImageMode, ComfyUiWorkflow> workflows = new EnumMap<>(ImageMode.class);
      for (ImageMode mode : capabilities.modes()) {
        ComfyUiWorkflow w = modeWorkflows.getOrDefault(mode, defaultWorkflow);
        String which = modeWorkflows.containsKey(mode) ? "the " + mode.id() + " workflow" : "the default workflow (used for " + mode.id() + ")";
        if (mode.usesReference() && !w.uses("image")) {
          throw new IllegalArgumentException(which + " has no {{image}} placeholder for the reference image");
        }
        if (!mode.usesReference() && (w.uses("image") || w.uses("mask"))) {
          throw new IllegalArgumentException(which + " uses {{image}} or {{mask}}, but text-to-image has no reference image");
        }
        if (capabilities.negativePrompt() && !w.uses("negative_prompt")) {
          throw new IllegalArgumentException("workflow_supports.negative_prompt is on (the ComfyUI default) but " + which
              + " has no {{negative_prompt}} placeholder; add one or declare negative_prompt false");
        }
        workflows.put(mode, w);
      }
      return new ComfyUiBackend(this, Map.copyOf(workflows));
    }
  }
}
