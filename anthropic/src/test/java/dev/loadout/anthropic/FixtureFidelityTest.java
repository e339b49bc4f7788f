package dev.loadout.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.models.messages.MessageCreateParams;
import dev.loadout.core.BaseTool;
import dev.loadout.core.Dialect;
import dev.loadout.core.FixtureTools;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolRegistry;
import dev.loadout.core.ToolResult;
import dev.loadout.core.ToolSpec;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.TestContexts;
import org.junit.jupiter.api.Test;

/**
 * The shared 100-tool fixture (and core's synthetic tools with the schema features dialects rewrite) through the
 * SDK: the wire request's {@code tools} is Loadout's render byte for byte, so the model is sent exactly the tokens
 * Loadout rendered.
 */
class FixtureFidelityTest {
  @Test
  void everyFixtureToolReachesTheWireAsRendered() throws Exception {
    ToolRegistry.Builder registry = ToolRegistry.builder();
    for (ToolSpec spec : FixtureTools.all()) {
      registry.register(BaseTool.of(spec, (call, ctx) -> ToolResult.text("ok")));
    }
    ScriptedModel scripted = ScriptedModel.speaking(Dialect.ANTHROPIC);
    try (Loadout loadout = Loadout.builder(registry.build()).build();
        LoopbackHttpServer server = LoopbackHttpServer.serving(scripted)) {
      PreparedTurn turn = loadout.prepare(TestContexts.turn().build());
      assertThat(turn.visible()).hasSizeGreaterThanOrEqualTo(100);
      scripted.enqueueText("ok");

      AnthropicClient client = AnthropicOkHttpClient.builder().apiKey("k").baseUrl(server.baseUrl()).maxRetries(0)
          .build();
      client.messages().create(AnthropicTools.of(turn)
          .applyTo(MessageCreateParams.builder().model("claude-test").maxTokens(16).addUserMessage("hi")).build());
      client.close();

      assertThat(scripted.takeRequest()).contains("\"tools\":" + turn.render(Dialect.ANTHROPIC).json());
    }
  }
}
