package dev.loadout.langchain4j;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import dev.loadout.core.HistoryEntry;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import dev.loadout.core.ToolResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Loadout as an AiServices {@link ToolProvider}: for each request AiServices sends, the host's function prepares the
 * turn (who speaks, where, with which model), the model is shown that turn's tools, and every call it makes runs
 * through {@link PreparedTurn#execute}: resolved against what was shown, validated against the variant shown, under
 * the tool's deadline.
 *
 * <pre>{@code
 * Assistant bot = AiServices.builder(Assistant.class).chatModel(model)
 *     .toolProvider(LoadoutToolProvider.of(request -> loadout.prepare(contextFor(request.chatMemoryId()))))
 *     .build();
 * }</pre>
 *
 * A call's result reaches AiServices as a {@code ToolExecutionResult}: core's text for the model
 * ({@link ToolResult#modelText()}) and the error flag of a failure (bad arguments, a timeout: values, never
 * exceptions). Images a tool returns do not reach the model on this path: AiServices puts a tool's contents into the
 * tool result message, which LangChain4j's OpenAI module refuses for anything but text; use
 * {@link LangChain4jTools} on the {@code ChatModel} path for tools that return images. A call without an id gets
 * core's stable made-up one before it runs.
 *
 * <p>Not dynamic: AiServices asks once per invocation (one user message), and every round of that invocation runs
 * against the same turn. A name the turn did not show never reaches Loadout: AiServices answers it with its own
 * {@code HallucinatedToolNameStrategy}.
 *
 * <p>Thread-safe when the host's function is.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LoadoutToolProvider implements ToolProvider {
  private final Function<? super ToolProviderRequest, PreparedTurn> turns;

  private LoadoutToolProvider(Function<? super ToolProviderRequest, PreparedTurn> turns) {
    this.turns = turns;
  }

  /**
   * A provider that prepares a turn per AiServices request.
   *
   * @param turns the host's function from the request (its memory id, user message, invocation parameters) to the
   *     turn; never null, and it must never return null
   * @return the provider; never null
   */
  public static LoadoutToolProvider of(Function<? super ToolProviderRequest, PreparedTurn> turns) {
    if (turns == null) {
      throw new IllegalArgumentException("turns must not be null");
    }
    return new LoadoutToolProvider(turns);
  }

  /** A provider that shows one turn, already prepared, to every request. */
  public static LoadoutToolProvider of(PreparedTurn turn) {
    if (turn == null) {
      throw new IllegalArgumentException("turn must not be null");
    }
    return new LoadoutToolProvider(request -> turn);
  }

  @Override
  public ToolProviderResult provideTools(ToolProviderRequest request) {
    PreparedTurn turn = turns.apply(request);
    if (turn == null) {
      throw new IllegalStateException("the turn function " + turns + " returned null for " + request);
    }
    LangChain4jTools tools = LangChain4jTools.of(turn);
    Map<ToolSpecification, ToolExecutor> map = new LinkedHashMap<>();
    for (ToolSpecification spec : tools.specifications()) {
      map.put(spec, new TurnExecutor(turn));
    }
    return new ToolProviderResult(map);
  }

  /** Never: one turn serves every round of an invocation, as a {@link PreparedTurn} is meant to. */
  @Override
  public boolean isDynamic() {
    return false;
  }

  @Override
  public String toString() {
    return "LoadoutToolProvider{" + turns + "}";
  }

  /** Runs one call on the turn that showed it. */
  private static final class TurnExecutor implements ToolExecutor {
    private final PreparedTurn turn;

    TurnExecutor(PreparedTurn turn) {
      this.turn = turn;
    }

    @Override
    public String execute(ToolExecutionRequest request, Object memoryId) {
      return run(request).text();
    }

    @Override
    public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
      HistoryEntry entry = run(request);
      return ToolExecutionResult.builder().isError(entry.isError()).resultText(entry.text()).build();
    }

    private HistoryEntry run(ToolExecutionRequest request) {
      ToolCall call = Messages.toolCalls(List.of(request)).get(0);
      ToolResult result = turn.execute(call).toCompletableFuture().join();
      return HistoryEntry.of(new ToolOutcome(call, result));
    }
  }
}
