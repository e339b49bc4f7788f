package dev.loadout.core.capabilities;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.BaseTool;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;

/**
 * The built-in {@code review_capabilities} tool, with one argument {@code capability_type}:
 * <ul>
 *   <li>{@code chat}: the model, the provider, the model's declared capabilities and the tools visible
 *       on this turn, by group, with external tools listed apart with their source.</li>
 *   <li>{@code commands}: the host's command registration payload (Discord's shape: root commands with
 *       {@code options} of type 1, sub-command, and 2, sub-command group), expanded, sorted and
 *       counted.</li>
 *   <li>{@code settings}: the feature flags and every hidden tool with its reasons, for everyone; the
 *       host's administrator details (credential state, pool counts, internal ids, system-prompt
 *       metadata) only when the requesting member holds {@link #MANAGE_GUILD}. Unknown permissions fail
 *       closed to the redacted report.</li>
 * </ul>
 *
 * <pre>{@code
 * BaseTool review = ReviewCapabilities.builder()
 *     .commands(() -> myCommandPayload)
 *     .adminDetails(ctx -> Map.of("openai key", "set", "rotation keys", "3"))
 *     .build();
 * }</pre>
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ReviewCapabilities implements BaseTool {
  /** The tool name. */
  public static final String NAME = "review_capabilities";
  /** The permission that unlocks administrator details in the settings report. */
  public static final String MANAGE_GUILD = "MANAGE_GUILD";
  /** The host's command payload could not be read. */
  public static final String COMMANDS_UNAVAILABLE = "commands_unavailable";
  /** The call did not come through a {@link PreparedTurn}. */
  public static final String NO_TURN = "no_turn";

  private static final ToolSpec SPEC = ToolSpec.builder(NAME, """
      {"type":"object","properties":{"capability_type":{"type":"string","enum":["chat","commands","settings"],
        "description":"chat: model, provider and the tools available right now; commands: the bot's slash commands; settings: feature states and why tools are unavailable."}},
       "required":["capability_type"],"additionalProperties":false}""")
      .description("Reports what this bot can do right now: its model and tools, its commands, or its settings and why "
          + "some tools are unavailable. Use it when the user asks about your abilities, model or settings, or why you "
          + "did not or cannot do something.")
      .build();

  private final Supplier<JsonNode> commands;
  private final Function<TurnContext, Map<String, String>> adminDetails;

  private ReviewCapabilities(Builder b) {
    this.commands = b.commands;
    Function<TurnContext, Map<String, String>> host = b.adminDetails;
    java.util.concurrent.atomic.AtomicBoolean warned = new java.util.concurrent.atomic.AtomicBoolean();
    // The report says the details could not be read; the operator hears why once, naming the function.
    this.adminDetails = ctx -> {
      try {
        return host.apply(ctx);
      } catch (RuntimeException e) {
        if (warned.compareAndSet(false, true)) {
          org.slf4j.LoggerFactory.getLogger(ReviewCapabilities.class).warn(
              "The administrator-details function {} threw; reports say the details could not be read",
              host.getClass().getName(), e);
        }
        throw e;
      }
    };
  }

  /** Starts a configuration; with nothing set, commands are empty and there are no admin details. */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public ToolSpec spec() {
    return SPEC;
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    String type = call.argumentsJson().path("capability_type").asString("");
    ToolResult result;
    switch (type) {
      case "chat":
        result = context.attribute(PreparedTurn.CURRENT).map(CapabilityReports::chat).orElse(noTurn());
        break;
      case "commands":
        result = CapabilityReports.commands(commands);
        break;
      case "settings":
        result = context.attribute(PreparedTurn.CURRENT)
            .map(turn -> CapabilityReports.settings(turn, context.hasPermission(MANAGE_GUILD), adminDetails))
            .orElse(noTurn());
        break;
      default:
        // The schema's enum already refuses other values; this guards direct calls.
        result = ToolResult.failure("invalid_capability_type",
            "capability_type must be one of chat, commands, settings, but was '" + type + "'.", false);
    }
    return CompletableFuture.completedFuture(result);
  }

  private static ToolResult noTurn() {
    return ToolResult.failure(NO_TURN, "The capability report is only available during a prepared turn.", false);
  }

  @Override
  public String toString() {
    return "ReviewCapabilities";
  }

  /**
   * Configures {@link ReviewCapabilities}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private Supplier<JsonNode> commands = () -> null;
    private Function<TurnContext, Map<String, String>> adminDetails = ctx -> Map.of();

    private Builder() {}

    /** Supplies the command registration payload (a JSON array in Discord's shape); called per report. */
    public Builder commands(Supplier<JsonNode> commands) {
      if (commands == null) {
        throw new IllegalArgumentException("commands supplier must not be null");
      }
      this.commands = commands;
      return this;
    }

    /**
     * Supplies administrator details (label → value) for the settings report; shown only to members
     * holding {@link #MANAGE_GUILD}. Values are shown as given: pass states ("set", "3 keys"), never secrets.
     */
    public Builder adminDetails(Function<TurnContext, Map<String, String>> adminDetails) {
      if (adminDetails == null) {
        throw new IllegalArgumentException("adminDetails function must not be null");
      }
      this.adminDetails = adminDetails;
      return this;
    }

    /** Builds the tool. */
    public ReviewCapabilities build() {
      return new ReviewCapabilities(this);
    }
  }
}
