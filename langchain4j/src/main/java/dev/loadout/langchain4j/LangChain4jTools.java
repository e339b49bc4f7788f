package dev.loadout.langchain4j;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.loadout.core.Dialect;
import dev.loadout.core.HistoryEntry;
import dev.loadout.core.PreparedTurn;
import dev.loadout.core.ToolCall;
import dev.loadout.core.ToolOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import dev.langchain4j.data.message.UserMessage;
import org.apiguardian.api.API;

/**
 * One {@link PreparedTurn} on LangChain4j's low-level {@code ChatModel} path: its tools as
 * {@link ToolSpecification}s, the model's calls out of an {@link AiMessage}, and their results back as
 * {@link ToolExecutionResultMessage}s.
 *
 * <pre>{@code
 * LangChain4jTools tools = LangChain4jTools.of(loadout.prepare(context));
 * List<ChatMessage> messages = new ArrayList<>(List.of(UserMessage.from(text)));
 * ChatResponse reply = model.chat(ChatRequest.builder().messages(messages).toolSpecifications(tools.specifications()).build());
 * while (tools.appendResults(reply, messages)) {
 *   reply = model.chat(ChatRequest.builder().messages(messages).toolSpecifications(tools.specifications()).build());
 * }
 * }</pre>
 *
 * <h2>The tools the model sees</h2>
 * LangChain4j's schema model cannot hold every JSON Schema: {@code ToolSpecification.fromJson} refuses some, and its
 * OpenAI module drops or adds keywords and pretty-prints the body. So each specification carries Loadout's
 * {@link Dialect#OPENAI_CHAT} render of its properties as raw schemas, which LangChain4j sends as written, and only the
 * root is LangChain4j's own object schema. With {@link LoadoutHttpClient} in the model's HTTP client the request's
 * {@code tools} become Loadout's render exactly; without it, root keywords other than {@code properties},
 * {@code required}, {@code additionalProperties} and {@code description} do not reach the model (see
 * {@code docs/llm-clients.md}).
 *
 * <h2>Calls and results</h2>
 * Calls are read by core's {@link Dialect#parseToolCalls(byte[])}, so a call that arrived without an id (some
 * OpenAI-compatible servers send none) gets Loadout's stable made-up id, and {@link #appendResults} appends the
 * assistant's message with that id, matching its result. Results are {@link HistoryEntry} values: the text core's
 * dialects send and the error flag; images follow the result messages in one user message, as core's OpenAI Chat
 * dialect sends them, since LangChain4j's OpenAI module refuses images in a tool result.
 *
 * <p>Immutable and thread-safe; one per turn.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class LangChain4jTools {
  private final PreparedTurn turn;
  private final List<ToolSpecification> specifications;

  private LangChain4jTools(PreparedTurn turn) {
    this.turn = turn;
    WarmRenders warm = WarmRenders.of(turn.render(Dialect.OPENAI_CHAT));
    this.specifications = warm.specifications;
    WarmRenders.INDEX.register(warm.keys, warm.renders);
  }

  /**
   * The turn's tools for LangChain4j, rendered once. Also tells every {@link LoadoutHttpClient} in this JVM what
   * Loadout rendered for them.
   *
   * @param turn the prepared turn whose tools are shown and whose calls are executed; never null
   * @return the adapter; never null
   */
  public static LangChain4jTools of(PreparedTurn turn) {
    if (turn == null) {
      throw new IllegalArgumentException("turn must not be null");
    }
    return new LangChain4jTools(turn);
  }

  /** The turn this adapter shows and executes. */
  public PreparedTurn turn() {
    return turn;
  }

  /** The request's tools, in Loadout's order; never null, empty when the turn shows none. */
  public List<ToolSpecification> specifications() {
    return specifications;
  }

  /**
   * The tool calls of a model's message, in the model's order, each with an id (made up where the model sent none).
   *
   * @param message the model's message; never null
   * @return the calls, possibly empty; never null
   */
  public List<ToolCall> toolCalls(AiMessage message) {
    if (message == null) {
      throw new IllegalArgumentException("message must not be null");
    }
    return Messages.toolCalls(message);
  }

  /**
   * Runs the response's tool calls and appends the round to the messages: the model's message (its calls carrying the
   * ids Loadout read), then one result message per call. Blocks until every call has a result, each under its tool's
   * deadline; to run calls another way use {@link #toolCalls}, {@link PreparedTurn#executeAll},
   * {@link #assistantMessage} and {@link #resultMessages}.
   *
   * @param response the model's response; never null
   * @param messages the conversation to send next; never null, must accept additions
   * @return whether the model called a tool; {@code false} means it answered and nothing was appended
   */
  public boolean appendResults(ChatResponse response, List<ChatMessage> messages) {
    if (response == null || messages == null) {
      throw new IllegalArgumentException("response and messages must not be null, but were " + response + ", "
          + messages);
    }
    List<ToolCall> calls = toolCalls(response.aiMessage());
    if (calls.isEmpty()) {
      return false;
    }
    List<ToolOutcome> outcomes = turn.executeAll(calls).toCompletableFuture().join();
    messages.add(assistantMessage(response.aiMessage(), calls));
    messages.addAll(resultMessages(outcomes));
    imageMessage(outcomes).ifPresent(messages::add);
    return true;
  }

  /**
   * The model's message with its calls as Loadout read them: the same text, thinking and attributes, each call with
   * the id its result will carry.
   *
   * @param message the model's message; never null
   * @param calls the calls read from it by {@link #toolCalls}; never null
   */
  public AiMessage assistantMessage(AiMessage message, List<ToolCall> calls) {
    if (message == null || calls == null || calls.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("message and calls (without nulls) are required, but were " + message
          + ", " + calls);
    }
    List<ToolExecutionRequest> requests = new ArrayList<>(calls.size());
    for (ToolCall call : calls) {
      requests.add(ToolExecutionRequest.builder().id(call.id()).name(call.name()).arguments(call.arguments())
          .build());
    }
    return message.toBuilder().toolExecutionRequests(requests).build();
  }

  /**
   * The results as LangChain4j's messages, one per outcome, in order: the text core's dialects send for it and the
   * error flag of a failure. Text only, since LangChain4j's OpenAI module refuses other content in a tool result:
   * images follow in {@link #imageMessage}.
   *
   * @param outcomes the calls and their results; never null
   * @return a new list; never null
   */
  public List<ToolExecutionResultMessage> resultMessages(List<ToolOutcome> outcomes) {
    if (outcomes == null || outcomes.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("outcomes must be a list without nulls, but was " + outcomes);
    }
    List<ToolExecutionResultMessage> out = new ArrayList<>(outcomes.size());
    for (ToolOutcome outcome : outcomes) {
      out.add(Messages.result(HistoryEntry.of(outcome)));
    }
    return out;
  }

  /**
   * The user message that carries the results' images, to append after the result messages, as core's OpenAI Chat
   * dialect writes it: a line naming the tool and call, then each image as {@code ImageContent}.
   *
   * @param outcomes the calls and their results; never null
   * @return the message; empty when no result has an image
   */
  public Optional<UserMessage> imageMessage(List<ToolOutcome> outcomes) {
    if (outcomes == null || outcomes.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("outcomes must be a list without nulls, but was " + outcomes);
    }
    return Messages.images(outcomes);
  }

  @Override
  public String toString() {
    return "LangChain4jTools{" + specifications.size() + " tools}";
  }
}
