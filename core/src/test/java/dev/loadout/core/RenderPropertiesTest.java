package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Properties of rendering over arbitrary MCP-like schemas and tool names, in every dialect. */
class RenderPropertiesTest {

  @Provide
  Arbitrary<ObjectNode> schemas() {
    return SchemaArbitraries.toolSchemas();
  }

  @Provide
  Arbitrary<String> names() {
    return SchemaArbitraries.toolNames();
  }

  private static ToolSpec spec(String name, ObjectNode schema) {
    return ToolSpec.builder(name, schema).description("a generated tool").build();
  }

  /**
   * The one name no mapping can fit: 64 characters whose first non-{@code _} character is a digit or
   * {@code -} need a 65th for Gemini (documented on {@link Dialect}; pinned in RenderTest).
   */
  private static boolean fitsGemini(String name) {
    return name.length() < 64 || name.replaceFirst("^_*", "").matches("^[a-zA-Z].*|^$");
  }

  @Property(tries = 200)
  void aRenderedDefinitionAlwaysPassesItsDialectsRules(@ForAll("schemas") ObjectNode schema, @ForAll("names") String name) {
    ToolSpec spec = spec(name, schema);
    for (Dialect dialect : Dialect.values()) {
      if (dialect == Dialect.GEMINI && !fitsGemini(name)) {
        continue;
      }
      JsonNode definition = ToolRenderer.definition(dialect, spec);
      assertThat(DialectRulesOracle.violations(dialect, definition)).as("%s: %s", dialect, definition).isEmpty();
    }
  }

  @Property(tries = 200)
  void renderingIsDeterministicAcrossFreshSpecsFromTheSameInput(@ForAll("schemas") ObjectNode schema,
      @ForAll("names") String name) {
    ToolSpec first = spec(name, schema.deepCopy());
    ToolSpec second = spec(name, schema.deepCopy());
    for (Dialect dialect : Dialect.values()) {
      byte[] uncached = Json.bytes(ToolRenderer.definition(dialect, first));
      assertThat(Json.bytes(ToolRenderer.definition(dialect, second))).as("%s", dialect).isEqualTo(uncached);
      assertThat(ToolRenderer.tool(dialect, first)).as("%s cached", dialect).isEqualTo(uncached);
      assertThat(ToolRenderer.tool(dialect, first)).as("%s warm", dialect).isEqualTo(uncached);
      assertThat(ToolRenderer.turn(dialect, List.of(first, first)))
          .isEqualTo(ToolRenderer.turn(dialect, List.of(second, second)));
    }
  }

  @Property(tries = 200)
  void renderingNeverChangesTheSpecOrTheSchemaItWasBuiltFrom(@ForAll("schemas") ObjectNode schema,
      @ForAll("names") String name) {
    ObjectNode input = schema.deepCopy();
    ToolSpec spec = spec(name, input);
    ObjectNode parameters = spec.parameters();
    String fingerprint = spec.fingerprint();
    for (Dialect dialect : Dialect.values()) {
      ToolRenderer.definition(dialect, spec);
      ToolRenderer.tool(dialect, spec);
      ToolRenderer.turn(dialect, List.of(spec));
    }
    assertThat(spec.parameters()).isEqualTo(parameters);
    assertThat(spec.fingerprint()).isEqualTo(fingerprint);
    assertThat(input).isEqualTo(schema);
  }

  @Property(tries = 200)
  void rewritingARewrittenSchemaChangesNothing(@ForAll("schemas") ObjectNode schema) {
    for (Dialect dialect : Dialect.values()) {
      ObjectNode once = DialectSchemas.forDialect(dialect, schema);
      assertThat(DialectSchemas.forDialect(dialect, once)).as("%s", dialect).isEqualTo(once);
    }
  }

  @Property(tries = 500)
  void geminiWireNamesStartWithALetterOrUnderscoreAndMapBack(@ForAll("names") String name) {
    String wire = ToolRenderer.geminiWireName(name);
    assertThat(wire).matches("^[a-zA-Z_].*");
    assertThat(wire).isIn(name, "_" + name);
    assertThat(ToolRenderer.fromGeminiWireName(wire)).isEqualTo(name);
  }

  @Property(tries = 50)
  void aWholeTurnOfGeneratedToolsPassesEveryDialectsRules(@ForAll("schemas") ObjectNode a, @ForAll("schemas") ObjectNode b) {
    PreparedTurn turn = RenderFixtures.turn(RenderFixtures.echo(spec("first_tool", a)), RenderFixtures.echo(spec("second_tool", b)));
    for (Dialect dialect : Dialect.values()) {
      JsonNode tools = turn.render(dialect).toJsonNode();
      JsonNode definitions = dialect == Dialect.GEMINI ? tools.get(0).get("functionDeclarations") : tools;
      assertThat(definitions).hasSize(2);
      for (JsonNode definition : definitions) {
        assertThat(DialectRulesOracle.violations(dialect, definition)).as("%s", dialect).isEmpty();
      }
    }
  }
}
