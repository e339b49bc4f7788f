package dev.loadout.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class InspectTest {
  private static final Path CONTEXTS = Path.of("contexts").toAbsolutePath();

  private static String inspect(String file) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Inspect.run(Files.readString(CONTEXTS.resolve(file)), new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aRegularMemberSeesTheCoreToolsAndEveryHiddenToolSaysWhy() throws IOException {
    assertThat(inspect("member.yaml")).isEqualTo("""
        Turn: openai / gpt-5-mini, guild 42, channel 123456789012345678, permissions none
        The model sees 4 tool(s), in this order:
          1. fetch_url (core)
          2. review_capabilities (core)
          3. roll_dice (core)
          4. generate_image (media)
        Hidden: 5
          - web_search [feature_flag_off] feature flag [web_search] is off (feature_flags)
          - analyze_image [missing_model_capability] model [gpt-5-mini] lacks [vision=true (model declares false)] (model_capabilities)
          - play_music [group_excluded_in_channel] tool group [music] is excluded in channel [123456789012345678] (tool_groups)
          - ban_member [missing_permission] the member lacks any of [ADMIN, MODERATOR] (permissions)
          - trivia [group_not_in_channel] tool group [games] is limited to channels [234567890123456789], not channel [123456789012345678] (tool_groups)
        Fingerprint: %s
        """.formatted(fingerprintOf(inspectUnchecked("member.yaml"))));
  }

  @Test
  void aModeratorInAThreadOfTheGamesChannelSeesEverythingAndBadConfigIsWarnedAbout() throws IOException {
    String out = inspect("moderator.json");
    assertThat(out).contains("channel 234567890123456789 (thread 345678901234567890), permissions MODERATOR")
        .contains("The model sees 9 tool(s), in this order:\n  1. fetch_url (core)")
        .contains("  8. ban_member (moderation)\n  9. trivia (games)\nHidden: 0")
        .contains("warning: Tool group [fun] is turned off in every channel");
  }

  @Test
  void toolSearchShowsWhatIsDeferredAndWhyAfterTheStablePrefix() throws IOException {
    String out = inspect("search.yaml");
    assertThat(out).contains("  - ban_member [deferred_group] group [moderation] is deferred (DeferralPolicy)")
        .contains("  - trivia [deferred_group] group [games] is deferred (DeferralPolicy)")
        .contains("Deferred (found with search_tools): 2\n")
        .containsPattern("Stable prefix: \\d+ tool\\(s\\), prompt_cache_key loadout-tools-[0-9a-f]{16}\n")
        .doesNotContain(". ban_member").doesNotContain(". trivia");
    assertThat(out).containsPattern("\\d+\\. search_tools \\(core\\)\nHidden: 0");
    assertThat(out).contains("Tool tokens (o200k; an estimate of what the provider bills), per dialect:\n"
        + "  tool | openai_chat | openai_responses | anthropic | gemini\n")
        .containsPattern("\n  search_tools \\| \\d+ \\| \\d+ \\| \\d+ \\| \\d+\n  total \\| \\d+ \\| \\d+ \\| \\d+ \\| \\d+\n");
  }

  @Test
  void deliberateModeAdmitsOnlyWhatTheMessageAsksFor() throws IOException {
    String out = inspect("deliberate.yaml");
    // A self-diagnostic question admits the capability report and URL reading, not search.
    assertThat(out).contains("The model sees 2 tool(s), in this order:\n  1. fetch_url (core)\n  2. review_capabilities (core)\n")
        .contains("  - web_search [deliberate_not_requested]")
        .contains("  - roll_dice [deliberate_not_requested]");
  }

  @Test
  void aFileWithoutProviderIsADescriptiveError() {
    assertThatThrownBy(() -> Inspect.run("model: x", new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("'provider' is required");
    assertThatThrownBy(() -> Inspect.run("[1, 2", new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
        .hasMessageStartingWith("not valid YAML or JSON");
  }

  @Test
  void anEnvironmentKeyIsRefusedNamingWhatDecidesInstead() {
    assertThatThrownBy(() -> Inspect.run("provider: openai\nmodel: x\nenvironment: development",
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("RUN_ENV");
  }

  private static String inspectUnchecked(String file) {
    try {
      return inspect(file);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static String fingerprintOf(String out) {
    String line = out.lines().filter(l -> l.startsWith("Fingerprint: ")).findFirst().orElseThrow();
    assertThat(line).matches("Fingerprint: [0-9a-f]{16}");
    return line.substring("Fingerprint: ".length());
  }
}
