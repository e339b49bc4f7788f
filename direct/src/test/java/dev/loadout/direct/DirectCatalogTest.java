package dev.loadout.direct;

import static dev.loadout.direct.DirectFixtures.CALC;
import static dev.loadout.direct.DirectFixtures.EXA;
import static dev.loadout.direct.DirectFixtures.EXA_TEMPLATE;
import static dev.loadout.direct.DirectFixtures.LOOKUP;
import static dev.loadout.direct.DirectFixtures.WEATHER;
import static dev.loadout.direct.DirectFixtures.catalog;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadout.core.ToolSpec;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class DirectCatalogTest {

  static DirectConfigException refusal(ToolSpec spec, DirectConfig config) {
    try {
      catalog().save(spec, config);
    } catch (DirectConfigException e) {
      return e;
    }
    throw new AssertionError("config was saved: " + config);
  }

  static Stream<Arguments> refusedConfigs() {
    String p161 = "a".repeat(161);
    return Stream.of(
        Arguments.of("a command may not take a host command's name",
            DirectConfig.builder("lookup").command("/Clear").build(),
            "lookup: command [/Clear] collides with the host's command [/clear]"),
        Arguments.of("a command is letters, digits, _ or -",
            DirectConfig.builder("lookup").command("/look up").build(),
            "lookup: command must be 1–32 letters, digits, '_' or '-', but was [look up]"),
        Arguments.of("at most four rules per tool",
            DirectConfig.builder("lookup").rule(KeywordRule.prefix("a")).rule(KeywordRule.prefix("b"))
                .rule(KeywordRule.prefix("c")).rule(KeywordRule.prefix("d")).rule(KeywordRule.prefix("e")).build(),
            "lookup: rules must be at most 4, but were 5"),
        Arguments.of("a pattern is at most 160 characters",
            DirectConfig.builder("lookup").rule(KeywordRule.regex(p161)).build(),
            "lookup: rules[0].pattern must be at most 160 characters, but was 161"),
        Arguments.of("a prefix is at most 160 characters",
            DirectConfig.builder("lookup").rule(KeywordRule.prefix(p161)).build(),
            "lookup: rules[0].pattern must be at most 160 characters, but was 161"),
        Arguments.of("a pattern has at most nine capture groups",
            DirectConfig.builder("lookup").rule(KeywordRule.regex("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)")).build(),
            "lookup: rules[0].pattern must have at most 9 capture groups, but had 10"),
        Arguments.of("a counted repetition is at most 64",
            DirectConfig.builder("lookup").rule(KeywordRule.regex("^x{65}$")).build(),
            "lookup: rules[0].pattern must repeat at most 64 times in one counted repetition, but had {65}"),
        Arguments.of("nested counted repetitions are estimated together",
            DirectConfig.builder("lookup").rule(KeywordRule.regex("^(?:a{20}){20}$")).build(),
            "lookup: rules[0].pattern must expand to at most 256 atoms after counted repetition, but the estimate was 400"),
        Arguments.of("look-around is not RE2",
            DirectConfig.builder("lookup").rule(KeywordRule.regex("^(?=a)b$")).build(),
            "lookup: rules[0].pattern must be an RE2 regular expression (no look-around, no back-references), but"),
        Arguments.of("a template must be a JSON object",
            DirectConfig.builder("lookup").template("[1]").build(),
            "lookup: template must be a JSON object, but was array"),
        Arguments.of("typed placeholders must be the whole value",
            DirectConfig.builder("calc").template("{\"value\":\"n={{number:input}}\"}").build(),
            "calc: template placeholder [{{number:input}}] at /value must be the whole string value, but the value was [n={{number:input}}]"),
        Arguments.of("unknown placeholders are refused",
            DirectConfig.builder("calc").template("{\"value\":\"{{query}}\"}").build(),
            "calc: template placeholder [{{query}}] at /value is unknown; use input, message, match or 1…9"),
        Arguments.of("placeholders never go in keys",
            DirectConfig.builder("calc").template("{\"{{input}}\":1}").build(),
            "calc: template key [{{input}}] at / must not hold a placeholder; placeholders go in string values"),
        Arguments.of("a tool without a default template needs one",
            DirectConfig.builder("web_search_exa").command("/search").build(),
            "web_search_exa: template is required: tool [web_search_exa] has no default template, because its schema does not have exactly one required string property"),
        Arguments.of("group placeholders do not suit a slash command",
            DirectConfig.builder("lookup").command("/look").template("{\"term\":\"{{1}}\"}").build(),
            "lookup: template uses {{1}}, which only regex rules supply, but the tool has the command [/look]; use {{input}} to share one template"),
        Arguments.of("group placeholders need enough groups",
            DirectConfig.builder("lookup").template("{\"term\":\"{{2}}\"}").rule(KeywordRule.regex("^find (.+)$")).build(),
            "lookup: template uses {{2}}, but rules[0] has 1 capture groups"),
        Arguments.of("an invalid regex with a group template is refused like one without",
            DirectConfig.builder("lookup").template("{\"term\":\"{{1}}\"}").rule(KeywordRule.regex("(unclosed")).build(),
            "lookup: rules[0].pattern must be an RE2 regular expression"));
  }

  @Test
  void anInvalidRegexWithAGroupTemplateGetsOneProblemAndNoRawException() {
    DirectConfig bad = DirectConfig.builder("lookup").template("{\"term\":\"{{1}}\"}")
        .rule(KeywordRule.regex("(unclosed")).rule(KeywordRule.regex("^find (.+)$")).build();
    assertThat(refusal(LOOKUP, bad).problems()).singleElement().asString().startsWith("lookup: rules[0].pattern");
  }

  @Test
  void restoringAnInvalidRegexWithAGroupTemplateReportsItInsteadOfThrowing() {
    DirectConfig bad = DirectConfig.builder("lookup").template("{\"term\":\"{{1}}\"}")
        .rule(KeywordRule.regex("(unclosed")).build();
    DirectCatalog c = DirectCatalog.restore(List.of("/help"), List.of(bad), name -> name.equals("lookup") ? LOOKUP : null);
    assertThat(c.restoreProblems()).isNotEmpty().allSatisfy(p -> assertThat(p).contains("lookup"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedConfigs")
  void invalidConfigsAreRefusedWithAPreciseError(String rule, DirectConfig config, String problem) {
    ToolSpec spec = Stream.of(EXA, CALC, LOOKUP).filter(s -> s.name().equals(config.toolName())).findFirst().orElseThrow();
    assertThat(refusal(spec, config).problems()).anySatisfy(p -> assertThat(p).startsWith(problem));
  }

  @Test
  void everyProblemOfAConfigIsReportedAtOnce() {
    DirectConfig bad = DirectConfig.builder("lookup").command("/help").rule(KeywordRule.regex("^x{99}$"))
        .rule(KeywordRule.regex("(")).build();
    assertThat(refusal(LOOKUP, bad).problems()).hasSize(3);
  }

  @Test
  void twoToolsCannotShareACommandIgnoringCase() {
    DirectCatalog c = catalog().save(LOOKUP, DirectConfig.builder("lookup").command("/find").build());
    assertThatThrownBy(() -> c.save(WEATHER, DirectConfig.builder("weather").command("/FIND").build()))
        .isInstanceOf(DirectConfigException.class)
        .hasMessage("weather: command [/FIND] is already used by tool [lookup]");
  }

  @Test
  void atMostTwentyFourEnabledRulesOfWhichEightRegexAcrossTools() {
    DirectCatalog c = catalog();
    for (int t = 0; t < 6; t++) {
      ToolSpec spec = LOOKUP.toBuilder().build();
      spec = ToolSpec.builder("lookup" + t, spec.parameters()).build();
      DirectConfig.Builder b = DirectConfig.builder(spec.name());
      for (int r = 0; r < 4; r++) {
        b.rule(t < 2 ? KeywordRule.regex("^r" + t + r + " (.+)$") : KeywordRule.prefix("p" + t + r));
      }
      c = c.save(spec, b.build());
    }
    ToolSpec seventh = ToolSpec.builder("lookup6", LOOKUP.parameters()).build();
    DirectCatalog full = c;
    assertThatThrownBy(() -> full.save(seventh, DirectConfig.builder("lookup6").rule(KeywordRule.prefix("q")).build()))
        .hasMessage("enabled keyword rules must be at most 24 across all tools, but were 25");
    assertThat(full.save(seventh, DirectConfig.builder("lookup6").rule(KeywordRule.prefix("q").disabled()).build())
        .configs()).hasSize(7);
    ToolSpec regexTool = ToolSpec.builder("regexy", LOOKUP.parameters()).build();
    DirectCatalog fewer = catalog().save(ToolSpec.builder("a", LOOKUP.parameters()).build(), DirectConfig.builder("a")
        .rule(KeywordRule.regex("^a1$")).rule(KeywordRule.regex("^a2$")).rule(KeywordRule.regex("^a3$"))
        .rule(KeywordRule.regex("^a4$")).build()).save(ToolSpec.builder("b", LOOKUP.parameters()).build(),
        DirectConfig.builder("b").rule(KeywordRule.regex("^b1$")).rule(KeywordRule.regex("^b2$"))
            .rule(KeywordRule.regex("^b3$")).rule(KeywordRule.regex("^b4$")).build());
    assertThatThrownBy(() -> fewer.save(regexTool, DirectConfig.builder("regexy").rule(KeywordRule.regex("^c$")).build()))
        .hasMessage("enabled regex rules must be at most 8 across all tools, but were 9");
  }

  @Test
  void theExaWorkedExampleSaves() {
    DirectCatalog c = catalog().save(EXA, DirectConfig.builder("web_search_exa").command("/search")
        .template(EXA_TEMPLATE).build());
    assertThat(c.config("web_search_exa")).hasValueSatisfying(cfg -> {
      assertThat(cfg.command()).isEqualTo("search");
      assertThat(cfg.reviewedSchema()).isEqualTo(CustomDescriptions.fingerprint(EXA.parameters()));
    });
  }

  @Test
  void aChangedSchemaOnRediscoveryDisablesTheConfigWithAReasonUntilEnabledAgain() {
    DirectCatalog c = catalog().save(LOOKUP, DirectConfig.builder("lookup").command("/look").build());
    ToolSpec changed = ToolSpec.builder("lookup", """
        {"type":"object","properties":{"term":{"type":"string"},"lang":{"type":"string"}},"required":["term"]}""").build();
    DirectCatalog after = c.rediscovered(changed);
    DirectConfig disabled = after.config("lookup").orElseThrow();
    assertThat(disabled.enabled()).isFalse();
    assertThat(disabled.command()).isEqualTo("look");
    assertThat(disabled.disabledReason()).isEqualTo(
        "the parameters schema of tool [lookup] changed since this config was saved; review it and enable it again");
    assertThat(after.byCommand("look")).isNull();
    DirectCatalog again = after.save(changed, disabled.toBuilder().enabled(true).build());
    assertThat(again.config("lookup").orElseThrow().enabled()).isTrue();
    assertThat(again.config("lookup").orElseThrow().reviewedSchema()).isEqualTo(CustomDescriptions.fingerprint(changed.parameters()));
    assertThat(c.rediscovered(LOOKUP).config("lookup").orElseThrow().enabled()).isTrue();
  }

  @Test
  void aClientThatKnowsAnotherPlanVersionIsRefused() {
    DirectCatalog.requirePlanVersion(DirectCatalog.PLAN_VERSION);
    assertThatThrownBy(() -> DirectCatalog.requirePlanVersion(0)).isInstanceOf(DirectConfigException.class)
        .hasMessage("config plan version must be 1, but the client sent 0; a client that does not know this plan would drop custom tool configs");
  }

  @Test
  void keyOrderDoesNotChangeTheSchemaFingerprint() {
    assertThat(CustomDescriptions.fingerprint(DirectFixtures.json("{\"a\":1,\"b\":{\"x\":1,\"y\":2}}")))
        .isEqualTo(CustomDescriptions.fingerprint(DirectFixtures.json("{\"b\":{\"y\":2,\"x\":1},\"a\":1}")));
  }

  @Test
  void reservedCommandsAreNormalised() {
    assertThat(catalog().reservedCommands()).containsExactly("clear", "help", "mcp-cancel");
    assertThat(List.copyOf(catalog().configs())).isEmpty();
  }
}
