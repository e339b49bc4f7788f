package dev.loadout.tools.voice;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.BaseTool;
import dev.loadout.core.SchemaEdit;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.internal.settings.Settings;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code generate_voice_message}: speaks a script in the persona's voice and delivers it, through the
 * shared {@link SpeechDispatcher}.
 *
 * <p><b>Per turn.</b> {@code script} (its description states the markup the endpoint accepts) and
 * {@code title} always; {@code voice_instructions} only when the dispatcher would pass instructions on:
 * as one-off delivery instructions when the endpoint supports them, or as a voice design prompt when the
 * persona's voice was designed on a voice-design endpoint. Hidden when there is no speech endpoint, the
 * persona has no voice, or the guild set {@value #ENABLED_FLAG} to false. The endpoint is the server's own with a
 * {@link SpeechDispatcher#perServer} dispatcher; each distinct endpoint shape builds its variant once.
 *
 * <p><b>Deadline.</b> The tool answers by its own deadline ({@link Builder#timeout}, default
 * {@link #DEFAULT_TIMEOUT}; Loadout's sits a second behind it), and one gate decides between the deadline and the
 * delivery: a synthesis that finishes after the model was told the call timed out (and may call again) is never
 * delivered, and a delivery already under way when the deadline passes is answered as not to be repeated. So one
 * request never ends in two voice messages. Synthesis and delivery run on the tool's {@link Builder#executor}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class GenerateVoiceMessageTool implements BaseTool {
  /** The feature flag a guild sets to false to turn voice messages off. */
  public static final String ENABLED_FLAG = "voice_messages_enabled";
  /** Failure code: voice messages are unavailable on this turn (config changed since prepare). */
  public static final String UNAVAILABLE = "voice_unavailable";
  /**
   * Failure code: speech could not be made for a reason of its own (configuration, voice, script); a failure of the
   * speech service itself answers with the shared backend codes ({@code timeout}, {@code upstream_status}, ...).
   */
  public static final String SPEECH_ERROR = SpeechException.SPEECH_ERROR;
  /** The tool's deadline by default: thirty seconds, Loadout's own default for a tool. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  static final String DESIGN_INSTRUCTIONS = "A voice design prompt for this message: how the persona's designed voice"
      + " should sound (tone, pace, emotion). Optional.";
  static final String DELIVERY_INSTRUCTIONS = "One-off delivery instructions for this message only (tone, pace, emotion);"
      + " the persona's voice stays the same. Optional.";
  private static final String PARAMETERS = """
      {"type":"object","properties":{
        "script":{"type":"string","minLength":1,"maxLength":4000,"description":"The words to speak."},
        "title":{"type":"string","maxLength":100,"description":"A short title for the voice message attachment."},
        "voice_instructions":{"type":"string","maxLength":1000,"description":"How to speak the script."}},
       "required":["script"],"additionalProperties":false}""";

  private final ToolSpec spec;
  private final SpeechDispatcher dispatcher;
  /** Variants by what shapes them, so a warm turn builds no schema; starts over past {@value #MAX_VARIANTS}. */
  private final ConcurrentMap<VariantKey, ToolSpec> variants =
      new ConcurrentHashMap<>();
  private static final int MAX_VARIANTS = 256;

  private final Duration timeout;
  private final Executor executor;
  private final ScheduledExecutorService scheduler;

  private GenerateVoiceMessageTool(Builder b) {
    // Loadout's own deadline sits just behind ours, so the answer the model sees is this tool's gate's.
    this.spec = ToolSpec.builder("generate_voice_message", PARAMETERS)
        .description("Send a voice message spoken in the persona's voice.").group("media")
        .timeout(b.timeout.plusSeconds(1)).build();
    this.dispatcher = b.dispatcher;
    this.timeout = b.timeout;
    this.executor = b.executor;
    this.scheduler = b.scheduler;
  }

  /**
   * A tool speaking through a dispatcher with the defaults of {@link #builder}; give the same dispatcher to the
   * host's voice-message command.
   *
   * @param dispatcher the shared dispatcher; never null
   */
  public static GenerateVoiceMessageTool of(SpeechDispatcher dispatcher) {
    return builder(dispatcher).build();
  }

  /**
   * Starts a tool speaking through a dispatcher.
   *
   * @param dispatcher the shared dispatcher; never null
   * @since 0.1
   */
  public static Builder builder(SpeechDispatcher dispatcher) {
    if (dispatcher == null) {
      throw new IllegalArgumentException("dispatcher must not be null");
    }
    return new Builder(dispatcher);
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public Optional<ToolSpec> assembleForContext(TurnContext context) {
    if (unavailable(context).isPresent()) {
      return Optional.empty();
    }
    SpeechEndpoint endpoint = dispatcher.endpoint(context).orElseThrow();
    Instructions instructions = dispatcher.designPrompt(context) ? Instructions.DESIGN
        : dispatcher.acceptsInstructions(context) ? Instructions.DELIVERY : Instructions.NONE;
    VariantKey key = new VariantKey(endpoint.label(), endpoint.markup(), instructions);
    if (variants.size() >= MAX_VARIANTS) {
      variants.clear();
    }
    return Optional.of(variants.computeIfAbsent(key, this::variant));
  }

  private ToolSpec variant(VariantKey key) {
    SchemaEdit edit = spec.edit()
        .description("Send a voice message spoken in the persona's voice via " + key.label() + ".")
        .propertyDescription("script", "The words to speak. " + key.markup().scriptRule());
    switch (key.instructions()) {
      case DESIGN -> edit.propertyDescription("voice_instructions", DESIGN_INSTRUCTIONS);
      case DELIVERY -> edit.propertyDescription("voice_instructions", DELIVERY_INSTRUCTIONS);
      default -> edit.dropProperties("voice_instructions");
    }
    return edit.build();
  }

  /** What {@code voice_instructions} is on a turn: a design tweak, one-off delivery instructions, or absent. */
  private enum Instructions { DESIGN, DELIVERY, NONE }

  /** What shapes a variant: the server's endpoint and how instructions reach it. */
  private record VariantKey(String label, ScriptMarkup markup, Instructions instructions) {}

  @Override
  public AvailabilityDecision hiddenReason(TurnContext context) {
    return AvailabilityDecision.hidden(AvailabilityDecision.HIDDEN_BY_ASSEMBLY, unavailable(context).orElse("voice messages are unavailable"));
  }

  private Optional<String> unavailable(TurnContext context) {
    if (!context.switchedOn(ENABLED_FLAG)) {
      return Optional.of("voice messages are disabled for this server");
    }
    if (dispatcher.endpoint(context).isEmpty()) {
      return Optional.of("no speech endpoint is configured");
    }
    if (dispatcher.voice(context).isEmpty()) {
      return Optional.of("the persona has no voice");
    }
    if (dispatcher.toolVoice(context).isEmpty()) {
      return Optional.of("the persona has no voice that " + dispatcher.endpoint(context).orElseThrow().label() + " accepts");
    }
    return Optional.empty();
  }

  /** Where one call is: speaking, given up by the deadline, or past the gate and sending. */
  private enum Stage { SPEAKING, GAVE_UP, SENDING }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    Optional<String> why = unavailable(context);
    if (why.isPresent()) {
      return CompletableFuture.completedFuture(
          ToolResult.failure(UNAVAILABLE, "Voice messages are unavailable: " + why.get(), false));
    }
    ObjectNode args = call.argumentsJson();
    AtomicReference<Stage> stage = new AtomicReference<>(Stage.SPEAKING);
    CompletableFuture<ToolResult> out = new CompletableFuture<>();
    // The gate: whichever of the deadline and the finished synthesis moves the stage first decides. Past
    // SENDING the message may already be on its way, so a retry would send it twice.
    Runnable deadline = () -> out.complete(stage.compareAndSet(Stage.SPEAKING, Stage.GAVE_UP)
        ? ToolResult.failure(ToolResult.TIMEOUT, "The voice message did not finish within " + timeout.toMillis()
            + " ms and was not sent", true)
        : ToolResult.failure(ToolResult.TIMEOUT, "The voice message is still being sent; do not send it again",
            false));
    Future<?> timer;
    if (scheduler != null) {
      timer = scheduler.schedule(deadline, timeout.toNanos(), TimeUnit.NANOSECONDS);
    } else {
      timer = null;
      CompletableFuture.delayedExecutor(timeout.toNanos(), TimeUnit.NANOSECONDS).execute(deadline);
    }
    Runnable work = () -> {
      try {
        Optional<ToolResult> result = run(args, context, () -> stage.compareAndSet(Stage.SPEAKING, Stage.SENDING));
        result.ifPresent(out::complete); // empty: given up, and the deadline has answered
      } catch (RuntimeException e) {
        out.completeExceptionally(e); // Loadout answers tool_error and logs it
      } finally {
        if (timer != null) {
          timer.cancel(false);
        }
      }
    };
    try {
      executor.execute(work);
    } catch (RejectedExecutionException e) {
      out.complete(ToolResult.failure(SPEECH_ERROR, "The voice message could not be started; try again shortly", true));
      if (timer != null) {
        timer.cancel(false);
      }
    }
    return out;
  }

  private Optional<ToolResult> run(ObjectNode args, TurnContext context, BooleanSupplier deliverNow) {
    String title = text(args, "title").orElse("Voice message");
    SpeechAudio audio;
    try {
      Optional<SpeechAudio> sent = dispatcher.send(context, text(args, "script").orElse(""), title,
          text(args, "voice_instructions"), deliverNow);
      if (sent.isEmpty()) {
        return Optional.empty();
      }
      audio = sent.get();
    } catch (SpeechException e) {
      return Optional.of(ToolResult.failure(e.code(), e.getMessage(), e.retryable()));
    }
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.put("delivered", true).put("title", title).put("mime_type", audio.mimeType()).put("bytes", audio.bytes().length);
    audio.duration().ifPresent(d -> data.put("duration_ms", d.toMillis()));
    return Optional.of(ToolResult.success(data, "Delivered voice message \"" + title + "\" (" + audio.mimeType()
        + ", " + audio.bytes().length + " bytes" + audio.duration().map(d -> ", " + d.toMillis() + " ms").orElse("")
        + ")."));
  }

  private static Optional<String> text(ObjectNode args, String name) {
    JsonNode v = args.get(name);
    return v != null && v.isString() && !v.stringValue().isBlank() ? Optional.of(v.stringValue().trim()) : Optional.empty();
  }

  @Override
  public String toString() {
    return "GenerateVoiceMessageTool[" + dispatcher + "]";
  }

  /**
   * Configures a {@link GenerateVoiceMessageTool}; each setter checks its value at once.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final SpeechDispatcher dispatcher;
    private Duration timeout = DEFAULT_TIMEOUT;
    private Executor executor = Builder::ownThread;
    private ScheduledExecutorService scheduler;

    private Builder(SpeechDispatcher dispatcher) {
      this.dispatcher = dispatcher;
    }

    /** The tool's deadline, from 1 ms to 1 day; default {@link #DEFAULT_TIMEOUT}. Loadout's is a second longer. */
    public Builder timeout(Duration timeout) {
      this.timeout = Settings.deadline("timeout", timeout);
      return this;
    }

    /**
     * Where synthesis and delivery run (the bot's pool, or a test's); the tool never shuts it down. Unless set,
     * each call runs on a daemon thread of its own, so a stalled synthesis holds no pool thread of the host's.
     */
    public Builder executor(Executor executor) {
      if (executor == null) {
        throw new IllegalArgumentException("executor must not be null");
      }
      this.executor = executor;
      return this;
    }

    /**
     * The scheduler the deadline runs on (the bot's own, or a test's); the tool never shuts it down. Unless set,
     * the JDK's shared delayed executor.
     */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      if (scheduler == null) {
        throw new IllegalArgumentException("scheduler must not be null");
      }
      this.scheduler = scheduler;
      return this;
    }

    /** The tool. */
    public GenerateVoiceMessageTool build() {
      return new GenerateVoiceMessageTool(this);
    }

    private static void ownThread(Runnable work) {
      Thread t = new Thread(work, "loadout-voice-message");
      t.setDaemon(true);
      t.start();
    }
  }
}
