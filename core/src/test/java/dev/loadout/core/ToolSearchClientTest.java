package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Client-side native tool search (issue 19, section 1): the provider's deferred loading, with the search run by the
 * host through Loadout's index; Anthropic answered with {@code tool_reference} blocks, OpenAI Responses with a
 * {@code tool_search_output} item. The JSON shapes follow Anthropic's {@code BetaToolReferenceBlockParam} and OpenAI's
 * {@code ToolSearchToolParam} / {@code ResponseToolSearchOutputItemParam} as their SDKs define them.
 */
class ToolSearchClientTest {
  private static final String EMPTY = "{\"type\":\"object\",\"properties\":{}}";

  private final ToolRegistry registry = ToolRegistry.builder().register(
      Tools.FnTool.echo(ToolSpec.builder("send_message", EMPTY).description("Sends a message.").build())).build();

  private final ToolSource github = ToolSource.of("gh", "github", List.of(
      BaseTool.of(ToolSpec.builder("create_issue", "{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"}},"
          + "\"required\":[\"title\"]}").group("mcp").description("Opens a new issue in a GitHub repository.").build(),
          (call, ctx) -> ToolResult.text("issue #1")),
      BaseTool.of(ToolSpec.builder("list_commits", EMPTY).group("mcp").description("Lists the commits of a branch.")
          .build(), (call, ctx) -> ToolResult.text("3 commits"))));

  private Loadout loadout(Dialect... client) {
    return Loadout.builder(registry).externalTools(ctx -> List.of(github))
        .toolSearch(ToolSearch.builder(DeferralPolicy.builder().allExternal().build()).clientSearch(client).build())
        .build();
  }

  private static final String SEARCH_DESCRIPTION = "Finds more tools. Only some of your tools are loaded; describe what "
      + "you want to do and up to 5 matching tools are listed. They can be called from your next step.";
  private static final String SEARCH_PARAMETERS = "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\","
      + "\"description\":\"What you want to do, in a few words (for example: open a GitHub issue).\"}},"
      + "\"required\":[\"query\"],\"additionalProperties\":false}";

  @Test
  void anthropicClientSearchSendsSearchToolsAsAnOrdinaryToolAndAnswersWithToolReferences() {
    try (Loadout loadout = loadout(Dialect.ANTHROPIC)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      JsonNode tools = turn.render(Dialect.ANTHROPIC).toJsonNode();
      assertThat(tools).hasSize(4);
      assertThat(tools.get(0).get("name").stringValue()).isEqualTo("send_message");
      assertThat(tools.get(1).toString()).isEqualTo("{\"name\":\"search_tools\",\"description\":\"" + SEARCH_DESCRIPTION
          + "\",\"input_schema\":" + SEARCH_PARAMETERS + "}");
      assertThat(tools.get(2).toString()).isEqualTo("{\"name\":\"create_issue\",\"description\":\"Opens a new issue in "
          + "a GitHub repository.\",\"input_schema\":{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"}},"
          + "\"required\":[\"title\"]},\"defer_loading\":true}");
      assertThat(tools.get(3).get("defer_loading").booleanValue()).isTrue();
      assertThat(turn.render(Dialect.ANTHROPIC).json()).doesNotContain("tool_search_tool");
      assertThat(turn.anthropicBetas()).containsExactly(ToolSearch.ANTHROPIC_BETA);
      // Costed as sent: search_tools is one of the tools listed.
      assertThat(turn.toolCosts(Dialect.ANTHROPIC, String::length).tools()).extracting(ToolCosts.Tool::name)
          .containsExactly("send_message", "search_tools");

      // One match: "open a github issue" would find list_commits too, since a tool's source counts as its name.
      assertThat(turn.anthropicToolReferences("toolu_01", "open an issue").toString()).isEqualTo(
          "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_01\",\"content\":[{\"type\":\"tool_reference\","
              + "\"tool_name\":\"create_issue\"}]}");
      assertThat(turn.anthropicToolReferences("toolu_02", "bake a cake").toString()).isEqualTo(
          "{\"type\":\"tool_result\",\"tool_use_id\":\"toolu_02\",\"content\":[{\"type\":\"text\",\"text\":\"No tool "
              + "matches \\\"bake a cake\\\". Try other words for what you want to do.\"}]}");
      // The provider holds what it loaded: nothing is recorded, and the next round is this one.
      assertThat(turn.nextRound()).isSameAs(turn);

      // The model then calls the referenced tool: run, checked against the schema Anthropic was shown.
      ToolCall call = Dialect.ANTHROPIC.parseToolCalls("{\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_03\","
          + "\"name\":\"create_issue\",\"input\":{\"title\":\"crash\"}}]}").get(0);
      assertThat(turn.execute(call).toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join().modelText())
          .isEqualTo("issue #1");
      ToolCall bad = ToolCall.of("toolu_04", "create_issue", "{}", Dialect.ANTHROPIC);
      assertThat(((ToolResult.Failure) turn.execute(bad).toCompletableFuture().join()).code())
          .isEqualTo(ToolResult.INVALID_ARGUMENTS);
    }
  }

  @Test
  void openAiClientSearchSendsAClientToolSearchAndAnswersWithToolSearchOutput() {
    try (Loadout loadout = loadout(Dialect.OPENAI_RESPONSES)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      JsonNode tools = turn.render(Dialect.OPENAI_RESPONSES).toJsonNode();
      assertThat(tools).hasSize(2);
      assertThat(tools.get(0).get("name").stringValue()).isEqualTo("send_message");
      assertThat(tools.get(1).toString()).isEqualTo("{\"type\":\"tool_search\",\"execution\":\"client\","
          + "\"description\":\"" + SEARCH_DESCRIPTION + "\",\"parameters\":" + SEARCH_PARAMETERS + "}");
      // The host sends the definitions when found, so none is in the request.
      assertThat(turn.render(Dialect.OPENAI_RESPONSES).json()).doesNotContain("create_issue").doesNotContain("list_commits");
      assertThat(turn.anthropicBetas()).isEmpty();

      String createIssue = new String(ToolRenderer.tool(Dialect.OPENAI_RESPONSES, turn.deferral().specs.get(0)),
          java.nio.charset.StandardCharsets.UTF_8);
      assertThat(createIssue).startsWith("{\"type\":\"function\",\"name\":\"create_issue\"");
      assertThat(turn.openAiToolSearchOutput("call_01", "open an issue").toString()).isEqualTo(
          "{\"type\":\"tool_search_output\",\"call_id\":\"call_01\",\"execution\":\"client\",\"status\":\"completed\","
              + "\"tools\":[" + createIssue + "]}");
      assertThat(turn.openAiToolSearchOutput("call_02", "bake a cake").toString()).isEqualTo(
          "{\"type\":\"tool_search_output\",\"call_id\":\"call_02\",\"execution\":\"client\",\"status\":\"completed\","
              + "\"tools\":[]}");
      assertThat(turn.nextRound()).isSameAs(turn);

      ToolCall call = Dialect.OPENAI_RESPONSES.parseToolCalls("{\"output\":[{\"type\":\"function_call\",\"call_id\":"
          + "\"call_03\",\"name\":\"create_issue\",\"arguments\":\"{\\\"title\\\":\\\"crash\\\"}\"}]}").get(0);
      assertThat(turn.execute(call).toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join().modelText())
          .isEqualTo("issue #1");
    }
  }

  @Test
  void settingsAndArgumentsRefuseWhatCannotWork() {
    assertThatThrownBy(() -> ToolSearch.builder(DeferralPolicy.NONE).clientSearch(Dialect.GEMINI))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("client tool search exists for ANTHROPIC and "
            + "OPENAI_RESPONSES, but the dialect was GEMINI");
    assertThatThrownBy(() -> ToolSearch.builder(DeferralPolicy.NONE).nativeSearch(Dialect.ANTHROPIC)
        .clientSearch(Dialect.ANTHROPIC).build()).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not both, but both were set for [ANTHROPIC]");
    try (Loadout loadout = loadout(Dialect.ANTHROPIC)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThatThrownBy(() -> turn.anthropicToolReferences(" ", "x")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> turn.openAiToolSearchOutput("call_1", null)).isInstanceOf(IllegalArgumentException.class);
      // The same turn in an emulated dialect still shows search_tools and refuses a tool not found there yet.
      assertThat(turn.render(Dialect.OPENAI_CHAT).json()).contains("\"search_tools\"").doesNotContain("create_issue");
      ToolCall chat = ToolCall.of("c", "create_issue", "{\"title\":\"x\"}", Dialect.OPENAI_CHAT);
      assertThat(((ToolResult.Failure) turn.execute(chat).toCompletableFuture().join()).code())
          .isEqualTo(ToolSearch.NOT_LOADED);
    }
  }
}
