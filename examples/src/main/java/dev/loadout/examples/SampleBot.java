package dev.loadout.examples;

import dev.loadout.core.BaseTool;
import dev.loadout.core.PermissionRule;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.capabilities.ReviewCapabilities;
import java.util.List;

/**
 * The sample bot's tools for {@link Inspect}: a small but realistic mix of core tools, grouped tools,
 * flag-gated, permission-gated and provider-limited tools. Their bodies only echo; they are here to be
 * filtered, ordered and rendered.
 */
final class SampleBot {
  /** The group order the sample bot configures. */
  static final List<String> GROUP_ORDER = List.of("media", "music", "moderation");

  private SampleBot() {}

  static ToolRegistry registry() {
    return ToolRegistry.builder().register(
        ReviewCapabilities.builder().build(),
        new Demo.RollDice(),
        new Demo.GenerateImage(),
        tool(ToolSpec.builder("web_search", """
            {"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}""")
            .description("Searches the web.").family("web_search").requiredFlag("web_search")),
        tool(ToolSpec.builder("fetch_url", """
            {"type":"object","properties":{"url":{"type":"string","format":"uri"}},"required":["url"]}""")
            .description("Reads a web page.").family("url_fetch").refusedProviders("novelai")),
        tool(ToolSpec.builder("analyze_image", """
            {"type":"object","properties":{"message_id":{"type":"string"}},"required":["message_id"]}""")
            .description("Describes an image in a message.").group("media").requiredCapability("vision", true)),
        tool(ToolSpec.builder("play_music", """
            {"type":"object","properties":{"song":{"type":"string"}},"required":["song"]}""")
            .description("Plays a song in the voice channel.").group("music")),
        tool(ToolSpec.builder("trivia", "{\"type\":\"object\",\"properties\":{}}")
            .description("Starts a trivia round.").group("games")),
        tool(ToolSpec.builder("ban_member", """
            {"type":"object","properties":{"member":{"type":"string"}},"required":["member"]}""")
            .description("Bans a member from the server.").group("moderation")
            .requiredPermissions(PermissionRule.anyOf("ADMIN", "MODERATOR"))))
        .build();
  }

  private static BaseTool tool(ToolSpec.Builder spec) {
    return BaseTool.of(spec.build(), (call, ctx) -> ToolResult.text("(sample " + call.name() + ")"));
  }
}
