package dev.loadout.core.availability;

import static dev.loadout.core.availability.ToolGroupFixtures.GAMES_CHANNEL;
import static dev.loadout.core.availability.ToolGroupFixtures.MUSIC_EXCLUDED;
import static dev.loadout.core.availability.ToolGroupFixtures.SEED_YAML;
import static dev.loadout.core.availability.ToolGroupFixtures.tool;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PermissionRule;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The tool group filter inside a real {@link Loadout#prepare}: what the model sees and why the rest is hidden. */
class ToolGroupLoadoutTest {
  private static final String QUIET_CHANNEL = "345678901234567890";

  private static ToolRegistry registry() {
    ToolSpec kick = ToolGroupFixtures.spec("kick", "community").toBuilder().requiredPermission("MODERATOR").build();
    return ToolRegistry.builder().register(
        tool("web_search", null), tool("fetch_url", null),
        tool("chess", "games"), tool("trivia", "Games"),
        tool("play_song", "music"), tool("joke", "fun"),
        BaseTool.of(kick, (call, ctx) -> ToolResult.text("ok")), tool("poll", "community")).build();
  }

  private static Loadout loadout(ToolGroupsConfig config) {
    Loadout.Builder b = Loadout.builder(registry()).groupOrder(List.of("music", "community", "games", "fun"));
    AvailabilityFilters.standard().forEach(b::addFilter);
    return b.addFilter(AvailabilityFilters.toolGroups(config)).build();
  }

  private static List<String> reasons(PreparedTurn turn, String tool) {
    return turn.hidden(tool).map(HiddenTool::reasons).orElseThrow().stream()
        .map(r -> r.source() + " " + r.code() + ": " + r.message()).toList();
  }

  @Test
  void inTheGamesChannelTheSeedExampleShowsGamesAndMusicButNotFun() {
    try (Loadout loadout = loadout(ToolGroupsConfig.fromYaml(SEED_YAML))) {
      PreparedTurn turn = loadout.prepare(ToolGroupFixtures.in(GAMES_CHANNEL).build());

      assertThat(turn.visibleNames()).containsExactly("fetch_url", "web_search", "play_song", "poll", "chess", "trivia");
      assertThat(turn.hidden()).extracting(HiddenTool::name).containsExactly("kick", "joke");
      assertThat(reasons(turn, "joke")).containsExactly("tool_groups group_disabled: tool group [fun] is disabled in tool_groups");
    }
  }

  @Test
  void inTheExcludedChannelOnlyCoreAndUnlimitedGroupsRemainAndEveryReasonIsKept() {
    try (Loadout loadout = loadout(ToolGroupsConfig.fromYaml(SEED_YAML))) {
      PreparedTurn turn = loadout.prepare(ToolGroupFixtures.in(MUSIC_EXCLUDED).threadId("999").build());

      assertThat(turn.visibleNames()).containsExactly("fetch_url", "web_search", "poll");
      assertThat(reasons(turn, "play_song")).containsExactly("tool_groups group_excluded_in_channel: tool group [music]"
          + " is excluded in channel [234567890123456789] (the parent of thread [999])");
      assertThat(reasons(turn, "chess")).containsExactly("tool_groups group_not_in_channel: tool group [games] is limited"
          + " to channels [123456789012345678], not channel [234567890123456789] (the parent of thread [999])");
      assertThat(reasons(turn, "kick")).containsExactly(
          "permissions missing_permission: the member lacks " + PermissionRule.allOf("MODERATOR"));
    }
  }

  @Test
  void aModeratorInAQuietChannelSeesEveryLimitedGroupThatIsOnAndReadable() {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig config = warnings.yaml(SEED_YAML + "  Community: {enabled: maybe}\n  gmaes: {enabled: false}\n");
    assertThat(config.validate(registry())).containsExactly("gmaes");

    try (Loadout loadout = loadout(config)) {
      for (int i = 0; i < 3; i++) {
        PreparedTurn turn = loadout.prepare(ToolGroupFixtures.in(QUIET_CHANNEL).permissions(Set.of("MODERATOR")).build());

        assertThat(turn.visibleNames()).containsExactly("fetch_url", "web_search", "play_song");
        assertThat(reasons(turn, "poll")).containsExactly("tool_groups group_settings_unreadable: tool group [community]"
            + " is off because its tool_groups settings cannot be read: enabled: [maybe] is not one of true/false,"
            + " yes/no, on/off, 1/0");
        assertThat(turn.hidden("kick").orElseThrow().hasReason("group_settings_unreadable")).isTrue();
      }
    }
    assertThat(warnings.messages).containsExactly(
        "Tool group [community] is turned off in every channel because its tool_groups settings cannot be read:"
            + " enabled: [maybe] is not one of true/false, yes/no, on/off, 1/0",
        "tool_groups names group [gmaes], which no tool uses (known groups: [community, fun, games, music]); check the spelling");
  }

  @Test
  void aTurnWithoutAChannelHidesChannelLimitedGroupsButNotExcludedOnes() {
    try (Loadout loadout = loadout(ToolGroupsConfig.fromYaml(SEED_YAML))) {
      PreparedTurn turn = loadout.prepare(ToolGroupFixtures.in(null).build());

      assertThat(turn.visibleNames()).containsExactly("fetch_url", "web_search", "play_song", "poll");
      assertThat(turn.hidden("chess").orElseThrow().hasReason(AvailabilityFilters.GROUP_CHANNEL_UNKNOWN)).isTrue();
    }
  }
}
