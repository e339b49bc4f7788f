package dev.loadout.openai;

import static org.assertj.core.api.Assertions.assertThat;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.models.responses.EasyInputMessage;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseCreateParams;
import com.openai.models.responses.ResponseInputItem;
import com.openai.models.responses.ResponseStreamEvent;
import dev.loadout.core.Dialect;
import dev.loadout.core.Loadout;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolChoice;
import dev.loadout.core.ToolOutcome;
import dev.loadout.testkit.ScriptedModel;
import dev.loadout.testkit.net.LoopbackHttpServer;
import dev.loadout.testkit.net.ReceivedRequest;
import dev.loadout.testkit.TestContexts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The Responses adapter against the real SDK, talking to a loopback provider that records every request. */
class OpenAiResponsesToolsTest {
  private Loadout loadout;
  private PreparedTurn turn;
  private ScriptedModel scripted;
  private LoopbackHttpServer server;
  private OpenAIClient client;

  @BeforeEach
  void start() throws Exception {
    loadout = Fixture.loadout();
    turn = loadout.prepare(TestContexts.turn().build());
    scripted = ScriptedModel.speaking(Dialect.OPENAI_RESPONSES);
    server = LoopbackHttpServer.serving(scripted);
    client = OpenAIOkHttpClient.builder().apiKey("sk-test").baseUrl(server.url("/v1")).maxRetries(0).build();
  }

  @AfterEach
  void stop() {
    client.close();
    server.close();
    loadout.close();
  }

  private static List<ResponseInputItem> input() {
    return new ArrayList<>(List.of(ResponseInputItem.ofEasyInputMessage(EasyInputMessage.builder()
        .role(EasyInputMessage.Role.USER).content("Weather in Oslo, and search loadout?").build())));
  }

  private static JsonNode json(String body) {
    return JsonMapper.shared().readTree(body);
  }

  @Test
  void theWireRequestCarriesLoadoutsRenderByteForByte() {
    scripted.enqueueText("Hello.");
    OpenAiResponsesTools tools = OpenAiResponsesTools.of(turn);

    client.responses().create(tools.applyTo(ResponseCreateParams.builder().model("gpt-test"), ToolChoice.required())
        .inputOfResponse(input()).build());

    String wire = scripted.takeRequest();
    String rendered = turn.render(Dialect.OPENAI_RESPONSES).json();
    assertThat(json(wire).get("tools")).isEqualTo(json(rendered));
    assertThat(wire).contains("\"tools\":" + rendered);
    assertThat(json(wire).get("tool_choice")).isEqualTo(turn.toolChoice(Dialect.OPENAI_RESPONSES, ToolChoice.required()));
    assertThat(server.requests().stream().map(ReceivedRequest::line).toList()).containsExactly("POST /v1/responses");
  }

  @Test
  void parallelCallsRoundTripWithTheirIds() {
    scripted.enqueueToolCalls(ToolCall.of("call_w", "get_weather", "{\"city\":\"Oslo\"}"),
        ToolCall.of("call_s", "search", "{\"query\":\"loadout\"}"));
    scripted.enqueueText("Sunny, and two hits.");
    OpenAiResponsesTools tools = OpenAiResponsesTools.of(turn);
    List<ResponseInputItem> input = input();

    ResponseCreateParams.Builder params = tools.applyTo(ResponseCreateParams.builder().model("gpt-test"));
    Response reply = client.responses().create(params.inputOfResponse(input).build());
    int rounds = 0;
    while (tools.appendResults(reply, input)) {
      reply = client.responses().create(params.inputOfResponse(input).build());
      rounds++;
    }

    assertThat(rounds).isEqualTo(1);
    scripted.takeRequest();
    JsonNode items = json(scripted.takeRequest()).get("input");
    assertThat(items).hasSize(5);
    assertThat(items.get(1).get("type").asString()).isEqualTo("function_call");
    assertThat(items.get(1).get("call_id").asString()).isEqualTo("call_w");
    assertThat(items.get(1).get("arguments").asString()).isEqualTo("{\"city\":\"Oslo\"}");
    assertThat(items.get(2).get("call_id").asString()).isEqualTo("call_s");
    assertThat(items.get(3)).isEqualTo(json(
        "{\"type\":\"function_call_output\",\"call_id\":\"call_w\",\"output\":\"Sunny in Oslo\"}"));
    assertThat(items.get(4).get("call_id").asString()).isEqualTo("call_s");
  }

  @Test
  void callsSentWithoutIdsGetMadeUpIdsThatTheirOutputsAnswer() {
    scripted.enqueueRaw("{\"id\":\"resp_1\",\"object\":\"response\",\"output\":["
        + "{\"type\":\"function_call\",\"id\":\"fc_1\",\"name\":\"get_weather\",\"arguments\":\"{\\\"city\\\":\\\"Oslo\\\"}\"},"
        + "{\"type\":\"function_call\",\"id\":\"fc_2\",\"call_id\":\"\",\"name\":\"snapshot\","
        + "\"arguments\":\"{\\\"camera\\\":\\\"door\\\"}\"}]}");
    scripted.enqueueText("Done.");
    OpenAiResponsesTools tools = OpenAiResponsesTools.of(turn);
    List<ResponseInputItem> input = input();
    ResponseCreateParams.Builder params = tools.applyTo(ResponseCreateParams.builder().model("gpt-test"));

    Response reply = client.responses().create(params.inputOfResponse(input).build());
    List<ToolCall> calls = tools.toolCalls(reply);
    assertThat(tools.appendResults(reply, input)).isTrue();
    client.responses().create(params.inputOfResponse(input).build());

    assertThat(calls).extracting(ToolCall::id).allSatisfy(id -> assertThat(id).startsWith("call_"))
        .doesNotHaveDuplicates();
    scripted.takeRequest();
    JsonNode items = json(scripted.takeRequest()).get("input");
    for (int i = 0; i < 2; i++) {
      assertThat(items.get(1 + i).get("call_id").asString()).isEqualTo(calls.get(i).id());
      assertThat(items.get(3 + i).get("call_id").asString()).isEqualTo(calls.get(i).id());
    }
    // The snapshot's image follows the outputs in a user message, as core writes it.
    assertThat(items.get(5)).isEqualTo(json("{\"role\":\"user\",\"content\":["
        + "{\"type\":\"input_text\",\"text\":\"Images returned by tool snapshot (call " + calls.get(1).id() + "):\"},"
        + "{\"type\":\"input_image\",\"image_url\":\"data:image/png;base64," + Fixture.PNG + "\"}]}"));
  }

  @Test
  void aStreamHandsOutEachCallAsItsArgumentsAreDoneAndSendsTheCompletedOutputBack() {
    String item0 = "{\"type\":\"function_call\",\"id\":\"fc_a\",\"call_id\":\"call_a\",\"name\":\"get_weather\","
        + "\"arguments\":\"\",\"status\":\"in_progress\"}";
    String item1 = "{\"type\":\"function_call\",\"id\":\"fc_b\",\"call_id\":\"call_b\",\"name\":\"search\","
        + "\"arguments\":\"\",\"status\":\"in_progress\"}";
    String done0 = "{\"type\":\"function_call\",\"id\":\"fc_a\",\"call_id\":\"call_a\",\"name\":\"get_weather\","
        + "\"arguments\":\"{\\\"city\\\":\\\"Z\\\\u00fcrich\\\"}\",\"status\":\"completed\"}";
    String done1 = "{\"type\":\"function_call\",\"id\":\"fc_b\",\"call_id\":\"call_b\",\"name\":\"search\","
        + "\"arguments\":\"{\\\"query\\\":\\\"loadout\\\"}\",\"status\":\"completed\"}";
    scripted.enqueueRaw(String.join("",
        event("response.created", "{\"type\":\"response.created\",\"sequence_number\":0,\"response\":{\"id\":\"resp_s\","
            + "\"object\":\"response\",\"status\":\"in_progress\",\"output\":[]}}"),
        event("response.output_item.added", "{\"type\":\"response.output_item.added\",\"sequence_number\":1,"
            + "\"output_index\":0,\"item\":" + item0 + "}"),
        argsDelta(2, 0, "fc_a", "{\\\"city\\\":\\\"Z\\\\u00"),
        argsDelta(3, 0, "fc_a", "fcrich\\\"}"),
        event("response.function_call_arguments.done", "{\"type\":\"response.function_call_arguments.done\","
            + "\"sequence_number\":4,\"output_index\":0,\"item_id\":\"fc_a\","
            + "\"arguments\":\"{\\\"city\\\":\\\"Z\\\\u00fcrich\\\"}\"}"),
        event("response.output_item.done", "{\"type\":\"response.output_item.done\",\"sequence_number\":5,"
            + "\"output_index\":0,\"item\":" + done0 + "}"),
        event("response.output_item.added", "{\"type\":\"response.output_item.added\",\"sequence_number\":6,"
            + "\"output_index\":1,\"item\":" + item1 + "}"),
        argsDelta(7, 1, "fc_b", "{\\\"query\\\":\\\"loadout\\\"}"),
        event("response.output_item.done", "{\"type\":\"response.output_item.done\",\"sequence_number\":8,"
            + "\"output_index\":1,\"item\":" + done1 + "}"),
        event("response.completed", "{\"type\":\"response.completed\",\"sequence_number\":9,\"response\":"
            + "{\"id\":\"resp_s\",\"object\":\"response\",\"status\":\"completed\",\"output\":[" + done0 + "," + done1
            + "]}}")));
    scripted.enqueueText("Sunny in Zürich.");
    OpenAiResponsesTools tools = OpenAiResponsesTools.of(turn);
    List<ResponseInputItem> input = input();
    ResponseCreateParams.Builder params = tools.applyTo(ResponseCreateParams.builder().model("gpt-test"));
    OpenAiResponsesStream stream = tools.stream();

    List<List<String>> perEvent = new ArrayList<>();
    List<ToolOutcome> outcomes = new ArrayList<>();
    try (StreamResponse<ResponseStreamEvent> events =
        client.responses().createStreaming(params.inputOfResponse(input).build())) {
      events.stream().forEach(e -> {
        List<ToolCall> done = stream.accept(e);
        perEvent.add(done.stream().map(ToolCall::id).toList());
        done.forEach(call -> outcomes.add(new ToolOutcome(call, turn.execute(call).toCompletableFuture().join())));
      });
    }
    assertThat(stream.finish().isComplete()).isTrue();
    stream.appendTo(input, outcomes);
    client.responses().create(params.inputOfResponse(input).build());

    assertThat(perEvent).containsExactly(List.of(), List.of(), List.of(), List.of(), List.of("call_a"), List.of(),
        List.of(), List.of(), List.of("call_b"), List.of());
    assertThat(outcomes).extracting(o -> o.call().arguments())
        .containsExactly("{\"city\":\"Z\\u00fcrich\"}", "{\"query\":\"loadout\"}");
    scripted.takeRequest();
    JsonNode items = json(scripted.takeRequest()).get("input");
    assertThat(items).hasSize(5);
    assertThat(items.get(1)).isEqualTo(json(done0));
    assertThat(items.get(2)).isEqualTo(json(done1));
    assertThat(items.get(3).get("call_id").asString()).isEqualTo("call_a");
    assertThat(items.get(3).get("output").asString()).isEqualTo("Sunny in Zürich");
    assertThat(items.get(4).get("call_id").asString()).isEqualTo("call_b");
  }

  private static String event(String type, String data) {
    return "event: " + type + "\ndata: " + data + "\n\n";
  }

  private static String argsDelta(int sequence, int index, String itemId, String delta) {
    return event("response.function_call_arguments.delta", "{\"type\":\"response.function_call_arguments.delta\","
        + "\"sequence_number\":" + sequence + ",\"output_index\":" + index + ",\"item_id\":\"" + itemId
        + "\",\"delta\":\"" + delta + "\"}");
  }
}
