package dev.loadout.testkit;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.Dialect;
import dev.loadout.core.ToolCall;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A language model that answers from a script: queue its answers, let the code under test talk to it,
 * then check what it was asked. The model speaks one {@link Dialect}, so its answers are response bodies
 * in that provider's format, the kind {@link Dialect#parseToolCalls(String)} reads.
 *
 * <pre>{@code
 * ScriptedModel model = ScriptedModel.speaking(Dialect.ANTHROPIC)
 *     .enqueueToolCalls(ToolCall.of("toolu_1", "echo", "{\"text\":\"hi\"}"))
 *     .enqueueText("Done.");
 *
 * // The host's LLM loop, with the model's HTTP call replaced by respond(request):
 * String first = model.respond(request);
 * List<ToolCall> calls = Dialect.ANTHROPIC.parseToolCalls(first);   // [echo]
 * String second = model.respond(requestWithResults);                // "Done."
 *
 * assertThat(model.takeRequest()).contains("\"tools\"");
 * assertThat(model.takeRequest()).contains("tool_result");
 * assertThat(model.queuedResponses()).isZero();
 * }</pre>
 *
 * <h2>What the bodies look like</h2>
 * <ul>
 *   <li>{@link Dialect#OPENAI_CHAT}: one choice whose assistant message has {@code content: null} and
 *       {@code tool_calls} ({@code finish_reason: "tool_calls"}); arguments are sent as a string,
 *       verbatim.</li>
 *   <li>{@link Dialect#OPENAI_RESPONSES}: {@code output} items of type {@code function_call} with
 *       {@code call_id}, {@code name} and the arguments string, verbatim.</li>
 *   <li>{@link Dialect#ANTHROPIC}: {@code content} blocks of type {@code tool_use} with an {@code input}
 *       object ({@code stop_reason: "tool_use"}).</li>
 *   <li>{@link Dialect#GEMINI}: {@code candidates[0].content.parts[].functionCall} with an {@code args}
 *       object and no id, as Gemini sends it, so the parser makes one up ({@code gemini_call_<digest>_<index>},
 *       see {@link Dialect#parseToolCalls(String)}). Names are
 *       sent as {@link Dialect#wireName(String)} gives them, as Loadout declared them.</li>
 * </ul>
 * Anthropic and Gemini carry arguments as an object, so the parser gives them back re-serialised
 * (compact, Jackson's number and escape forms): script compact JSON when comparing calls with
 * {@code equals}. Arguments that are not a JSON object, malformed text included, are sent as a JSON
 * string holding the text verbatim, so the parser sees the very text the script holds and executing the
 * call fails with {@code invalid_arguments}; blank arguments are sent as {@code {}}. A call scripted with
 * a blank id gets a provider-style id ({@code call_scripted_<response>_<index>}, or {@code toolu_...}
 * for Anthropic).
 *
 * <p>Thread-safe: the code under test may call {@link #respond(String)} from any thread.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ScriptedModel {
  private final Dialect dialect;
  private final Deque<String> script = new ArrayDeque<>();
  private final List<String> requests = new ArrayList<>();
  private int taken;
  private int enqueued;

  private ScriptedModel(Dialect dialect) {
    this.dialect = dialect;
  }

  /**
   * A model with an empty script that answers in a provider's format.
   *
   * @param dialect the provider format of its answers; never null
   * @return a new model; never null
   */
  public static ScriptedModel speaking(Dialect dialect) {
    if (dialect == null) {
      throw new IllegalArgumentException("dialect must not be null");
    }
    return new ScriptedModel(dialect);
  }

  /** The provider format this model answers in. */
  public Dialect dialect() {
    return dialect;
  }

  /**
   * Queues an answer that calls tools, in the given order.
   *
   * @param calls at least one call; none may be null
   * @return this model
   */
  public synchronized ScriptedModel enqueueToolCalls(ToolCall... calls) {
    if (calls == null || calls.length == 0 || Arrays.asList(calls).contains(null)) {
      throw new IllegalArgumentException("tool calls must be at least one call and no nulls, but were "
          + (calls == null ? "null" : Arrays.toString(calls)));
    }
    int n = ++enqueued;
    List<String> ids = new ArrayList<>(calls.length);
    for (int i = 0; i < calls.length; i++) {
      ids.add(calls[i].id().isBlank() ? ResponseBodies.callId(dialect, n, i) : calls[i].id());
    }
    script.addLast(ResponseBodies.toolCalls(dialect, n, List.of(calls), ids));
    return this;
  }

  /**
   * Queues an answer with text only: the model calls no tool and the round ends.
   *
   * @param text the assistant's text; never null
   * @return this model
   */
  public synchronized ScriptedModel enqueueText(String text) {
    if (text == null) {
      throw new IllegalArgumentException("text must not be null");
    }
    script.addLast(ResponseBodies.text(dialect, ++enqueued, text));
    return this;
  }

  /**
   * Queues a body sent exactly as given: a provider quirk, an error body, or text that is not JSON.
   *
   * @param body the response body; never null
   * @return this model
   */
  public synchronized ScriptedModel enqueueRaw(String body) {
    if (body == null) {
      throw new IllegalArgumentException("body must not be null");
    }
    enqueued++;
    script.addLast(body);
    return this;
  }

  /**
   * Records a request and answers it with the next queued response.
   *
   * @param requestBody the request the code under test would send to the provider; never null
   * @return the next response body; never null
   * @throws AssertionError if no response is left, naming how many requests were received; the request
   *     is still recorded, so the test can see what the extra request asked
   */
  public synchronized String respond(String requestBody) {
    if (requestBody == null) {
      throw new IllegalArgumentException("request body must not be null");
    }
    requests.add(requestBody);
    String next = script.pollFirst();
    if (next == null) {
      throw new AssertionError("ScriptedModel has no more responses queued; received " + requests.size()
          + (requests.size() == 1 ? " request" : " requests") + " (" + enqueued + " scripted)");
    }
    return next;
  }

  /**
   * Every request received so far, oldest first, whether taken or not.
   *
   * @return an immutable copy; never null
   */
  public synchronized List<String> requests() {
    return List.copyOf(requests);
  }

  /** How many requests were received. */
  public synchronized int requestCount() {
    return requests.size();
  }

  /** How many queued responses are still unanswered; zero once the script has played out. */
  public synchronized int queuedResponses() {
    return script.size();
  }

  /**
   * The oldest request not yet taken, so a test can walk the conversation one request at a time.
   *
   * @return the request body; never null
   * @throws AssertionError if every received request has been taken
   */
  public synchronized String takeRequest() {
    if (taken == requests.size()) {
      throw new AssertionError("ScriptedModel has no request left to take; received " + requests.size()
          + (requests.size() == 1 ? " request" : " requests") + " and all were taken");
    }
    return requests.get(taken++);
  }

  @Override
  public synchronized String toString() {
    return "ScriptedModel{" + dialect + ", queued=" + script.size() + ", requests=" + requests.size() + "}";
  }
}
