package dev.loadout.core.availability;

import static dev.loadout.core.availability.DeliberateFixtures.context;
import static dev.loadout.core.availability.DeliberateFixtures.deliberate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.HiddenTool;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeliberateToolModeTest {
  private final DeliberateToolMode mode = DeliberateToolMode.defaults();

  // ---- activation -----------------------------------------------------------------------------------

  @ParameterizedTest(name = "server {0}, personal {1} -> active {2}")
  @CsvSource({
      "false, follow, false",
      "true,  follow, true",
      "false, on,     true",
      "true,  on,     true",
      "false, off,    false",
      "true,  off,    false",
      "true,  '',     true",
  })
  void thePersonalSettingOverridesTheServerFlag(boolean server, String personal, boolean active) {
    DeliberateSettings s = DeliberateSettings.server(server).withPersonal(DeliberateSettings.Personal.parse(personal));
    TurnContext ctx = context("hello there").attribute(DeliberateToolMode.SETTINGS, s).build();

    assertThat(s.isActive()).isEqualTo(active);
    assertThat(mode.intent(ctx).isActive()).isEqualTo(active);
    assertThat(mode.filter().evaluate(DeliberateFixtures.spec("web_search"), ctx).isAvailable()).isEqualTo(!active);
  }

  @Test
  void aTurnWithoutSettingsIsNotDeliberate() {
    TurnContext ctx = context("hello").build();

    assertThat(mode.intent(ctx).isActive()).isFalse();
    assertThat(mode.filter().evaluate(DeliberateFixtures.spec("web_search"), ctx).isAvailable()).isTrue();
  }

  @Test
  void anUnknownPersonalValueIsRefused() {
    assertThatThrownBy(() -> DeliberateSettings.Personal.parse("sometimes"))
        .hasMessage("personal deliberate tool mode must be off, follow or on, but was 'sometimes'");
  }

  // ---- follow-ups and context turns ------------------------------------------------------------------

  /** Five earlier turns, newest first: generate_image four turns ago, analyze_image five turns ago. */
  private static final RecentTools RECENT = RecentTools.of(List.of(List.of(), List.of("create_task"), List.of(),
      List.of("generate_image"), List.of("analyze_image")));

  @ParameterizedTest(name = "context turns {0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      "0   | ''",
      "2   | create_task",
      "4   | create_task generate_image",
      "5   | create_task generate_image analyze_image",
      "12  | create_task generate_image analyze_image",
      "-3  | ''",
  })
  void followUpsReAllowToolsUsedInTheLastNTurns(int turns, String expected) {
    TurnContext ctx = context("do that again but bigger")
        .attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true).withContextTurns(turns))
        .attribute(DeliberateToolMode.RECENT_TOOLS, RECENT).build();
    Set<String> want = expected.isBlank() ? Set.of() : Set.of(expected.split(" "));

    DeliberateIntent intent = mode.intent(ctx);

    assertThat(intent.followUpToolNames()).containsExactlyInAnyOrderElementsOf(want);
    assertThat(intent.toolNames()).containsExactlyInAnyOrderElementsOf(want);
    assertThat(intent.hasIntent()).isEqualTo(!want.isEmpty());
  }

  @Test
  void followUpsUseTheModesDefaultOfFourTurnsWhenTheServerSetsNone() {
    TurnContext ctx = context("same thing please").attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true))
        .attribute(DeliberateToolMode.RECENT_TOOLS, RECENT).build();

    assertThat(mode.contextTurns()).isEqualTo(4);
    assertThat(mode.intent(ctx).toolNames()).containsExactlyInAnyOrder("create_task", "generate_image");
    assertThat(DeliberateToolMode.builder().contextTurns(1).build().intent(ctx).toolNames()).isEmpty();
  }

  @Test
  void aFollowUpWithoutRecentToolsIsNoIntent() {
    assertThat(mode.intent(deliberate("do that again")).hasIntent()).isFalse();
  }

  @ParameterizedTest(name = "{0}={1} -> {2}")
  @CsvSource(delimiter = '|', value = {"'' | 4", "7 | 7", "' 3 ' | 3", "99 | 10", "-1 | 0", "99999999999 | 10"})
  void contextTurnsComeFromTheEnvironmentClamped(String value, int expected) {
    assertThat(DeliberateToolMode.fromEnvironment(Map.of(DeliberateToolMode.CONTEXT_TURNS_VARIABLE, value)).contextTurns())
        .isEqualTo(expected);
    assertThat(DeliberateToolMode.fromEnvironment(Map.of()).contextTurns()).isEqualTo(4);
  }

  @Test
  void aContextTurnsVariableThatIsNotAnIntegerIsRefusedNamingIt() {
    assertThatThrownBy(() -> DeliberateToolMode.fromEnvironment(Map.of("DELIBERATE_TOOL_CONTEXT_TURNS", "four")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("DELIBERATE_TOOL_CONTEXT_TURNS must be an integer (clamped to 0..10), but was 'four'");
  }

  // ---- configuration ---------------------------------------------------------------------------------

  @Test
  void hostsAddToolNamesAndFamiliesOfTheirOwn() {
    IntentFamily dice = IntentFamily.of("dice");
    DeliberateToolMode custom = DeliberateToolMode.builder().addToolNames(IntentFamily.IMAGE, "draw_sdxl")
        .toolNames(dice, List.of("roll_dice"))
        .triggers(IntentTriggers.builder().literal(dice, "roll*").build()).build();

    assertThat(custom.intent(deliberate("draw me a cat")).toolNames()).contains("generate_image", "draw_sdxl");
    assertThat(custom.intent(deliberate("roll a d20")).toolNames()).containsExactly("roll_dice");
    assertThat(custom.toBuilder().build().toolNames(dice)).containsExactly("roll_dice");
  }

  @Test
  void badConfigurationIsRefusedNamingTheSetting() {
    assertThatThrownBy(() -> DeliberateToolMode.builder().addToolNames(IntentFamily.IMAGE, "bad name"))
        .hasMessage("tool names of family [image] must match ^[a-zA-Z0-9_-]{1,64}$, but one was 'bad name'");
    assertThatThrownBy(() -> DeliberateToolMode.builder().toolNames(IntentFamily.FOLLOW_UP, List.of("x")))
        .hasMessage("family [follow-up] admits the channel's recent tools and takes no tool names");
    assertThatThrownBy(() -> AvailabilityFilters.deliberateToolMode(null)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void urlReadingAdmitsReplacementsBySpecFamilyAndBySupplier() {
    DeliberateToolMode withSupplier = DeliberateToolMode.builder()
        .extraToolNames((family, ctx) -> family.equals(IntentFamily.URL_READING) ? List.of("guild_reader") : List.of())
        .build();
    TurnContext ctx = deliberate("summarize https://example.com/a");

    DeliberateIntent intent = withSupplier.intent(ctx);

    assertThat(intent.toolNames()).contains("fetch_url", "fetch", "fetch-url", "guild_reader").doesNotContain("web_search");
    assertThat(intent.admits(DeliberateFixtures.spec("mcp_fetch_page", null, "url_fetch"))).isTrue();
    assertThat(intent.admits(DeliberateFixtures.spec("mcp_other", null, "web_search"))).isFalse();
  }

  @Test
  void aFailingSupplierFallsBackToTheConfiguredNames() {
    DeliberateToolMode broken = DeliberateToolMode.builder().extraToolNames((family, ctx) -> {
      throw new IllegalStateException("boom");
    }).build();

    assertThat(broken.intent(deliberate("read this link")).toolNames()).contains("fetch_url");
  }

  @Test
  void theIntentIsComputedOncePerContext() {
    TurnContext ctx = deliberate("look up the news");

    assertThat(mode.intent(ctx)).isSameAs(mode.intent(ctx));
    assertThat(mode.intent(deliberate("look up the news"))).isNotSameAs(mode.intent(ctx));
  }

  // ---- inside a real prepare -------------------------------------------------------------------------

  @Test
  void withoutIntentThePreparedTurnHasNoToolsAndSaysWhy() {
    try (Loadout loadout = DeliberateFixtures.loadout(mode)) {
      PreparedTurn turn = loadout.prepare(deliberate("good night everyone"));

      assertThat(turn.visible()).isEmpty();
      assertThat(turn.hidden()).hasSize(DeliberateFixtures.NAMES.size());
      for (HiddenTool h : turn.hidden()) {
        assertThat(h.reasons()).containsExactly(new HiddenTool.Reason(DeliberateToolMode.NO_INTENT,
            "deliberate tool mode is on (server setting [on]) and the message shows no tool intent, so no tools are offered"
                + " this turn", "deliberate_tool_mode"));
      }
    }
  }

  @Test
  void aTurnWithoutTextSaysSo() {
    try (Loadout loadout = DeliberateFixtures.loadout(mode)) {
      TurnContext ctx = context(null).attribute(DeliberateToolMode.SETTINGS,
          DeliberateSettings.server(false).withPersonal(DeliberateSettings.Personal.ON)).build();

      assertThat(loadout.prepare(ctx).hidden("web_search").orElseThrow().reasons().get(0).message())
          .isEqualTo("deliberate tool mode is on (personal setting [on]) and the turn has no message text, so no tools are"
              + " offered this turn");
    }
  }

  @Test
  void withIntentOnlyTheRequestedToolsAreShownInTheUsualOrder() {
    try (Loadout plain = Loadout.builder(DeliberateFixtures.registry()).groupOrder(List.of("moderation", "media")).build();
        Loadout loadout = DeliberateFixtures.loadout(mode)) {
      TurnContext ctx = deliberate("look up the news, then draw me a picture of it and remind me in 5 minutes");
      List<String> all = plain.prepare(ctx).visibleNames();

      PreparedTurn turn = loadout.prepare(ctx);

      assertThat(turn.visibleNames()).containsExactlyInAnyOrder("web_search", "fetch_url", "generate_image", "create_task",
          "update_task");
      assertThat(turn.visibleNames()).isEqualTo(all.stream().filter(turn.visibleNames()::contains).toList());
      assertThat(turn.hidden("roll_dice").orElseThrow().reasons()).containsExactly(new HiddenTool.Reason(
          DeliberateToolMode.NOT_REQUESTED, "deliberate tool mode is on (server setting [on]) and the message asks only for "
              + "[search, url-reading, image, reminder]", "deliberate_tool_mode"));
    }
  }

  @Test
  void aFollowUpReasonNamesTheRecentTools() {
    try (Loadout loadout = DeliberateFixtures.loadout(mode)) {
      TurnContext ctx = context("again, but bigger").attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true))
          .attribute(DeliberateToolMode.RECENT_TOOLS, RecentTools.of(List.of(List.of("generate_image")))).build();

      PreparedTurn turn = loadout.prepare(ctx);

      assertThat(turn.visibleNames()).containsExactly("generate_image");
      assertThat(turn.hidden("web_search").orElseThrow().reasons().get(0).message()).isEqualTo(
          "deliberate tool mode is on (server setting [on]) and the message asks only for a follow-up of recent tools "
              + "[generate_image]");
    }
  }

  @Test
  void whenInactiveEveryToolIsShown() {
    try (Loadout loadout = DeliberateFixtures.loadout(mode)) {
      TurnContext ctx = context("good night").attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true)
          .withPersonal(DeliberateSettings.Personal.OFF)).build();

      assertThat(loadout.prepare(ctx).visible()).hasSize(DeliberateFixtures.NAMES.size());
    }
  }

  @Test
  void serverTriggersComeWithTheSettings() {
    try (Loadout loadout = DeliberateFixtures.loadout(DeliberateToolMode.builder()
        .toolNames(IntentFamily.of("dice"), List.of("roll_dice")).build())) {
      DeliberateSettings guild = DeliberateSettings.server(true)
          .withTriggers(IntentTriggers.builder().literal(IntentFamily.of("dice"), "roll").build());
      TurnContext ctx = context("roll for initiative").attribute(DeliberateToolMode.SETTINGS, guild).build();

      assertThat(loadout.prepare(ctx).visibleNames()).containsExactly("roll_dice");
      assertThat(loadout.prepare(context("roll for initiative")
          .attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true)).build()).visibleNames()).isEmpty();
    }
  }
}
