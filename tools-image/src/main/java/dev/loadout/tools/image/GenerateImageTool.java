package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code generate_image}: one {@link ImageBackend} behind a schema pruned to what it supports.
 *
 * <p><b>Per turn.</b> Only the parameters of the backend's current modes survive: {@code prompt} and
 * {@code aspect_ratio} always, {@code media_id} and {@code denoise} when any reference mode exists,
 * {@code mask_media_id} when inpaint or outpaint exists, the {@code expand_*} edges only with outpaint.
 * The descriptions that name modes are rewritten to the supported ones, and the tool description lists
 * the modes and says whether default negative tags are sent. No supported mode hides the tool.
 *
 * <p><b>Per call.</b> The mode is inferred from the arguments (edges → outpaint, a mask → inpaint, a
 * reference → image-to-image) and checked again against the backend, since its configuration may have
 * changed since the turn was prepared. The guild switch ({@value #ENABLED_FLAG} set to false) and a
 * missing user id refuse the call; reference images are resolved by the host and checked against the
 * limits before the backend is called. Default positive tags are prepended to the prompt; default
 * negative tags reach the backend only through a declared negative-prompt channel.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GenerateImageTool implements BaseTool {
  /** The aspect ratios the model may choose; the first is the default. */
  public static final List<String> ASPECT_RATIOS =
      List.of("1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9");
  /** The feature flag a guild sets to false to turn image generation off. */
  public static final String ENABLED_FLAG = "imagegen_enabled";
  /** Default largest single reference image: 2 MiB ({@code IMAGE_REFERENCE_MAX_SINGLE_BYTES}). */
  public static final long DEFAULT_MAX_SINGLE_BYTES = 2_097_152;
  /** Default largest total of reference images: 6 MiB ({@code IMAGE_REFERENCE_MAX_TOTAL_BYTES}). */
  public static final long DEFAULT_MAX_TOTAL_BYTES = 6_291_456;
  /** Failure code: the backend does not support the requested mode now. */
  public static final String MODE_NOT_SUPPORTED = "mode_not_supported";
  /** Failure code: a media id named no image. */
  public static final String MEDIA_NOT_FOUND = "media_not_found";
  /** Failure code: a reference image is over a size limit. */
  public static final String REFERENCE_TOO_LARGE = "reference_too_large";
  /** Failure code: image generation is off for this guild. */
  public static final String DISABLED = "image_generation_disabled";
  /** Failure code: the turn has no user id. */
  public static final String UNKNOWN_USER = "unknown_user";
  /** Failure code: the backend failed. */
  public static final String BACKEND_ERROR = "image_backend_error";

  /** The image-tags setup hint when none is configured. */
  public static final String DEFAULT_TAGS_HINT =
      "Tip: save image tags for yourself or your persona and they are added to generated images.";

  private static final String[] EDGES = {"left", "right", "top", "bottom"};

  private final ToolSpec spec;
  private final ImageBackend backend;
  private final ReferenceImageResolver references;
  private final String positiveTags;
  private final String negativeTags;
  private final long maxSingleBytes;
  private final long maxTotalBytes;
  private final ImageProgressNotice.Listener progress;
  private final ImageProgressNotice.TagSource savedTags;
  private final String tagsHint;

  private GenerateImageTool(Builder b) {
    this.spec = GenerateImageSchema.base();
    this.backend = b.backend;
    this.references = b.references;
    this.positiveTags = b.positiveTags;
    this.negativeTags = b.negativeTags;
    this.maxSingleBytes = b.maxSingleBytes;
    this.maxTotalBytes = b.maxTotalBytes;
    this.progress = b.progress;
    this.savedTags = b.savedTags;
    this.tagsHint = b.tagsHint;
  }

  /**
   * Starts a tool for a backend.
   *
   * @param backend where generations go; never null
   */
  public static Builder builder(ImageBackend backend) {
    if (backend == null) {
      throw new IllegalArgumentException("backend must not be null");
    }
    return new Builder(backend);
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public Optional<ToolSpec> assembleForContext(TurnContext context) {
    return GenerateImageSchema.variant(spec, backend.label(), backend.capabilities(), positiveTags);
  }

  @Override
  public AvailabilityDecision hiddenReason(TurnContext context) {
    return AvailabilityDecision.hidden(AvailabilityDecision.HIDDEN_BY_ASSEMBLY,
        "the image backend " + backend.label() + " supports no generation mode");
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    return CompletableFuture.completedFuture(run(call.argumentsJson(), context));
  }

  private ToolResult run(ObjectNode args, TurnContext context) {
    if (Boolean.FALSE.equals(context.featureFlags().get(ENABLED_FLAG))) {
      return ToolResult.failure(DISABLED, "Image generation is disabled for this server", false);
    }
    if (context.userId().isEmpty()) {
      return ToolResult.failure(UNKNOWN_USER, "Unable to identify user for quota checking", false);
    }
    Optional<String> promptText = text(args, "prompt");
    if (promptText.isEmpty()) {
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "prompt must not be blank", false);
    }
    Map<String, Integer> expand = new LinkedHashMap<>();
    for (String edge : EDGES) {
      JsonNode v = args.get("expand_" + edge);
      if (v != null && v.isNumber() && v.asInt() > 0) {
        expand.put(edge, v.asInt());
      }
    }
    Optional<String> mediaId = text(args, "media_id");
    Optional<String> maskId = text(args, "mask_media_id");
    ImageMode mode = !expand.isEmpty() ? ImageMode.OUTPAINT
        : maskId.isPresent() ? ImageMode.INPAINT
        : mediaId.isPresent() ? ImageMode.IMAGE_TO_IMAGE : ImageMode.TEXT_TO_IMAGE;
    ImageCapabilities caps = backend.capabilities();
    if (!caps.supports(mode)) {
      return ToolResult.failure(MODE_NOT_SUPPORTED, "The image backend does not support " + mode.label() + " right now", false);
    }
    if (mode.usesReference() && mediaId.isEmpty()) {
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "media_id is required for " + mode.label(), false);
    }
    List<ReferenceImage> images = new ArrayList<>(2);
    for (Optional<String> id : List.of(mediaId, maskId)) {
      if (id.isPresent()) {
        Optional<ReferenceImage> image = references.resolve(id.get(), context);
        if (image.isEmpty()) {
          return ToolResult.failure(MEDIA_NOT_FOUND, "No image with media id " + id.get() + " in this conversation", false);
        }
        images.add(image.get());
      }
    }
    long total = 0;
    for (ReferenceImage image : images) {
      total += image.bytes().length;
      if (image.bytes().length > maxSingleBytes || total > maxTotalBytes) {
        return ToolResult.failure(REFERENCE_TOO_LARGE, "Reference images may be at most " + maxSingleBytes
            + " bytes each and " + maxTotalBytes + " bytes together", false);
      }
    }
    String prompt = promptText.get();
    String aspect = text(args, "aspect_ratio").filter(ASPECT_RATIOS::contains).orElse(ASPECT_RATIOS.get(0));
    JsonNode denoise = args.get("denoise");
    Optional<String> negative = caps.negativePrompt() && !negativeTags.isEmpty() ? Optional.of(negativeTags) : Optional.empty();
    ImageRequest request = new ImageRequest(mode,
        positiveTags.isEmpty() ? prompt : positiveTags + ", " + prompt,
        negative,
        aspect,
        mode.usesReference() ? Optional.of(images.get(0)) : Optional.empty(),
        maskId.isPresent() ? Optional.of(images.get(images.size() - 1)) : Optional.empty(),
        denoise != null && denoise.isNumber() && mode.usesReference() ? Optional.of(denoise.asDouble()) : Optional.empty(),
        expand);
    notice(mode, negative, mediaId.isPresent() ? 1 : 0, context);
    List<ToolMedia> media;
    try {
      media = backend.generate(request);
    } catch (ImageBackendException e) {
      return ToolResult.failure(e.code(), e.getMessage(), e.retryable());
    }
    if (media == null || media.isEmpty()) {
      return ToolResult.failure(BACKEND_ERROR, "The image backend returned no image", true);
    }
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.put("mode", mode.id()).put("aspect_ratio", aspect).put("images", media.size()).put("backend", backend.label());
    String summary = "Generated " + media.size() + (media.size() == 1 ? " image" : " images") + " (" + mode.label()
        + ", " + aspect + ") with " + backend.label() + ".";
    return ToolResult.success(data, summary).withMedia(media);
  }

  private void notice(ImageMode mode, Optional<String> negative, int references, TurnContext context) {
    try {
      List<String> tags = savedTags.savedTags(context);
      progress.onNotice(ImageProgressNotice.of(mode, backend.label(), negative, tags == null ? List.of() : tags, references,
          tagsHint), context);
    } catch (RuntimeException ignored) {
      // A notice is cosmetic: a host listener that fails must not fail the generation.
    }
  }

  private static Optional<String> text(ObjectNode args, String name) {
    JsonNode v = args.get(name);
    return v != null && v.isString() && !v.stringValue().isBlank() ? Optional.of(v.stringValue().trim()) : Optional.empty();
  }

  @Override
  public String toString() {
    return "GenerateImageTool[" + backend.label() + "]";
  }

  /**
   * Configures a {@link GenerateImageTool}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final ImageBackend backend;
    private ReferenceImageResolver references = ReferenceImageResolver.NONE;
    private String positiveTags = "";
    private String negativeTags = "";
    private long maxSingleBytes = DEFAULT_MAX_SINGLE_BYTES;
    private long maxTotalBytes = DEFAULT_MAX_TOTAL_BYTES;
    private ImageProgressNotice.Listener progress = ImageProgressNotice.Listener.NONE;
    private ImageProgressNotice.TagSource savedTags = ImageProgressNotice.TagSource.NONE;
    private String tagsHint = DEFAULT_TAGS_HINT;

    private Builder(ImageBackend backend) {
      this.backend = backend;
    }

    /** How media ids resolve to images; default {@link ReferenceImageResolver#NONE}. */
    public Builder referenceImages(ReferenceImageResolver resolver) {
      if (resolver == null) {
        throw new IllegalArgumentException("reference image resolver must not be null");
      }
      this.references = resolver;
      return this;
    }

    /** The server's default positive tags, added to every prompt and named in its description; default none. */
    public Builder defaultPositiveTags(String tags) {
      this.positiveTags = tags == null ? "" : tags.trim();
      return this;
    }

    /** The server's default negative tags, sent only through a declared negative-prompt channel; default none. */
    public Builder defaultNegativeTags(String tags) {
      this.negativeTags = tags == null ? "" : tags.trim();
      return this;
    }

    /**
     * Size limits on reference images, checked before any backend call.
     *
     * @param maxSingleBytes the largest one image may be; positive
     * @param maxTotalBytes the largest all images of one call may be together; at least {@code maxSingleBytes}
     */
    public Builder referenceLimits(long maxSingleBytes, long maxTotalBytes) {
      if (maxSingleBytes <= 0 || maxTotalBytes < maxSingleBytes) {
        throw new IllegalArgumentException("reference limits must be positive with total >= single, but were single="
            + maxSingleBytes + ", total=" + maxTotalBytes);
      }
      this.maxSingleBytes = maxSingleBytes;
      this.maxTotalBytes = maxTotalBytes;
      return this;
    }

    /** Where progress notices go; default {@link ImageProgressNotice.Listener#NONE}. */
    public Builder progress(ImageProgressNotice.Listener listener) {
      if (listener == null) {
        throw new IllegalArgumentException("progress listener must not be null");
      }
      this.progress = listener;
      return this;
    }

    /** Where saved user and persona image tags for notices come from; default none. */
    public Builder savedTags(ImageProgressNotice.TagSource source) {
      if (source == null) {
        throw new IllegalArgumentException("saved tag source must not be null");
      }
      this.savedTags = source;
      return this;
    }

    /** The image-tags setup hint every notice ends with; default {@link #DEFAULT_TAGS_HINT}. */
    public Builder imageTagsHint(String hint) {
      if (hint == null || hint.isBlank()) {
        throw new IllegalArgumentException("image tags hint must not be blank, but was " + hint);
      }
      this.tagsHint = hint.trim();
      return this;
    }

    /** The tool. */
    public GenerateImageTool build() {
      return new GenerateImageTool(this);
    }
  }
}
