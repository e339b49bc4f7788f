package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What a turn asks per tool: only the filters that may hide it ({@link AvailabilityFilter#mayHide}) and the tool's
 * assembly only when it has one. A guild with hundreds of MCP tools that no rule concerns then costs a turn almost
 * nothing per tool. Each test checks what the turn shows and hides as well as what was asked, since skipping work
 * must never change a turn.
 */
class PerTurnWorkTest {
  /** A filter that hides {@code gate_*} tools while the turn's flag {@code open} is off, and counts what it is asked. */
  static final class Gate implements AvailabilityFilter {
    final List<String> asked = new ArrayList<>();
    final boolean throwsFromMayHide;

    Gate(boolean throwsFromMayHide) {
      this.throwsFromMayHide = throwsFromMayHide;
    }

    @Override
    public boolean mayHide(ToolSpec spec) {
      if (throwsFromMayHide) {
        throw new IllegalStateException("mayHide is broken");
      }
      return spec.name().startsWith("gate_");
    }

    @Override
    public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
      asked.add(spec.name());
      return spec.name().startsWith("gate_") && !context.flag("open")
          ? AvailabilityDecision.hidden("gate_closed", "the gate is closed") : AvailabilityDecision.available();
    }

    @Override
    public String name() {
      return "gate";
    }
  }

  /** A tool as an MCP server's is written: no assembly of its own. */
  static class PlainTool implements BaseTool {
    private final ToolSpec spec;

    PlainTool(String name) {
      this.spec = Tools.spec(name);
    }

    @Override
    public ToolSpec spec() {
      return spec;
    }

    @Override
    public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
      return CompletableFuture.completedFuture(ToolResult.success(Json.parse("{}")));
    }
  }

  /** An assembly inherited from a tool class above: still the tool's own, so it runs every turn. */
  static class CountingAssembly extends PlainTool {
    final AtomicInteger assembled = new AtomicInteger();

    CountingAssembly(String name) {
      super(name);
    }

    @Override
    public Optional<ToolSpec> assembleForContext(TurnContext context) {
      assembled.incrementAndGet();
      return context.flag("hide_counted") ? Optional.empty() : Optional.of(spec());
    }
  }

  static final class Counted extends CountingAssembly {
    Counted(String name) {
      super(name);
    }
  }

  private static Loadout loadout(AvailabilityFilter filter, List<BaseTool> builtIns, List<BaseTool> external,
      DescriptionOverride descriptions) {
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().register(builtIns.toArray(new BaseTool[0])).build())
        .addFilter(filter).externalTools(ctx -> List.of(ToolSource.of("srv", "server", external)));
    return (descriptions == null ? b : b.descriptionOverride(descriptions)).build();
  }

  @Test
  void aFilterIsAskedOnlyAboutTheToolsItMayHideAndHidesThemAsBefore() {
    Gate gate = new Gate(false);
    List<BaseTool> external = List.of(new PlainTool("gate_ext"), new PlainTool("plain_ext"));
    try (Loadout loadout = loadout(gate, List.of(new PlainTool("gate_a"), new PlainTool("plain_b")), external, null)) {
      PreparedTurn closed = loadout.prepare(Tools.context().build());
      PreparedTurn again = loadout.prepare(Tools.context().build());
      PreparedTurn open = loadout.prepare(Tools.context().flag("open", true).build());

      assertThat(gate.asked).containsExactly("gate_ext", "gate_a", "gate_ext", "gate_a", "gate_ext", "gate_a");
      for (PreparedTurn turn : List.of(closed, again)) {
        assertThat(turn.visibleNames()).containsExactly("plain_b", "plain_ext");
        assertThat(turn.hidden()).extracting(HiddenTool::name).containsExactly("gate_a", "gate_ext");
        assertThat(turn.hidden()).allSatisfy(h -> assertThat(h.reasons()).singleElement()
            .satisfies(r -> assertThat(r.code() + " by " + r.source()).isEqualTo("gate_closed by gate")));
      }
      assertThat(open.visibleNames()).containsExactly("gate_a", "plain_b", "gate_ext", "plain_ext");
      assertThat(open.hidden()).isEmpty();
    }
  }

  @Test
  void aFilterWhoseMayHideThrowsIsAskedAboutEveryToolOnEveryTurnAndLoggedOnce() {
    Gate gate = new Gate(true);
    try (Loadout loadout = loadout(gate, List.of(new PlainTool("gate_a"), new PlainTool("plain_b")),
        List.of(new PlainTool("plain_ext")), null)) {
      PreparedTurn first = loadout.prepare(Tools.context().build());
      loadout.prepare(Tools.context().build());

      assertThat(gate.asked).containsExactly("plain_ext", "gate_a", "plain_b", "plain_ext", "gate_a", "plain_b");
      assertThat(first.visibleNames()).containsExactly("plain_b", "plain_ext");
      assertThat(first.hidden()).extracting(HiddenTool::name).containsExactly("gate_a");
      assertThat(loadout.warnings.logged()).isEqualTo(1);
    }
  }

  @Test
  void aToolWithoutAnAssemblyShowsItsOwnSpecAndOneWithAnAssemblyIsAssembledEveryTurn() {
    PlainTool plain = new PlainTool("plain_ext");
    Counted counted = new Counted("counted_ext");
    Counted countedBuiltIn = new Counted("counted_builtin");
    try (Loadout loadout = loadout(new Gate(false), List.of(countedBuiltIn), List.of(plain, counted), null)) {
      PreparedTurn shown = loadout.prepare(Tools.context().build());
      PreparedTurn hiding = loadout.prepare(Tools.context().flag("hide_counted", true).build());

      assertThat(shown.visible()).extracting(ToolSpec::name).containsExactly("counted_builtin", "counted_ext", "plain_ext");
      assertThat(shown.visible().get(2)).isSameAs(plain.spec());
      assertThat(hiding.visibleNames()).containsExactly("plain_ext");
      assertThat(hiding.hidden()).extracting(HiddenTool::name).containsExactly("counted_builtin", "counted_ext");
      assertThat(counted.assembled).hasValue(2);
      assertThat(countedBuiltIn.assembled).hasValue(2);
    }
  }

  @Test
  void aGuildWhoseToolsNoRuleConcernsShowsThemInOrderOnEveryTurnAndRunsThem() {
    List<BaseTool> external = List.of(new PlainTool("b_ext"), new PlainTool("a_ext"), new PlainTool("c_ext"));
    try (Loadout loadout = loadout(new Gate(false), List.of(new PlainTool("plain_b")), external, null)) {
      for (int i = 0; i < 3; i++) {
        PreparedTurn turn = loadout.prepare(Tools.context().build());
        assertThat(turn.visibleNames()).containsExactly("plain_b", "a_ext", "b_ext", "c_ext");
        assertThat(turn.externalSource("b_ext")).contains("server");
        assertThat(turn.externalSource("plain_b")).isEmpty();
        ToolResult result = turn.execute(ToolCall.of("call-" + i, "a_ext", "{}")).toCompletableFuture().join();
        assertThat(result.isSuccess()).as(result.toString()).isTrue();
      }
    }
  }

  /** A mask has 64 bits: with more filters, every filter runs for every tool, the 65th included. */
  @Test
  void withMoreFiltersThanAMaskHasBitsEveryFilterStillRuns() {
    Loadout.Builder b = Loadout.builder(ToolRegistry.builder().register(new PlainTool("gate_a"), new PlainTool("plain_b"))
        .build()).externalTools(ctx -> List.of(ToolSource.of("srv", "server", List.of(new PlainTool("gate_ext")))));
    for (int i = 0; i < 64; i++) {
      b.addFilter(AvailabilityFilter.named("never_" + i, new AvailabilityFilter() {
        @Override
        public AvailabilityDecision evaluate(ToolSpec spec, TurnContext context) {
          return AvailabilityDecision.available();
        }

        @Override
        public boolean mayHide(ToolSpec spec) {
          return false;
        }
      }));
    }
    Gate last = new Gate(false);
    try (Loadout loadout = b.addFilter(last).build()) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visibleNames()).containsExactly("plain_b");
      assertThat(turn.hidden()).extracting(HiddenTool::name).containsExactly("gate_a", "gate_ext");
      assertThat(last.asked).containsExactlyInAnyOrder("gate_ext", "gate_a", "plain_b");
    }
  }

  @Test
  void aDescriptionOverrideReachesToolsThatHaveNoAssemblyOfTheirOwn() {
    DescriptionOverride operator = (variant, context) -> variant.name().endsWith("_ext") ? "Operator's words." : null;
    try (Loadout loadout = loadout(new Gate(false), List.of(new PlainTool("plain_b")),
        List.of(new PlainTool("plain_ext")), operator)) {
      PreparedTurn turn = loadout.prepare(Tools.context().build());
      assertThat(turn.visible()).extracting(ToolSpec::description)
          .containsExactly("The plain_b tool.", "Operator's words.");
    }
  }
}
