package dev.loadout.springai;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.Dialect;
import dev.loadout.core.HistoryEntry;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.DefaultToolCallingManager;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Spring AI's tool loop through Loadout: when a request's callbacks are one turn's ({@link SpringAiTools}), each round
 * of the model's calls runs on that turn with {@link PreparedTurn#executeAll}, so every call is resolved against what
 * the model was shown (a name it was not shown is a {@code tool_not_available} result, not Spring AI's exception),
 * validated against the variant shown, run under its tool's deadline with the turn's parallelism, and answered with
 * core's text for the model. A call without an id gets core's stable made-up id, and the assistant's message in the
 * history carries it, matching its result. A {@code ToolResponse} holds text only, so results' images follow the tool
 * responses in one user message, as core's OpenAI Chat dialect writes them.
 *
 * <p>A request with no Loadout callbacks, or with callbacks of another kind beside them, goes to the fallback manager
 * (Spring AI's default unless given); its Loadout callbacks still run through their turn one by one.
 * {@link #resolveToolDefinitions} is the fallback's.
 *
 * <p>Thread-safe and stateless: one per chat model.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LoadoutToolCallingManager implements ToolCallingManager {
  private static final JsonMapper JSON = JsonMapper.shared();

  private final ToolCallingManager fallback;

  private LoadoutToolCallingManager(ToolCallingManager fallback) {
    this.fallback = fallback;
  }

  /** A manager whose fallback is Spring AI's default manager. */
  public static LoadoutToolCallingManager create() {
    return new LoadoutToolCallingManager(DefaultToolCallingManager.builder().build());
  }

  /**
   * A manager with the host's fallback for requests that carry no Loadout turn.
   *
   * @param fallback the manager for every other request; never null
   */
  public static LoadoutToolCallingManager withFallback(ToolCallingManager fallback) {
    if (fallback == null) {
      throw new IllegalArgumentException("fallback must not be null");
    }
    return new LoadoutToolCallingManager(fallback);
  }

  @Override
  public List<ToolDefinition> resolveToolDefinitions(ToolCallingChatOptions options) {
    return fallback.resolveToolDefinitions(options);
  }

  @Override
  public ToolExecutionResult executeToolCalls(Prompt prompt, ChatResponse response) {
    PreparedTurn turn = turnOf(prompt);
    if (turn == null) {
      return fallback.executeToolCalls(prompt, response);
    }
    AssistantMessage assistant = response.getResults().stream().map(Generation::getOutput)
        .filter(AssistantMessage::hasToolCalls).findFirst()
        .orElseThrow(() -> new IllegalStateException("no tool call in the response to execute"));
    List<ToolCall> calls = toolCalls(assistant.getToolCalls());
    List<ToolOutcome> outcomes = turn.executeAll(calls).toCompletableFuture().join();

    List<AssistantMessage.ToolCall> withIds = new ArrayList<>(calls.size());
    List<ToolResponseMessage.ToolResponse> responses = new ArrayList<>(outcomes.size());
    for (ToolCall call : calls) {
      withIds.add(new AssistantMessage.ToolCall(call.id(), "function", call.name(), call.arguments()));
    }
    for (ToolOutcome outcome : outcomes) {
      HistoryEntry entry = HistoryEntry.of(outcome);
      responses.add(new ToolResponseMessage.ToolResponse(entry.callId(), entry.toolName(), entry.text()));
    }
    List<Message> history = new ArrayList<>(prompt.copy().getInstructions());
    history.add(assistant.mutate().toolCalls(withIds).build());
    history.add(ToolResponseMessage.builder().responses(responses).build());
    ResultImages.message(outcomes).ifPresent(history::add);
    return ToolExecutionResult.builder().conversationHistory(history).build();
  }

  /** The one turn all of the request's callbacks belong to, or null when the request is not wholly Loadout's. */
  private static PreparedTurn turnOf(Prompt prompt) {
    if (!(prompt.getOptions() instanceof ToolCallingChatOptions)) {
      return null;
    }
    List<ToolCallback> callbacks = ((ToolCallingChatOptions) prompt.getOptions()).getToolCallbacks();
    PreparedTurn turn = null;
    for (ToolCallback callback : callbacks) {
      if (!(callback instanceof LoadoutToolCallback)) {
        return null;
      }
      PreparedTurn mine = ((LoadoutToolCallback) callback).turn();
      if (turn != null && turn != mine) {
        return null;
      }
      turn = mine;
    }
    return turn;
  }

  /** Read by core from the OpenAI Chat assistant message they stand for, so missing ids are made up as core does. */
  static List<ToolCall> toolCalls(List<AssistantMessage.ToolCall> requested) {
    ObjectNode assistant = JSON.createObjectNode().put("role", "assistant");
    ArrayNode calls = assistant.putArray("tool_calls");
    for (AssistantMessage.ToolCall request : requested) {
      ObjectNode call = calls.addObject();
      if (request.id() != null && !request.id().isEmpty()) {
        call.put("id", request.id());
      }
      call.put("type", "function");
      call.putObject("function").put("name", request.name() == null ? "" : request.name())
          .put("arguments", request.arguments() == null ? "" : request.arguments());
    }
    return Dialect.OPENAI_CHAT.parseToolCalls(JSON.writeValueAsBytes(assistant));
  }

  @Override
  public String toString() {
    return "LoadoutToolCallingManager{fallback=" + fallback + "}";
  }
}
