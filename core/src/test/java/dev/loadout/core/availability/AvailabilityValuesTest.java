package dev.loadout.core.availability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The values availability is decided from, as a host compares, caches and logs them: settings, recent tools,
 * group rules, the mode's configuration and trigger sets. Equal exactly when every part is equal; descriptions
 * name what is set.
 */
class AvailabilityValuesTest {

  @Test
  void deliberateSettingsAreEqualExactlyWhenEveryPartIsEqual() {
    DeliberateSettings base = DeliberateSettings.server(true);
    IntentTriggers pic = IntentTriggers.builder().literal(IntentFamily.IMAGE, "pic").build();

    assertThat(base).isEqualTo(DeliberateSettings.server(true)).hasSameHashCodeAs(DeliberateSettings.server(true));
    assertThat(base).isNotEqualTo(DeliberateSettings.server(false));
    assertThat(base).isNotEqualTo(base.withPersonal(DeliberateSettings.Personal.OFF));
    assertThat(base).isNotEqualTo(base.withContextTurns(3));
    assertThat(base).isNotEqualTo(base.withTriggers(pic));
    assertThat(base.withTriggers(pic)).isEqualTo(DeliberateSettings.server(true).withTriggers(pic));
    assertThat(base).isNotEqualTo("on");
    assertThat(base.hashCode()).isNotEqualTo(DeliberateSettings.server(false).hashCode());
  }

  @Test
  void deliberateSettingsTellTheirPartsAndDescribeWhatIsSet() {
    DeliberateSettings on = DeliberateSettings.server(true);
    DeliberateSettings personal = DeliberateSettings.OFF.withPersonal(DeliberateSettings.Personal.ON).withContextTurns(0)
        .withTriggers(IntentTriggers.builder().literal(IntentFamily.IMAGE, "pic").build());

    assertThat(on.serverFlag()).isTrue();
    assertThat(DeliberateSettings.OFF.serverFlag()).isFalse();
    assertThat(on.personal()).isEqualTo(DeliberateSettings.Personal.FOLLOW);
    assertThat(personal.personal()).isEqualTo(DeliberateSettings.Personal.ON);
    assertThat(on).hasToString("DeliberateSettings{server setting [on]}");
    assertThat(personal).hasToString("DeliberateSettings{personal setting [on], contextTurns=0, triggers=[image]}");
  }

  @Test
  void recentToolsAreEqualByTheirTurnsAndEmptyOnlyWithoutAnyTool() {
    RecentTools two = RecentTools.of(List.of(List.of("a"), List.of()));

    assertThat(two).isEqualTo(RecentTools.of(List.of(List.of("a"), List.of()))).hasSameHashCodeAs(RecentTools.of(
        List.of(List.of("a"), List.of())));
    assertThat(two).isNotEqualTo(RecentTools.of(List.of(List.of("b"), List.of())));
    assertThat(two).isNotEqualTo(List.of(Set.of("a"), Set.of()));
    assertThat(two.hashCode()).isNotEqualTo(RecentTools.none().hashCode());
    assertThat(two.isEmpty()).isFalse();
    assertThat(RecentTools.of(List.of(List.of(), List.of())).isEmpty()).isTrue();
    assertThat(RecentTools.none().isEmpty()).isTrue();
    assertThat(two).hasToString("RecentTools[[a], []]");
  }

  @Test
  void groupRulesAreEqualExactlyWhenEveryPartIsEqual() {
    ToolGroupRule rule = new ToolGroupRule("games", true, Set.of("c1"), Set.of("c2"), null);

    assertThat(rule).isEqualTo(new ToolGroupRule("games", true, Set.of("c1"), Set.of("c2"), null))
        .hasSameHashCodeAs(new ToolGroupRule("games", true, Set.of("c1"), Set.of("c2"), null));
    for (ToolGroupRule other : List.of(new ToolGroupRule("music", true, Set.of("c1"), Set.of("c2"), null),
        new ToolGroupRule("games", false, Set.of("c1"), Set.of("c2"), null),
        new ToolGroupRule("games", true, Set.of("c3"), Set.of("c2"), null),
        new ToolGroupRule("games", true, Set.of("c1"), Set.of("c3"), null),
        ToolGroupRule.unreadable("games", "bad yaml"))) {
      assertThat(other).isNotEqualTo(rule);
      assertThat(other.hashCode()).isNotEqualTo(rule.hashCode());
    }
    assertThat(rule).isNotEqualTo("games");
  }

  @Test
  void theModeReadsItsContextTurnsFromTheEnvironmentAndDescribesItsConfiguration() {
    DeliberateToolMode fromProcess = DeliberateToolMode.fromEnvironment();
    DeliberateToolMode three = DeliberateToolMode.fromEnvironment(Map.of(DeliberateToolMode.CONTEXT_TURNS_VARIABLE, "3"));

    assertThat(fromProcess.contextTurns()).isEqualTo(DeliberateToolMode.fromEnvironment(System.getenv()).contextTurns());
    assertThat(three.contextTurns()).isEqualTo(3);
    assertThat(three.toString()).startsWith("DeliberateToolMode{contextTurns=3, families=[").endsWith("]}")
        .doesNotContain("triggers=").doesNotContain("extraToolNames");
    assertThat(three.toBuilder().triggers(IntentTriggers.builder().literal(IntentFamily.IMAGE, "pic").build())
        .extraToolNames((family, context) -> List.of()).build().toString())
        .contains(", triggers=[image]").endsWith(", extraToolNames}");
  }

  @Test
  void addedToolNamesComeAfterTheFamilysOwnAndSpecFamiliesAreTrimmed() {
    DeliberateToolMode mode = DeliberateToolMode.builder().toolNames(IntentFamily.IMAGE, List.of("generate_image"))
        .addToolNames(IntentFamily.IMAGE, "edit_image", "generate_image").addToolNames(IntentFamily.STICKER, "send_sticker")
        .specFamilies(IntentFamily.IMAGE, List.of(" image_gen ", "art")).build();

    assertThat(mode.toolNames(IntentFamily.IMAGE)).containsExactly("generate_image", "edit_image");
    assertThat(mode.toolNames(IntentFamily.STICKER)).endsWith("send_sticker");
    assertThat(mode.specFamilies(IntentFamily.IMAGE)).containsExactly("image_gen", "art");
    assertThat(mode.specFamilies(IntentFamily.THREAD)).isEmpty();
  }

  @Test
  void triggerSetsCombineInOrderAndDescribeThemselves() {
    IntentTriggers pic = IntentTriggers.builder().literal(IntentFamily.IMAGE, "pic").build();
    IntentTriggers combined = IntentTriggers.builder().wildcard(IntentFamily.SEARCH).addAll(pic)
        .literal(IntentFamily.IMAGE, "draw").build();

    assertThat(IntentTriggers.none().isEmpty()).isTrue();
    assertThat(IntentTriggers.builder().build()).isSameAs(IntentTriggers.none());
    assertThat(pic.isEmpty()).isFalse();
    assertThat(combined.describe()).containsExactly(Map.entry(IntentFamily.SEARCH, List.of("^")),
        Map.entry(IntentFamily.IMAGE, List.of("'pic'", "'draw'")));
    assertThat(combined.toString()).isEqualTo("IntentTriggers" + combined.describe());
    assertThat(IntentTrigger.wildcard().isWildcard()).isTrue();
    assertThat(IntentTrigger.literal(IntentFamily.IMAGE, "pic").isWildcard()).isFalse();
    assertThat(IntentTrigger.literal(IntentFamily.IMAGE, "^").isWildcard()).isTrue();
    assertThat(IntentTrigger.literal(IntentFamily.IMAGE, "pic")).hasToString("'pic'");
  }

  @Test
  void aConfigValueIsEchoedWholeUpToTheLimitAndCutAfterWithListsShownTwoLevelsDeep() {
    int max = 40;

    assertThat(ToolGroupReader.text("a".repeat(max))).isEqualTo("a".repeat(max));
    assertThat(ToolGroupReader.text("a".repeat(max + 1))).isEqualTo("a".repeat(max) + "…");
    assertThat(ToolGroupReader.text(List.of(List.of("x")))).isEqualTo("[[x]]");
    assertThat(ToolGroupReader.text(List.of(List.of(List.of("x"))))).isEqualTo("[[[…]]]");
    assertThat(ToolGroupReader.text(Map.of("k", "v"))).isEqualTo("{…}");
    assertThat(ToolGroupReader.text(null)).isEqualTo("null");
  }

  @Test
  void aMessageIsReadUpTo4000CharactersWithoutSplittingAPair() {
    String pair = "\uD83D\uDE00";

    assertThat(DeliberateFilter.text(DeliberateFixtures.context("a".repeat(4_000)).build())).hasSize(4_000);
    assertThat(DeliberateFilter.text(DeliberateFixtures.context("a".repeat(4_001)).build())).hasSize(4_000);
    assertThat(DeliberateFilter.text(DeliberateFixtures.context("a".repeat(3_999) + pair).build()))
        .isEqualTo("a".repeat(3_999));
    assertThat(DeliberateFilter.text(DeliberateFixtures.context("a".repeat(3_998) + pair + "b").build()))
        .isEqualTo("a".repeat(3_998) + pair);
  }

  @Test
  void missingBlankAndNullPackLiteralsAreRefusedNamingWhatWasGiven() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> IntentTriggers.builder().literal(IntentFamily.IMAGE, null))
        .hasMessage("literal trigger of family [image] must not be null");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> IntentTriggers.builder().literal(IntentFamily.IMAGE, "  "))
        .hasMessage("literal trigger of family [image] must not be blank, but was '  '");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> IntentTriggers.builder().localePack(java.util.Locale.GERMAN,
        IntentFamily.IMAGE, java.util.Arrays.asList("bild", null)))
        .hasMessage("locale pack entry null of family [image] for locale [de] is empty");
  }

  @Test
  void builtInFamiliesSortInTheirDeclaredOrderBeforeHostFamiliesWhichSortByName() {
    IntentFamily hostB = IntentFamily.of("b-host");
    IntentFamily hostA = IntentFamily.of("a-host");

    assertThat(new java.util.TreeSet<>(List.of(hostB, IntentFamily.IMAGE, hostA, IntentFamily.SEARCH, IntentFamily.URL_READING)))
        .containsExactly(IntentFamily.SEARCH, IntentFamily.URL_READING, IntentFamily.IMAGE, hostA, hostB);
    assertThat(IntentFamily.SEARCH.compareTo(IntentFamily.SEARCH)).isZero();
    assertThat(hostA.compareTo(IntentFamily.of("a-host"))).isZero();
    assertThat(hostA.compareTo(IntentFamily.SEARCH)).isPositive();
    assertThat(IntentFamily.SEARCH.compareTo(hostA)).isNegative();
  }

  @Test
  void aDerivedModeKeepsItsSpecFamiliesAndAFamilyIsRequiredForNamesAndSpecFamilies() {
    DeliberateToolMode mode = DeliberateToolMode.builder().specFamilies(IntentFamily.IMAGE, List.of("art")).build();

    assertThat(mode.toBuilder().build().specFamilies(IntentFamily.IMAGE)).containsExactly("art");
    assertThat(mode.toBuilder().build().specFamilies(IntentFamily.URL_READING))
        .isEqualTo(mode.specFamilies(IntentFamily.URL_READING));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> DeliberateToolMode.builder().addToolNames(null, "x"))
        .isInstanceOf(IllegalArgumentException.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> DeliberateToolMode.builder().specFamilies(null, List.of("x")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void groupConfigsAreEqualExactlyWhenTheirRulesAre() {
    ToolGroupsConfig games = ToolGroupsConfig.fromYaml("tool_groups:\n  games:\n    enabled: false\n");

    assertThat(games).isEqualTo(ToolGroupsConfig.fromYaml("tool_groups:\n  games:\n    enabled: false\n"))
        .hasSameHashCodeAs(ToolGroupsConfig.fromYaml("tool_groups:\n  games:\n    enabled: false\n"));
    assertThat(games).isNotEqualTo(ToolGroupsConfig.fromYaml("tool_groups:\n  games:\n    enabled: true\n"));
    assertThat(games.hashCode()).isNotEqualTo(ToolGroupsConfig.none().hashCode());
    assertThat(games).isNotEqualTo("games");
  }

  @Test
  void requiredValuesCompareStrictlyExceptNumbersByValue() {
    assertThat(RequirementFilters.sameValue("a", "a")).isTrue();
    assertThat(RequirementFilters.sameValue("a", "b")).isFalse();
    assertThat(RequirementFilters.sameValue("true", true)).isFalse();
    assertThat(RequirementFilters.sameValue(3, 3.0)).isTrue();
    assertThat(RequirementFilters.sameValue(3, 3.5)).isFalse();
    assertThat(RequirementFilters.sameValue(3, "3")).isFalse();
  }
}
