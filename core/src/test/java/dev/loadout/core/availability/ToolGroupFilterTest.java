package dev.loadout.core.availability;

import static dev.loadout.core.availability.ToolGroupFixtures.GAMES_CHANNEL;
import static dev.loadout.core.availability.ToolGroupFixtures.MUSIC_EXCLUDED;
import static dev.loadout.core.availability.ToolGroupFixtures.SEED_YAML;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.TurnContext;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The decisions of {@link AvailabilityFilters#toolGroups(ToolGroupsConfig)}, rule by rule. */
class ToolGroupFilterTest {
  private static final String OTHER_CHANNEL = "345678901234567890";
  private static final String THREAD = "456789012345678901";
  private static final String NO_CHANNEL = "";

  private static AvailabilityDecision decide(String yaml, String group, String channel, String thread) {
    TurnContext.Builder context = ToolGroupFixtures.in(channel.isEmpty() ? null : channel);
    if (!thread.isEmpty()) {
      context.threadId(thread);
    }
    return AvailabilityFilters.toolGroups(ToolGroupsConfig.fromYaml(yaml))
        .evaluate(ToolGroupFixtures.spec("a_tool", group.isEmpty() ? null : group), context.build());
  }

  /** Rows: settings of group "games", the tool's group, channel, thread, expected code ("" for available). */
  static Stream<Arguments> rules() {
    String only = "{channels: [" + GAMES_CHANNEL + "]}";
    String never = "{exclude_channels: " + MUSIC_EXCLUDED + "}";
    String both = "{channels: [" + GAMES_CHANNEL + ", " + MUSIC_EXCLUDED + "], exclude_channels: [" + MUSIC_EXCLUDED + "]}";
    return Stream.of(
        // channels: only here; a thread follows its parent channel, and a thread's own id never matches.
        Arguments.of(only, "games", GAMES_CHANNEL, "", ""),
        Arguments.of(only, "games", OTHER_CHANNEL, "", "group_not_in_channel"),
        Arguments.of(only, "games", GAMES_CHANNEL, THREAD, ""),
        Arguments.of(only, "games", OTHER_CHANNEL, THREAD, "group_not_in_channel"),
        Arguments.of("{channels: [" + THREAD + "]}", "games", OTHER_CHANNEL, THREAD, "group_not_in_channel"),
        Arguments.of("{channels: " + GAMES_CHANNEL + "}", "games", GAMES_CHANNEL, "", ""),
        // exclude_channels: never here, a thread of an excluded channel included, and it wins over channels.
        Arguments.of(never, "games", MUSIC_EXCLUDED, "", "group_excluded_in_channel"),
        Arguments.of(never, "games", MUSIC_EXCLUDED, THREAD, "group_excluded_in_channel"),
        Arguments.of(never, "games", OTHER_CHANNEL, "", ""),
        Arguments.of(both, "games", MUSIC_EXCLUDED, "", "group_excluded_in_channel"),
        Arguments.of(both, "games", GAMES_CHANNEL, "", ""),
        Arguments.of(both, "games", OTHER_CHANNEL, "", "group_not_in_channel"),
        // An empty channels list is no limit.
        Arguments.of("{channels: []}", "games", OTHER_CHANNEL, "", ""),
        Arguments.of("{channels: [], exclude_channels: []}", "games", NO_CHANNEL, "", ""),
        // enabled.
        Arguments.of("{enabled: false}", "games", GAMES_CHANNEL, "", "group_disabled"),
        Arguments.of("{enabled: no, channels: [" + GAMES_CHANNEL + "]}", "games", GAMES_CHANNEL, "", "group_disabled"),
        Arguments.of("{enabled: on}", "games", OTHER_CHANNEL, "", ""),
        Arguments.of("{enabled: 1, channels: [" + GAMES_CHANNEL + "]}", "games", OTHER_CHANNEL, "", "group_not_in_channel"),
        // Unreadable settings: off everywhere, even where they would otherwise allow it.
        Arguments.of("{enabled: maybe}", "games", GAMES_CHANNEL, "", "group_settings_unreadable"),
        Arguments.of("{channels: abc}", "games", NO_CHANNEL, "", "group_settings_unreadable"),
        Arguments.of("[" + GAMES_CHANNEL + "]", "games", GAMES_CHANNEL, "", "group_settings_unreadable"),
        // No channel id in the turn: channels fails closed, exclude_channels cannot exclude.
        Arguments.of(only, "games", NO_CHANNEL, "", "group_channel_unknown"),
        Arguments.of(only, "games", NO_CHANNEL, THREAD, "group_channel_unknown"),
        Arguments.of(never, "games", NO_CHANNEL, "", ""),
        // Group names ignore case and spaces on both sides; other groups and core tools are never affected.
        Arguments.of(only, " GAMES ", OTHER_CHANNEL, "", "group_not_in_channel"),
        Arguments.of(only, "music", OTHER_CHANNEL, "", ""),
        Arguments.of("{enabled: false}", "", OTHER_CHANNEL, "", ""),
        Arguments.of("{enabled: maybe}", "", NO_CHANNEL, "", ""),
        Arguments.of(only, "", NO_CHANNEL, "", ""));
  }

  @ParameterizedTest(name = "games: {0}, tool group [{1}], channel [{2}], thread [{3}] -> [{4}]")
  @MethodSource("rules")
  void eachRuleDecidesForItsGroupAndChannel(String settings, String group, String channel, String thread, String code) {
    AvailabilityDecision decision = decide("tool_groups:\n  Games: " + settings + "\n", group, channel, thread);

    assertThat(decision.code()).isEqualTo(code);
    assertThat(decision.isAvailable()).isEqualTo(code.isEmpty());
  }

  @ParameterizedTest(name = "tool group [{0}] in channel [{1}]")
  @CsvSource(delimiter = '|', nullValues = "-", value = {
      "games | 345678901234567890 | - | group_not_in_channel | tool group [games] is limited to channels"
          + " [123456789012345678], not channel [345678901234567890]",
      "games | 345678901234567890 | 456789012345678901 | group_not_in_channel | tool group [games] is limited to channels"
          + " [123456789012345678], not channel [345678901234567890] (the parent of thread [456789012345678901])",
      "games | - | - | group_channel_unknown | tool group [games] is limited to channels [123456789012345678]"
          + " and the turn names no channel (fails closed)",
      "music | 234567890123456789 | - | group_excluded_in_channel | tool group [music] is excluded in channel"
          + " [234567890123456789]",
      "fun | 123456789012345678 | - | group_disabled | tool group [fun] is disabled in tool_groups"})
  void theSeedExampleHidesWithReasonsNamingGroupAndChannel(String group, String channel, String thread, String code,
      String reason) {
    TurnContext context = ToolGroupFixtures.in(channel).threadId(thread).build();
    AvailabilityDecision decision = AvailabilityFilters.toolGroups(ToolGroupsConfig.fromYaml(SEED_YAML))
        .evaluate(ToolGroupFixtures.spec("a_tool", group), context);

    assertThat(decision).isEqualTo(AvailabilityDecision.hidden(code, reason));
  }

  @Test
  void anUnreadableGroupsReasonQuotesTheProblem() {
    AvailabilityDecision decision = decide("tool_groups:\n  games: {enabled: maybe}\n", "games", GAMES_CHANNEL, "");

    assertThat(decision.reason()).isEqualTo("tool group [games] is off because its tool_groups settings cannot be read:"
        + " enabled: [maybe] is not one of true/false, yes/no, on/off, 1/0");
  }

  @Test
  void aLongChannelListIsShortenedInTheReason() {
    AvailabilityDecision decision = decide("tool_groups:\n  games: {channels: [1, 2, 3, 4, 5, 6, 7]}\n", "games", "9", "");

    assertThat(decision.reason()).isEqualTo("tool group [games] is limited to channels [1, 2, 3, 4, 5, … 2 more],"
        + " not channel [9]");
  }

  @Test
  void noneLimitsNothing() {
    AvailabilityFilter filter = AvailabilityFilters.toolGroups(ToolGroupsConfig.none());

    assertThat(filter.evaluate(ToolGroupFixtures.spec("chess", "games"), ToolGroupFixtures.in(null).build()).isAvailable())
        .isTrue();
  }

  @Test
  void theFilterIsNamedForDiagnostics() {
    AvailabilityFilter filter = AvailabilityFilters.toolGroups(ToolGroupsConfig.fromYaml(SEED_YAML));

    assertThat(filter.name()).isEqualTo("tool_groups");
    assertThat(filter.toString()).startsWith("tool_groups[games: on, channels [123456789012345678]");
  }

  /** Only a configured group can be limited: core tools and unconfigured groups are never asked about per turn. */
  @Test
  void theFilterMayHideOnlyToolsOfAConfiguredGroup() {
    AvailabilityFilter filter = AvailabilityFilters.toolGroups(ToolGroupsConfig.fromYaml(SEED_YAML));
    assertThat(filter.mayHide(ToolGroupFixtures.spec("a_tool", "games"))).isTrue();
    assertThat(filter.mayHide(ToolGroupFixtures.spec("a_tool", "fun"))).isTrue();
    assertThat(filter.mayHide(ToolGroupFixtures.spec("a_tool", "weather"))).isFalse();
    assertThat(filter.mayHide(ToolGroupFixtures.spec("a_tool", null))).isFalse();
    // What it may not hide it never hides, in any channel.
    for (String channel : new String[] {GAMES_CHANNEL, OTHER_CHANNEL, null}) {
      assertThat(filter.evaluate(ToolGroupFixtures.spec("a_tool", "weather"), ToolGroupFixtures.in(channel).build())
          .isAvailable()).isTrue();
    }
    assertThat(filter.evaluate(ToolGroupFixtures.spec("a_tool", "fun"), ToolGroupFixtures.in(OTHER_CHANNEL).build())
        .isAvailable()).isFalse();
  }
}
