package dev.loadout.tools.image;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.internal.settings.EnvironmentReader;
import dev.loadout.core.internal.settings.Settings;
import dev.loadout.core.net.SafeHttpClient;
import dev.loadout.core.net.SafeHttpException;
import dev.loadout.core.net.SafeHttpRequest;
import dev.loadout.core.net.SafeHttpResponse;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code analyze_image}: looks at the images of a chat message with the host's {@link VisionProvider}.
 *
 * <p>The images come from the requested message; when that message is a text-only reply, from the
 * message it replies to, exactly one level up. Images are downloaded through the host's
 * {@link SafeHttpClient}, so the network guard decides what may be reached. One deadline
 * ({@value #TIMEOUT_VARIABLE}, default {@link #DEFAULT_TIMEOUT}) covers the look-up, the downloads and the
 * inference together: when it passes the call returns a {@code timeout} failure, so a stalled vision
 * request never outlives the host's chat timeout; a download still running then is closed under its read
 * ({@link SafeHttpClient#send(SafeHttpRequest, java.util.concurrent.CompletionStage)}), no further image is
 * fetched and the vision model is not asked. The work runs on the executor the host gives.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AnalyzeImageTool implements BaseTool {
  /** The environment variable holding the deadline in milliseconds. */
  public static final String TIMEOUT_VARIABLE = "VISION_ANALYSIS_TIMEOUT_MS";
  /** The deadline when none is configured. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
  /** Failure code: neither the message nor the one it replies to has an image. */
  public static final String NO_IMAGES = "no_images";
  /** Failure code: no message has the given id. */
  public static final String MESSAGE_NOT_FOUND = "message_not_found";
  /** Failure code: an image could not be downloaded. */
  public static final String DOWNLOAD_FAILED = "download_failed";
  /** Failure code: the vision provider failed. */
  public static final String VISION_ERROR = "vision_error";

  private static final String PARAMETERS = """
      {"type":"object","properties":{
        "message_id":{"type":"string","minLength":1,"description":"ID of the message whose images to analyze. If it is a text-only reply, the images of the message it replies to are used."},
        "question":{"type":"string","description":"What to look for or answer about the images. Default: describe them."}},
       "required":["message_id"],"additionalProperties":false}""";
  private static final String DEFAULT_QUESTION = "Describe the images.";

  private final ToolSpec spec;
  private final MessageLookup messages;
  private final VisionProvider vision;
  private final SafeHttpClient client;
  private final Executor executor;
  private final Duration timeout;
  private final int maxImages;
  private final long maxImageBytes;
  private final ScheduledExecutorService scheduler;

  private AnalyzeImageTool(Builder b) {
    // Loadout's own deadline sits just behind ours, so the failure the model sees is this tool's.
    this.spec = ToolSpec.builder("analyze_image", PARAMETERS)
        .description("Analyze the images of a chat message with a vision model and answer a question about them.")
        .group("media").timeout(b.timeout.plusSeconds(1)).build();
    this.messages = b.messages;
    this.vision = b.vision;
    this.client = b.client;
    this.executor = b.executor;
    this.timeout = b.timeout;
    this.maxImages = b.maxImages;
    this.maxImageBytes = b.maxImageBytes;
    this.scheduler = b.scheduler;
  }

  /**
   * Starts a tool.
   *
   * @param messages the host's message look-up; never null
   * @param vision the host's vision model; never null
   * @param client the pinned client images are downloaded with; never null, not closed by the tool
   * @param executor where look-ups and downloads run; never null
   */
  public static Builder builder(MessageLookup messages, VisionProvider vision, SafeHttpClient client, Executor executor) {
    if (messages == null || vision == null || client == null || executor == null) {
      throw new IllegalArgumentException("analyze_image needs a message look-up, a vision provider, a client and an executor");
    }
    return new Builder(messages, vision, client, executor);
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  /** The deadline over look-up, downloads and inference. */
  public Duration timeout() {
    return timeout;
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    long start = System.nanoTime();
    ObjectNode args = call.argumentsJson();
    ToolResult late = ToolResult.failure(ToolResult.TIMEOUT,
        "Image analysis did not finish within " + timeout.toMillis() + " ms", true);
    // Completed at the deadline: downloads still running are closed under their reads, none starts after it,
    // and the vision model is not asked.
    CompletableFuture<Void> gaveUp = new CompletableFuture<>();
    CompletableFuture<ToolResult> out = new CompletableFuture<>();
    Runnable deadline = () -> {
      if (out.complete(late)) {
        gaveUp.complete(null);
      }
    };
    Future<?> timer = scheduler != null
        ? scheduler.schedule(deadline, timeout.toNanos(), TimeUnit.NANOSECONDS) : null;
    if (timer == null) {
      CompletableFuture.delayedExecutor(timeout.toNanos(), TimeUnit.NANOSECONDS).execute(deadline);
    }
    CompletableFuture.supplyAsync(() -> images(args, context, gaveUp), executor)
        .thenCompose(found -> {
          if (found.failure != null) {
            return CompletableFuture.completedFuture(found.failure);
          }
          if (gaveUp.isDone()) {
            return CompletableFuture.completedFuture(late);
          }
          Duration remaining = timeout.minusNanos(System.nanoTime() - start);
          return vision.analyze(found.images, text(args, "question").orElse(DEFAULT_QUESTION), remaining)
              .thenApply(analysis -> analysis == null || analysis.isBlank()
                  ? ToolResult.failure(VISION_ERROR, "The vision model returned no analysis", true)
                  : (ToolResult) ToolResult.text(analysis));
        })
        .exceptionally(e -> ToolResult.failure(VISION_ERROR, "The image analysis failed", true))
        .thenAccept(r -> {
          out.complete(r);
          if (timer != null) {
            timer.cancel(false);
          }
        });
    return out;
  }

  private Found images(ObjectNode args, TurnContext context, CompletableFuture<Void> gaveUp) {
    String id = text(args, "message_id").orElse("");
    Optional<ImageMessage> message = messages.message(id, context);
    if (message.isEmpty()) {
      return Found.failed(ToolResult.failure(MESSAGE_NOT_FOUND, "No message with id " + id + " in this channel", false));
    }
    List<String> urls = message.get().imageUrls();
    if (urls.isEmpty() && message.get().repliesTo().isPresent()) {
      // Exactly one level: the image being discussed, never a chain of replies.
      urls = messages.message(message.get().repliesTo().get(), context).map(ImageMessage::imageUrls).orElse(List.of());
    }
    if (urls.isEmpty()) {
      return Found.failed(ToolResult.failure(NO_IMAGES, "Message " + id + " has no images, and neither has the message it replies to", false));
    }
    List<ReferenceImage> images = new ArrayList<>();
    for (int i = 0; i < Math.min(urls.size(), maxImages); i++) {
      if (gaveUp.isDone()) {
        return Found.failed(ToolResult.failure(ToolResult.TIMEOUT, "Image analysis did not finish within "
            + timeout.toMillis() + " ms", true));
      }
      Optional<ReferenceImage> image;
      String why;
      try {
        SafeHttpResponse response = client.send(SafeHttpRequest.builder("GET", urls.get(i))
            .maxBodyBytes(maxImageBytes).rejectOversizedBody(true).build(), gaveUp);
        String type = response.contentType().orElse("").toLowerCase(Locale.ROOT);
        image = response.status() == 200 && type.startsWith("image/")
            ? Optional.of(new ReferenceImage(response.body(), type.split(";")[0].trim())) : Optional.empty();
        why = "HTTP " + response.status() + (type.startsWith("image/") ? "" : ", not an image");
      } catch (SafeHttpException e) {
        image = Optional.empty();
        why = e.code();
      } catch (IllegalArgumentException e) {
        image = Optional.empty();
        why = "not a URL";
      }
      if (image.isEmpty()) {
        // The URL is left out on purpose: attachment URLs can carry signed tokens.
        return Found.failed(ToolResult.failure(DOWNLOAD_FAILED, "Could not download image " + (i + 1) + " (" + why + ")", true));
      }
      images.add(image.get());
    }
    return new Found(null, images);
  }

  private static Optional<String> text(ObjectNode args, String name) {
    JsonNode v = args.get(name);
    return v != null && v.isString() && !v.stringValue().isBlank() ? Optional.of(v.stringValue().trim()) : Optional.empty();
  }

  @Override
  public String toString() {
    return "AnalyzeImageTool[timeout=" + timeout.toMillis() + "ms]";
  }

  private record Found(ToolResult failure, List<ReferenceImage> images) {
    static Found failed(ToolResult failure) {
      return new Found(failure, List.of());
    }
  }

  /**
   * Configures an {@link AnalyzeImageTool}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final MessageLookup messages;
    private final VisionProvider vision;
    private final SafeHttpClient client;
    private final Executor executor;
    private Duration timeout = DEFAULT_TIMEOUT;
    private int maxImages = 4;
    private long maxImageBytes = 10L << 20;
    private ScheduledExecutorService scheduler;

    private Builder(MessageLookup messages, VisionProvider vision, SafeHttpClient client, Executor executor) {
      this.messages = messages;
      this.vision = vision;
      this.client = client;
      this.executor = executor;
    }

    /** The deadline over look-up, downloads and inference; from 1 ms to 1 day; default {@link #DEFAULT_TIMEOUT}. */
    public Builder timeout(Duration timeout) {
      this.timeout = Settings.deadline("timeout", timeout);
      return this;
    }

    /**
     * Reads the deadline from {@value #TIMEOUT_VARIABLE} when it is set: milliseconds, or a duration with a unit
     * ({@code 90s}), from 1 ms to 1 day.
     *
     * @throws IllegalArgumentException naming the variable when its value cannot be read or is out of range
     */
    public Builder timeoutFromEnvironment(Map<String, String> environment) {
      return timeout(EnvironmentReader.of(environment).duration(TIMEOUT_VARIABLE, ChronoUnit.MILLIS, timeout,
          Settings.MIN_DEADLINE, Settings.MAX_DEADLINE));
    }

    /**
     * Limits on what is downloaded.
     *
     * @param maxImages the most images analysed from one message; positive; default 4
     * @param maxImageBytes the largest one image may be; positive; default 10 MiB
     */
    public Builder limits(int maxImages, long maxImageBytes) {
      if (maxImages < 1 || maxImageBytes < 1) {
        throw new IllegalArgumentException("limits must be positive, but were maxImages=" + maxImages + ", maxImageBytes=" + maxImageBytes);
      }
      this.maxImages = maxImages;
      this.maxImageBytes = maxImageBytes;
      return this;
    }

    /**
     * The scheduler the deadline runs on (the bot's own, or a test's); the tool never shuts it down. Unless set,
     * the JDK's shared delayed executor.
     *
     * @since 0.1
     */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      if (scheduler == null) {
        throw new IllegalArgumentException("scheduler must not be null");
      }
      this.scheduler = scheduler;
      return this;
    }

    /** The tool. */
    public AnalyzeImageTool build() {
      return new AnalyzeImageTool(this);
    }
  }
}
