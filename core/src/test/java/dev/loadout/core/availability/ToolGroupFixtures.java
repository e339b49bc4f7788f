package dev.loadout.core.availability;

import dev.loadout.core.BaseTool;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/** Specs, contexts and a warning recorder for the tool group tests. */
final class ToolGroupFixtures {
  /** The seed's llm.yaml example, exactly as written there. */
  static final String SEED_YAML = String.join("\n",
      "tool_groups:",
      "  games:",
      "    channels: [123456789012345678]   # only here (a thread follows its parent channel)",
      "  music:",
      "    exclude_channels: [234567890123456789]",
      "  fun:",
      "    enabled: false                   # nowhere",
      "");
  static final String GAMES_CHANNEL = "123456789012345678";
  static final String MUSIC_EXCLUDED = "234567890123456789";

  private ToolGroupFixtures() {}

  static ToolSpec spec(String name, String group) {
    return ToolSpec.builder(name, "{\"type\":\"object\",\"properties\":{}}").description("The " + name + " tool.")
        .group(group).build();
  }

  static BaseTool tool(String name, String group) {
    return BaseTool.of(spec(name, group), (call, ctx) -> ToolResult.text("ok"));
  }

  /** A turn in a channel; null for a turn that names no channel. */
  static TurnContext.Builder in(String channel) {
    return TurnContext.builder("openai", "test-model").guildId("g1").channelId(channel).userId("u1").permissions(Set.of());
  }

  /** Collects every warning a config hands its listener. */
  static final class Warnings implements Consumer<String> {
    final List<String> messages = new ArrayList<>();

    @Override
    public void accept(String message) {
      messages.add(message);
    }

    ToolGroupsConfig yaml(String yaml) {
      return ToolGroupsConfig.builder().warningListener(this).fromYaml(yaml);
    }
  }
}
