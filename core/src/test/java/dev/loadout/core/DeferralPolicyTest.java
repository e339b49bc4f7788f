package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link DeferralPolicy#builder()}'s rules asked directly: each rule with its reason, the order in which they apply, the
 * token budget at its value and one past, and the names each setter refuses.
 */
class DeferralPolicyTest {
  private static final TurnContext TURN = Tools.context().build();

  private static DeferralPolicy.Candidate builtIn(String name, String group, int tokens) {
    ToolSpec.Builder b = Tools.spec(name).toBuilder();
    return new DeferralPolicy.Candidate(group == null ? b.build() : b.group(group).build(), Optional.empty(), tokens);
  }

  private static DeferralPolicy.Candidate external(String name, String source, int tokens) {
    return new DeferralPolicy.Candidate(Tools.spec(name).toBuilder().group("mcp").build(), Optional.of(source), tokens);
  }

  private static final List<DeferralPolicy.Candidate> TOOLS = List.of(builtIn("send_message", null, 10),
      builtIn("generate_image", "media", 10), external("create_issue", "github", 10), external("list_mrs", "gitlab", 10));

  private static Map<String, HiddenTool.Reason> defer(DeferralPolicy.Builder policy) {
    return policy.build().defer(TOOLS, TURN);
  }

  private static HiddenTool.Reason reason(String code, String message) {
    return new HiddenTool.Reason(code, message, "DeferralPolicy");
  }

  @Test
  void namedToolsAreDeferredByTheirExactName() {
    assertThat(defer(DeferralPolicy.builder().tools(" create_issue ", "no_such_tool")))
        .isEqualTo(Map.of("create_issue", reason("deferred_tool", "[create_issue] is deferred by name")));
    assertThat(defer(DeferralPolicy.builder().tools("CREATE_ISSUE"))).isEmpty();
  }

  @Test
  void groupsAreDeferredWhateverTheCaseAndSpacesOfTheirName() {
    assertThat(defer(DeferralPolicy.builder().groups(" Media ")))
        .isEqualTo(Map.of("generate_image", reason("deferred_group", "group [media] is deferred")));
  }

  @Test
  void sourcesAreDeferredByTheirLabelOnly() {
    assertThat(defer(DeferralPolicy.builder().sources("github")))
        .isEqualTo(Map.of("create_issue", reason("deferred_source", "source [github] is deferred")));
    assertThat(defer(DeferralPolicy.builder().sources("mcp", "send_message"))).isEmpty();
  }

  @Test
  void allExternalDefersEveryExternalToolAndNoBuiltIn() {
    HiddenTool.Reason external = reason("deferred_external", "external tools are deferred");
    assertThat(defer(DeferralPolicy.builder().allExternal()))
        .isEqualTo(Map.of("create_issue", external, "list_mrs", external));
  }

  @Test
  void theFirstRuleThatAppliesGivesTheReasonToolThenGroupThenSourceThenExternal() {
    List<DeferralPolicy.Candidate> one = List.of(new DeferralPolicy.Candidate(
        Tools.spec("create_issue").toBuilder().group("mcp").build(), Optional.of("github"), 100));
    DeferralPolicy.Builder all = DeferralPolicy.builder().tools("create_issue").groups("mcp").sources("github").allExternal()
        .externalOverTokens(1);
    assertThat(all.build().defer(one, TURN).get("create_issue").code()).isEqualTo("deferred_tool");
    assertThat(DeferralPolicy.builder().groups("mcp").sources("github").allExternal().externalOverTokens(1).build()
        .defer(one, TURN).get("create_issue").code()).isEqualTo("deferred_group");
    assertThat(DeferralPolicy.builder().sources("github").allExternal().externalOverTokens(1).build()
        .defer(one, TURN).get("create_issue").code()).isEqualTo("deferred_source");
    assertThat(DeferralPolicy.builder().allExternal().externalOverTokens(1).build()
        .defer(one, TURN).get("create_issue").code()).isEqualTo("deferred_external");
    assertThat(DeferralPolicy.builder().externalOverTokens(1).build()
        .defer(one, TURN).get("create_issue").code()).isEqualTo("over_token_budget");
  }

  @Test
  void aBudgetTheTurnMeetsExactlyDefersNothingAndOneTokenLessDefersEveryExternalTool() {
    assertThat(defer(DeferralPolicy.builder().externalOverTokens(40))).isEmpty();
    HiddenTool.Reason over = reason("over_token_budget",
        "the turn's tools would cost about 40 tokens, over the budget of 39, so external tools are deferred");
    assertThat(defer(DeferralPolicy.builder().externalOverTokens(39))).isEqualTo(Map.of("create_issue", over, "list_mrs", over));
  }

  @Test
  void aBudgetOfOneTokenIsAllowedAndLessIsRefused() {
    assertThat(defer(DeferralPolicy.builder().externalOverTokens(1))).containsOnlyKeys("create_issue", "list_mrs");
    assertThatThrownBy(() -> DeferralPolicy.builder().externalOverTokens(-5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("externalOverTokens must be at least 1, but was -5");
  }

  @Test
  void aPolicyWithoutRulesDefersNothing() {
    assertThat(defer(DeferralPolicy.builder())).isEmpty();
    assertThat(DeferralPolicy.NONE.defer(TOOLS, TURN)).isEmpty();
  }

  @Test
  void eachListOfCandidatesGetsItsOwnAnswerAndTheSameListTheSameAnswer() {
    DeferralPolicy policy = DeferralPolicy.builder().externalOverTokens(25).build();
    List<DeferralPolicy.Candidate> small = List.of(builtIn("send_message", null, 10), external("create_issue", "github", 10));
    assertThat(policy.defer(TOOLS, TURN)).containsOnlyKeys("create_issue", "list_mrs");
    assertThat(policy.defer(small, TURN)).isEmpty();
    assertThat(policy.defer(TOOLS, TURN)).containsOnlyKeys("create_issue", "list_mrs");
    assertThat(policy.defer(TOOLS, TURN)).isEqualTo(policy.defer(TOOLS, TURN));
  }

  /** A bot's guilds alternate: more lists than the policy keeps, in turn, each always get their own answer. */
  @Test
  void guildsTakingTurnsEachGetTheirOwnAnswerBeyondWhatThePolicyKeeps() {
    DeferralPolicy policy = DeferralPolicy.builder().externalOverTokens(25).build();
    List<List<DeferralPolicy.Candidate>> guilds = new java.util.ArrayList<>();
    for (int g = 0; g < 11; g++) {
      // Guild g has g + 1 external tools of 10 tokens: from the third on, over the budget of 25.
      List<DeferralPolicy.Candidate> tools = new java.util.ArrayList<>();
      for (int k = 0; k <= g; k++) {
        tools.add(external("tool_" + g + "_" + k, "server" + g, 10));
      }
      guilds.add(List.copyOf(tools));
    }
    for (int round = 0; round < 3; round++) {
      for (int g = 0; g < guilds.size(); g++) {
        Map<String, HiddenTool.Reason> answer = policy.defer(guilds.get(g), TURN);
        if (g < 2) {
          assertThat(answer).as("guild %d, round %d", g, round).isEmpty();
        } else {
          String prefix = "tool_" + g + "_";
          assertThat(answer).as("guild %d, round %d", g, round).hasSize(g + 1)
              .allSatisfy((name, why) -> assertThat(name).startsWith(prefix));
        }
      }
    }
  }

  @Test
  void missingOrBlankNamesAreRefusedNamingTheSetting() {
    assertThatThrownBy(() -> DeferralPolicy.builder().tools((String[]) null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("tool names must not be null");
    assertThatThrownBy(() -> DeferralPolicy.builder().groups("media", " "))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("group names must not be blank, but were [media,  ]");
    assertThatThrownBy(() -> DeferralPolicy.builder().sources("github", null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("source names must not be blank, but were [github, null]");
    assertThatThrownBy(() -> DeferralPolicy.builder().sources((String[]) null))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("source names must not be null");
  }
}
