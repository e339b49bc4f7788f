package dev.loadout.langchain4j;

import dev.loadout.core.internal.wire.RenderIndex;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpMethod;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Which bodies the wrapper rewrites, on a private index so that other tests' turns cannot interfere. */
class LoadoutHttpClientTest {
  private static final String RENDER = "[{\"type\":\"function\",\"function\":{\"name\":\"get_weather\","
      + "\"description\":\"Weather.\",\"parameters\":{\"type\":\"object\",\"title\":\"W\",\"properties\":"
      + "{\"days\":{\"type\":\"integer\",\"default\":null,\"maximum\":7.0}},\"additionalProperties\":false}}}]";
  /** As LangChain4j writes the same tool: pretty-printed, keys reordered, the root title and additionalProperties gone. */
  private static final String LANGCHAIN4J_BODY = "{\n  \"model\" : \"m\",\n  \"tools\" : [ {\n    \"type\" : \"function\",\n"
      + "    \"function\" : {\n      \"name\" : \"get_weather\",\n      \"description\" : \"Weather.\",\n"
      + "      \"parameters\" : {\n        \"type\" : \"object\",\n        \"properties\" : {\n"
      + "          \"days\" : {\n            \"maximum\" : 7,\n            \"type\" : \"integer\",\n"
      + "            \"default\" : null\n          }\n        },\n        \"required\" : [ ]\n      }\n    }\n  } ]\n}";

  private final List<HttpRequest> sent = new ArrayList<>();
  private final HttpClient recorder = new HttpClient() {
    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
      sent.add(request);
      return SuccessfulHttpResponse.builder().statusCode(200).body("{}").build();
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
      sent.add(request);
    }
  };

  private static HttpRequest post(String body) {
    return HttpRequest.builder().method(HttpMethod.POST).url("http://127.0.0.1:9/v1/chat/completions")
        .addHeader("Authorization", "Bearer k").body(body).build();
  }

  @Test
  void aBodyWhoseToolsLoadoutRenderedGoesOutCompactWithTheRenderVerbatim() {
    RenderIndex index = new RenderIndex(16, false);
    index.register(JsonMapper.shared().readTree(RENDER));

    new LoadoutHttpClient(recorder, index).execute(post(LANGCHAIN4J_BODY));

    assertThat(sent.get(0).body()).isEqualTo("{\"model\":\"m\",\"tools\":" + RENDER + "}");
    assertThat(sent.get(0).headers()).containsEntry("Authorization", List.of("Bearer k"));
    assertThat(sent.get(0).url()).isEqualTo("http://127.0.0.1:9/v1/chat/completions");
  }

  @Test
  void aToolLoadoutDidNotRenderLeavesTheBodyAsLangChain4jWroteIt() {
    RenderIndex index = new RenderIndex(16, false);
    HttpRequest request = post(LANGCHAIN4J_BODY);

    new LoadoutHttpClient(recorder, index).execute(request, null, null);

    assertThat(sent.get(0)).isSameAs(request);
  }

  @Test
  void twoRendersThatLangChain4jCannotTellApartAreNeverGuessedBetween() {
    RenderIndex index = new RenderIndex(16, false);
    index.register(JsonMapper.shared().readTree(RENDER));
    index.register(JsonMapper.shared().readTree(RENDER.replace("\"title\":\"W\"", "\"title\":\"Other\"")));
    HttpRequest request = post(LANGCHAIN4J_BODY);

    new LoadoutHttpClient(recorder, index).execute(request);

    assertThat(sent.get(0)).isSameAs(request);
  }

  @Test
  void bodiesWithoutToolsOrNotJsonPassUntouched() {
    RenderIndex index = new RenderIndex(16, false);
    index.register(JsonMapper.shared().readTree(RENDER));
    HttpRequest noTools = post("{\"model\":\"m\",\"messages\":[]}");
    HttpRequest notJson = post("\"tools\" but not JSON {");
    HttpRequest emptyTools = post("{\"tools\":[]}");

    LoadoutHttpClient client = new LoadoutHttpClient(recorder, index);
    client.execute(noTools);
    client.execute(notJson);
    client.execute(emptyTools);

    assertThat(sent).containsExactly(noTools, notJson, emptyTools);
  }

  @Test
  void anIndexKeepsOnlyItsMostRecentRenders() {
    RenderIndex index = new RenderIndex(1, false);
    index.register(JsonMapper.shared().readTree(RENDER));
    index.register(JsonMapper.shared().readTree(RENDER.replace("get_weather", "other")));

    assertThat(index.lookup(JsonMapper.shared().readTree(RENDER))).isEmpty();
    assertThat(index.lookup(JsonMapper.shared().readTree(RENDER.replace("get_weather", "other")))).hasSize(1);
  }
}
