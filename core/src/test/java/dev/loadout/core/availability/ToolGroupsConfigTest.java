package dev.loadout.core.availability;

import static dev.loadout.core.availability.ToolGroupFixtures.GAMES_CHANNEL;
import static dev.loadout.core.availability.ToolGroupFixtures.MUSIC_EXCLUDED;
import static dev.loadout.core.availability.ToolGroupFixtures.SEED_YAML;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolRegistry;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading the owner's {@code tool_groups}: every rule of seed 003 "Tool Groups" and each malformed case. */
class ToolGroupsConfigTest {

  private static String group(String name, String body) {
    return "model: gpt-5-mini\ntool_groups:\n  " + name + ": " + body + "\n";
  }

  @Test
  void theSeedExampleReadsIntoThreeRulesWithoutWarnings() {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig config = warnings.yaml(SEED_YAML);

    assertThat(config.rules().keySet()).containsExactly("games", "music", "fun");
    assertThat(config.rule("games").orElseThrow().channels()).containsExactly(GAMES_CHANNEL);
    assertThat(config.rule("games").orElseThrow().excludeChannels()).isEmpty();
    assertThat(config.rule("music").orElseThrow().excludeChannels()).containsExactly(MUSIC_EXCLUDED);
    assertThat(config.rule("music").orElseThrow().channels()).isEmpty();
    assertThat(config.rule("fun").orElseThrow().isOff()).isTrue();
    assertThat(config.rule("fun").orElseThrow().problem()).isEmpty();
    assertThat(config.toString()).isEqualTo("ToolGroupsConfig[games: on, channels [123456789012345678], "
        + "music: on, exclude_channels [234567890123456789], fun: off]");
    assertThat(warnings.messages).isEmpty();
  }

  @ParameterizedTest(name = "enabled: {0} reads as {1}")
  @CsvSource(delimiter = '|', value = {
      "true | true", "false | false", "yes | true", "no | false", "on | true", "off | false",
      "1 | true", "0 | false", "True | true", "FALSE | false", "Yes | true", "NO | false", "On | true", "OFF | false",
      "'\"1\"' | true", "'\"0\"' | false", "'\" yes \"' | true", "'''off''' | false"})
  void enabledAcceptsTrueFalseYesNoOnOffAndOneZeroInAnyCase(String yaml, boolean expected) {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupRule rule = warnings.yaml(group("games", "{enabled: " + yaml + "}")).rule("games").orElseThrow();

    assertThat(rule.enabled()).isEqualTo(expected);
    assertThat(rule.problem()).isEmpty();
    assertThat(warnings.messages).isEmpty();
  }

  static Stream<Arguments> channelLists() {
    return Stream.of(
        Arguments.of("[123456789012345678]", List.of("123456789012345678")),
        Arguments.of("123456789012345678", List.of("123456789012345678")),
        Arguments.of("'123456789012345678'", List.of("123456789012345678")),
        Arguments.of("' 42 '", List.of("42")),
        Arguments.of("[1, '2', 3]", List.of("1", "2", "3")),
        Arguments.of("\n      - 1\n      - 2", List.of("1", "2")),
        Arguments.of("[1, 1]", List.of("1")),
        Arguments.of("[]", List.of()),
        // 19 digits, the largest long, beyond a long, and a Telegram-style negative chat id: all exact.
        Arguments.of("[1234567890123456789]", List.of("1234567890123456789")),
        Arguments.of("[9223372036854775807, 9223372036854775808]", List.of("9223372036854775807", "9223372036854775808")),
        Arguments.of("[99999999999999999999]", List.of("99999999999999999999")),
        Arguments.of("-1001234567890", List.of("-1001234567890")));
  }

  @ParameterizedTest(name = "channels: {0}")
  @MethodSource("channelLists")
  void channelsAndExcludeChannelsTakeAListOrASingleIdReadExactly(String yaml, List<String> expected) {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig only = warnings.yaml(group("games", "\n    channels: " + yaml));
    ToolGroupsConfig never = warnings.yaml(group("games", "\n    exclude_channels: " + yaml));

    assertThat(only.rule("games").orElseThrow().channels()).containsExactlyElementsOf(expected);
    assertThat(never.rule("games").orElseThrow().excludeChannels()).containsExactlyElementsOf(expected);
    assertThat(warnings.messages).isEmpty();
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"Games", "GAMES", "'  games  '", "'\tGaMeS '"})
  void groupNamesIgnoreCaseAndSurroundingSpaces(String name) {
    ToolGroupsConfig config = ToolGroupsConfig.fromYaml(group(name, "{enabled: off}"));

    assertThat(config.rules().keySet()).containsExactly("games");
    assertThat(config.rule(" Games ").orElseThrow().group()).isEqualTo("games");
    assertThat(config.rule("GAMES")).isPresent();
  }

  @Test
  void settingNamesIgnoreCaseAndSurroundingSpacesToo() {
    ToolGroupRule rule = ToolGroupsConfig.fromYaml(group("games", "{ENABLED: on, ' Channels ': [1], Exclude_Channels: 2}"))
        .rule("games").orElseThrow();

    assertThat(rule.problem()).isEmpty();
    assertThat(rule.channels()).containsExactly("1");
    assertThat(rule.excludeChannels()).containsExactly("2");
  }

  static Stream<Arguments> unreadableGroups() {
    return Stream.of(
        Arguments.of("yes", "its settings must be a mapping, but were [yes]"),
        Arguments.of("[1, 2]", "its settings must be a mapping, but were a list [[1, 2]]"),
        Arguments.of("", "its settings must be a mapping, but were (empty)"),
        Arguments.of("{enabled: maybe}", "enabled: [maybe] is not one of true/false, yes/no, on/off, 1/0"),
        Arguments.of("{enabled: 2}", "enabled: [2] is not one of true/false, yes/no, on/off, 1/0"),
        Arguments.of("{enabled: }", "enabled: (empty) is not one of true/false, yes/no, on/off, 1/0"),
        Arguments.of("{enabled: [true]}", "enabled: a list [[true]] is not one of true/false, yes/no, on/off, 1/0"),
        Arguments.of("{channels: abc}", "channels: [abc] is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{channels: [123, abc]}", "channels: [abc] is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{channels: ''}", "channels: (blank) is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{channels: {a: 1}}", "channels: a mapping is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{channels: [[1]]}", "channels: a list [[1]] is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{channels: true}", "channels: [true] is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{channels: 1.5e17}", "channels: [1.5E17] is a floating-point number, which cannot hold an id exactly;"
            + " write it as a whole number or quote it"),
        Arguments.of("{channels: }", "channels: (empty) is not an id or a list of ids; write [] for none"),
        Arguments.of("{exclude_channels: abc}", "exclude_channels: [abc] is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{channel: [123]}", "unknown setting [channel] (known: enabled, channels, exclude_channels)"),
        Arguments.of("{channels: *ids}", "channels: [ids] is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{Channels: [1], channels: [2]}", "setting [channels] is given twice"),
        Arguments.of("{enabled: maybe, channels: abc}", "enabled: [maybe] is not one of true/false, yes/no, on/off, 1/0; "
            + "channels: [abc] is not a numeric channel id (digits, such as 123456789012345678)"),
        Arguments.of("{channels: [" + "1".repeat(60) + "]}", "channels: [" + "1".repeat(40) + "…] is not a numeric channel id"
            + " (digits, such as 123456789012345678)"));
  }

  @ParameterizedTest(name = "games: {0}")
  @MethodSource("unreadableGroups")
  void settingsThatCannotBeReadTurnTheGroupOffWithOneWarningNotTwo(String body, String problem) {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig config = warnings.yaml(group("games", body) + "  music:\n    enabled: yes\n");
    config.validate(Set.of("games", "music"));
    config.validate(Set.of("games", "music"));
    AvailabilityFilters.toolGroups(config).evaluate(ToolGroupFixtures.spec("chess", "games"),
        ToolGroupFixtures.in(GAMES_CHANNEL).build());

    ToolGroupRule rule = config.rule("games").orElseThrow();
    assertThat(rule.isOff()).isTrue();
    assertThat(rule.channels()).isEmpty();
    assertThat(rule.problem()).contains(problem);
    assertThat(config.rule("music").orElseThrow().isOff()).isFalse();
    assertThat(warnings.messages).containsExactly("Tool group [games] is turned off in every channel because its"
        + " tool_groups settings cannot be read: " + problem);
    assertThat(config.warnings.logged()).isEqualTo(1);
  }

  @Test
  void aGroupNamedTwiceInDifferentCaseIsTurnedOffWithOneWarning() {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig config = warnings.yaml("tool_groups:\n  Games: {enabled: true}\n  'games ': {channels: [1]}\n");

    assertThat(config.rule("games").orElseThrow().problem()).contains("the group is named twice ([Games] and [games ])");
    assertThat(warnings.messages).hasSize(1);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"tool_groups: [games]", "tool_groups: games", "tool_groups: 5", "tool_groups: true",
      "tool_groups:\n  - games:\n      enabled: false"})
  void aToolGroupsValueThatIsNotAMappingIsIgnoredWithOneWarning(String yaml) {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig config = warnings.yaml(yaml);
    config.validate(Set.of());

    assertThat(config.rules()).isEmpty();
    assertThat(config).isEqualTo(ToolGroupsConfig.none());
    assertThat(warnings.messages).singleElement().asString()
        .startsWith("tool_groups must be a mapping of group names to settings, but was ")
        .endsWith("; it is ignored and no tool group limits apply");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"- tool_groups", "just text", "42"})
  void aDocumentThatIsNotAMappingIsIgnoredWithOneWarning(String yaml) {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();

    assertThat(warnings.yaml(yaml).rules()).isEmpty();
    assertThat(warnings.messages).singleElement().asString()
        .startsWith("Tool group configuration must be a mapping with a tool_groups entry, but was ");
  }

  @ParameterizedTest(name = "[{0}]")
  @ValueSource(strings = {"", "# nothing yet\n", "model: gpt-5-mini", "tool_groups:", "tool_groups:\n  # games: {}\n",
      "tool_groups: {}"})
  void anAbsentOrEmptyToolGroupsMeansNoLimitsAndNoWarning(String yaml) {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();

    assertThat(warnings.yaml(yaml)).isEqualTo(ToolGroupsConfig.none());
    assertThat(warnings.messages).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "'tool_groups: {games: {}}\napi_key: b: sk-secret-1' | at line 2, column 11: mapping values are not allowed here",
      "'tool_groups: [1, 2\napi_key: sk-secret-1' | at line 2, column 8: while parsing a flow sequence; expected ',' or ']', but got :",
      "'api_key: \"sk-secret-1\n' | : while scanning a quoted scalar; found unexpected end of stream"})
  void yamlThatIsNotYamlAtAllIsRefusedNamingTheProblemButQuotingNoText(String yaml, String expected) {
    assertThatThrownBy(() -> ToolGroupsConfig.fromYaml(yaml))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("tool group configuration is not valid YAML")
        .hasMessageContaining(expected)
        .hasMessageNotContaining("sk-secret");
  }

  @Test
  void anUnknownGroupNameIsWarnedOnceHoweverOftenItIsValidated() {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig config = warnings.yaml(SEED_YAML + "  Gmaes:\n    enabled: false\n");
    ToolRegistry registry = ToolRegistry.builder().register(ToolGroupFixtures.tool("chess", "games"),
        ToolGroupFixtures.tool("play_song", "Music"), ToolGroupFixtures.tool("joke", "fun"),
        ToolGroupFixtures.tool("ping", null)).build();

    assertThat(config.validate(registry)).containsExactly("gmaes");
    assertThat(config.validate(registry)).containsExactly("gmaes");
    assertThat(config.validate(List.of(" GAMES ", "music", "fun"))).containsExactly("gmaes");
    assertThat(config.validate(List.of())).containsExactly("fun", "games", "gmaes", "music");

    assertThat(warnings.messages).startsWith("tool_groups names group [gmaes], which no tool uses (known groups:"
        + " [fun, games, music]); check the spelling");
    assertThat(warnings.messages).filteredOn(m -> m.contains("[gmaes]")).hasSize(1);
    assertThat(warnings.messages).hasSize(4);
  }

  @Test
  void twoConfigsRememberTheirWarningsSeparately() {
    ToolGroupFixtures.Warnings first = new ToolGroupFixtures.Warnings();
    ToolGroupFixtures.Warnings second = new ToolGroupFixtures.Warnings();
    first.yaml(group("games", "{enabled: maybe}"));
    second.yaml(group("games", "{enabled: maybe}"));

    assertThat(first.messages).hasSize(1);
    assertThat(second.messages).hasSize(1);
  }

  @Test
  void aMapTakesEveryJavaIntegerTypeAndStringsAndEqualsTheSameYaml() {
    ToolGroupsConfig fromMap = ToolGroupsConfig.fromMap(Map.of("tool_groups", Map.of(
        "games", Map.of("channels", List.of(123456789012345678L, new BigInteger("1234567890123456789"), 42, " 7 ",
            new BigDecimal("8"))),
        "music", Map.of("exclude_channels", 234567890123456789L))));

    assertThat(fromMap.rule("games").orElseThrow().channels())
        .containsExactly("123456789012345678", "1234567890123456789", "42", "7", "8");
    assertThat(fromMap.rule("music")).isEqualTo(ToolGroupsConfig.fromYaml(SEED_YAML).rule("music"));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(doubles = {1.23456789012345677E17, 42.0})
  void aDoubleFromAMapIsNeverAnIdBecauseItMayHaveLostDigits(double id) {
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig config = ToolGroupsConfig.builder().warningListener(warnings)
        .fromMap(Map.of("tool_groups", Map.of("games", Map.of("channels", id))));

    assertThat(config.rule("games").orElseThrow().problem()).hasValueSatisfying(p -> assertThat(p)
        .contains("is a floating-point number, which cannot hold an id exactly"));
    assertThat(warnings.messages).hasSize(1);
  }

  @Test
  void aHostWithOtherIdsSetsTheIdPattern() {
    String yaml = group("games", "{channels: ['!room:example.org'], exclude_channels: 123}");
    ToolGroupFixtures.Warnings warnings = new ToolGroupFixtures.Warnings();
    ToolGroupsConfig matrix = ToolGroupsConfig.builder().warningListener(warnings)
        .channelIdPattern(Pattern.compile("![A-Za-z0-9]+:[A-Za-z0-9.-]+|[0-9]+")).fromYaml(yaml);

    assertThat(matrix.rule("games").orElseThrow().channels()).containsExactly("!room:example.org");
    assertThat(warnings.messages).isEmpty();
    assertThat(ToolGroupsConfig.builder().warningListener(warnings).channelIdPattern(Pattern.compile("[a-z]+"))
        .fromYaml(yaml).rule("games").orElseThrow().problem())
        .hasValueSatisfying(p -> assertThat(p).startsWith("channels: [!room:example.org] is not a channel id matching [[a-z]+]"));
  }

  @Test
  void aListenerThatThrowsDoesNotStopReading() {
    ToolGroupsConfig config = ToolGroupsConfig.builder().warningListener(m -> {
      throw new IllegalStateException("listener broke");
    }).fromYaml(group("games", "{enabled: maybe}") + "  fun: {enabled: false}\n");

    assertThat(config.rules().keySet()).containsExactly("games", "fun");
    assertThat(config.warnings.logged()).isEqualTo(1);
  }

  @Test
  void codeMistakesAreRefusedNamingTheSetting() {
    assertThatThrownBy(() -> ToolGroupsConfig.fromMap(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("config must be a mapping, but was null; use ToolGroupsConfig.none() for no limits");
    assertThatThrownBy(() -> ToolGroupsConfig.fromYaml(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("yaml must not be null; use ToolGroupsConfig.none() for no limits");
    assertThatThrownBy(() -> ToolGroupsConfig.builder().warningListener(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("warning listener must not be null");
    assertThatThrownBy(() -> ToolGroupsConfig.builder().channelIdPattern(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("channel id pattern must not be null");
    assertThatThrownBy(() -> ToolGroupsConfig.none().validate((ToolRegistry) null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("registry must not be null");
    assertThatThrownBy(() -> ToolGroupsConfig.none().validate(java.util.Arrays.asList("games", null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("known groups must be a collection without nulls, but was [games, null]");
    assertThatThrownBy(() -> AvailabilityFilters.toolGroups(null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tool groups config must not be null; use ToolGroupsConfig.none() for no limits");
  }

  @Test
  void rulesAreImmutable() {
    ToolGroupsConfig config = ToolGroupsConfig.fromYaml(SEED_YAML);

    assertThatThrownBy(() -> config.rules().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> config.rule("games").orElseThrow().channels().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
