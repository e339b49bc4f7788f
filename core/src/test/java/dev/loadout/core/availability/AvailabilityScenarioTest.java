package dev.loadout.core.availability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PermissionRule;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSource;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** Thirty tools, every built-in rule at once: admin and member, two channels, with and without deliberate mode. */
class AvailabilityScenarioTest {
  private static final String GENERAL = "100000000000000001";
  private static final String GAMES = "200000000000000002";

  private static BaseTool tool(String name, String group, UnaryOperator<ToolSpec.Builder> more) {
    ToolSpec spec = more.apply(ToolSpec.builder(name, "{\"type\":\"object\",\"properties\":{}}").group(group)
        .description("The " + name + " tool.")).build();
    return BaseTool.of(spec, (c, ctx) -> ToolResult.text("ok"));
  }

  private static BaseTool tool(String name, String group) {
    return tool(name, group, b -> b);
  }

  private static final PermissionRule MODS = PermissionRule.anyOf("ADMIN", "MODERATOR");

  private static final List<BaseTool> TOOLS = List.of(
      // core (8)
      tool("review_capabilities", null), tool("web_search", null, b -> b.family("web_search").requiredFlag("web_search")),
      tool("fetch_url", null, b -> b.family("url_fetch")), tool("create_long_term_memory", null),
      tool("analyze_image", null, b -> b.requiredCapability("vision", true)), tool("roll_dice", null),
      tool("create_task", null), tool("update_task", null),
      // media (5)
      tool("generate_image", "media"), tool("generate_video", "media", b -> b.requiredFlag("video")),
      tool("generate_voice_message", "media", b -> b.refusedProviders("novelai")), tool("select_sticker_for_response", "media"),
      tool("describe_avatar", "media", b -> b.providers("anthropic")),
      // moderation (5)
      tool("ban_member", "moderation", b -> b.requiredPermissions(MODS)), tool("kick_member", "moderation", b -> b.requiredPermissions(MODS)),
      tool("timeout_member", "moderation", b -> b.requiredPermissions(MODS)),
      tool("purge_messages", "moderation", b -> b.requiredPermission("ADMIN")),
      tool("audit_log", "moderation", b -> b.requiredPermission("MANAGE_GUILD")),
      // games (4), only in the games channel
      tool("trivia", "games"), tool("hangman", "games"), tool("chess_move", "games"), tool("leaderboard", "games"),
      // music (4), never in the games channel
      tool("play_music", "music"), tool("skip_song", "music"), tool("queue_songs", "music"), tool("lyrics", "music"),
      // messages (4)
      tool("manage_message", "messages"), tool("reveal_message_metadata", "messages"),
      tool("cross_channel_message", "messages"), tool("create_thread", "messages"));

  private static final ToolGroupsConfig GROUPS = ToolGroupsConfig.fromYaml("""
      tool_groups:
        games:
          channels: [%s]
        music:
          exclude_channels: %s
      """.formatted(GAMES, GAMES));

  private static final Loadout LOADOUT = build();

  private static Loadout build() {
    ToolRegistry registry = ToolRegistry.builder().register("scenario", TOOLS).build();
    assertThat(GROUPS.validate(registry)).isEmpty();
    Loadout.Builder b = Loadout.builder(registry).groupOrder(List.of("media", "moderation", "music"));
    AvailabilityFilters.standard().forEach(b::addFilter);
    b.addFilter(AvailabilityFilters.toolGroups(GROUPS));
    b.addFilter(AvailabilityFilters.deliberateToolMode(DeliberateToolMode.defaults()));
    return b.build();
  }

  @AfterAll
  static void close() {
    LOADOUT.close();
  }

  private static TurnContext turn(boolean admin, String channel, boolean deliberate, String message) {
    return TurnContext.builder("openai", "gpt-5").capability("vision", true)
        .guildId("g").channelId(channel).userId(admin ? "admin" : "member")
        .permissions(admin ? Set.of("ADMIN") : Set.of()).flag("web_search", true).flag("video", false)
        .messageText(message)
        .attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(deliberate))
        .build();
  }

  private static final List<String> CORE = List.of("analyze_image", "create_long_term_memory", "create_task", "fetch_url",
      "review_capabilities", "roll_dice", "update_task", "web_search");
  private static final List<String> MEDIA = List.of("generate_image", "generate_voice_message", "select_sticker_for_response");
  private static final List<String> MODERATION = List.of("ban_member", "kick_member", "purge_messages", "timeout_member");
  private static final List<String> MUSIC = List.of("lyrics", "play_music", "queue_songs", "skip_song");
  private static final List<String> GAMES_TOOLS = List.of("chess_move", "hangman", "leaderboard", "trivia");
  private static final List<String> MESSAGES = List.of("create_thread", "cross_channel_message", "manage_message",
      "reveal_message_metadata");

  private static List<String> concat(List<?>... parts) {
    List<String> out = new ArrayList<>();
    for (List<?> p : parts) {
      p.forEach(x -> out.add((String) x));
    }
    return out;
  }

  private static String reasons(PreparedTurn turn, String tool) {
    HiddenTool h = turn.hidden(tool).orElseThrow(() -> new AssertionError(tool + " is not hidden"));
    return String.join(" | ", h.reasons().stream().map(r -> r.code() + ": " + r.message()).toList());
  }

  @Test
  void anAdminInTheGeneralChannelSeesEverythingButGamesAndManagerTools() {
    PreparedTurn turn = LOADOUT.prepare(turn(true, GENERAL, false, "hello"));
    assertThat(turn.visibleNames()).containsExactlyElementsOf(concat(CORE, MEDIA, MODERATION, MUSIC, MESSAGES));
    assertThat(turn.hidden()).extracting(HiddenTool::name).containsExactly("describe_avatar", "generate_video", "audit_log",
        "chess_move", "hangman", "leaderboard", "trivia");
    assertThat(reasons(turn, "generate_video")).isEqualTo("feature_flag_off: feature flag [video] is off");
    assertThat(reasons(turn, "describe_avatar")).isEqualTo("provider_not_supported: provider [openai] is not one of [anthropic]");
    assertThat(reasons(turn, "audit_log")).isEqualTo("missing_permission: the member lacks all of [MANAGE_GUILD]");
    assertThat(reasons(turn, "trivia")).isEqualTo("group_not_in_channel: tool group [games] is limited to channels ["
        + GAMES + "], not channel [" + GENERAL + "]");
  }

  @Test
  void aMemberInTheGamesChannelSeesGamesButNoModerationOrMusic() {
    PreparedTurn turn = LOADOUT.prepare(turn(false, GAMES, false, "hello"));
    assertThat(turn.visibleNames()).containsExactlyElementsOf(concat(CORE, MEDIA, GAMES_TOOLS, MESSAGES));
    assertThat(reasons(turn, "ban_member")).isEqualTo("missing_permission: the member lacks any of [ADMIN, MODERATOR]");
    assertThat(reasons(turn, "purge_messages")).isEqualTo("missing_permission: the member lacks all of [ADMIN]");
    assertThat(reasons(turn, "play_music")).isEqualTo("group_excluded_in_channel: tool group [music] is excluded in channel ["
        + GAMES + "]");
    assertThat(turn.hidden()).hasSize(30 - turn.visible().size());
  }

  @Test
  void deliberateModeWithoutIntentShowsNothingAndSaysWhy() {
    PreparedTurn turn = LOADOUT.prepare(turn(true, GENERAL, true, "good morning everyone"));
    assertThat(turn.visibleNames()).isEmpty();
    assertThat(turn.hidden()).hasSize(30);
    assertThat(turn.hidden("roll_dice").orElseThrow().reasons()).extracting(HiddenTool.Reason::code)
        .containsExactly(DeliberateToolMode.NO_INTENT);
    // Other rules keep their own reasons next to deliberate mode's.
    assertThat(turn.hidden("audit_log").orElseThrow().reasons()).extracting(HiddenTool.Reason::code)
        .containsExactly("missing_permission", DeliberateToolMode.NO_INTENT);
  }

  @Test
  void deliberateModeWithSearchIntentAdmitsSearchAndUrlReadingInTheUsualOrder() {
    PreparedTurn turn = LOADOUT.prepare(turn(false, GAMES, true, "can you search the web for the latest news about cats?"));
    assertThat(turn.visibleNames()).containsExactly("fetch_url", "web_search");
    assertThat(turn.hidden("generate_image").orElseThrow().reasons()).extracting(HiddenTool.Reason::code)
        .containsExactly(DeliberateToolMode.NOT_REQUESTED);
    assertThat(turn.hidden("ban_member").orElseThrow().reasons()).extracting(HiddenTool.Reason::code)
        .containsExactly("missing_permission", DeliberateToolMode.NOT_REQUESTED);
  }

  @Test
  void deliberateModeOffForTheServerButOnForTheUserStillApplies() {
    TurnContext ctx = turn(true, GENERAL, false, "draw me a picture of a lighthouse").toBuilder()
        .attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(false).withPersonal(DeliberateSettings.Personal.ON))
        .build();
    assertThat(LOADOUT.prepare(ctx).visibleNames()).containsExactly("generate_image");
  }

  @Test
  void urlReadingIntentAdmitsAGuildReplacementOfFetchUrl() {
    ToolRegistry registry = ToolRegistry.builder().register("scenario", TOOLS).build();
    BaseTool readPage = tool("read_page", null);
    Loadout.Builder b = Loadout.builder(registry)
        .externalTools(ctx -> List.of(ToolSource.of("m1", "guild reader", List.of(readPage)).replacing("url_fetch")));
    AvailabilityFilters.standard().forEach(b::addFilter);
    b.addFilter(AvailabilityFilters.deliberateToolMode(DeliberateToolMode.defaults()));
    try (Loadout loadout = b.build()) {
      PreparedTurn turn = loadout.prepare(turn(false, GENERAL, true, "please read this page https://example.com/post"));
      assertThat(turn.visibleNames()).containsExactly("read_page");
      assertThat(turn.hidden("fetch_url").orElseThrow().reasons()).extracting(HiddenTool.Reason::code)
          .contains("replaced_by_source");
      assertThat(turn.expandMacros("Use {url_fetch_tool} for links.")).isEqualTo("Use read_page for links.");
    }
  }
}
