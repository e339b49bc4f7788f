package dev.loadout.openai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.testkit.TestContexts;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The one place the SDK re-writes Loadout's JSON is numbers (its Jackson 2 parses the render and writes it again):
 * numbers of every shape a schema carries come out as the same bytes.
 */
class NumberFidelityTest {
  @Test
  void numbersOfEveryShapeSurviveTheSdksJackson2() {
    String schema = "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"number\",\"minimum\":-0.0,"
        + "\"maximum\":2e23,\"multipleOf\":1e-7,\"default\":0.1,\"examples\":[123456789012345678901234567890,"
        + "-9223372036854775808,1.7976931348623157E308,4.9E-324,100,2.50]}}}";
    ToolSpec spec = ToolSpec.builder("numbers", schema).description("Numbers.").build();
    try (Loadout loadout = Loadout.builder(ToolRegistry.builder()
        .register(BaseTool.of(spec, (call, ctx) -> ToolResult.text("ok"))).build()).build()) {
      PreparedTurn turn = loadout.prepare(TestContexts.turn().build());
      String rendered = turn.render(Dialect.OPENAI_CHAT).json();

      String sent = new String(SdkJson.bytes(OpenAiChatTools.of(turn).tools()), StandardCharsets.UTF_8);

      assertThat(sent).isEqualTo(rendered);
    }
  }
}
