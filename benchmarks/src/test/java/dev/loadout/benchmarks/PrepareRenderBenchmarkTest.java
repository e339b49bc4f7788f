package dev.loadout.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.Dialect;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Guards the benchmark's setup, so that it cannot silently measure nothing or compare unlike work. */
final class PrepareRenderBenchmarkTest {
  private static Toolset toolset;
  private static LoadoutWarm warm;

  @BeforeAll
  static void setUp() {
    toolset = Toolset.load();
    warm = new LoadoutWarm(toolset);
  }

  @AfterAll
  static void tearDown() {
    warm.close();
  }

  @Test
  void fixtureLoadsOneHundredSpecsWithUniqueNames() {
    Set<String> names = new HashSet<>();
    for (int i = 0; i < Toolset.SIZE; i++) {
      names.add(toolset.spec(i).name());
    }
    assertThat(names).hasSize(100);
    assertThat(warm.loadout().registry().tools()).hasSize(100);
    assertThat(Variants.BY_TOOL).hasSize(20);
  }

  @Test
  void everyBuiltInFilterEnabledStillShowsTheSameBytes() {
    try (LoadoutWarm all = new LoadoutWarm(toolset, true)) {
      assertThat(all.loadout().prepare(Turns.A).hidden()).isEmpty();
      for (TurnContext context : Turns.BOTH) {
        assertThat(all.toolsJson(context)).isEqualTo(warm.toolsJson(context));
      }
    }
  }

  @Test
  void warmRenderShowsTheSameToolsAsTheRebuildBaseline() {
    RebuildEachTurn baseline = new RebuildEachTurn(toolset);
    for (TurnContext context : Turns.BOTH) {
      Map<String, JsonNode> loadout = byName(warm.toolsJson(context));
      Map<String, JsonNode> rebuilt = byName(baseline.toolsJson(context));

      assertThat(loadout).hasSize(100);
      assertThat(loadout.keySet()).isEqualTo(rebuilt.keySet());
      // Same shapes too: the only difference is the root "$schema" the OpenAI dialect strips.
      rebuilt.values().forEach(f -> ((ObjectNode) f.get("parameters")).remove("$schema"));
      assertThat(loadout).isEqualTo(rebuilt);
    }
  }

  @Test
  void jacksonFloorWritesAllFixtureTools() {
    Map<String, JsonNode> floor = byName(new JacksonCopyAndWrite(toolset).toolsJson(Turns.A));

    assertThat(floor.keySet()).isEqualTo(byName(warm.toolsJson(Turns.A)).keySet());
  }

  @Test
  void theTwoGuildsSeeDifferentVariantsOfExactlyTheTwentyToolsWithRules() {
    PreparedTurn a = warm.loadout().prepare(Turns.A);
    PreparedTurn b = warm.loadout().prepare(Turns.B);

    assertThat(a.fingerprint()).isNotEqualTo(b.fingerprint());
    Set<String> changed = new HashSet<>();
    for (String name : a.visibleNames()) {
      ToolSpec full = warm.loadout().registry().tool(name).orElseThrow().spec();
      ToolSpec inA = a.variant(name).orElseThrow();
      ToolSpec inB = b.variant(name).orElseThrow();
      if (inA != full || inB != full) {
        changed.add(name);
      }
    }
    assertThat(changed).isEqualTo(Variants.BY_TOOL.keySet());
  }

  @Test
  void warmTurnsReuseVariantsAndRendersAcrossAlternatingGuilds() {
    PreparedTurn a1 = warm.loadout().prepare(Turns.A);
    PreparedTurn b = warm.loadout().prepare(Turns.B);
    PreparedTurn a2 = warm.loadout().prepare(Turns.A);

    for (int i = 0; i < a1.visible().size(); i++) {
      assertThat(a2.visible().get(i)).isSameAs(a1.visible().get(i));
    }
    assertThat(a2.render(Dialect.OPENAI_CHAT)).isSameAs(a1.render(Dialect.OPENAI_CHAT))
        .isNotSameAs(b.render(Dialect.OPENAI_CHAT));
  }

  @Test
  void toolsAreOrderedCoreFirstThenConfiguredGroupsThenOtherGroupsByName() {
    List<String> groups = new ArrayList<>();
    for (ToolSpec spec : warm.loadout().prepare(Turns.A).visible()) {
      String group = spec.group().orElse("core");
      if (groups.isEmpty() || !groups.get(groups.size() - 1).equals(group)) {
        groups.add(group);
      }
    }
    assertThat(groups).containsExactly("core", "search", "media", "moderation",
        "mcp_fetch", "mcp_filesystem", "mcp_github", "mcp_jira", "mcp_memory", "mcp_notion", "mcp_playwright",
        "mcp_postgres", "mcp_sentry", "mcp_time", "memory", "utility");
  }

  @Test
  void everyAdapterProducesATurnForBothGuilds() {
    for (PrepareRenderBenchmark.Adapter adapter : PrepareRenderBenchmark.Adapter.values()) {
      try (TurnAdapter turns = adapter.create(toolset)) {
        for (TurnContext context : Turns.BOTH) {
          assertThat(byName(turns.toolsJson(context))).as(adapter.name()).hasSize(100);
        }
      }
    }
  }

  private static Map<String, JsonNode> byName(byte[] tools) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    for (JsonNode tool : Toolset.MAPPER.readTree(tools)) {
      assertThat(tool.get("type").stringValue()).isEqualTo("function");
      JsonNode function = tool.get("function");
      out.put(function.get("name").stringValue(), function);
    }
    return out;
  }
}
