package dev.loadout.core.availability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.AvailabilityDecision;
import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.PermissionRule;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class RequirementFiltersTest {
  private static ToolSpec.Builder tool() {
    return ToolSpec.builder("t", "{\"type\":\"object\",\"properties\":{}}");
  }

  private static TurnContext.Builder ctx() {
    return TurnContext.builder("openai", "gpt-x").permissions(Set.of());
  }

  private static void check(AvailabilityFilter filter, ToolSpec spec, TurnContext context, String code, String reason) {
    AvailabilityDecision d = filter.evaluate(spec, context);
    if (code == null) {
      assertThat(d.isAvailable()).as("expected available, got %s", d).isTrue();
    } else {
      assertThat(d.isAvailable()).as("expected hidden [%s]", code).isFalse();
      assertThat(d.code()).isEqualTo(code);
      assertThat(d.reason()).isEqualTo(reason);
    }
  }

  static Stream<Arguments> providerCases() {
    return Stream.of(
        Arguments.of("no rule: every provider", tool().build(), ctx().build(), null, null),
        Arguments.of("supported provider", tool().providers("OpenAI", "anthropic").build(), ctx().build(), null, null),
        Arguments.of("unsupported provider", tool().providers("anthropic", "gemini").build(), ctx().build(),
            "provider_not_supported", "provider [openai] is not one of [anthropic, gemini]"),
        Arguments.of("refused provider", tool().refusedProviders("NovelAI").build(),
            TurnContext.builder("novelai", "glm").build(), "provider_refused", "the tool is not offered to provider [novelai]"),
        Arguments.of("refused elsewhere", tool().refusedProviders("novelai").build(), ctx().build(), null, null),
        Arguments.of("context check says no", tool().providerCheck(c -> c.flag("native_tools")).build(), ctx().build(),
            "provider_check_failed", "the tool's provider check refused provider [openai] for this turn"),
        Arguments.of("context check says yes", tool().providerCheck(c -> c.flag("native_tools")).build(),
            ctx().flag("native_tools", true).build(), null, null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("providerCases")
  void providerRules(String name, ToolSpec spec, TurnContext context, String code, String reason) {
    check(AvailabilityFilters.provider(), spec, context, code, reason);
  }

  static Stream<Arguments> capabilityCases() {
    return Stream.of(
        Arguments.of("no requirement", tool().build(), ctx().build(), null, null),
        Arguments.of("declared equal", tool().requiredCapability("vision", true).build(), ctx().capability("vision", true).build(), null, null),
        Arguments.of("declared other value", tool().requiredCapability("vision", true).build(), ctx().capability("vision", false).build(),
            "missing_model_capability", "model [gpt-x] lacks [vision=true (model declares false)]"),
        Arguments.of("not declared", tool().requiredCapability("audio_input", true).build(), ctx().build(),
            "missing_model_capability", "model [gpt-x] lacks [audio_input=true (model declares nothing)]"),
        Arguments.of("strict: string is not boolean", tool().requiredCapability("vision", true).build(),
            ctx().capability("vision", "true").build(), "missing_model_capability", "model [gpt-x] lacks [vision=true (model declares \"true\")]"),
        Arguments.of("numbers compare by value", tool().requiredCapability("tool_protocol", 2).build(),
            ctx().capability("tool_protocol", 2.0).build(), null, null),
        Arguments.of("every missing one is listed, sorted", tool().requiredCapability("vision", true).requiredCapability("audio", true).build(),
            ctx().build(), "missing_model_capability",
            "model [gpt-x] lacks [audio=true (model declares nothing), vision=true (model declares nothing)]"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("capabilityCases")
  void capabilityRules(String name, ToolSpec spec, TurnContext context, String code, String reason) {
    check(AvailabilityFilters.modelCapabilities(), spec, context, code, reason);
  }

  static Stream<Arguments> flagCases() {
    return Stream.of(
        Arguments.of("no flag needed", tool().build(), ctx().build(), null, null),
        Arguments.of("flag on", tool().requiredFlag("web_search").build(), ctx().flag("web_search", true).build(), null, null),
        Arguments.of("flag off", tool().requiredFlag("web_search").build(), ctx().flag("web_search", false).build(),
            "feature_flag_off", "feature flag [web_search] is off"),
        Arguments.of("missing flag counts as off", tool().requiredFlag("web_search").build(), ctx().build(),
            "feature_flag_off", "feature flag [web_search] is off"),
        Arguments.of("several flags all needed", tool().requiredFlag("b").requiredFlag("a").build(), ctx().flag("c", true).build(),
            "feature_flag_off", "feature flag [a, b] are off"),
        Arguments.of("an unset switch is on", tool().switchedOffBy("imagegen_enabled").build(), ctx().build(), null, null),
        Arguments.of("a switch set to true is on", tool().switchedOffBy("imagegen_enabled").build(),
            ctx().flag("imagegen_enabled", true).build(), null, null),
        Arguments.of("a switch set to false hides the tool", tool().switchedOffBy("imagegen_enabled").build(),
            ctx().flag("imagegen_enabled", false).build(), "feature_flag_off", "feature flag [imagegen_enabled] is off"),
        Arguments.of("a required flag and a switch are both read", tool().requiredFlag("beta").switchedOffBy("x").build(),
            ctx().flag("x", false).build(), "feature_flag_off", "feature flag [beta, x] are off"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("flagCases")
  void flagRules(String name, ToolSpec spec, TurnContext context, String code, String reason) {
    check(AvailabilityFilters.featureFlags(), spec, context, code, reason);
  }

  static Stream<Arguments> permissionCases() {
    return Stream.of(
        Arguments.of("public tool, unknown permissions", tool().build(), ctx().permissions(null).build(), null, null),
        Arguments.of("admin holds admin", tool().requiredPermission("ADMIN").build(), ctx().permissions(Set.of("ADMIN")).build(), null, null),
        Arguments.of("member lacks admin", tool().requiredPermission("ADMIN").build(), ctx().build(),
            "missing_permission", "the member lacks all of [ADMIN]"),
        Arguments.of("unknown permissions fail closed", tool().requiredPermission("ADMIN").build(), ctx().permissions(null).build(),
            "permissions_unknown", "the member's permissions are unknown and the tool needs all of [ADMIN] (fails closed)"),
        Arguments.of("admin or moderator: moderator passes", tool().requiredPermissions(PermissionRule.anyOf("ADMIN", "MODERATOR")).build(),
            ctx().permissions(Set.of("MODERATOR")).build(), null, null),
        Arguments.of("admin or moderator: member fails", tool().requiredPermissions(PermissionRule.anyOf("MODERATOR", "ADMIN")).build(),
            ctx().permissions(Set.of("SEND_MESSAGES")).build(), "missing_permission", "the member lacks any of [ADMIN, MODERATOR]"),
        Arguments.of("all of two: one is not enough", tool().requiredPermissions(PermissionRule.allOf("MANAGE_GUILD", "ADMIN")).build(),
            ctx().permissions(Set.of("ADMIN")).build(), "missing_permission", "the member lacks all of [ADMIN, MANAGE_GUILD]"),
        Arguments.of("host-defined permission", tool().requiredPermission("DJ").build(), ctx().permissions(Set.of("DJ")).build(), null, null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("permissionCases")
  void permissionRules(String name, ToolSpec spec, TurnContext context, String code, String reason) {
    check(AvailabilityFilters.permissions(), spec, context, code, reason);
  }

  /**
   * Each rule may hide exactly the tools that declare what it reads (a tool without requirements is never asked about
   * per turn), and saying so changes none of its answers.
   */
  @Test
  void eachRuleMayHideOnlyToolsThatDeclareItsRequirement() {
    ToolSpec plain = tool().build();
    assertThat(AvailabilityFilters.standard()).noneMatch(f -> f.mayHide(plain));
    assertThat(AvailabilityFilters.provider().mayHide(tool().providers("anthropic").build())).isTrue();
    assertThat(AvailabilityFilters.provider().mayHide(tool().refusedProviders("novelai").build())).isTrue();
    assertThat(AvailabilityFilters.provider().mayHide(tool().providerCheck(c -> true).build())).isTrue();
    assertThat(AvailabilityFilters.modelCapabilities().mayHide(tool().requiredCapability("vision", true).build())).isTrue();
    assertThat(AvailabilityFilters.featureFlags().mayHide(tool().requiredFlag("beta").build())).isTrue();
    assertThat(AvailabilityFilters.featureFlags().mayHide(tool().switchedOffBy("imagegen_enabled").build())).isTrue();
    assertThat(AvailabilityFilters.permissions().mayHide(tool().requiredPermission("ADMIN").build())).isTrue();
    // A rule that may not hide a tool answers available for it, whoever asks: even an unknown member.
    TurnContext unknown = TurnContext.builder("novelai", "glm").build();
    for (AvailabilityFilter f : AvailabilityFilters.standard()) {
      assertThat(f.evaluate(plain, unknown).isAvailable()).as(f.name()).isTrue();
    }
    // The requirements rules keep each other's requirement out: a permission is not the provider rule's business.
    ToolSpec admin = tool().requiredPermission("ADMIN").build();
    assertThat(AvailabilityFilters.provider().mayHide(admin)).isFalse();
    assertThat(AvailabilityFilters.featureFlags().mayHide(admin)).isFalse();
    assertThat(AvailabilityFilters.modelCapabilities().mayHide(admin)).isFalse();
  }

  @Test
  void aNamedLambdaMayHideEveryToolAndANamedRuleKeepsWhatItSays() {
    AvailabilityFilter lambda = AvailabilityFilter.named("lambda", (spec, context) -> AvailabilityDecision.available());
    assertThat(lambda.mayHide(tool().build())).isTrue();
    AvailabilityFilter renamed = AvailabilityFilter.named("renamed", AvailabilityFilters.permissions());
    assertThat(renamed.mayHide(tool().build())).isFalse();
    assertThat(renamed.mayHide(tool().requiredPermission("ADMIN").build())).isTrue();
  }

  @Test
  void theStandardFiltersHaveReadableNamesInTheirOrder() {
    assertThat(AvailabilityFilters.standard()).extracting(AvailabilityFilter::name)
        .containsExactly("provider", "model_capabilities", "feature_flags", "permissions");
  }

  @Test
  void requirementsAreNotPartOfWhatTheModelSees() {
    ToolSpec plain = tool().build();
    ToolSpec gated = tool().requiredFlag("x").requiredPermission("ADMIN").providers("openai").build();
    assertThat(gated.fingerprint()).isEqualTo(plain.fingerprint());
    assertThat(gated).isNotEqualTo(plain);
  }
}
