package dev.loadout.springai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.Dialect;
import dev.loadout.core.PreparedTurn;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * One {@link PreparedTurn}'s tools as Spring AI {@link ToolCallback}s, for one {@code ChatClient} request.
 *
 * <pre>{@code
 * OpenAiChatModel model = OpenAiChatModel.builder().options(options)
 *     .httpClientBuilderCustomizer(http -> http.interceptor(LoadoutToolsInterceptor.create())).build();
 * ChatClient chat = ChatClient.builder(model).defaultAdvisors(ToolCallingAdvisor.builder()
 *     .toolCallingManager(LoadoutToolCallingManager.create()).build()).build();
 * String answer = chat.prompt().user(text).toolCallbacks(SpringAiTools.of(loadout.prepare(context)).callbacks())
 *     .call().content();
 * }</pre>
 *
 * Each callback's {@link ToolDefinition#inputSchema()} is the parameters of Loadout's {@link Dialect#OPENAI_CHAT}
 * render, compact, in Loadout's order and key order. What a Spring AI chat model then sends is its own doing: the
 * OpenAI model adds {@code "strict": false} to every tool and drops {@code null} values, unless
 * {@link LoadoutToolsInterceptor} puts the render back. Creating the adapter also tells that interceptor what Loadout
 * rendered.
 *
 * <p>Immutable and thread-safe; one per turn.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SpringAiTools {
  private final PreparedTurn turn;
  private final List<ToolCallback> callbacks;

  private SpringAiTools(PreparedTurn turn) {
    this.turn = turn;
    WarmRenders warm = WarmRenders.of(turn.render(Dialect.OPENAI_CHAT));
    List<ToolCallback> list = new ArrayList<>(warm.definitions.size());
    for (ToolDefinition definition : warm.definitions) {
      list.add(new LoadoutToolCallback(turn, definition));
    }
    this.callbacks = List.copyOf(list);
    WarmRenders.INDEX.register(warm.keys, warm.renders);
  }

  /**
   * The turn's tools for Spring AI, rendered once.
   *
   * @param turn the prepared turn whose tools are shown and whose calls are executed; never null
   * @return the adapter; never null
   */
  public static SpringAiTools of(PreparedTurn turn) {
    if (turn == null) {
      throw new IllegalArgumentException("turn must not be null");
    }
    return new SpringAiTools(turn);
  }

  /** The turn this adapter shows and executes. */
  public PreparedTurn turn() {
    return turn;
  }

  /**
   * The request's tool callbacks, in Loadout's order; never null, empty when the turn shows none. Give all of them,
   * and no others, to one request: {@link LoadoutToolCallingManager} then runs the model's calls on this turn.
   */
  public List<ToolCallback> callbacks() {
    return callbacks;
  }

  @Override
  public String toString() {
    return "SpringAiTools{" + callbacks.size() + " tools}";
  }
}
