package dev.loadout.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

class ExecutePropertiesTest {
  private static final ToolSpec SEARCH = ToolSpec.builder("search", Tools.schema("""
      {"type":"object","properties":{
        "query":{"type":"string","maxLength":200},
        "limit":{"type":"integer","minimum":1,"maximum":50},
        "filters":{"type":"object","properties":{"site":{"type":"string","pattern":"^[a-z.]+$"}}},
        "tags":{"type":"array","items":{"type":"string"},"maxItems":5}},
       "required":["query"],"additionalProperties":false}""")).build();
  private static final Loadout LOADOUT = Loadout.builder(ToolRegistry.builder()
      .register(Tools.FnTool.echo(SEARCH), Tools.FnTool.echo(Tools.spec("ping"))).build()).build();
  private static final PreparedTurn TURN = LOADOUT.prepare(Tools.context().build());

  @AfterContainer
  static void close() {
    LOADOUT.close();
  }

  @Provide
  Arbitrary<String> argumentTexts() {
    Arbitrary<String> anyText = Arbitraries.strings().all().ofMaxLength(200);
    Arbitrary<String> jsonish = Arbitraries.strings().withChars("{}[]\":,0123456789.-eE truefalsn\\query").ofMaxLength(80);
    Arbitrary<String> nearlyValid = Arbitraries.of(
        "{\"query\":", "{\"query\":\"x\",\"limit\":0}", "{\"query\":\"x\",\"limit\":1e400}", "{\"query\":null}",
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "{\"query\":\"\\ud800\"}", "\"just a string\"", "null", "1",
        "{\"query\":\"x\",\"filters\":{\"site\":\"((((((((((((((((((((a\"}}", "{\"query\":\"x\",\"query\":\"y\"}");
    return Arbitraries.oneOf(anyText, jsonish, nearlyValid);
  }

  @Property(tries = 300)
  void anyTextAsArgumentsYieldsAToolResult(@ForAll("argumentTexts") String arguments, @ForAll boolean knownTool) {
    ToolCall call = ToolCall.of("id", knownTool ? "search" : "ping", arguments);
    ToolResult result = TURN.execute(call).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
    assertThat(result).isNotNull();
    if (!result.isSuccess()) {
      assertThat(((ToolResult.Failure) result).code()).isIn(ToolResult.INVALID_ARGUMENTS, ToolResult.TOOL_ERROR);
    }
  }

  @Property(tries = 200)
  void anyTextAsAToolNameYieldsAToolResult(@ForAll("argumentTexts") String name) {
    ToolResult result = TURN.execute(ToolCall.of(null, name, "{}")).toCompletableFuture().orTimeout(10, TimeUnit.SECONDS).join();
    if (!name.equals("ping")) {
      assertThat(((ToolResult.Failure) result).code()).isEqualTo(ToolResult.TOOL_NOT_AVAILABLE);
      assertThat(((ToolResult.Failure) result).message()).doesNotContainPattern("\\p{Cntrl}");
    }
  }
}
