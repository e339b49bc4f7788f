package dev.loadout.benchmarks;

import dev.loadout.core.AvailabilityFilter;
import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.RenderedTools;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import dev.loadout.core.availability.AvailabilityFilters;
import dev.loadout.core.availability.DeliberateToolMode;
import dev.loadout.core.availability.ToolGroupsConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * Loadout as a bot uses it: one {@link Loadout} built at start-up, then {@code prepare} + {@code render}
 * per turn. The constructor warms every cache the steady state relies on and fails if a second turn
 * is not served from them, so the benchmark cannot silently measure a cold path.
 */
final class LoadoutWarm implements TurnAdapter {
  /** Hides tools whose permission the member lacks; both benchmark turns hold it, so nothing is hidden. */
  static final AvailabilityFilter PERMISSION = AvailabilityFilters.permissions();

  private final Loadout loadout;

  LoadoutWarm(Toolset toolset) {
    this(toolset, false);
  }

  /**
   * With {@code allFilters}, every built-in rule runs: the four requirement filters, the owner's tool
   * groups (limits that do not apply to the benchmark's channel) and deliberate tool mode (configured,
   * but off for these guilds, as on most servers). Nothing is hidden, so the render is the same.
   */
  LoadoutWarm(Toolset toolset, boolean allFilters) {
    Variants.check(toolset);
    List<BaseTool> builtIns = new ArrayList<>(Toolset.BUILT_INS);
    for (int i = 0; i < Toolset.BUILT_INS; i++) {
      builtIns.add(FixtureTool.of(toolset.spec(i), Variants.rule(toolset.name(i))));
    }
    ToolRegistry registry = ToolRegistry.builder().register(builtIns.toArray(new BaseTool[0])).build();
    for (int i = Toolset.BUILT_INS; i < Toolset.SIZE; i++) {
      registry.registerExternal("mcp server bench", FixtureTool.of(toolset.spec(i), null));
    }
    Loadout.Builder builder = Loadout.builder(registry).groupOrder(Toolset.GROUP_ORDER);
    if (allFilters) {
      AvailabilityFilters.standard().forEach(builder::addFilter);
      builder.addFilter(AvailabilityFilters.toolGroups(ToolGroupsConfig.fromYaml(
          "tool_groups:\n  utility:\n    exclude_channels: [999]\n  media:\n    channels: []\n")));
      builder.addFilter(AvailabilityFilters.deliberateToolMode(DeliberateToolMode.defaults()));
    } else {
      builder.addFilter(PERMISSION);
    }
    this.loadout = builder.build();
    for (TurnContext context : Turns.BOTH) {
      checkWarm(context);
    }
  }

  Loadout loadout() {
    return loadout;
  }

  @Override
  public Object turn(TurnContext context) {
    return loadout.prepare(context).render(Dialect.OPENAI_CHAT);
  }

  @Override
  public byte[] toolsJson(TurnContext context) {
    return ((RenderedTools) turn(context)).bytes();
  }

  @Override
  public void close() {
    loadout.close();
  }

  private void checkWarm(TurnContext context) {
    PreparedTurn first = loadout.prepare(context);
    RenderedTools rendered = first.render(Dialect.OPENAI_CHAT);
    PreparedTurn second = loadout.prepare(context);
    if (first.visible().size() != Toolset.SIZE || !first.hidden().isEmpty()) {
      throw new IllegalStateException("all " + Toolset.SIZE + " tools must be visible, but hidden were " + first.hidden());
    }
    for (int i = 0; i < Toolset.SIZE; i++) {
      ToolSpec a = first.visible().get(i);
      if (a != second.visible().get(i)) {
        throw new IllegalStateException("variant of '" + a.name() + "' was rebuilt on a warm turn: not memoised");
      }
    }
    if (second.render(Dialect.OPENAI_CHAT) != rendered) {
      throw new IllegalStateException("a warm turn re-rendered " + context + " instead of reusing the cached render");
    }
  }
}
