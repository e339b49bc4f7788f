package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What keeps tool search turns warm (issue 19, section 4's speed target): splits kept for several guilds at once, the
 * found-tool state of a session reused between discoveries, and native renders reused, and none of it ever stale.
 */
class ToolSearchWarmTest {
  private final ToolRegistry registry = ToolRegistry.builder()
      .register(Tools.FnTool.echo(Tools.spec("send_message").toBuilder().description("Sends a message.").build()))
      .build();

  private static ToolSource source(String id, String... names) {
    List<BaseTool> tools = new java.util.ArrayList<>();
    for (String n : names) {
      tools.add(Tools.FnTool.echo(ToolSpec.builder(n, "{\"type\":\"object\",\"properties\":{}}").group("mcp")
          .description("Does " + n.replace('_', ' ') + ".").build()));
    }
    return ToolSource.of(id, id, tools);
  }

  private final List<ToolSource> guildA = List.of(source("github", "create_issue", "list_issues"));
  private final List<ToolSource> guildB = List.of(source("jira", "jira_search", "jira_create_issue"));

  private Loadout loadout(ToolSearch search) {
    return Loadout.builder(registry).externalTools(ctx -> ctx.guildId().orElse("").equals("a") ? guildA : guildB)
        .toolSearch(search).build();
  }

  private static ToolSearch deferExternal(Dialect... nativeDialects) {
    return ToolSearch.builder(DeferralPolicy.builder().allExternal().build()).nativeSearch(nativeDialects).build();
  }

  private static TurnContext guild(String id, ToolDiscovery session) {
    return Tools.context().guildId(id).attribute(ToolDiscovery.KEY, session).build();
  }

  @Test
  void twoGuildsAlternatingKeepTheirOwnSplitsWarm() {
    try (Loadout loadout = loadout(deferExternal())) {
      ToolDiscovery a = ToolDiscovery.create();
      ToolDiscovery b = ToolDiscovery.create();
      PreparedTurn a1 = loadout.prepare(guild("a", a));
      PreparedTurn b1 = loadout.prepare(guild("b", b));
      PreparedTurn a2 = loadout.prepare(guild("a", a));
      PreparedTurn b2 = loadout.prepare(guild("b", b));
      // The same deferred list object: the split (and its search index) was kept, not rebuilt.
      assertThat(a2.deferred()).isSameAs(a1.deferred()).extracting(DeferredTool::name)
          .containsExactly("create_issue", "list_issues");
      assertThat(b2.deferred()).isSameAs(b1.deferred()).extracting(DeferredTool::name)
          .containsExactly("jira_create_issue", "jira_search");
      assertThat(a2.fingerprint()).isEqualTo(a1.fingerprint()).isNotEqualTo(b2.fingerprint());
    }
  }

  @Test
  void aDiscoveryBetweenTwoWarmTurnsChangesTheTurnAndNothingStaleIsShown() {
    try (Loadout loadout = loadout(deferExternal(Dialect.ANTHROPIC))) {
      ToolDiscovery session = ToolDiscovery.create();
      PreparedTurn before = loadout.prepare(guild("a", session));
      RenderedTools nativeBefore = before.render(Dialect.ANTHROPIC);
      PreparedTurn again = loadout.prepare(guild("a", session));
      // Between discoveries a native render is reused, bytes and all.
      assertThat(again.render(Dialect.ANTHROPIC)).isSameAs(nativeBefore);
      assertThat(again.fingerprint()).isEqualTo(before.fingerprint());

      session.add("list_issues");
      PreparedTurn after = loadout.prepare(guild("a", session));
      assertThat(after.fingerprint()).isNotEqualTo(before.fingerprint());
      assertThat(after.prefixFingerprint()).isEqualTo(before.prefixFingerprint());
      assertThat(after.discovered()).containsExactly("list_issues");
      String json = after.render(Dialect.ANTHROPIC).json();
      assertThat(json).isNotEqualTo(nativeBefore.json());
      // Found: shown after the deferred tools and no longer marked for the provider's search.
      assertThat(json.indexOf("\"list_issues\"")).isGreaterThan(json.indexOf("\"create_issue\""));
      assertThat(json).containsOnlyOnce("\"defer_loading\":true");
      assertThat(after.render(Dialect.OPENAI_CHAT).json()).contains("\"list_issues\"").doesNotContain("create_issue");

      // Back to nothing found: the first state's turn again, not the last one's.
      session.clear();
      PreparedTurn cleared = loadout.prepare(guild("a", session));
      assertThat(cleared.fingerprint()).isEqualTo(before.fingerprint());
      assertThat(cleared.discovered()).isEmpty();
      assertThat(cleared.render(Dialect.ANTHROPIC).json()).isEqualTo(nativeBefore.json());
    }
  }

  @Test
  void twoSessionsWithDifferentFindsOnOneSplitEachSeeTheirOwn() {
    try (Loadout loadout = loadout(deferExternal())) {
      ToolDiscovery one = ToolDiscovery.create();
      ToolDiscovery two = ToolDiscovery.create();
      one.add("create_issue");
      two.add("list_issues");
      PreparedTurn first = loadout.prepare(guild("a", one));
      PreparedTurn second = loadout.prepare(guild("a", two));
      PreparedTurn firstAgain = loadout.prepare(guild("a", one));
      assertThat(first.discovered()).containsExactly("create_issue");
      assertThat(second.discovered()).containsExactly("list_issues");
      assertThat(firstAgain.discovered()).containsExactly("create_issue");
      assertThat(firstAgain.visibleNames()).containsExactly("send_message", "search_tools", "create_issue");
      assertThat(second.deferred("create_issue")).isPresent();
      assertThat(second.searchTools("create issue")).extracting(DeferredTool::name).startsWith("create_issue");
    }
  }
}
