package dev.loadout.benchmarks;

import dev.loadout.core.BaseTool;
import dev.loadout.core.SchemaEdit;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A fixture tool: its spec, and for the 20 built-ins with a {@link Variants.Rule} an
 * {@code assembleForContext} written the way a tool author writes one ({@code spec.edit()...build()} on
 * every turn, relying on Loadout to memoise the variant). Never executed by the benchmark.
 */
final class FixtureTool implements BaseTool {
  /**
   * The fixture's tool for this spec: with a rule, one that assembles its variants; without, one that has no assembly
   * of its own, as a tool without variants is written (and as loadout-mcp's tools of an MCP server are).
   */
  static BaseTool of(ToolSpec spec, Variants.Rule rule) {
    return rule == null ? new Plain(spec) : new FixtureTool(spec, rule);
  }

  /** A tool without variants: the interface's own assembly, its spec unchanged. */
  private static final class Plain implements BaseTool {
    private final ToolSpec spec;

    Plain(ToolSpec spec) {
      this.spec = spec;
    }

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      return CompletableFuture.completedFuture(ToolResult.failure("not_implemented", "benchmark fixture tool", false));
    }
  }

  private final ToolSpec spec;
  private final Optional<ToolSpec> full;
  private final Variants.Rule rule;

  private FixtureTool(ToolSpec spec, Variants.Rule rule) {
    this.spec = spec;
    this.full = Optional.of(spec);
    this.rule = rule;
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public Optional<ToolSpec> assembleForContext(TurnContext context) {
    if (rule == null) {
      return full;
    }
    List<Variants.Change> changes = rule.changes(context);
    if (changes.isEmpty()) {
      return full;
    }
    SchemaEdit edit = spec.edit();
    for (Variants.Change change : changes) {
      change.addTo(edit);
    }
    return Optional.of(edit.build());
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    return CompletableFuture.completedFuture(ToolResult.failure("not_implemented", "benchmark fixture tool", false));
  }
}
