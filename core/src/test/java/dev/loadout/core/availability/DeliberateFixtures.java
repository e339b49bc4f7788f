package dev.loadout.core.availability;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Set;

/** Tools and contexts shared by the deliberate-tool-mode tests. */
final class DeliberateFixtures {
  /** The reference's tool names, plus a grouped one and a host tool no family knows. */
  static final List<String> NAMES = List.of("web_search", "fetch_url", "review_capabilities", "generate_image",
      "generate_video", "generate_voice_message", "analyze_image", "create_task", "update_task", "block_user",
      "unblock_user", "create_long_term_memory", "update_long_term_memory", "manage_message", "update_user_info",
      "roll_dice");

  private DeliberateFixtures() {}

  static ToolSpec spec(String name) {
    return ToolSpec.builder(name, "{\"type\":\"object\",\"properties\":{}}").description("The " + name + " tool.").build();
  }

  static ToolSpec spec(String name, String group, String family) {
    return ToolSpec.builder(name, "{\"type\":\"object\",\"properties\":{}}").description("The " + name + " tool.")
        .group(group).family(family).build();
  }

  static BaseTool tool(ToolSpec spec) {
    return BaseTool.of(spec, (call, ctx) -> ToolResult.text("ok from " + spec.name()));
  }

  static ToolRegistry registry() {
    ToolRegistry.Builder b = ToolRegistry.builder();
    for (String n : NAMES) {
      // A few groups so that Loadout's ordering is not just alphabetical.
      String group = n.startsWith("generate") ? "media" : n.contains("block") ? "moderation" : null;
      b.register(tool(spec(n, group, n.equals("fetch_url") ? "url_fetch" : null)));
    }
    return b.build();
  }

  static Loadout loadout(DeliberateToolMode mode) {
    return Loadout.builder(registry()).groupOrder(List.of("moderation", "media"))
        .addFilter(AvailabilityFilters.deliberateToolMode(mode)).build();
  }

  static TurnContext.Builder context(String text) {
    return TurnContext.builder("openai", "test-model").guildId("g1").channelId("c1").userId("u1").permissions(Set.of())
        .messageText(text);
  }

  static TurnContext deliberate(String text) {
    return context(text).attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true)).build();
  }
}
