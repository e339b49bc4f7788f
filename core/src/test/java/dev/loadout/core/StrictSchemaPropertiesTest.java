package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicReference;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Strict mode over the 104 fixture tools (real MCP and built-in schemas) and over arbitrary schemas: a call the strict
 * schema admits passes {@code execute} and reaches the tool as arguments its own schema admits; a schema is either
 * rewritten or refused with a reason, never an exception.
 */
class StrictSchemaPropertiesTest {
  private static final List<ToolSpec> TOOLS = FixtureTools.all();
  private static final AtomicReference<JsonNode> RECEIVED = new AtomicReference<>();
  private static ScheduledThreadPoolExecutor deadlines;
  private static Loadout loadout;
  private static PreparedTurn turn;

  @BeforeContainer
  static void start() {
    deadlines = new ScheduledThreadPoolExecutor(1);
    ToolRegistry.Builder registry = ToolRegistry.builder();
    for (ToolSpec spec : TOOLS) {
      registry.register(Tools.FnTool.of(spec, (call, ctx) -> {
        RECEIVED.set(call.argumentsJson());
        return CompletableFuture.completedFuture(ToolResult.text("ok"));
      }));
    }
    loadout = Loadout.builder(registry.build()).executor(Runnable::run).scheduler(deadlines).nullMeansAbsent(false).build();
    turn = loadout.prepare(Tools.context().build());
    turn.renderStrict(Dialect.OPENAI_CHAT);
  }

  @AfterContainer
  static void stop() {
    loadout.close();
    deadlines.shutdownNow();
  }

  @Property(tries = 1_000)
  void aCallTheStrictSchemaAdmitsReachesTheToolAsItsOwnSchemaAdmits(@ForAll @IntRange(min = 0, max = 103) int tool,
      @ForAll long seed) {
    ToolSpec spec = TOOLS.get(tool);
    StrictSchema.Outcome strict = spec.strict();
    if (strict.refusal() != null) {
      return;
    }
    ObjectNode args = ShownInstances.valid(StrictSchema.withoutMarks(strict.annotated()), new Random(seed));
    RECEIVED.set(null);
    ToolResult r = turn.execute(ToolCall.of("c", spec.name(), Json.text(args), Dialect.OPENAI_CHAT))
        .toCompletableFuture().join();
    assertThat(r.isSuccess()).as("%s: %s -> %s", spec.name(), args, r).isTrue();
    if (!FixtureTools.LOSSY.contains(spec.name())) {
      assertThat(spec.argumentViolations(RECEIVED.get())).as("%s received %s", spec.name(), RECEIVED.get()).isEmpty();
    }
  }

  @Property(tries = 1)
  void someFixtureToolsAreStrictAndTheOthersSayWhyNot() {
    long strict = TOOLS.stream().filter(s -> s.strict().refusal() == null).count();
    assertThat(strict).isBetween(10L, 100L);
    assertThat(TOOLS).allSatisfy(s -> {
      StrictSchema.Outcome o = s.strict();
      assertThat(o.annotated() == null).isEqualTo(o.refusal() != null);
    });
  }

  @Property(tries = 300)
  void anySchemaIsRewrittenOrRefusedNeverThrown(@ForAll("schemas") ObjectNode schema) {
    ToolSpec spec;
    try {
      spec = ToolSpec.builder("t", schema).build();
    } catch (IllegalArgumentException notASchema) {
      return;
    }
    StrictSchema.Outcome o = spec.strict();
    if (o.refusal() == null) {
      ObjectNode shown = StrictSchema.withoutMarks(o.annotated());
      assertThat(shown.get("additionalProperties").booleanValue()).isFalse();
      assertThat(shown.toString()).doesNotContain(StrictSchema.NULL_MEANS_ABSENT);
    } else {
      assertThat(o.refusal()).isNotBlank();
    }
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<ObjectNode> schemas() {
    return SchemaArbitraries.toolSchemas();
  }
}
