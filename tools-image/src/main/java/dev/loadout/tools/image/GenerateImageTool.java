package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.BaseTool;
import dev.loadout.core.PerServer;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolMedia;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.internal.settings.EnvironmentReader;
import dev.loadout.core.internal.settings.Settings;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.participants.TargetResolver;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

// Over 400 lines on purpose: the public tool (per-server and per-turn schema pruning, execution) and its Builder of
// about 150 lines; the schema text lives in GenerateImageSchema, reference images in ReferenceCollector.
/**
 * {@code generate_image}: one {@link ImageBackend} behind a schema pruned to what it supports.
 *
 * <p><b>Per server.</b> {@link #builder(ImageBackend)} gives every server one backend and the builder's tags;
 * {@link #perServer(PerServer)} resolves each server's {@link ImageSettings} per turn (cached), so a multi-guild bot
 * shapes the schema, the notices and the default tags by guild.
 *
 * <p><b>Per turn.</b> Only the parameters of the backend's current modes survive: {@code prompt} and
 * {@code aspect_ratio} always, {@code media_id}, {@code target_identity} and {@code denoise} when any
 * reference mode exists,
 * {@code mask_media_id} when inpaint or outpaint exists, the {@code expand_*} edges only with outpaint.
 * The descriptions that name modes are rewritten to the supported ones, and the tool description lists
 * the modes and says whether default negative tags are sent. No supported mode hides the tool.
 *
 * <p><b>Per call.</b> The mode is inferred from the arguments (edges → outpaint, a mask → inpaint, a
 * reference → image-to-image) and checked again against the backend, since its configuration may have
 * changed since the turn was prepared. The guild switch ({@value #ENABLED_FLAG} set to false) and a
 * missing user id refuse the call.
 *
 * <p><b>References.</b> {@code media_id} is resolved by the host's {@link ReferenceImageResolver};
 * each {@code target_identity} name is resolved to a participant by core's {@code TargetResolver} and then
 * to an avatar by the host's {@link AvatarResolver}. Either may answer with bytes or a URL; URLs are
 * downloaded through the pinned client's network guard, so a blocked address is refused before any
 * socket opens. The {@link ReferenceLimits} apply before any backend call: the count before anything is
 * resolved, the sizes as each image arrives.
 *
 * <p><b>Tags.</b> The prompt the backend gets is the server's default positive tags, the model's prompt,
 * then the saved user and persona tags detected on the turn ({@link ImageProgressNotice.TagSource});
 * default negative tags reach the backend only through a declared negative-prompt channel.
 *
 * <p><b>Deadline.</b> The tool declares its own ({@link Builder#timeout(Duration)}, default
 * {@link #DEFAULT_TIMEOUT}, or {@value #TIMEOUT_VARIABLE}), so that Loadout's default tool deadline (30 s) does not
 * cut a generation that the backend still has time for and tell the model to try again; set it a little above
 * the backend's own deadline ({@link ComfyUiBackend#DEFAULT_TIMEOUT} is two minutes).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GenerateImageTool implements BaseTool {
  /** The aspect ratios the model may choose; the first is the default. */
  public static final List<String> ASPECT_RATIOS =
      List.of("1:1", "2:3", "3:2", "3:4", "4:3", "4:5", "5:4", "9:16", "16:9", "21:9");
  /** The tool's deadline by default: three minutes, ComfyUI's two plus a minute for reference downloads. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(3);
  /** The environment variable {@link Builder#timeoutFromEnvironment(Map)} reads: milliseconds, or a duration with a unit. */
  public static final String TIMEOUT_VARIABLE = "IMAGE_GENERATION_TIMEOUT_MS";
  /** The feature flag a guild sets to false to turn image generation off. */
  public static final String ENABLED_FLAG = "imagegen_enabled";
  /** Failure code: the backend does not support the requested mode now. */
  public static final String MODE_NOT_SUPPORTED = "mode_not_supported";
  /** Failure code: a media id named no image. */
  public static final String MEDIA_NOT_FOUND = "media_not_found";
  /** Failure code: a reference image is over the single-image limit. */
  public static final String REFERENCE_TOO_LARGE = "reference_too_large";
  /** Failure code: the reference images together are over the total limit. */
  public static final String REFERENCE_TOTAL_TOO_LARGE = "reference_total_too_large";
  /** Failure code: more reference images than the count limit. */
  public static final String REFERENCE_COUNT_EXCEEDED = "reference_count_exceeded";
  /** Failure code: the network policy refused a reference image's URL (checked before any socket opens). */
  public static final String REFERENCE_URL_REFUSED = "reference_url_refused";
  /** Failure code: a reference image's URL could not be downloaded as an image. */
  public static final String REFERENCE_DOWNLOAD_FAILED = "reference_download_failed";
  /** Failure code: a {@code target_identity} names no participant. */
  public static final String TARGET_NOT_FOUND = "target_not_found";
  /** Failure code: a {@code target_identity} names several participants. */
  public static final String TARGET_AMBIGUOUS = "target_ambiguous";
  /** Failure code: the named participant has no avatar. */
  public static final String AVATAR_NOT_FOUND = "avatar_not_found";
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
  private final PerServer<ImageSettings> settings;
  /**
   * Variants by the settings that shape them, so a warm turn builds no schema. Bounded: past
   * {@value #MAX_VARIANTS} distinct settings (a bot with that many backends) it starts over, costing one build each.
   */
  private final ConcurrentMap<VariantKey, Optional<ToolSpec>> variants =
      new ConcurrentHashMap<>();
  private static final int MAX_VARIANTS = 256;
  private final ReferenceCollector references;
  private final ImageProgressNotice.Listener progress;
  private final ImageProgressNotice.TagSource savedTags;
  private final String tagsHint;

  private GenerateImageTool(Builder b) {
    this.spec = GenerateImageSchema.base().toBuilder().timeout(b.timeout).build();
    this.settings = b.settings != null ? b.settings
        : PerServer.fixed(new ImageSettings(b.backend, b.positiveTags, b.negativeTags));
    this.references = new ReferenceCollector(b.references, b.avatars, b.targets, b.client, b.limits);
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
    return new Builder(backend, null);
  }

  /**
   * Starts a tool whose backend and default tags are each server's own, resolved per turn (and cached) by
   * {@code settings}; a server it answers nothing for does not see the tool. The schema, the descriptions and the
   * notices follow the server's backend; each distinct set of settings builds its variant once.
   *
   * @param settings the servers' settings; never null
   * @since 0.1
   */
  public static Builder perServer(PerServer<ImageSettings> settings) {
    if (settings == null) {
      throw new IllegalArgumentException("per-server settings must not be null");
    }
    return new Builder(null, settings);
  }

  /** What shapes a variant: a backend's label and capabilities, and the server's positive tags. */
  private record VariantKey(String label, ImageCapabilities capabilities, String positiveTags) {}

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public Optional<ToolSpec> assembleForContext(TurnContext context) {
    if (!context.switchedOn(ENABLED_FLAG)) {
      // Hidden, not shown and then refused: a model must not be offered what it cannot use.
      return Optional.empty();
    }
    Optional<ImageSettings> s = settings.get(context);
    if (s.isEmpty()) {
      return Optional.empty();
    }
    ImageBackend backend = s.get().backend();
    VariantKey key = new VariantKey(backend.label(), backend.capabilities(), s.get().positiveTags());
    if (variants.size() >= MAX_VARIANTS) {
      variants.clear();
    }
    return variants.computeIfAbsent(key, k -> GenerateImageSchema.variant(spec, k.label(), k.capabilities(),
        k.positiveTags()));
  }

  @Override
  public AvailabilityDecision hiddenReason(TurnContext context) {
    if (!context.switchedOn(ENABLED_FLAG)) {
      return AvailabilityDecision.hidden(AvailabilityDecision.HIDDEN_BY_ASSEMBLY,
          "image generation is disabled for this server (" + ENABLED_FLAG + " is false)");
    }
    Optional<ImageSettings> s = settings.get(context);
    if (s.isEmpty()) {
      return AvailabilityDecision.hidden(AvailabilityDecision.HIDDEN_BY_ASSEMBLY,
          "no image backend is configured for this server");
    }
    return AvailabilityDecision.hidden(AvailabilityDecision.HIDDEN_BY_ASSEMBLY,
        "the image backend " + s.get().backend().label() + " supports no generation mode");
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    return CompletableFuture.completedFuture(run(call.argumentsJson(), context));
  }

  private ToolResult run(ObjectNode args, TurnContext context) {
    if (!context.switchedOn(ENABLED_FLAG)) {
      return ToolResult.failure(DISABLED, "Image generation is disabled for this server", false);
    }
    if (context.userId().isEmpty()) {
      return ToolResult.failure(UNKNOWN_USER, "Unable to identify user for quota checking", false);
    }
    Optional<ImageSettings> server = settings.get(context);
    if (server.isEmpty()) {
      return ToolResult.failure(MODE_NOT_SUPPORTED, "No image backend is configured for this server right now", false);
    }
    ImageBackend backend = server.get().backend();
    String positiveTags = server.get().positiveTags();
    String negativeTags = server.get().negativeTags();
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
    List<String> targets = ReferenceCollector.names(args.get("target_identity"));
    boolean anyReference = mediaId.isPresent() || !targets.isEmpty();
    ImageMode mode = !expand.isEmpty() ? ImageMode.OUTPAINT
        : maskId.isPresent() ? ImageMode.INPAINT
        : anyReference ? ImageMode.IMAGE_TO_IMAGE : ImageMode.TEXT_TO_IMAGE;
    ImageCapabilities caps = backend.capabilities();
    if (!caps.supports(mode)) {
      return ToolResult.failure(MODE_NOT_SUPPORTED, "The image backend does not support " + mode.label() + " right now", false);
    }
    if (mode.usesReference() && !anyReference) {
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "media_id or target_identity is required for " + mode.label(), false);
    }
    ReferenceCollector.Outcome collected = references.collect(mediaId, targets, maskId, context);
    if (collected.failure() != null) {
      return collected.failure();
    }
    ReferenceCollector.References refs = collected.references();
    List<SavedImageTags> saved = savedTags(context);
    List<String> parts = new ArrayList<>(2 + saved.size());
    if (!positiveTags.isEmpty()) {
      parts.add(positiveTags);
    }
    parts.add(promptText.get());
    saved.forEach(t -> parts.add(t.tags()));
    String aspect = text(args, "aspect_ratio").filter(ASPECT_RATIOS::contains).orElse(ASPECT_RATIOS.get(0));
    JsonNode denoise = args.get("denoise");
    Optional<String> negative = caps.negativePrompt() && !negativeTags.isEmpty() ? Optional.of(negativeTags) : Optional.empty();
    ImageRequest request = new ImageRequest(mode, String.join(", ", parts), negative, aspect, refs.primary(), refs.mask(),
        denoise != null && denoise.isNumber() && mode.usesReference() ? Optional.of(denoise.asDouble()) : Optional.empty(),
        expand, refs.additional());
    notice(ImageProgressNotice.of(mode, backend.label(), negative, saved, refs.messageImages(), refs.avatarOwners(), tagsHint),
        context);
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

  private List<SavedImageTags> savedTags(TurnContext context) {
    try {
      List<SavedImageTags> tags = savedTags.savedTags(context);
      return tags == null ? List.of() : List.copyOf(tags);
    } catch (RuntimeException e) {
      // Saved tags are a nicety: a host look-up that fails must not fail the generation.
      return List.of();
    }
  }

  private void notice(ImageProgressNotice notice, TurnContext context) {
    try {
      progress.onNotice(notice, context);
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
    return "GenerateImageTool[" + settings + "]";
  }

  /**
   * Configures a {@link GenerateImageTool}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final ImageBackend backend;
    private final PerServer<ImageSettings> settings;
    private ReferenceImageResolver references = ReferenceImageResolver.NONE;
    private AvatarResolver avatars = AvatarResolver.NONE;
    private TargetResolver targets = TargetResolver.builder().build();
    private SafeHttpClient client;
    private ReferenceLimits limits = ReferenceLimits.DEFAULTS;
    private String positiveTags = "";
    private String negativeTags = "";
    private ImageProgressNotice.Listener progress = ImageProgressNotice.Listener.NONE;
    private ImageProgressNotice.TagSource savedTags = ImageProgressNotice.TagSource.NONE;
    private String tagsHint = DEFAULT_TAGS_HINT;
    private Duration timeout = DEFAULT_TIMEOUT;

    private Builder(ImageBackend backend, PerServer<ImageSettings> settings) {
      this.backend = backend;
      this.settings = settings;
    }

    /** The tool's deadline, from 1 ms to 1 day; default {@link #DEFAULT_TIMEOUT}. */
    public Builder timeout(Duration timeout) {
      this.timeout = Settings.deadline("timeout", timeout);
      return this;
    }

    /**
     * Reads the deadline from {@value #TIMEOUT_VARIABLE} when set: milliseconds or a duration with a unit ({@code 5min}).
     *
     * @throws IllegalArgumentException naming the variable when its value cannot be read or is out of range
     */
    public Builder timeoutFromEnvironment(Map<String, String> environment) {
      return timeout(EnvironmentReader.of(environment).duration(TIMEOUT_VARIABLE, ChronoUnit.MILLIS, timeout,
          Settings.MIN_DEADLINE, Settings.MAX_DEADLINE));
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
     * Size limits on reference images, checked before any backend call; the count limit stays as it is.
     *
     * @param maxSingleBytes the largest one image may be; positive
     * @param maxTotalBytes the largest all images of one call may be together; at least {@code maxSingleBytes}
     */
    public Builder referenceLimits(long maxSingleBytes, long maxTotalBytes) {
      return referenceLimits(new ReferenceLimits(limits.maxCount(), maxSingleBytes, maxTotalBytes));
    }

    /** Count and size limits on reference images; default {@link ReferenceLimits#DEFAULTS}, or {@link ReferenceLimits#fromEnvironment(Map)}. */
    public Builder referenceLimits(ReferenceLimits limits) {
      if (limits == null) {
        throw new IllegalArgumentException("reference limits must not be null");
      }
      this.limits = limits;
      return this;
    }

    /** How {@code target_identity} participants' avatars are found; default {@link AvatarResolver#NONE}. */
    public Builder avatars(AvatarResolver avatars) {
      if (avatars == null) {
        throw new IllegalArgumentException("avatar resolver must not be null");
      }
      this.avatars = avatars;
      return this;
    }

    /** How {@code target_identity} names become participants; default a resolver over the turn's participants only. */
    public Builder targetResolver(TargetResolver resolver) {
      if (resolver == null) {
        throw new IllegalArgumentException("target resolver must not be null");
      }
      this.targets = resolver;
      return this;
    }

    /**
     * The pinned client reference images given by URL are downloaded with, so the network guard decides what
     * may be reached; not closed by the tool. Without one, URL references fail with {@link #REFERENCE_DOWNLOAD_FAILED}.
     */
    public Builder httpClient(SafeHttpClient client) {
      if (client == null) {
        throw new IllegalArgumentException("client must not be null");
      }
      this.client = client;
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

    /** Where saved user and persona image tags come from (added to the prompt, listed in notices); default none. */
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

    /**
     * The tool.
     *
     * @throws IllegalArgumentException if default tags were set on a per-server tool, whose tags are each
     *     server's ({@link ImageSettings})
     */
    public GenerateImageTool build() {
      if (settings != null && (!positiveTags.isEmpty() || !negativeTags.isEmpty())) {
        throw new IllegalArgumentException("defaultPositiveTags and defaultNegativeTags apply to a tool with one "
            + "backend; a per-server tool takes each server's tags from its ImageSettings");
      }
      return new GenerateImageTool(this);
    }
  }
}
