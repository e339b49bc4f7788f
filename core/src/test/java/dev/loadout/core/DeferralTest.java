package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How a Loadout splits a turn's tools into loaded and deferred (issue 19): what the policy is asked, when a turn has no
 * tool search at all, and that a recent turn's split is reused only for the same tools with the same decisions.
 */
class DeferralTest {
  private static final HiddenTool.Reason MINE = new HiddenTool.Reason("mine", "deferred by the test", "test");

  private final ToolRegistry registry = ToolRegistry.builder().register(
      Tools.FnTool.echo(Tools.spec("send_message").toBuilder().description("Sends.").build()),
      Tools.FnTool.echo(Tools.spec("generate_image").toBuilder().group("media").description("Draws").build()))
      .build();

  private static ToolSource source(String label, String... names) {
    List<BaseTool> tools = new ArrayList<>();
    for (String n : names) {
      tools.add(Tools.FnTool.echo(Tools.spec(n).toBuilder().group("mcp").description("Does " + n + ".").build()));
    }
    return ToolSource.of(label, label, tools);
  }

  /** External tools: create_issue and list_issues, or only create_issue on a turn flagged "fewer". */
  private Loadout loadout(DeferralPolicy policy) {
    return Loadout.builder(registry)
        .externalTools(ctx -> List.of(ctx.flag("fewer") ? source("github", "create_issue")
            : source("github", "create_issue", "list_issues")))
        .toolSearch(ToolSearch.builder(policy).build()).build();
  }

  private static TurnContext turn(boolean fewer) {
    return Tools.context().flag("fewer", fewer).build();
  }

  private static List<String> names(List<DeferralPolicy.Candidate> candidates) {
    return candidates.stream().map(c -> c.variant().name()).toList();
  }

  @Test
  void thePolicySeesEachToolWithItsSourceAndItsEstimateRoundedUp() {
    List<List<DeferralPolicy.Candidate>> seen = new ArrayList<>();
    ToolRegistry.Builder tools = ToolRegistry.builder();
    for (String description : List.of("a", "ab", "abc", "abcd")) {
      tools.register(Tools.FnTool.echo(Tools.spec("t" + description.length()).toBuilder().description(description).build()));
    }
    try (Loadout loadout = Loadout.builder(tools.build()).externalTools(ctx -> List.of(source("github", "create_issue")))
        .toolSearch(ToolSearch.builder((candidates, ctx) -> {
          seen.add(candidates);
          return Map.of();
        }).build()).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).containsExactly("t1", "t2", "t3", "t4", "create_issue");
    }
    assertThat(seen).hasSize(1);
    List<DeferralPolicy.Candidate> candidates = seen.get(0);
    assertThat(names(candidates)).containsExactly("t1", "t2", "t3", "t4", "create_issue");
    assertThat(candidates).extracting(DeferralPolicy.Candidate::isExternal).containsExactly(false, false, false, false, true);
    assertThat(candidates.get(4).source()).contains("github");
    for (DeferralPolicy.Candidate c : candidates) {
      int bytes = ToolRenderer.tool(Dialect.OPENAI_CHAT, c.variant()).length;
      assertThat(c.estimatedTokens() * 4).as(c.variant().name()).isBetween(bytes, bytes + 3);
    }
  }

  @Test
  void aRegisteredToolNamedLikeTheSearchFunctionTurnsToolSearchOffAndIsWarnedOnce() {
    ToolRegistry clash = ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec(ToolSearch.FUNCTION_NAME)),
        Tools.FnTool.echo(Tools.spec("generate_image").toBuilder().group("media").build())).build();
    List<List<DeferralPolicy.Candidate>> asked = new ArrayList<>();
    DeferralPolicy byName = (candidates, ctx) -> {
      asked.add(candidates);
      return Map.of("create_issue", MINE);
    };
    try (Loadout loadout = Loadout.builder(clash).externalTools(ctx -> List.of(source("github", "create_issue")))
        .toolSearch(ToolSearch.builder(byName).build()).build()) {
      for (int i = 0; i < 2; i++) {
        PreparedTurn turn = loadout.prepare(Tools.context().build());
        assertThat(turn.visibleNames()).containsExactly(ToolSearch.FUNCTION_NAME, "generate_image", "create_issue");
        assertThat(turn.deferred()).isEmpty();
      }
      assertThat(loadout.warnings.logged()).isEqualTo(1);
    }
    assertThat(asked).isEmpty();
  }

  @Test
  void aPolicyNamingOnlyToolsTheTurnLacksLeavesTheTurnWithoutToolSearch() {
    try (Loadout loadout = loadout((candidates, ctx) -> Map.of("no_such_tool", MINE))) {
      PreparedTurn turn = loadout.prepare(turn(false));
      assertThat(turn.visibleNames()).containsExactly("send_message", "generate_image", "create_issue", "list_issues");
      assertThat(turn.deferred()).isEmpty();
      assertThat(turn.stableCount()).isEqualTo(4);
    }
  }

  @Test
  void aPolicyDeferringOnlyACoreToolIsWarnedOnceAndTheToolStaysLoadedWithoutToolSearch() {
    try (Loadout loadout = loadout((candidates, ctx) -> Map.of("send_message", MINE))) {
      for (int i = 0; i < 2; i++) {
        PreparedTurn turn = loadout.prepare(turn(false));
        assertThat(turn.visibleNames()).containsExactly("send_message", "generate_image", "create_issue", "list_issues");
        assertThat(turn.deferred()).isEmpty();
      }
      assertThat(loadout.warnings.logged()).isEqualTo(1);
    }
  }

  @Test
  void thePolicyIsAskedAboutEachTurnsOwnTools() {
    List<List<String>> seen = new ArrayList<>();
    DeferralPolicy externals = (candidates, ctx) -> {
      seen.add(names(candidates));
      Map<String, HiddenTool.Reason> out = new java.util.HashMap<>();
      candidates.stream().filter(DeferralPolicy.Candidate::isExternal).forEach(c -> out.put(c.variant().name(), MINE));
      return out;
    };
    try (Loadout loadout = loadout(externals)) {
      loadout.prepare(turn(false));
      PreparedTurn fewer = loadout.prepare(turn(true));
      assertThat(fewer.deferred()).extracting(DeferredTool::name).containsExactly("create_issue");
    }
    assertThat(seen).containsExactly(List.of("send_message", "generate_image", "create_issue", "list_issues"),
        List.of("send_message", "generate_image", "create_issue"));
  }

  @Test
  void theSameDecisionsOnOtherToolsGetTheirOwnSplit() {
    try (Loadout loadout = loadout(DeferralPolicy.builder().tools("create_issue").build())) {
      PreparedTurn all = loadout.prepare(turn(false));
      PreparedTurn fewer = loadout.prepare(turn(true));
      assertThat(all.visibleNames()).containsExactly("send_message", "generate_image", "list_issues", "search_tools");
      assertThat(fewer.visibleNames()).containsExactly("send_message", "generate_image", "search_tools");
      assertThat(fewer.deferred()).extracting(DeferredTool::name).containsExactly("create_issue");
      assertThat(loadout.prepare(turn(false)).visibleNames()).isEqualTo(all.visibleNames());
    }
  }

  @Test
  void otherDecisionsOnTheSameToolsGetTheirOwnSplit() {
    DeferralPolicy byFlag = (candidates, ctx) -> Map.of(ctx.flag("issues") ? "list_issues" : "create_issue", MINE);
    try (Loadout loadout = loadout(byFlag)) {
      PreparedTurn first = loadout.prepare(Tools.context().build());
      PreparedTurn second = loadout.prepare(Tools.context().flag("issues", true).build());
      assertThat(first.deferred()).extracting(DeferredTool::name).containsExactly("create_issue");
      assertThat(second.deferred()).extracting(DeferredTool::name).containsExactly("list_issues");
      assertThat(second.visibleNames()).containsExactly("send_message", "generate_image", "create_issue", "search_tools");
    }
  }

  @Test
  void thePrefixFingerprintIsTheDigestOfTheStablePrefixAndDiffersWithIt() {
    try (Loadout externals = loadout(DeferralPolicy.builder().allExternal().build());
        Loadout images = loadout(DeferralPolicy.builder().groups("media").build())) {
      PreparedTurn a = externals.prepare(turn(false));
      PreparedTurn b = images.prepare(turn(false));
      assertThat(a.prefixFingerprint()).isEqualTo(Fingerprints.ofTurn(a.visible().subList(0, a.stableCount())));
      assertThat(b.prefixFingerprint()).isEqualTo(Fingerprints.ofTurn(b.visible().subList(0, b.stableCount())));
      assertThat(a.prefixFingerprint()).isNotEqualTo(b.prefixFingerprint());
      assertThat(externals.prepare(turn(false)).prefixFingerprint()).isEqualTo(a.prefixFingerprint());
    }
  }

  @Test
  void anotherImplementationOfTheSameVariantFromNewSourcesIsTheOneThatRuns() {
    ToolSpec issue = Tools.spec("create_issue").toBuilder().group("mcp").build();
    java.util.concurrent.atomic.AtomicReference<String> answer = new java.util.concurrent.atomic.AtomicReference<>("first");
    try (Loadout loadout = Loadout.builder(registry)
        .externalTools(ctx -> {
          String a = answer.get();
          return List.of(ToolSource.of("github", "github", List.of(BaseTool.of(issue, (call, c) -> ToolResult.text(a)))));
        })
        .toolSearch(ToolSearch.builder(DeferralPolicy.builder().groups("media").build()).build()).build()) {
      PreparedTurn first = loadout.prepare(Tools.context().build());
      answer.set("second");
      PreparedTurn second = loadout.prepare(Tools.context().build());
      assertThat(second.visibleNames()).isEqualTo(first.visibleNames())
          .containsExactly("send_message", "create_issue", "search_tools");
      assertThat(run(first)).isEqualTo(ToolResult.text("first"));
      assertThat(run(second)).isEqualTo(ToolResult.text("second"));
    }
  }

  private static ToolResult run(PreparedTurn turn) {
    return turn.execute(ToolCall.of("c1", "create_issue", "{}")).toCompletableFuture()
        .orTimeout(5, java.util.concurrent.TimeUnit.SECONDS).join();
  }

  @Test
  void anotherVariantOfAToolFromTheSameSourcesIsShown() {
    ToolSpec plain = Tools.spec("send_message").toBuilder().description("Sends.").build();
    ToolSpec loud = plain.toBuilder().description("Sends loudly.").build();
    ToolRegistry variants = ToolRegistry.builder()
        .register(Tools.FnTool.echo(plain).assembling(ctx -> java.util.Optional.of(ctx.flag("loud") ? loud : plain)))
        .build();
    List<ToolSource> sources = List.of(source("github", "create_issue"));
    try (Loadout loadout = Loadout.builder(variants).externalTools(ctx -> sources)
        .toolSearch(ToolSearch.builder(DeferralPolicy.builder().allExternal().build()).build()).build()) {
      assertThat(loadout.prepare(Tools.context().build()).visible().get(0).description()).isEqualTo("Sends.");
      assertThat(loadout.prepare(Tools.context().flag("loud", true).build()).visible().get(0).description())
          .isEqualTo("Sends loudly.");
      assertThat(loadout.prepare(Tools.context().build()).visible().get(0).description()).isEqualTo("Sends.");
    }
  }

  // ---- deliberate tool mode deferring instead of hiding

  private static Loadout deliberate(DeferralPolicy policy) {
    ToolRegistry tools = ToolRegistry.builder().register(
        Tools.FnTool.echo(Tools.spec("send_message").toBuilder().description("Sends a message to the channel.").build()),
        Tools.FnTool.echo(ToolSpec.builder("web_search", "{\"type\":\"object\",\"properties\":{}}").group("search")
            .family("web_search").description("Searches the web for pages about a query.").build()))
        .build();
    return Loadout.builder(tools)
        .addFilter(dev.loadout.core.availability.AvailabilityFilters.deliberateToolMode(
            dev.loadout.core.availability.DeliberateToolMode.defaults()))
        .toolSearch(ToolSearch.builder(policy).deliberateModeDefers(true).build()).build();
  }

  private static TurnContext message(String text) {
    return Tools.context().messageText(text).attribute(dev.loadout.core.availability.DeliberateToolMode.SETTINGS,
        dev.loadout.core.availability.DeliberateSettings.server(true)).build();
  }

  @Test
  void underDeliberateModeTheSearchFunctionEndsThePrefixEvenOnAMessageThatDefersNothing() {
    try (Loadout loadout = deliberate(DeferralPolicy.NONE)) {
      PreparedTurn asks = loadout.prepare(message("search the web for cat facts"));
      assertThat(asks.visibleNames()).containsExactly("send_message", "search_tools", "web_search");
      assertThat(asks.stableCount()).isEqualTo(2);
      assertThat(asks.deferred()).isEmpty();
      PreparedTurn chats = loadout.prepare(message("good morning everyone"));
      assertThat(chats.visibleNames()).containsExactly("send_message", "search_tools");
      assertThat(chats.deferred()).extracting(DeferredTool::name).containsExactly("web_search");
      assertThat(chats.prefixFingerprint()).isEqualTo(asks.prefixFingerprint());
    }
  }

  @Test
  void underDeliberateModeAPolicyDeferringACoreToolIsStillWarnedOnceAndTheToolLoaded() {
    try (Loadout loadout = deliberate((candidates, ctx) -> Map.of("send_message", MINE))) {
      for (String text : List.of("search the web for cat facts", "good morning everyone")) {
        PreparedTurn turn = loadout.prepare(message(text));
        assertThat(turn.visibleNames()).startsWith("send_message", "search_tools");
        assertThat(turn.deferred("send_message")).isEmpty();
      }
      assertThat(loadout.warnings.logged()).isEqualTo(1);
    }
  }
}
