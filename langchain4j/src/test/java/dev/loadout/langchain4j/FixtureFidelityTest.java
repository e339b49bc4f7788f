package dev.loadout.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.openai.OpenAiChatModel;
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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The shared 100-tool fixture through LangChain4j's real OpenAiChatModel: with {@link LoadoutHttpClient} the wire
 * request's {@code tools} is Loadout's render byte for byte; without it, and with LangChain4j's own
 * {@code ToolSpecification.fromJson}, what changes and what it costs. The numbers (bytes and o200k tokens, counted
 * with the jtokkit LangChain4j's OpenAI module brings) are printed for {@code benchmarks/README.md}.
 */
class FixtureFidelityTest {
  private static final Encoding O200K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
  private static final JsonMapper JSON = JsonMapper.shared();

  @Test
  void everyFixtureToolReachesTheWireAsRenderedAndPlainLangChain4jIsMeasured() throws Exception {
    ToolRegistry.Builder registry = ToolRegistry.builder();
    for (ToolSpec spec : FixtureTools.fixture()) {
      registry.register(BaseTool.of(spec, (call, ctx) -> ToolResult.text("ok")));
    }
    ScriptedModel scripted = ScriptedModel.speaking(Dialect.OPENAI_CHAT);
    try (Loadout loadout = Loadout.builder(registry.build()).build();
        LoopbackHttpServer server = LoopbackHttpServer.serving(scripted)) {
      PreparedTurn turn = loadout.prepare(TestContexts.turn().build());
      assertThat(turn.visible()).hasSize(100);
      String render = turn.render(Dialect.OPENAI_CHAT).json();
      LangChain4jTools tools = LangChain4jTools.of(turn);

      // LangChain4j's own way in: ToolSpecification.fromJson of each rendered function.
      List<ToolSpecification> own = new ArrayList<>();
      int refused = 0;
      for (JsonNode tool : JSON.readTree(render)) {
        try {
          own.add(ToolSpecification.fromJson(JSON.writeValueAsString(tool.get("function"))));
        } catch (RuntimeException e) {
          refused++;
        }
      }

      ChatModel wrapped = model(server, true);
      ChatModel plain = model(server, false);
      for (int i = 0; i < 3; i++) {
        scripted.enqueueText("ok");
      }
      wrapped.chat(request(tools.specifications()));
      plain.chat(request(tools.specifications()));
      plain.chat(request(own));
      String wrappedBody = scripted.takeRequest();
      String plainBody = scripted.takeRequest();
      String ownBody = scripted.takeRequest();

      assertThat(wrappedBody).contains("\"tools\":" + render);
      assertThat(JSON.readTree(wrappedBody).get("tools")).isEqualTo(JSON.readTree(render));

      JsonNode rendered = JSON.readTree(render);
      JsonNode plainTools = JSON.readTree(plainBody).get("tools");
      int plainChanged = changed(rendered, plainTools);
      for (int i = 0; i < rendered.size(); i++) {
        assertThat(plainTools.get(i).at("/function/parameters/properties"))
            .isEqualTo(rendered.get(i).at("/function/parameters/properties"));
      }
      String noTools = bodyWithoutTools(wrappedBody);
      System.out.printf("langchain4j fixture: loadout render %,d bytes / %,d o200k tokens%n", bytes(render),
          O200K.countTokens(render));
      System.out.printf("langchain4j fixture: request without tools %,d bytes / %,d tokens%n", bytes(noTools),
          O200K.countTokens(noTools));
      print("with LoadoutHttpClient", wrappedBody, 0);
      print("LangChain4jTools specs, no wrapper", plainBody, plainChanged);
      print("ToolSpecification.fromJson (" + refused + " refused, left out)", ownBody,
          changed(rendered, JSON.readTree(ownBody).get("tools")));
      System.out.println("langchain4j fixture: root differences, no wrapper: " + rootDifferences(rendered, plainTools));
      System.out.println("langchain4j fixture: root differences, fromJson: "
          + rootDifferences(rendered, JSON.readTree(ownBody).get("tools")));
      int renderTokens = O200K.countTokens(render) + O200K.countTokens(noTools);
      assertThat((double) O200K.countTokens(wrappedBody)).as("within 1 % of Loadout's render")
          .isLessThanOrEqualTo(renderTokens * 1.01);
    }
  }

  private static ChatModel model(LoopbackHttpServer server, boolean wrapped) {
    OpenAiChatModel.OpenAiChatModelBuilder builder = OpenAiChatModel.builder().apiKey("k")
        .baseUrl(server.url("/v1")).modelName("gpt-test").maxRetries(0);
    return (wrapped ? builder.httpClientBuilder(LoadoutHttpClient.wrap(JdkHttpClient.builder())) : builder).build();
  }

  private static ChatRequest request(List<ToolSpecification> specs) {
    return ChatRequest.builder().messages(UserMessage.from("hi")).toolSpecifications(specs).build();
  }

  /** How many tools' JSON on the wire differs from the render (by name; a tool missing from the wire counts). */
  private static int changed(JsonNode rendered, JsonNode sent) {
    int changed = 0;
    for (JsonNode want : rendered) {
      JsonNode match = null;
      for (JsonNode got : sent) {
        if (got.at("/function/name").equals(want.at("/function/name"))) {
          match = got;
        }
      }
      if (match == null || !match.equals(want)) {
        changed++;
      }
    }
    return changed;
  }

  /** What differs at the parameters' root, per keyword, over all tools ("-title" dropped, "+required" added). */
  static java.util.Map<String, Integer> rootDifferences(JsonNode rendered, JsonNode sent) {
    java.util.Map<String, Integer> out = new java.util.TreeMap<>();
    for (JsonNode want : rendered) {
      for (JsonNode got : sent) {
        if (!got.at("/function/name").equals(want.at("/function/name"))) {
          continue;
        }
        JsonNode w = want.at("/function/parameters");
        JsonNode g = got.at("/function/parameters");
        for (String k : w.propertyNames()) {
          if (!g.has(k)) {
            out.merge("-" + k, 1, Integer::sum);
          } else if (!g.get(k).equals(w.get(k))) {
            out.merge("~" + k, 1, Integer::sum);
          }
        }
        for (String k : g.propertyNames()) {
          if (!w.has(k)) {
            out.merge("+" + k, 1, Integer::sum);
          }
        }
        for (String k : got.get("function").propertyNames()) {
          if (!want.get("function").has(k)) {
            out.merge("+function." + k, 1, Integer::sum);
          }
        }
      }
    }
    return out;
  }

  private static String bodyWithoutTools(String body) {
    var tree = (tools.jackson.databind.node.ObjectNode) JSON.readTree(body);
    tree.remove("tools");
    return JSON.writeValueAsString(tree);
  }

  private static int bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static void print(String path, String body, int changed) {
    System.out.printf("langchain4j fixture: %s: request %,d bytes / %,d o200k tokens, %d of 100 tools changed%n",
        path, bytes(body), O200K.countTokens(body), changed);
  }
}
