package dev.loadout.langchain4j;

import dev.loadout.core.internal.wire.RenderIndex;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.time.Duration;
import java.util.List;
import org.apiguardian.api.API;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.util.RawValue;

/**
 * LangChain4j's HTTP client with Loadout's tools on the wire: for a request to an OpenAI-compatible Chat Completions
 * endpoint whose {@code tools} are all tools Loadout rendered ({@link LangChain4jTools}, {@link LoadoutToolProvider}),
 * the body is sent compact with {@code tools} replaced by Loadout's {@code OPENAI_CHAT} render, byte for byte. Every
 * other request (no tools, a tool Loadout did not render, a body that is not a JSON object) is sent as LangChain4j
 * built it.
 *
 * <pre>{@code
 * ChatModel model = OpenAiChatModel.builder().apiKey(key).modelName("gpt-5-mini")
 *     .httpClientBuilder(LoadoutHttpClient.wrap(JdkHttpClient.builder())).build();
 * }</pre>
 *
 * LangChain4j's OpenAI module re-writes each schema's root through its own types and pretty-prints the body: the root
 * {@code additionalProperties: false}, {@code title} and {@code $defs} are gone, {@code required: []} appears, and the
 * 100-tool fixture costs 29,956 o200k tokens instead of Loadout's 18,069 (with this wrapper: 18,094, the rest of the
 * request included). Here the model gets what Loadout validates against. A tool is matched by its name and its
 * properties (which {@link LangChain4jTools} hands LangChain4j unchanged), so turns with different variants of one tool
 * can share a model.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LoadoutHttpClient implements HttpClient {
  private static final Logger LOG = LoggerFactory.getLogger(LoadoutHttpClient.class);
  private static final JsonMapper JSON = JsonMapper.shared();

  private final HttpClient delegate;
  private final RenderIndex index;

  LoadoutHttpClient(HttpClient delegate, RenderIndex index) {
    this.delegate = delegate;
    this.index = index;
  }

  /**
   * Wraps a client.
   *
   * @param delegate the client that sends the requests; never null
   * @return the wrapper; never null
   */
  public static LoadoutHttpClient of(HttpClient delegate) {
    if (delegate == null) {
      throw new IllegalArgumentException("delegate must not be null");
    }
    return new LoadoutHttpClient(delegate, WarmRenders.INDEX);
  }

  /**
   * Wraps a client builder, for a model builder's {@code httpClientBuilder(...)}: timeouts go to the builder, and
   * {@code build()} wraps what it builds.
   *
   * @param delegate the builder of the client that sends the requests; never null
   * @return a builder of wrapped clients; never null
   */
  public static HttpClientBuilder wrap(HttpClientBuilder delegate) {
    if (delegate == null) {
      throw new IllegalArgumentException("delegate must not be null");
    }
    return new Builder(delegate);
  }

  @Override
  public SuccessfulHttpResponse execute(HttpRequest request) {
    return delegate.execute(rewrite(request));
  }

  @Override
  public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
    delegate.execute(rewrite(request), parser, listener);
  }

  /** The request with Loadout's tools, or the request itself when it is not one whose tools Loadout rendered. */
  HttpRequest rewrite(HttpRequest request) {
    String body = request.body();
    if (body == null || body.indexOf("\"tools\"") < 0) {
      return request;
    }
    JsonNode tree;
    try {
      tree = JSON.readTree(body);
    } catch (JacksonException e) {
      return request;
    }
    JsonNode tools = tree.get("tools");
    if (!tree.isObject() || tools == null || !tools.isArray() || tools.isEmpty()) {
      return request;
    }
    List<String> rendered = index.lookup(tools);
    if (rendered.isEmpty()) {
      LOG.debug("request tools are not all Loadout's ({} tools); sent as LangChain4j wrote them", tools.size());
      return request;
    }
    ((ObjectNode) tree).putRawValue("tools", new RawValue("[" + String.join(",", rendered) + "]"));
    return HttpRequest.builder().method(request.method()).url(request.url()).headers(request.headers())
        .body(JSON.writeValueAsString(tree)).build();
  }

  @Override
  public String toString() {
    return "LoadoutHttpClient{" + delegate + "}";
  }

  private static final class Builder implements HttpClientBuilder {
    private final HttpClientBuilder delegate;

    Builder(HttpClientBuilder delegate) {
      this.delegate = delegate;
    }

    @Override
    public Duration connectTimeout() {
      return delegate.connectTimeout();
    }

    @Override
    public HttpClientBuilder connectTimeout(Duration timeout) {
      delegate.connectTimeout(timeout);
      return this;
    }

    @Override
    public Duration readTimeout() {
      return delegate.readTimeout();
    }

    @Override
    public HttpClientBuilder readTimeout(Duration timeout) {
      delegate.readTimeout(timeout);
      return this;
    }

    @Override
    public HttpClient build() {
      return LoadoutHttpClient.of(delegate.build());
    }
  }
}
