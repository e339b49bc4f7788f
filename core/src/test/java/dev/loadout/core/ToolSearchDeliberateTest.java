package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.core.availability.DeliberateSettings;
import dev.loadout.core.availability.DeliberateToolMode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Deliberate tool mode that defers instead of hiding (issue 19, section 2): messages the mode filters differently
 * render the same prefix bytes in every dialect, and a tool the message did not ask for is still found and run.
 */
class ToolSearchDeliberateTest {
  private static final String SEARCH = "search the web for cat facts";
  private static final String DRAW = "draw me a cat";
  private static final String CHAT = "good morning everyone";

  private final ToolRegistry registry = ToolRegistry.builder().register(
      BaseTool.of(Tools.spec("send_message").toBuilder().description("Sends a message to the channel.").build(),
          (call, ctx) -> ToolResult.text("sent")),
      BaseTool.of(ToolSpec.builder("web_search", "{\"type\":\"object\",\"properties\":{\"query\":{\"type\":\"string\"}}}")
          .group("search").family("web_search").description("Searches the web for pages about a query.").build(),
          (call, ctx) -> ToolResult.text("results for " + call.argumentsJson().path("query").asString(""))),
      BaseTool.of(ToolSpec.builder("generate_image", "{\"type\":\"object\",\"properties\":{\"prompt\":{\"type\":\"string\"}}}")
          .group("media").description("Draws a picture from a prompt.").build(), (call, ctx) -> ToolResult.text("drawn")),
      BaseTool.of(ToolSpec.builder("roll_dice", "{\"type\":\"object\",\"properties\":{}}").group("utility")
          .description("Rolls dice.").build(), (call, ctx) -> ToolResult.text("4")))
      .build();

  private final ToolSource github = ToolSource.of("gh", "github", List.of(BaseTool.of(ToolSpec.builder("create_issue",
      "{\"type\":\"object\",\"properties\":{}}").group("mcp").description("Opens a GitHub issue.").build(),
      (call, ctx) -> ToolResult.text("issue #1"))));

  private Loadout loadout(boolean defers, Dialect... nativeDialects) {
    return Loadout.builder(registry).externalTools(ctx -> List.of(github))
        .addFilter(AvailabilityFilters.deliberateToolMode(DeliberateToolMode.defaults()))
        .toolSearch(ToolSearch.builder(DeferralPolicy.builder().allExternal().build()).nativeSearch(nativeDialects)
            .deliberateModeDefers(defers).build())
        .build();
  }

  private static TurnContext message(String text) {
    return Tools.context().messageText(text).attribute(DeliberateToolMode.SETTINGS, DeliberateSettings.server(true))
        .build();
  }

  private static ToolResult run(PreparedTurn turn, String name, String args, Dialect dialect) {
    return turn.execute(ToolCall.of("c_" + name, name, args, dialect)).toCompletableFuture()
        .orTimeout(5, TimeUnit.SECONDS).join();
  }

  @Test
  void messagesTheModeFiltersDifferentlyRenderTheSamePrefixBytesInEveryDialect() {
    for (Dialect[] nativeDialects : List.of(new Dialect[0], new Dialect[] {Dialect.ANTHROPIC, Dialect.OPENAI_RESPONSES})) {
      try (Loadout loadout = loadout(true, nativeDialects)) {
        PreparedTurn search = loadout.prepare(message(SEARCH));
        PreparedTurn draw = loadout.prepare(message(DRAW));
        PreparedTurn chat = loadout.prepare(message(CHAT));
        // What the mode means is kept: each message loads what it asks for, after the prefix.
        assertThat(search.visibleNames()).containsExactly("send_message", "search_tools", "web_search");
        assertThat(draw.visibleNames()).containsExactly("send_message", "search_tools", "generate_image");
        assertThat(chat.visibleNames()).containsExactly("send_message", "search_tools");
        for (PreparedTurn t : List.of(search, draw, chat)) {
          assertThat(t.stableCount()).isEqualTo(2);
          assertThat(t.hidden()).isEmpty();
          assertThat(t.discovered()).isEmpty();
          assertThat(t.promptCacheKey()).isEqualTo(chat.promptCacheKey());
        }
        assertThat(draw.deferred("web_search").orElseThrow().reason().code()).isEqualTo(DeliberateToolMode.NOT_REQUESTED);
        assertThat(chat.deferred("roll_dice").orElseThrow().reason().code()).isEqualTo(DeliberateToolMode.NO_INTENT);
        assertThat(chat.deferred("create_issue").orElseThrow().reason().code()).isEqualTo("deferred_external");
        for (Dialect dialect : Dialect.values()) {
          byte[] prefix = prefix(chat, dialect);
          assertThat(prefix.length).as(dialect + " prefix").isGreaterThan(100);
          for (PreparedTurn t : List.of(search, draw, chat)) {
            byte[] bytes = t.render(dialect).bytes();
            assertThat(Arrays.copyOf(bytes, prefix.length)).as(dialect + " " + t.visibleNames()).isEqualTo(prefix);
          }
          assertThat(search.render(dialect).json()).isNotEqualTo(draw.render(dialect).json());
        }
      }
    }
  }

  @Test
  void aToolTheMessageDidNotAskForIsFoundBySearchAndRunsFromTheNextRound() {
    try (Loadout loadout = loadout(true)) {
      byte[] prefix = prefix(loadout.prepare(message(CHAT)), Dialect.OPENAI_CHAT);
      PreparedTurn draw = loadout.prepare(message(DRAW));
      ToolResult blind = run(draw, "web_search", "{\"query\":\"cats\"}", Dialect.OPENAI_CHAT);
      assertThat(((ToolResult.Failure) blind).code()).isEqualTo(ToolSearch.NOT_LOADED);

      ToolResult found = run(draw, "search_tools", "{\"query\":\"search the web\"}", Dialect.OPENAI_CHAT);
      assertThat(found.modelText()).startsWith("- web_search: ");
      PreparedTurn next = draw.nextRound();
      assertThat(next.visibleNames()).containsExactly("send_message", "search_tools", "generate_image", "web_search");
      assertThat(next.discovered()).containsExactly("web_search");
      assertThat(Arrays.copyOf(next.render(Dialect.OPENAI_CHAT).bytes(), prefix.length)).isEqualTo(prefix);
      assertThat(run(next, "web_search", "{\"query\":\"cats\"}", Dialect.OPENAI_CHAT).modelText())
          .isEqualTo("results for cats");
      assertThat(run(next, "generate_image", "{\"prompt\":\"a cat\"}", Dialect.OPENAI_CHAT).modelText())
          .isEqualTo("drawn");
    }
  }

  @Test
  void withoutTheSettingTheModeHidesAndThePrefixChangesWithTheMessage() {
    try (Loadout loadout = loadout(false)) {
      PreparedTurn search = loadout.prepare(message(SEARCH));
      PreparedTurn draw = loadout.prepare(message(DRAW));
      assertThat(draw.hidden("web_search")).isPresent();
      assertThat(draw.deferred("web_search")).isEmpty();
      assertThat(search.prefixFingerprint()).isNotEqualTo(draw.prefixFingerprint());
    }
  }

  @Test
  void aToolHiddenForAnotherReasonTooStaysHiddenAndTheModeOffChangesNothing() {
    ToolRegistry withPermission = ToolRegistry.builder().register(BaseTool.of(ToolSpec.builder("ban_user",
        "{\"type\":\"object\",\"properties\":{}}").group("moderation").requiredPermission("BAN_MEMBERS")
        .description("Bans a member.").build(), (call, ctx) -> ToolResult.text("banned"))).build();
    try (Loadout loadout = Loadout.builder(withPermission).addFilter(AvailabilityFilters.permissions())
        .addFilter(AvailabilityFilters.deliberateToolMode(DeliberateToolMode.defaults()))
        .toolSearch(ToolSearch.builder(DeferralPolicy.NONE).deliberateModeDefers(true).build()).build()) {
      PreparedTurn turn = loadout.prepare(message(CHAT));
      assertThat(turn.hidden("ban_user").orElseThrow().reasons()).extracting(HiddenTool.Reason::code)
          .contains("missing_permission", DeliberateToolMode.NO_INTENT);
      assertThat(turn.deferred()).isEmpty();
      // The mode off for this turn: a plain turn, nothing deferred, nothing moved.
      PreparedTurn off = loadout.prepare(Tools.context().permissions(java.util.Set.of("BAN_MEMBERS")).messageText(CHAT)
          .build());
      assertThat(off.visibleNames()).containsExactly("ban_user");
      assertThat(off.deferred()).isEmpty();
    }
  }

  /**
   * The bytes of a render up to the end of its stable prefix, from a turn that shows nothing after it (a message that
   * asks for no tool, nothing found): emulated, everything but the closing bracket(s); native, up to the search tool.
   */
  private static byte[] prefix(PreparedTurn chat, Dialect dialect) {
    assertThat(chat.visible()).hasSize(chat.stableCount());
    byte[] bytes = chat.render(dialect).bytes();
    String json = chat.render(dialect).json();
    if (chat.deferral().config.isNative(dialect)) {
      String end = dialect == Dialect.ANTHROPIC ? "\"name\":\"tool_search_tool_bm25\"}" : "{\"type\":\"tool_search\"}";
      return json.substring(0, json.indexOf(end) + end.length()).getBytes(StandardCharsets.UTF_8);
    }
    return Arrays.copyOf(bytes, bytes.length - (dialect == Dialect.GEMINI ? 3 : 1));
  }
}
