package dev.loadout.openai;

import static org.assertj.core.api.Assertions.assertThat;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.responses.ResponseCreateParams;
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
  void everyFixtureToolReachesTheWireAsRenderedInBothOpenAiApis() throws Exception {
    ToolRegistry.Builder registry = ToolRegistry.builder();
    for (ToolSpec spec : FixtureTools.all()) {
      registry.register(BaseTool.of(spec, (call, ctx) -> ToolResult.text("ok")));
    }
    ScriptedModel chatModel = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
    ScriptedModel responsesModel = ScriptedModel.speaking(Dialect.OPENAI_RESPONSES);
    try (Loadout loadout = Loadout.builder(registry.build()).build();
        LoopbackHttpServer chat = LoopbackHttpServer.serving(chatModel);
        LoopbackHttpServer responses = LoopbackHttpServer.serving(responsesModel)) {
      PreparedTurn turn = loadout.prepare(TestContexts.turn().build());
      assertThat(turn.visible()).hasSizeGreaterThanOrEqualTo(100);
      chatModel.enqueueText("ok");
      responsesModel.enqueueText("ok");

      OpenAIClient toChat = OpenAIOkHttpClient.builder().apiKey("k").baseUrl(chat.url("/v1")).maxRetries(0).build();
      toChat.chat().completions().create(OpenAiChatTools.of(turn)
          .applyTo(ChatCompletionCreateParams.builder().model("gpt-test").addUserMessage("hi")).build());
      toChat.close();
      OpenAIClient toResponses = OpenAIOkHttpClient.builder().apiKey("k").baseUrl(responses.url("/v1"))
          .maxRetries(0).build();
      toResponses.responses().create(OpenAiResponsesTools.of(turn)
          .applyTo(ResponseCreateParams.builder().model("gpt-test").input("hi")).build());
      toResponses.close();

      assertThat(chatModel.takeRequest()).contains("\"tools\":" + turn.render(Dialect.OPENAI_CHAT).json());
      assertThat(responsesModel.takeRequest()).contains("\"tools\":" + turn.render(Dialect.OPENAI_RESPONSES).json());
    }
  }
}
