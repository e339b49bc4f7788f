package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PrepareTest {
  private static ToolSpec grouped(String name, String group) {
    return Tools.spec(name).toBuilder().group(group).build();
  }

  private static Loadout loadout(ToolRegistry registry, AvailabilityFilter... filters) {
    Loadout.Builder b = Loadout.builder(registry).groupOrder(List.of("media", "Moderation "));
    for (AvailabilityFilter f : filters) {
      b.addFilter(f);
    }
    return b.build();
  }

  @Test
  void coreToolsComeFirstThenConfiguredGroupsThenOtherGroupsByNameThenToolName() {
    ToolRegistry registry = ToolRegistry.builder().register(
        Tools.FnTool.echo(grouped("zeta_game", "games")),
        Tools.FnTool.echo(grouped("ban", "moderation")),
        Tools.FnTool.echo(grouped("draw", "MEDIA")),
        Tools.FnTool.echo(Tools.spec("web_search")),
        Tools.FnTool.echo(grouped("alpha_game", "games")),
        Tools.FnTool.echo(grouped("remind", "assistant")),
        Tools.FnTool.echo(Tools.spec("fetch_url"))).build();
    try (Loadout loadout = loadout(registry)) {
      assertThat(loadout.prepare(Tools.context().build()).visibleNames())
          .containsExactly("fetch_url", "web_search", "draw", "ban", "remind", "alpha_game", "zeta_game");
    }
  }

  @Test
  void externalToolsJoinTheOrderAndAChangeIsSeenOnTheNextTurn() {
    ToolRegistry registry = ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("b_tool"))).build();
    try (Loadout loadout = loadout(registry)) {
      assertThat(loadout.prepare(Tools.context().build()).visibleNames()).containsExactly("b_tool");
      registry.registerExternal("guild 1 MCP server notes", Tools.FnTool.echo(Tools.spec("a_note")));
      assertThat(loadout.prepare(Tools.context().build()).visibleNames()).containsExactly("a_note", "b_tool");
      registry.unregisterExternal("a_note");
      assertThat(loadout.prepare(Tools.context().build()).visibleNames()).containsExactly("b_tool");
    }
  }

  @Test
  void aHiddenToolKeepsEveryFiltersReason() {
    AvailabilityFilter needsAdmin = (spec, ctx) -> !spec.requirements().permissions().isSatisfiedBy(ctx.permissions())
        ? AvailabilityDecision.hidden("missing_permission", "needs permission " + spec.requirements().permissions().permissions())
        : AvailabilityDecision.available();
    AvailabilityFilter needsFlag = (spec, ctx) -> spec.name().equals("ban") && !ctx.flag("moderation")
        ? AvailabilityDecision.hidden("feature_off", "feature flag [moderation] is off")
        : AvailabilityDecision.available();
    ToolSpec ban = Tools.spec("ban").toBuilder().requiredPermission("ADMIN").build();
    ToolRegistry registry = ToolRegistry.builder().register(Tools.FnTool.echo(ban), Tools.FnTool.echo(Tools.spec("ping"))).build();
    try (Loadout loadout = loadout(registry, needsAdmin, needsFlag)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).containsExactly("ping");
      HiddenTool hidden = turn.hidden("ban").orElseThrow();
      assertThat(hidden.reasons()).extracting(HiddenTool.Reason::code).containsExactly("missing_permission", "feature_off");
      assertThat(hidden.reasons().get(0).message()).isEqualTo("needs permission [ADMIN]");

      PreparedTurn admin = loadout.prepare(Tools.context().permissions(java.util.Set.of("ADMIN")).flag("moderation", true).build());
      assertThat(admin.visibleNames()).containsExactly("ban", "ping");
      assertThat(admin.hidden()).isEmpty();
    }
  }

  @Test
  void unknownPermissionsFailClosed() {
    AvailabilityFilter needsAdmin = (spec, ctx) -> spec.requirements().permissions().isSatisfiedBy(ctx.permissions())
        ? AvailabilityDecision.available() : AvailabilityDecision.hidden("missing_permission", "needs [ADMIN]");
    ToolSpec ban = Tools.spec("ban").toBuilder().requiredPermission("ADMIN").build();
    try (Loadout loadout = loadout(ToolRegistry.builder().register(Tools.FnTool.echo(ban)).build(), needsAdmin)) {
      assertThat(loadout.prepare(Tools.context().permissions(null).build()).visibleNames()).isEmpty();
    }
  }

  @Test
  void aThrowingFilterHidesOnlyThatToolAndLogsOnceAcrossTurns() {
    AvailabilityFilter broken = AvailabilityFilter.named("guild-config", (spec, ctx) -> {
      if (spec.name().equals("fragile")) {
        throw new IllegalStateException("config missing");
      }
      return AvailabilityDecision.available();
    });
    ToolRegistry registry = ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("fragile")),
        Tools.FnTool.echo(Tools.spec("sturdy"))).build();
    try (Loadout loadout = loadout(registry, broken)) {
      PreparedTurn first = loadout.prepare(Tools.context().build());
      PreparedTurn second = loadout.prepare(Tools.context().build());
      assertThat(first.visibleNames()).containsExactly("sturdy");
      assertThat(second.visibleNames()).containsExactly("sturdy");
      HiddenTool.Reason reason = first.hidden("fragile").orElseThrow().reasons().get(0);
      assertThat(reason.code()).isEqualTo(AvailabilityDecision.FILTER_FAILED);
      assertThat(reason.source()).isEqualTo("guild-config");
      assertThat(reason.message()).isEqualTo("availability filter [guild-config] failed: IllegalStateException");
      assertThat(reason.message()).doesNotContain("config missing");
      assertThat(loadout.warnings.logged()).isEqualTo(1);
    }
  }

  @Test
  void assemblyCanNarrowHideOrFailAndNeverChangesTheSharedSpec() {
    ToolSpec image = ToolSpec.builder("draw", Tools.schema("""
        {"type":"object","properties":{"style":{"type":"string","enum":["photo","anime","nsfw"]},"seed":{"type":"integer"}}}"""))
        .build();
    String before = image.parameters().toString();
    BaseTool narrowing = Tools.FnTool.echo(image).assembling(ctx -> Optional.of(ctx.flag("nsfw") ? image
        : image.edit().narrowEnum("style", List.of("photo", "anime")).dropProperties("seed").build()));
    BaseTool hiding = Tools.FnTool.echo(Tools.spec("voice")).assembling(ctx -> Optional.empty());
    BaseTool throwing = Tools.FnTool.echo(Tools.spec("video")).assembling(ctx -> {
      throw new IllegalStateException("no backend");
    });
    BaseTool renaming = Tools.FnTool.echo(Tools.spec("sneaky")).assembling(ctx -> Optional.of(Tools.spec("other")));
    ToolRegistry registry = ToolRegistry.builder().register(narrowing, hiding, throwing, renaming).build();
    try (Loadout loadout = loadout(registry)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).containsExactly("draw");
      assertThat(turn.variant("draw").orElseThrow().parameters().toString())
          .isEqualTo("{\"type\":\"object\",\"properties\":{\"style\":{\"type\":\"string\",\"enum\":[\"photo\",\"anime\"]}}}");
      assertThat(turn.hidden("voice").orElseThrow().hasReason(AvailabilityDecision.HIDDEN_BY_ASSEMBLY)).isTrue();
      assertThat(turn.hidden("video").orElseThrow().hasReason(AvailabilityDecision.ASSEMBLY_FAILED)).isTrue();
      assertThat(turn.hidden("sneaky").orElseThrow().reasons().get(0).message()).contains("changes the name");
      assertThat(image.parameters().toString()).isEqualTo(before);
      assertThat(loadout.prepare(Tools.context().flag("nsfw", true).build()).variant("draw").orElseThrow()).isSameAs(image);
    }
  }

  @Test
  void aToolThatHidesItselfCanSayWhy() {
    BaseTool voice = new Tools.FnTool(Tools.spec("voice"), null, ctx -> Optional.empty()) {
      @Override
      public AvailabilityDecision hiddenReason(TurnContext context) {
        return AvailabilityDecision.hidden("no_voice", "the persona has no voice");
      }
    };
    BaseTool confused = new Tools.FnTool(Tools.spec("confused"), null, ctx -> Optional.empty()) {
      @Override
      public AvailabilityDecision hiddenReason(TurnContext context) {
        throw new IllegalStateException("oops");
      }
    };
    try (Loadout loadout = loadout(ToolRegistry.builder().register(voice, confused).build())) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.hidden("voice").orElseThrow().reasons().get(0))
          .isEqualTo(new HiddenTool.Reason("no_voice", "the persona has no voice", "assembly"));
      assertThat(turn.hidden("confused").orElseThrow().reasons().get(0).code()).isEqualTo(AvailabilityDecision.HIDDEN_BY_ASSEMBLY);
    }
  }

  @Test
  void sameToolsAndVariantsGiveTheSameFingerprintAndByteIdenticalRenders() {
    ToolSpec image = ToolSpec.builder("draw", Tools.schema("{\"type\":\"object\",\"properties\":{\"style\":{\"enum\":[\"a\",\"b\"]}}}")).build();
    BaseTool narrowing = Tools.FnTool.echo(image).assembling(ctx -> Optional.of(
        ctx.flag("only_a") ? image.edit().narrowEnum("style", List.of("a")).build() : image));
    try (Loadout one = loadout(ToolRegistry.builder().register(narrowing, Tools.FnTool.echo(Tools.spec("ping"))).build());
        Loadout two = loadout(ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("ping")), narrowing).build())) {
      PreparedTurn a = one.prepare(Tools.context().flag("only_a", true).build());
      PreparedTurn b = two.prepare(Tools.context().flag("only_a", true).guildId("another").build());
      PreparedTurn c = one.prepare(Tools.context().build());
      assertThat(a.fingerprint()).isEqualTo(b.fingerprint()).hasSize(16).isNotEqualTo(c.fingerprint());
      for (Dialect d : Dialect.values()) {
        assertThat(a.render(d).bytes()).isEqualTo(b.render(d).bytes());
        assertThat(a.render(d).json()).isNotEqualTo(c.render(d).json());
      }
    }
  }

  @Test
  void aWarmRenderReusesTheBytesOfAnEarlierTurnWithTheSameVariants() {
    AtomicInteger assemblies = new AtomicInteger();
    ToolSpec spec = Tools.spec("ping");
    BaseTool tool = Tools.FnTool.echo(spec).assembling(ctx -> {
      assemblies.incrementAndGet();
      return Optional.of(spec);
    });
    try (Loadout loadout = loadout(ToolRegistry.builder().register(tool).build())) {
      RenderedTools first = loadout.prepare(Tools.context().build()).render(Dialect.ANTHROPIC);
      RenderedTools second = loadout.prepare(Tools.context().userId("someone-else").build()).render(Dialect.ANTHROPIC);
      assertThat(second).isSameAs(first);
      assertThat(assemblies).hasValue(2);
    }
  }

  @Test
  void anEmptyTurnRendersAnEmptyList() {
    AvailabilityFilter none = (spec, ctx) -> AvailabilityDecision.hidden("deliberate_mode", "no tool intent in the message");
    try (Loadout loadout = loadout(ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("ping"))).build(), none)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      for (Dialect d : Dialect.values()) {
        assertThat(turn.render(d).json()).isEqualTo("[]");
      }
    }
  }
}
