package dev.loadout.testkit;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small bot's tools, written the way a host writes them, and the Loadout the tests prepare turns with.
 *
 * <ul>
 *   <li>{@code echo}: core, repeats its text.</li>
 *   <li>{@code generate_image}: group media; narrows {@code style} unless flag {@code nsfw}, drops
 *       {@code seed} unless flag {@code seeds}.</li>
 *   <li>{@code ban_member}: group moderation; needs {@code BAN_MEMBERS} and a guild.</li>
 *   <li>{@code dm_notes}: group personal; hides itself in a guild.</li>
 * </ul>
 */
final class TestTools {
  static final JsonMapper JSON = JsonMapper.builder().build();

  private TestTools() {}

  /** A Loadout over the four tools with the permission and guild-only filters; tools run inline. */
  static Loadout loadout() {
    ToolRegistry registry = ToolRegistry.builder()
        .register(new Echo(), new GenerateImage(), new BanMember(), new DmNotes())
        .build();
    return Loadout.builder(registry)
        .groupOrder(Arrays.asList("media", "moderation"))
        .addFilter(new PermissionFilter())
        .addFilter(new GuildOnlyFilter())
        .executor(Runnable::run)
        .build();
  }

  static ObjectNode json(String text) {
    return (ObjectNode) JSON.readTree(text);
  }

  /** Hides a tool whose required permission the member is not known to hold. */
  static final class PermissionFilter implements AvailabilityFilter {
    @Override
    public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
      return spec.requirements().permissions().isSatisfiedBy(context.permissions())
          ? AvailabilityDecision.available()
          : AvailabilityDecision.hidden("missing_permission", "needs permission " + spec.requirements().permissions().permissions());
    }
  }

  /** Hides a tool with metadata {@code guild_only=true} outside a guild. */
  static final class GuildOnlyFilter implements AvailabilityFilter {
    @Override
    public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
      boolean guildOnly = "true".equals(spec.metadata().get("guild_only"));
      return guildOnly && context.guildId().isEmpty()
          ? AvailabilityDecision.hidden("guild_only", "works in a guild only")
          : AvailabilityDecision.available();
    }
  }

  static final class Echo implements BaseTool {
    private final ToolSpec spec = ToolSpec.builder("echo", json(
        "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}"))
        .description("Repeats the text.").build();

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      String text = call.argumentsJson().get("text").stringValue();
      return CompletableFuture.completedFuture(ToolResult.success(call.argumentsJson(), text));
    }
  }

  static final class GenerateImage implements BaseTool {
    private final ToolSpec spec = ToolSpec.builder("generate_image", json("{\"type\":\"object\",\"properties\":{"
        + "\"prompt\":{\"type\":\"string\"},"
        + "\"style\":{\"type\":\"string\",\"enum\":[\"photo\",\"anime\",\"nsfw\"]},"
        + "\"seed\":{\"type\":\"integer\"},"
        + "\"options\":{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"string\",\"enum\":[\"small\",\"large\"]},"
        + "\"quality\":{\"type\":\"integer\"}},\"required\":[\"size\"]},"
        + "\"formats\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"png\",\"webp\"]}}},"
        + "\"required\":[\"prompt\",\"seed\"]}"))
        .description("Draws an image.").group("media").build();

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public Optional<ToolSpec> assembleForContext(TurnContext context) {
      var edit = spec.edit();
      if (!context.flag("nsfw")) {
        edit.narrowEnum("style", List.of("photo", "anime"));
      }
      if (!context.flag("seeds")) {
        edit.dropProperties("seed");
      }
      return Optional.of(edit.build());
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      return CompletableFuture.completedFuture(ToolResult.success(call.argumentsJson(), "an image"));
    }
  }

  static final class BanMember implements BaseTool {
    private final ToolSpec spec = ToolSpec.builder("ban_member", json(
        "{\"type\":\"object\",\"properties\":{\"user\":{\"type\":\"string\"}},\"required\":[\"user\"]}"))
        .description("Bans a member.").group("moderation").requiredPermission("BAN_MEMBERS")
        .metadata("guild_only", "true").build();

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      return CompletableFuture.completedFuture(ToolResult.success(null, "banned"));
    }
  }

  static final class DmNotes implements BaseTool {
    private final ToolSpec spec = ToolSpec.builder("dm_notes", json("{\"type\":\"object\",\"properties\":{}}"))
        .description("Private notes.").group("personal").build();

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public Optional<ToolSpec> assembleForContext(TurnContext context) {
      return context.guildId().isPresent() ? Optional.empty() : Optional.of(spec);
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      return CompletableFuture.completedFuture(ToolResult.success(null, "no notes"));
    }
  }
}
