package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 19, section 3: a turn's tool costs per dialect, by a tokenizer the host brings (o200k here). */
class ToolCostsTest {
  private static final Encoding O200K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

  @Test
  void eachVisibleToolIsCostedAsItIsRenderedAndTheTotalIsTheWholeRender() {
    ToolRegistry registry = ToolRegistry.builder().register(FixtureTools.fixture().subList(0, 5).stream()
        .map(Tools.FnTool::echo).toArray(BaseTool[]::new)).build();
    try (Loadout loadout = Loadout.builder(registry).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      for (Dialect dialect : Dialect.values()) {
        ToolCosts costs = turn.toolCosts(dialect, O200K::countTokens);
        assertThat(costs.tools()).extracting(ToolCosts.Tool::name).isEqualTo(turn.visibleNames());
        String json = turn.render(dialect).json();
        assertThat(costs.totalBytes()).isEqualTo(turn.render(dialect).size());
        assertThat(costs.totalTokens()).isEqualTo(O200K.countTokens(json));
        int sum = costs.tools().stream().mapToInt(ToolCosts.Tool::tokens).sum();
        // Tokens merge across the joins ("},{"), so the total is near the sum, not above it.
        assertThat(costs.totalTokens()).isBetween(sum - 2 * costs.tools().size() - 8, sum + 2 * costs.tools().size() + 8);
        assertThat(costs.tools().get(0).bytes()).isEqualTo(ToolRenderer.tool(dialect, turn.visible().get(0)).length);
      }
    }
  }

  @Test
  void costingADialectDoesNotCountAsShowingTheTurnInIt() {
    ToolRegistry registry = ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("roll_dice"))).build();
    try (Loadout loadout = Loadout.builder(registry).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      turn.render(Dialect.ANTHROPIC);
      turn.toolCosts(Dialect.GEMINI, text -> text.length() / 4);
      assertThat(turn.checkedDialect(ToolCall.of("c", "roll_dice", "{}"))).isEqualTo(Dialect.ANTHROPIC);
      assertThatThrownBy(() -> turn.toolCosts(null, t -> 0)).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void aNativeSearchRenderIsCostedWholeWithoutTheEmulatedFunction() {
    ToolSource source = ToolSource.of("s", "server", List.of(Tools.FnTool.echo(Tools.spec("lookup").toBuilder()
        .group("mcp").build())));
    ToolRegistry registry = ToolRegistry.builder().register(Tools.FnTool.echo(Tools.spec("roll_dice"))).build();
    try (Loadout loadout = Loadout.builder(registry).externalTools(ctx -> List.of(source))
        .toolSearch(ToolSearch.builder(DeferralPolicy.builder().allExternal().build()).nativeSearch(Dialect.ANTHROPIC)
            .build()).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      ToolCosts costs = turn.toolCosts(Dialect.ANTHROPIC, O200K::countTokens);
      assertThat(costs.tools()).extracting(ToolCosts.Tool::name).containsExactly("roll_dice");
      assertThat(costs.totalBytes()).isEqualTo(turn.render(Dialect.ANTHROPIC).size());
      assertThat(turn.toolCosts(Dialect.OPENAI_CHAT, O200K::countTokens).tools()).extracting(ToolCosts.Tool::name)
          .containsExactly("roll_dice", "search_tools");
    }
  }
}
