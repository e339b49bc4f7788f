package dev.loadout.springai;

import dev.loadout.core.internal.wire.RenderIndex;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import java.util.List;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.Buffer;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.util.RawValue;

/**
 * Loadout's tools on the wire of Spring AI's OpenAI chat model: an OkHttp interceptor that, for a request whose
 * {@code tools} are all tools {@link SpringAiTools} rendered, replaces them with Loadout's {@code OPENAI_CHAT} render,
 * byte for byte, so the model is not sent Spring AI's {@code "strict": false} on every tool, nor its schemas without
 * their {@code null} values ({@code "default": null}). Every other request goes out unchanged.
 *
 * <pre>{@code
 * OpenAiChatModel model = OpenAiChatModel.builder().options(options)
 *     .httpClientBuilderCustomizer(http -> http.interceptor(LoadoutToolsInterceptor.create())).build();
 * }</pre>
 *
 * Needs OkHttp 4 on the classpath, which {@code spring-ai-openai} brings. A tool is matched by its name and its
 * properties, so turns with different variants of one tool can share a model; two renders that differ only outside
 * their properties are ambiguous and left as Spring AI wrote them.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LoadoutToolsInterceptor implements Interceptor {
  private static final JsonMapper JSON = JsonMapper.shared();

  private final RenderIndex index;

  LoadoutToolsInterceptor(RenderIndex index) {
    this.index = index;
  }

  /** The interceptor, reading what {@link SpringAiTools} rendered in this JVM. */
  public static LoadoutToolsInterceptor create() {
    return new LoadoutToolsInterceptor(WarmRenders.INDEX);
  }

  @Override
  public Response intercept(Chain chain) throws IOException {
    Request request = chain.request();
    RequestBody body = request.body();
    if (body == null || body.isOneShot() || body.isDuplex()) {
      return chain.proceed(request);
    }
    Buffer buffer = new Buffer();
    body.writeTo(buffer);
    String rewritten = rewrite(buffer.readUtf8());
    if (rewritten == null) {
      return chain.proceed(request);
    }
    MediaType type = body.contentType();
    RequestBody replaced = RequestBody.create(rewritten, type);
    Request.Builder out = request.newBuilder().method(request.method(), replaced);
    if (request.header("Content-Length") != null) {
      out.header("Content-Length", Long.toString(replaced.contentLength()));
    }
    return chain.proceed(out.build());
  }

  /** The body with Loadout's tools, or null when it is not one whose tools Loadout rendered. */
  String rewrite(String body) {
    if (body.indexOf("\"tools\"") < 0) {
      return null;
    }
    JsonNode tree;
    try {
      tree = JSON.readTree(body);
    } catch (JacksonException e) {
      return null;
    }
    JsonNode tools = tree.get("tools");
    if (!tree.isObject() || tools == null || !tools.isArray() || tools.isEmpty()) {
      return null;
    }
    List<String> rendered = index.lookup(tools);
    if (rendered.isEmpty()) {
      return null;
    }
    ((ObjectNode) tree).putRawValue("tools", new RawValue("[" + String.join(",", rendered) + "]"));
    return JSON.writeValueAsString(tree);
  }

  @Override
  public String toString() {
    return "LoadoutToolsInterceptor";
  }
}
