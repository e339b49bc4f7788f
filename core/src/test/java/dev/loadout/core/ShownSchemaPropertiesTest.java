package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
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
 * For every fixture tool and every dialect: arguments generated from the rendered schema pass
 * {@code execute}'s validation, and arguments that break the rendered schema fail it. A tool whose own schema is
 * not lossy for the dialect also receives arguments its own schema accepts (Gemini's strings turned back into
 * the typed values).
 */
class ShownSchemaPropertiesTest {
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
  }

  @AfterContainer
  static void stop() {
    loadout.close();
    deadlines.shutdownNow();
  }

  /** The parameters exactly as rendered for the dialect; Gemini leaves them out when nothing is left. */
  private static ObjectNode rendered(Dialect dialect, ToolSpec spec) {
    ObjectNode definition = ToolRenderer.definition(dialect, spec);
    JsonNode params = dialect == Dialect.ANTHROPIC ? definition.get("input_schema")
        : dialect == Dialect.OPENAI_CHAT ? definition.get("function").get("parameters") : definition.get("parameters");
    return params instanceof ObjectNode ? (ObjectNode) params : Json.object().put("type", "object");
  }

  private static ToolResult execute(ToolSpec spec, Dialect dialect, JsonNode arguments) {
    RECEIVED.set(null);
    CompletableFuture<ToolResult> f = turn.execute(ToolCall.of("c", spec.name(), Json.text(arguments), dialect))
        .toCompletableFuture();
    assertThat(f).isDone();
    return f.join();
  }

  @Property(tries = 1_000)
  void argumentsFromTheRenderedSchemaPass(@ForAll @IntRange(min = 0, max = 103) int tool, @ForAll Dialect dialect,
      @ForAll long seed) {
    ToolSpec spec = TOOLS.get(tool);
    ObjectNode shown = rendered(dialect, spec);
    ObjectNode args = ShownInstances.valid(shown, new Random(seed));
    ToolResult r = execute(spec, dialect, args);
    assertThat(r.isSuccess()).as("%s in %s: %s → %s", spec.name(), dialect, args, r).isTrue();
    if (!FixtureTools.LOSSY.contains(spec.name())) {
      assertThat(spec.argumentViolations(RECEIVED.get())).as("%s in %s received %s", spec.name(), dialect, RECEIVED.get())
          .isEmpty();
    }
  }

  @Property(tries = 1_000)
  void argumentsThatBreakTheRenderedSchemaFail(@ForAll @IntRange(min = 0, max = 103) int tool, @ForAll Dialect dialect,
      @ForAll ShownInstances.Break how, @ForAll long seed) {
    ToolSpec spec = TOOLS.get(tool);
    ObjectNode shown = rendered(dialect, spec);
    Random random = new Random(seed);
    JsonNode broken = ShownInstances.broken(shown, ShownInstances.valid(shown, random), how, random);
    if (broken == null) {
      return; // this way of breaking does not apply to this schema
    }
    ToolResult r = execute(spec, dialect, broken);
    assertThat(r).as("%s in %s, %s: %s", spec.name(), dialect, how, broken).isInstanceOf(ToolResult.Failure.class);
    assertThat(((ToolResult.Failure) r).code()).isEqualTo(ToolResult.INVALID_ARGUMENTS);
    assertThat(RECEIVED.get()).isNull();
  }

  @Property(tries = 1)
  void everyToolIsCovered() {
    assertThat(TOOLS).hasSize(104);
    List<String> names = new ArrayList<>(turn.visibleNames());
    assertThat(names).hasSize(104);
  }
}
