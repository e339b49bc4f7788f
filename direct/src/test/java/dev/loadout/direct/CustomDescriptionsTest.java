package dev.loadout.direct;

import static dev.loadout.direct.DirectFixtures.EXA;
import static dev.loadout.direct.DirectFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.core.TurnContext;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class CustomDescriptionsTest {

  @Test
  void annotationsAreStrippedAtEveryLevelAndConstraintsKept() {
    ToolSpec spec = ToolSpec.builder("t", json("""
        {"type":"object","title":"Search","description":"Searches","$comment":"internal",
         "properties":{
           "description":{"type":"string","description":"a property named description stays","maxLength":50},
           "n":{"type":"integer","minimum":1,"maximum":10,"examples":[3],"default":3,"title":"Count"},
           "mode":{"enum":["fast","deep"],"description":"how"},
           "tags":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$","title":"Tag"}},
           "pick":{"anyOf":[{"type":"string","title":"A"},{"type":"integer","description":"B"}]}},
         "required":["description"],"additionalProperties":false}""")).build();
    assertThat(spec.edit().withoutAnnotations().build().parameters()).isEqualTo(json("""
        {"type":"object",
         "properties":{
           "description":{"type":"string","maxLength":50},
           "n":{"type":"integer","minimum":1,"maximum":10,"default":3},
           "mode":{"enum":["fast","deep"]},
           "tags":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"}},
           "pick":{"anyOf":[{"type":"string"},{"type":"integer"}]}},
         "required":["description"],"additionalProperties":false}"""));
    assertThat(spec.parameters().has("title")).as("the tool's own spec is untouched").isTrue();
  }

  @Test
  void aCustomDescriptionReplacesTheToolsAndStripsItsSchema() {
    ToolSpec spec = EXA.toBuilder().group("web").build();
    ToolSpec shown = CustomDescriptions.customized(spec, DirectConfig.builder("web_search_exa").description("Search news").build());
    assertThat(shown.description()).isEqualTo("Search news");
    assertThat(shown.group()).contains("web");
    assertThat(shown.parameters().path("properties").path("query").has("description")).isFalse();
    assertThat(shown.parameters().path("required")).isEqualTo(spec.parameters().path("required"));
    assertThat(CustomDescriptions.customized(spec, DirectConfig.builder("web_search_exa").description("").build()).description())
        .isEmpty();
    assertThat(CustomDescriptions.customized(spec, DirectConfig.builder("web_search_exa").build())).isSameAs(spec);
  }

  // ---- through Loadout.prepare: what the model is actually shown ----

  private final BaseTool exa = BaseTool.of(EXA, (call, ctx) -> ToolResult.text("ok"));
  private final DirectCatalog described = DirectFixtures.catalog()
      .save(EXA, DirectConfig.builder("web_search_exa").command("/search").template(DirectFixtures.EXA_TEMPLATE)
          .description("Search recent news for the guild").build());
  private final Map<String, DirectCatalog> catalogs = Map.of("guild-a", described);

  private static TurnContext turnIn(String guild) {
    return TurnContext.builder("openai", "gpt-test").guildId(guild).build();
  }

  private static JsonNode shownFunction(PreparedTurn turn) {
    return turn.render(Dialect.OPENAI_CHAT).toJsonNode().get(0).get("function");
  }

  @Test
  void theModelSeesTheGuildsCustomDescriptionAndNoSchemaWordingWhileOtherGuildsSeeTheToolsOwn() {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(exa).build())
        .descriptionOverride(CustomDescriptions.overrides(ctx -> catalogs.get(ctx.guildId().orElse(""))))
        .executor(Runnable::run).build()) {
      JsonNode a = shownFunction(loadout.prepare(turnIn("guild-a")));
      assertThat(a.get("description").asString()).isEqualTo("Search recent news for the guild");
      assertThat(a.get("parameters").path("properties").path("query").has("description")).isFalse();
      assertThat(a.get("parameters").get("required")).isEqualTo(EXA.parameters().get("required"));

      JsonNode b = shownFunction(loadout.prepare(turnIn("guild-b")));
      assertThat(b.get("description").asString()).isEqualTo("Search the web with Exa");
      assertThat(b.get("parameters").path("properties").path("query").path("description").asString())
          .isEqualTo("what to search");
    }
  }

  @Test
  void aSteadyCustomDescriptionIsTheSameVariantEveryTurnSoRenderingStaysCached() {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(exa).build())
        .descriptionOverride(CustomDescriptions.overrides(ctx -> described)).executor(Runnable::run).build()) {
      PreparedTurn first = loadout.prepare(turnIn("guild-a"));
      PreparedTurn second = loadout.prepare(turnIn("guild-a"));
      assertThat(second.visible().get(0)).isSameAs(first.visible().get(0));
      assertThat(second.fingerprint()).isEqualTo(first.fingerprint());
    }
  }

  @Test
  void aFailingOverrideLeavesTheToolVisibleWithItsOwnDescription() {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(exa).build())
        .descriptionOverride((spec, ctx) -> {
          throw new IllegalStateException("catalog store down");
        }).executor(Runnable::run).build()) {
      PreparedTurn turn = loadout.prepare(turnIn("guild-a"));
      assertThat(turn.visible()).extracting(ToolSpec::name).containsExactly("web_search_exa");
      assertThat(turn.visible().get(0).description()).isEqualTo("Search the web with Exa");
    }
  }

  @Test
  void aCallAgainstTheCustomisedToolIsStillCheckedAgainstEveryConstraint() {
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder().register(exa).build())
        .descriptionOverride(CustomDescriptions.overrides(ctx -> described)).executor(Runnable::run).build()) {
      ToolResult r = loadout.prepare(turnIn("guild-a"))
          .execute(dev.loadout.core.ToolCall.of("c1", "web_search_exa", "{\"query\":\"x\",\"objective\":\"y\",\"numResults\":99}"))
          .toCompletableFuture().join();
      assertThat(r).isInstanceOf(ToolResult.Failure.class);
      assertThat(((ToolResult.Failure) r).code()).isEqualTo("invalid_arguments");
    }
  }

  /** Saved configs store this value: a change in how it is computed would disable every reviewed config. */
  @Test
  void theSchemaFingerprintIsPinnedAndIgnoresKeyOrder() {
    String pinned = CustomDescriptions.fingerprint(json("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}"));

    assertThat(pinned).isEqualTo("21877437383c4aa0e8fc28bbe3abc1d8");
    assertThat(CustomDescriptions.fingerprint(json("{\"properties\":{\"q\":{\"type\":\"string\"}},\"type\":\"object\"}")))
        .isEqualTo(pinned);
  }
}
