package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Tool search (issue 19, section 1) driven as a host drives it: prepare, render, the model calls
 * {@code search_tools}, the next round shows the tool, the call runs; and what must not happen (a deferred tool run
 * blind, the prefix moving).
 */
class ToolSearchTest {
  private final AtomicInteger created = new AtomicInteger();

  private final ToolRegistry registry = ToolRegistry.builder().register(
      Tools.FnTool.echo(Tools.spec("send_message").toBuilder().description("Sends a message to the channel.").build()),
      Tools.FnTool.echo(Tools.spec("generate_image").toBuilder().group("media").description("Draws a picture.").build()))
      .build();

  private final ToolSource github = ToolSource.of("gh", "github", List.of(
      Tools.FnTool.of(spec("create_issue", "Opens a new issue in a GitHub repository.",
          "{'type':'object','properties':{'repo':{'type':'string','description':'owner/name'},'title':{'type':'string'}},"
              + "'required':['repo','title']}"), (call, ctx) -> {
                created.incrementAndGet();
                return CompletableFuture.completedFuture(ToolResult.text("issue #1"));
              }),
      Tools.FnTool.echo(spec("list_issues", "Lists the open issues of a repository.",
          "{'type':'object','properties':{'repo':{'type':'string'}}}")),
      Tools.FnTool.echo(spec("search_repositories", "Finds repositories by keyword.",
          "{'type':'object','properties':{'query':{'type':'string'}}}"))));

  private static ToolSpec spec(String name, String description, String schema) {
    return ToolSpec.builder(name, schema.replace('\'', '"')).group("mcp").description(description).build();
  }

  private Loadout loadout(ToolSearch search) {
    return Loadout.builder(registry).externalTools(ctx -> List.of(github)).toolSearch(search).build();
  }

  private static ToolSearch deferExternal() {
    return ToolSearch.builder(DeferralPolicy.builder().allExternal().build()).build();
  }

  private static ToolResult run(PreparedTurn turn, String name, String args) {
    return turn.execute(ToolCall.of("c_" + name, name, args.replace('\'', '"'))).toCompletableFuture()
        .orTimeout(5, TimeUnit.SECONDS).join();
  }

  @Test
  void aSearchLoadsTheToolFromTheNextRoundAfterAnUnchangedPrefix() {
    try (Loadout loadout = loadout(deferExternal())) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).containsExactly("send_message", "generate_image", "search_tools");
      assertThat(turn.stableCount()).isEqualTo(3);
      assertThat(turn.deferred()).extracting(DeferredTool::name)
          .containsExactly("create_issue", "list_issues", "search_repositories");
      DeferredTool issue = turn.deferred("create_issue").orElseThrow();
      assertThat(issue.reason().code()).isEqualTo("deferred_external");
      assertThat(issue.source()).contains("github");
      assertThat(issue.searchText()).isEqualTo("Opens a new issue in a GitHub repository.\nrepo: owner/name\ntitle");
      assertThat(turn.hidden()).isEmpty();
      String round1 = turn.render(Dialect.OPENAI_CHAT).json();
      assertThat(round1).doesNotContain("create_issue").contains("\"search_tools\"");

      // Called blind: refused, never run, and told what to do.
      ToolResult blind = run(turn, "create_issue", "{'repo':'a/b','title':'x'}");
      assertThat(blind.isSuccess()).isFalse();
      assertThat(((ToolResult.Failure) blind).code()).isEqualTo(ToolSearch.NOT_LOADED);
      assertThat(((ToolResult.Failure) blind).message()).contains("Call search_tools first");
      assertThat(created).hasValue(0);

      ToolResult found = run(turn, "search_tools", "{'query':'open a GitHub issue'}");
      assertThat(found.isSuccess()).isTrue();
      assertThat(found.modelText()).startsWith("- create_issue: Opens a new issue in a GitHub repository.\n")
          .endsWith("These tools can be called from your next step.");
      // In the same round the tool is still not loaded: the model was not shown its schema.
      assertThat(((ToolResult.Failure) run(turn, "create_issue", "{'repo':'a/b','title':'x'}")).message())
          .contains("was just found");
      assertThat(created).hasValue(0);

      PreparedTurn next = turn.nextRound();
      assertThat(next.visibleNames()).startsWith("send_message", "generate_image", "search_tools")
          .contains("create_issue");
      assertThat(next.discovered().get(0)).isEqualTo("create_issue");
      assertThat(next.stableCount()).isEqualTo(3);
      String round2 = next.render(Dialect.OPENAI_CHAT).json();
      assertThat(round2).startsWith(round1.substring(0, round1.length() - 1) + ",");
      assertThat(next.prefixFingerprint()).isEqualTo(turn.prefixFingerprint());
      assertThat(next.promptCacheKey()).isEqualTo(turn.promptCacheKey());
      assertThat(next.fingerprint()).isNotEqualTo(turn.fingerprint());

      assertThat(run(next, "create_issue", "{'repo':'a/b','title':'x'}").modelText()).isEqualTo("issue #1");
      assertThat(created).hasValue(1);
      // Arguments are checked against the schema shown, as for any tool.
      assertThat(((ToolResult.Failure) run(next, "create_issue", "{'repo':'a/b'}")).code())
          .isEqualTo(ToolResult.INVALID_ARGUMENTS);
      assertThat(next.nextRound()).isSameAs(next);
    }
  }

  /** A query that finds nothing is echoed short and printable, whatever the model sent; nothing is found from it. */
  @Test
  void aQueryThatFindsNothingIsEchoedShortAndPrintable() {
    try (Loadout loadout = loadout(deferExternal())) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      String query = "\\u0007zzqq" + "q".repeat(100_000); // a control character, as the JSON escape sends it
      ToolResult result = run(turn, "search_tools", "{'query':'" + query + "'}");
      String summary = ((ToolResult.Success) result).summary().orElseThrow();
      assertThat(summary).startsWith("No tool matches \"?zzqq").contains("…\". Try other words")
          .hasSizeLessThan(200).doesNotContain("\u0007");
      assertThat(turn.discovered()).isEmpty();
      // What a query does find is listed with each tool's line, and only that.
      String found = ((ToolResult.Success) run(turn, "search_tools", "{'query':'open a GitHub issue'}")).summary()
          .orElseThrow();
      assertThat(found).contains("create_issue").endsWith("These tools can be called from your next step.");
    }
  }

  @Test
  void aSessionDiscoveryCarriesFoundToolsIntoLaterTurnsAfterThePrefix() {
    ToolDiscovery session = ToolDiscovery.create();
    try (Loadout loadout = loadout(deferExternal())) {
      PreparedTurn first = loadout.prepare(Tools.context().attribute(ToolDiscovery.KEY, session).build());
      run(first, "search_tools", "{'query':'list issues'}");
      assertThat(session.names()).startsWith("list_issues");
      PreparedTurn later = loadout.prepare(Tools.context().attribute(ToolDiscovery.KEY, session).build());
      assertThat(later.discovered()).startsWith("list_issues");
      assertThat(later.prefixFingerprint()).isEqualTo(first.prefixFingerprint());
      // Without the session's discovery, a new user turn starts from the prefix alone.
      assertThat(loadout.prepare(Tools.context().build()).discovered()).isEmpty();
      session.clear();
      assertThat(loadout.prepare(Tools.context().attribute(ToolDiscovery.KEY, session).build()).discovered()).isEmpty();
    }
  }

  @Test
  void theToolLoopLoadsFoundToolsBetweenRounds() {
    try (Loadout loadout = loadout(deferExternal())) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      ToolLoopTest.Script model = new ToolLoopTest.Script()
          .body(ToolLoopTest.chatCalls("call_1", "search_tools", "{'query':'create issue'}"))
          .body(ToolLoopTest.chatCalls("call_2", "create_issue", "{'repo':'a/b','title':'x'}"))
          .body(ToolLoopTest.ANSWER);
      ToolLoop.Result result = ToolLoop.builder(Dialect.OPENAI_CHAT).build()
          .run(turn, List.of(Json.object().put("role", "user")), model).toCompletableFuture()
          .orTimeout(5, TimeUnit.SECONDS).join();
      assertThat(result.stop()).isEqualTo(ToolLoop.Stop.ANSWERED);
      assertThat(model.requests.get(0).tools().json()).doesNotContain("create_issue");
      String second = model.requests.get(1).tools().json();
      String first = model.requests.get(0).tools().json();
      assertThat(second).startsWith(first.substring(0, first.length() - 1)).contains("\"create_issue\"");
      assertThat(created).hasValue(1);
    }
  }

  @Test
  void anthropicNativeSearchMarksDeferredToolsAndRunsTheirCalls() {
    ToolSearch search = ToolSearch.builder(DeferralPolicy.builder().allExternal().build())
        .nativeSearch(Dialect.ANTHROPIC, Dialect.OPENAI_RESPONSES).build();
    try (Loadout loadout = loadout(search)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      JsonNode tools = turn.render(Dialect.ANTHROPIC).toJsonNode();
      assertThat(tools.size()).isEqualTo(2 + 1 + 3);
      assertThat(tools.get(1).get("name").stringValue()).isEqualTo("generate_image");
      assertThat(tools.get(2).toString())
          .isEqualTo("{\"type\":\"tool_search_tool_bm25_20251119\",\"name\":\"tool_search_tool_bm25\"}");
      assertThat(tools.get(3).get("name").stringValue()).isEqualTo("create_issue");
      assertThat(tools.get(3).get("defer_loading").booleanValue()).isTrue();
      assertThat(tools.get(3).has("input_schema")).isTrue();
      assertThat(turn.render(Dialect.ANTHROPIC).json()).doesNotContain("search_tools");
      assertThat(turn.anthropicBetas()).containsExactly(ToolSearch.ANTHROPIC_BETA);
      // The provider loaded the tool itself: Loadout runs the call, checked against the schema Anthropic was shown.
      ToolCall call = Dialect.ANTHROPIC.parseToolCalls("{\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_1\","
          + "\"name\":\"create_issue\",\"input\":{\"repo\":\"a/b\",\"title\":\"x\"}}]}").get(0);
      assertThat(turn.execute(call).toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join().modelText())
          .isEqualTo("issue #1");
      // OpenAI Chat is emulated on the same turn: there the tool is still not loaded.
      ToolCall chat = ToolCall.of("c", "create_issue", "{\"repo\":\"a/b\",\"title\":\"x\"}", Dialect.OPENAI_CHAT);
      assertThat(((ToolResult.Failure) turn.execute(chat).toCompletableFuture().join()).code())
          .isEqualTo(ToolSearch.NOT_LOADED);
    }
  }

  @Test
  void openAiResponsesNativeSearchPutsASourcesDeferredToolsInANamespace() {
    ToolSearch search = ToolSearch.builder(DeferralPolicy.builder().allExternal().groups("media").build())
        .nativeSearch(Dialect.OPENAI_RESPONSES).build();
    try (Loadout loadout = loadout(search)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      JsonNode tools = turn.render(Dialect.OPENAI_RESPONSES).toJsonNode();
      assertThat(tools.get(0).get("name").stringValue()).isEqualTo("send_message");
      assertThat(tools.get(1).toString()).isEqualTo("{\"type\":\"tool_search\"}");
      assertThat(tools.get(2).get("name").stringValue()).isEqualTo("generate_image");
      assertThat(tools.get(2).get("defer_loading").booleanValue()).isTrue();
      JsonNode ns = tools.get(3);
      assertThat(ns.get("type").stringValue()).isEqualTo("namespace");
      assertThat(ns.get("name").stringValue()).isEqualTo("github");
      assertThat(ns.get("description").stringValue()).isEqualTo("Tools of github.");
      assertThat(ns.get("tools")).extracting(t -> t.get("name").stringValue())
          .containsExactly("create_issue", "list_issues", "search_repositories");
      assertThat(ns.get("tools").get(0).get("defer_loading").booleanValue()).isTrue();
      assertThat(turn.anthropicBetas()).isEmpty();
    }
  }

  @Test
  void coreToolsAreNeverDeferredAndAThrowingPolicyDefersNothing() {
    DeferralPolicy greedy = (tools, ctx) -> {
      java.util.Map<String, HiddenTool.Reason> all = new java.util.HashMap<>();
      tools.forEach(t -> all.put(t.variant().name(), new HiddenTool.Reason("mine", "all of them", "greedy")));
      return all;
    };
    try (Loadout loadout = loadout(ToolSearch.builder(greedy).build())) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).containsExactly("send_message", "search_tools");
      assertThat(turn.deferred("generate_image").orElseThrow().reason().code()).isEqualTo("mine");
    }
    DeferralPolicy broken = (tools, ctx) -> {
      throw new IllegalStateException("boom");
    };
    try (Loadout loadout = loadout(ToolSearch.builder(broken).build())) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).containsExactly("send_message", "generate_image", "create_issue", "list_issues",
          "search_repositories");
      assertThat(turn.deferred()).isEmpty();
      assertThat(loadout.warnings.logged()).isEqualTo(1);
    }
  }

  @Test
  void aTokenBudgetDefersExternalToolsOnlyWhenTheTurnWouldExceedIt() {
    try (Loadout roomy = loadout(ToolSearch.builder(DeferralPolicy.builder().externalOverTokens(10_000).build()).build());
        Loadout tight = loadout(ToolSearch.builder(DeferralPolicy.builder().externalOverTokens(50).build()).build())) {
      assertThat(roomy.prepare(Tools.context().build()).deferred()).isEmpty();
      PreparedTurn turn = tight.prepare(Tools.context().build());
      assertThat(turn.deferred()).extracting(DeferredTool::name)
          .containsExactly("create_issue", "list_issues", "search_repositories");
      assertThat(turn.deferred().get(0).reason().code()).isEqualTo("over_token_budget");
      assertThat(turn.deferred().get(0).reason().message()).contains("over the budget of 50");
    }
  }

  @Test
  void aWarmTurnReusesTheLastSplitAndAChangedSourceGetsItsOwn() {
    java.util.concurrent.atomic.AtomicReference<List<ToolSource>> sources =
        new java.util.concurrent.atomic.AtomicReference<>(List.of(github));
    try (Loadout loadout = Loadout.builder(registry).externalTools(ctx -> sources.get()).toolSearch(deferExternal())
        .build()) {
      PreparedTurn first = loadout.prepare(Tools.context().build());
      PreparedTurn warm = loadout.prepare(Tools.context().build());
      assertThat(warm.deferred()).isSameAs(first.deferred());
      assertThat(warm.fingerprint()).isEqualTo(first.fingerprint());
      sources.set(List.of(ToolSource.of("gh", "github", List.of(Tools.FnTool.echo(spec("close_issue",
          "Closes an issue.", "{'type':'object','properties':{}}"))))));
      PreparedTurn changed = loadout.prepare(Tools.context().build());
      assertThat(changed.deferred()).extracting(DeferredTool::name).containsExactly("close_issue");
      assertThat(changed.prefixFingerprint()).isEqualTo(first.prefixFingerprint());
      assertThat(changed.fingerprint()).isNotEqualTo(first.fingerprint());
      assertThat(changed.searchTools("close an issue")).extracting(DeferredTool::name).containsExactly("close_issue");
    }
  }

  @Test
  void settingsRefuseWhatCannotWork() {
    assertThatThrownBy(() -> ToolSearch.builder(DeferralPolicy.NONE).nativeSearch(Dialect.GEMINI))
        .hasMessage("native tool search exists for ANTHROPIC and OPENAI_RESPONSES, but the dialect was GEMINI");
    assertThatThrownBy(() -> ToolSearch.builder(DeferralPolicy.NONE).maxResults(0))
        .hasMessage("maxResults must be between 1 and 20, but was 0");
    assertThatThrownBy(() -> DeferralPolicy.builder().externalOverTokens(0))
        .hasMessage("externalOverTokens must be at least 1, but was 0");
  }
}
