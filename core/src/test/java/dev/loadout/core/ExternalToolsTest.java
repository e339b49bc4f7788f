package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ExternalToolsTest {
  private static final BaseTool FETCH_URL = Tools.FnTool.echo(Tools.spec("fetch_url").toBuilder().family("url_fetch").build());
  private static final BaseTool WEB_SEARCH = Tools.FnTool.echo(Tools.spec("web_search").toBuilder().family("web_search").build());
  private static final ToolRegistry REGISTRY = ToolRegistry.builder().register(FETCH_URL, WEB_SEARCH,
      Tools.FnTool.echo(Tools.spec("roll_dice"))).build();

  private static BaseTool tool(String name) {
    return Tools.FnTool.echo(Tools.spec(name));
  }

  private static Loadout loadout(List<ToolSource> sources) {
    return Loadout.builder(REGISTRY).externalTools(ctx -> sources).build();
  }

  @Test
  void externalToolsComeAfterEveryBuiltInInTheSameOrderAmongThemselves() {
    // The ordering contract (issue 19): built-ins first, then external tools, so a guild's change never moves a
    // built-in. Before, external tools were merged into the built-in order by group and name.
    try (Loadout loadout = loadout(List.of(ToolSource.of("s1", "notes", List.of(tool("zz_notes"), tool("add_note")))))) {
      assertThat(loadout.prepare(Tools.context().build()).visibleNames())
          .containsExactly("fetch_url", "roll_dice", "web_search", "add_note", "zz_notes");
    }
  }

  @Test
  void aReservedNameIsDroppedWithOneWarningAcrossTurns() {
    try (Loadout loadout = loadout(List.of(ToolSource.of("s1", "sneaky server", List.of(tool("roll_dice"), tool("notes")))))) {
      PreparedTurn first = loadout.prepare(Tools.context().build());
      loadout.prepare(Tools.context().build());
      assertThat(first.visibleNames()).containsExactly("fetch_url", "roll_dice", "web_search", "notes");
      HiddenTool.Reason reason = first.hidden().get(0).reasons().get(0);
      assertThat(reason.code()).isEqualTo("name_reserved");
      assertThat(reason.message()).isEqualTo("source [sneaky server] offers [roll_dice], a reserved built-in name");
      assertThat(loadout.warnings.logged()).isEqualTo(1);
      // The built-in itself still runs when called.
      ToolResult r = first.execute(ToolCall.of("c", "roll_dice", "{}")).toCompletableFuture().orTimeout(5, TimeUnit.SECONDS).join();
      assertThat(r.isSuccess()).isTrue();
    }
  }

  @Test
  void aNameOfferedByTwoSourcesIsDroppedFromBoth() {
    try (Loadout loadout = loadout(List.of(ToolSource.of("a", "server a", List.of(tool("search_notes"), tool("a_only"))),
        ToolSource.of("b", "server b", List.of(tool("search_notes")))))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).contains("a_only").doesNotContain("search_notes");
      assertThat(turn.hidden("search_notes").orElseThrow().reasons().get(0).message())
          .isEqualTo("[search_notes] is offered by [server a, server b]; fix the registrations");
      assertThat(turn.execute(ToolCall.of("c", "search_notes", "{}")).toCompletableFuture().join())
          .isInstanceOfSatisfying(ToolResult.Failure.class, f -> assertThat(f.code()).isEqualTo("tool_not_available"));
    }
  }

  @Test
  void exactlyOneReplacementSourceHidesTheBuiltInOfItsFamily() {
    ToolSource fetcher = ToolSource.of("f", "reader", List.of(tool("read_page"), tool("read_pdf"))).replacing("url_fetch");
    try (Loadout loadout = loadout(List.of(fetcher))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).containsExactly("roll_dice", "web_search", "read_page", "read_pdf");
      HiddenTool.Reason reason = turn.hidden("fetch_url").orElseThrow().reasons().get(0);
      assertThat(reason.code()).isEqualTo("replaced_by_source");
      assertThat(reason.message()).isEqualTo("built-in [fetch_url] is replaced by the url_fetch tools of [reader]: [read_page, read_pdf]");
      assertThat(turn.familyToolNames("url_fetch")).containsExactly("read_page", "read_pdf");
      assertThat(turn.hasFamily("url_fetch")).isTrue();
      assertThat(turn.expandMacros("Read links with {url_fetch_tool}; search with {web_search_tool}; {unknown_tool} stays."))
          .isEqualTo("Read links with read_page, read_pdf; search with web_search; {unknown_tool} stays.");
    }
  }

  @Test
  void twoReplacementSourcesOfOneFamilyReplaceNothing() {
    ToolSource a = ToolSource.of("a", "reader a", List.of(tool("read_a"))).replacing("url_fetch");
    ToolSource b = ToolSource.of("b", "reader b", List.of(tool("read_b"))).replacing("url_fetch");
    try (Loadout loadout = loadout(List.of(a, b))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).contains("fetch_url", "read_a", "read_b");
      assertThat(turn.familyToolNames("url_fetch")).containsExactly("fetch_url");
      assertThat(turn.expandMacros("{url_fetch_tool}")).isEqualTo("fetch_url");
    }
  }

  @Test
  void theSoleSourceOfAFamilyOfferingTheBuiltInsOwnNameReplacesIt() {
    ToolSource reader = ToolSource.of("a", "reader", List.of(tool("fetch_url"))).replacing("url_fetch");
    ToolSource disabled = ToolSource.of("b", "search", List.of(tool("find"))).replacing("web_search").enabled(false);
    try (Loadout loadout = loadout(List.of(reader, disabled))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      // The replacement is external, so it sits after the built-ins, not where the built-in it replaces stood.
      assertThat(turn.visibleNames()).containsExactly("roll_dice", "web_search", "fetch_url");
      assertThat(turn.externalSource("fetch_url")).contains("reader");
      assertThat(turn.hidden("fetch_url").orElseThrow().hasReason("replaced_by_source")).isTrue();
      assertThat(turn.familyToolNames("url_fetch")).containsExactly("fetch_url");
      assertThat(turn.expandMacros("{url_fetch_tool}")).isEqualTo("fetch_url");
      assertThat(turn.hasFamily("web_search")).isTrue();
    }
  }

  @Test
  void aBuiltInsNameStaysReservedForEverySourceThatIsNotItsFamilysSoleReplacement() {
    ToolSource general = ToolSource.of("g", "general", List.of(tool("fetch_url")));
    ToolSource otherFamily = ToolSource.of("s", "search", List.of(tool("fetch_url"), tool("find"))).replacing("web_search");
    try (Loadout loadout = loadout(List.of(general, otherFamily))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.externalSource("fetch_url")).isEmpty();
      assertThat(turn.hidden()).filteredOn(h -> h.name().equals("fetch_url"))
          .allSatisfy(h -> assertThat(h.hasReason("name_reserved")).isTrue()).hasSize(2);
      assertThat(turn.visibleNames()).containsExactly("fetch_url", "roll_dice", "find");
    }
    ToolSource a = ToolSource.of("a", "reader a", List.of(tool("fetch_url"))).replacing("url_fetch");
    ToolSource b = ToolSource.of("b", "reader b", List.of(tool("read_b"))).replacing("url_fetch");
    try (Loadout loadout = loadout(List.of(a, b))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      // With two sources of the family, a's fetch_url stays reserved; b alone still offers a tool, so b replaces.
      assertThat(turn.externalSource("fetch_url")).isEmpty();
      assertThat(turn.hidden()).filteredOn(h -> h.name().equals("fetch_url")).extracting(h -> h.reasons().get(0).code())
          .containsExactlyInAnyOrder("name_reserved", "replaced_by_source");
      assertThat(turn.familyToolNames("url_fetch")).containsExactly("read_b");
    }
  }

  @Test
  void aReplacementWhoseToolsAreAllHiddenOnATurnLeavesTheBuiltInShownAndEveryResolutionAgrees() {
    BaseTool switched = Tools.FnTool.echo(Tools.spec("read_page").toBuilder().switchedOffBy("web_search").build());
    ToolSource reader = ToolSource.of("f", "reader", List.of(switched)).replacing("url_fetch");
    try (Loadout loadout = Loadout.builder(REGISTRY).externalTools(ctx -> List.of(reader))
        .addFilter(dev.loadout.core.availability.AvailabilityFilters.featureFlags()).build()) {
      PreparedTurn off = loadout.prepare(Tools.context().flag("web_search", false).build());
      assertThat(off.visibleNames()).contains("fetch_url").doesNotContain("read_page");
      assertThat(off.hidden("fetch_url")).isEmpty();
      assertThat(off.familyToolNames("url_fetch")).containsExactly("fetch_url");
      assertThat(off.expandMacros("{url_fetch_tool}")).isEqualTo("fetch_url");

      PreparedTurn on = loadout.prepare(Tools.context().build());
      assertThat(on.visibleNames()).contains("read_page").doesNotContain("fetch_url");
      assertThat(on.familyToolNames("url_fetch")).containsExactly("read_page");
      assertThat(on.expandMacros("{url_fetch_tool}")).isEqualTo("read_page");
    }
  }

  @Test
  void theFamilyPredicateFollowsWhatIsVisible() {
    AvailabilityFilter noFetch = AvailabilityFilter.named("no_fetch", (spec, ctx) -> spec.name().equals("fetch_url")
        ? AvailabilityDecision.hidden("off", "fetching is off") : AvailabilityDecision.available());
    try (Loadout loadout = Loadout.builder(REGISTRY).addFilter(noFetch).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.hasFamily("url_fetch")).isFalse();
      assertThat(turn.expandMacros("{url_fetch_tool}")).isEqualTo("fetch_url");
    }
  }

  @Test
  void aHostSourceKeepsANameAGuildSourceAlsoOffersAndTheGuildOneIsHiddenWithAReason() {
    ToolSource host = ToolSource.host("h", "bot-wide notes", List.of(tool("search_notes")));
    ToolSource guild = ToolSource.of("g", "guild notes", List.of(tool("search_notes"), tool("guild_only")));
    try (Loadout loadout = loadout(List.of(guild, host))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      assertThat(turn.visibleNames()).contains("search_notes", "guild_only");
      assertThat(turn.externalSource("search_notes")).contains("bot-wide notes");
      HiddenTool.Reason reason = turn.hidden("search_notes").orElseThrow().reasons().get(0);
      assertThat(reason.code()).isEqualTo("name_taken_by_host");
      assertThat(reason.message()).isEqualTo("[search_notes] of [guild notes] is hidden: the host source "
          + "[bot-wide notes] offers the same name and is kept");
      assertThat(reason.source()).isEqualTo("guild notes");
    }
  }

  @Test
  void twoHostSourcesOfferingOneNameAreBothDroppedWhateverTheGuildsOffer() {
    ToolSource a = ToolSource.host("a", "host a", List.of(tool("search_notes"), tool("a_only")));
    ToolSource b = ToolSource.host("b", "host b", List.of(tool("search_notes")));
    ToolSource g = ToolSource.of("g", "guild g", List.of(tool("search_notes")));
    try (Loadout loadout = loadout(List.of(a, b, g))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      assertThat(turn.visibleNames()).contains("a_only").doesNotContain("search_notes");
      assertThat(turn.hidden("search_notes").orElseThrow().reasons().get(0).message())
          .isEqualTo("[search_notes] is offered by [guild g, host a, host b]; fix the registrations");
    }
  }

  @Test
  void toolsASourceNamesAsHiddenAppearInTheTurnsHiddenListWithTheSourcesReason() {
    HiddenTool quarantined = new HiddenTool("lookup", List.of(new HiddenTool.Reason("mcp_quarantined",
        "the MCP server [wiki] is quarantined", "mcp:wiki")));
    ToolSource wiki = ToolSource.of("w", "wiki", List.of()).withHidden(List.of(quarantined));
    ToolSource off = ToolSource.of("o", "off", List.of()).withHidden(List.of(new HiddenTool("other",
        List.of(new HiddenTool.Reason("x", "y", "z"))))).enabled(false);
    try (Loadout loadout = loadout(List.of(wiki, off))) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());

      assertThat(turn.visibleNames()).containsExactly("fetch_url", "roll_dice", "web_search");
      assertThat(turn.hidden("lookup")).contains(quarantined);
      assertThat(turn.hidden("other")).as("a disabled source names nothing").isEmpty();
    }
  }

  @Test
  void throwingSourcesCostTheTurnItsExternalToolsOnly() {
    try (Loadout loadout = Loadout.builder(REGISTRY).externalTools(ctx -> {
      throw new IllegalStateException("db down");
    }).build()) {
      assertThat(loadout.prepare(Tools.context().build()).visibleNames()).containsExactly("fetch_url", "roll_dice", "web_search");
    }
  }
}
