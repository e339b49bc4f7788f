package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.ToolCallStreamException.Problem;
import dev.loadout.core.internal.digest.Digests;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

// Over 400 lines on purpose: one state machine fed by three dialects' event shapes, with its public Builder;
// event decoding lives in StreamEvents, the finished calls in AccumulatedCalls, the JSON-end scan in JsonEnd.
/**
 * Gathers the tool calls of one streamed response from the provider's stream events, and hands out each call as
 * soon as it is complete, so a host can start executing it while the model is still writing the next one.
 *
 * <pre>{@code
 * ToolCallAccumulator calls = ToolCallAccumulator.of(Dialect.OPENAI_CHAT);
 * List<CompletableFuture<ToolOutcome>> running = new ArrayList<>();
 * sse.onData(data -> {                                   // the JSON of each "data:" line
 *   for (ToolCall call : calls.accept(data)) {
 *     running.add(turn.execute(call).toCompletableFuture().thenApply(r -> new ToolOutcome(call, r)));
 *   }
 * });
 * AccumulatedCalls end = calls.finish();                 // when the stream is over
 * if (!end.incomplete().isEmpty()) { ... }              // cut off: these were never handed out
 * }</pre>
 *
 * <h2>Events</h2>
 * Each event is what one SSE {@code data:} line carries: its JSON text ({@link #accept(String)}), its UTF-8 bytes
 * ({@link #accept(byte[])}), or a tree the host's client already parsed ({@link #accept(JsonNode)}). A blank event is
 * ignored; {@code [DONE]} ends an OpenAI Chat stream. Events that carry no tool call (text, reasoning, usage, pings)
 * are read past. A call is complete:
 * <ul>
 *   <li>{@link Dialect#OPENAI_CHAT} ({@code choices[0].delta.tool_calls[]}, fragments joined by {@code index}): when
 *       {@code finish_reason} or {@code [DONE]} arrives, or earlier, once its arguments are one whole JSON object and
 *       a later call has begun (OpenAI streams calls one after another). A delta at an index whose call is already
 *       whole that brings a different id begins a new call (Ollama numbers every call 0); a delta without an index
 *       continues the last call. The first id and name sent for a call are kept.</li>
 *   <li>{@link Dialect#OPENAI_RESPONSES}: a {@code function_call} item begins at {@code response.output_item.added},
 *       grows by {@code response.function_call_arguments.delta} and is complete at {@code ...arguments.done} (whose
 *       {@code arguments} are taken as final) or {@code response.output_item.done}, whichever comes first.</li>
 *   <li>{@link Dialect#ANTHROPIC}: a {@code tool_use} block begins at {@code content_block_start}, grows by
 *       {@code input_json_delta} fragments ({@code partial_json}) and is complete at {@code content_block_stop};
 *       without fragments its arguments are the block's {@code input} as sent. Other blocks (text, thinking, server
 *       tools) are read past.</li>
 *   <li>{@link Dialect#GEMINI} ({@code candidates[0].content.parts[].functionCall}): each call arrives whole in one
 *       chunk and is complete at once. Vertex AI's streamed arguments ({@code partialArgs}) are refused with
 *       {@link Problem#UNSUPPORTED_EVENT}; leave {@code streamFunctionCallArguments} off.</li>
 * </ul>
 * A complete call is what {@link Dialect#parseToolCalls(String)} reads from the same response unstreamed: the same
 * name (Gemini wire names mapped back), the arguments text joined exactly as sent, the dialect attached, and an id
 * made up for a call sent without one ({@code <prefix><digest>_<position>}, the digest taken from the stream's first
 * event, which carries the response's id: stable for the same stream and unique within the turn).
 *
 * <h2>Text split anywhere</h2>
 * Fragments are joined as text, so arguments cut in the middle of a JSON escape ({@code \"}, {@code \u00e9}) or
 * between the halves of an escaped surrogate pair read as if never cut. Fed as bytes, an event may even end in the
 * middle of a character's UTF-8 bytes, the next event carrying the rest: each stray byte is kept and the character
 * is decoded once the call is whole (bytes that never complete a character become U+FFFD).
 *
 * <h2>Limits and errors</h2>
 * Memory is bounded by {@link Builder#maxCalls(int)} calls of at most {@link Builder#maxArgumentsChars(int)}
 * characters of arguments each. Passing either throws {@link ToolCallStreamException} ({@link
 * Problem#ARGUMENTS_TOO_LONG}, {@link Problem#TOO_MANY_CALLS}) and stops the accumulator: later events are refused
 * with {@link IllegalStateException}, and {@link #finish()} reports the open calls. An event that is not a JSON
 * object, or that contradicts a call already handed out, throws {@link Problem#MALFORMED_EVENT} and is otherwise
 * ignored; a provider's error event throws {@link Problem#PROVIDER_ERROR}. No such error loses a call: see
 * {@link ToolCallStreamException#completedCalls()}.
 *
 * <p>One accumulator per streamed response. Not thread-safe: feed the events of a stream in order, from one thread
 * at a time.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ToolCallAccumulator {
  /** The default cap on one call's arguments: 1,000,000 characters. */
  public static final int DEFAULT_MAX_ARGUMENTS_CHARS = 1_000_000;
  /** The default cap on the calls of one response: 128. */
  public static final int DEFAULT_MAX_CALLS = 128;
  /** The largest cap on calls accepted: 10,000. */
  public static final int MAX_CALLS_LIMIT = 10_000;

  private final Dialect dialect;
  private final int maxArgumentsChars;
  private final int maxCalls;
  private final StreamEvents events;
  /** Every call that began, in the order it began. */
  private final List<StreamCall> started = new ArrayList<>();
  /** Complete calls in the order they completed. */
  private final List<ToolCall> completed = new ArrayList<>();
  /** Ids sent or made up so far: a made-up id never repeats one of them. */
  private final Set<String> ids = new HashSet<>();
  private byte[] identity;
  private int eventNumber;
  private boolean ended;
  private ToolCallStreamException stopped;
  private AccumulatedCalls result;
  // State of the event being read.
  private List<ToolCall> out;
  private boolean escapedEvent;
  private ResponseBody body;

  private ToolCallAccumulator(Builder b) {
    this.dialect = b.dialect;
    this.maxArgumentsChars = b.maxArgumentsChars;
    this.maxCalls = b.maxCalls;
    this.events = new StreamEvents(this);
  }

  /**
   * An accumulator with the default limits.
   *
   * @param dialect the provider whose stream this is; never null
   */
  public static ToolCallAccumulator of(Dialect dialect) {
    return builder(dialect).build();
  }

  /**
   * Starts an accumulator with limits of its own.
   *
   * @param dialect the provider whose stream this is; never null
   */
  public static Builder builder(Dialect dialect) {
    if (dialect == null) {
      throw new IllegalArgumentException("dialect must not be null");
    }
    return new Builder(dialect);
  }

  /** The provider whose stream this reads. */
  public Dialect dialect() {
    return dialect;
  }

  /**
   * Takes one event as JSON text.
   *
   * @param event the payload of one SSE {@code data:} line; never null
   * @return the calls this event completed, in completion order; never null, usually empty
   * @throws ToolCallStreamException when the event cannot be taken (see the class description)
   * @throws IllegalStateException after {@link #finish()}, or once a limit stopped the accumulator
   */
  public List<ToolCall> accept(String event) {
    if (event == null) {
      throw new IllegalArgumentException("event must not be null");
    }
    return take(event, false);
  }

  /**
   * Takes one event as UTF-8 bytes, which may end or begin in the middle of a character.
   *
   * @param event the bytes of one SSE {@code data:} payload; never null, not modified
   * @return as {@link #accept(String)}
   */
  public List<ToolCall> accept(byte[] event) {
    if (event == null) {
      throw new IllegalArgumentException("event must not be null");
    }
    StreamText.Decoded decoded = StreamText.decode(event);
    return take(decoded.text(), decoded.escaped());
  }

  /**
   * Takes one event the host's client already parsed. The tree is never modified.
   *
   * @param event the parsed payload; never null
   * @return as {@link #accept(String)}
   */
  public List<ToolCall> accept(JsonNode event) {
    if (event == null) {
      throw new IllegalArgumentException("event must not be null");
    }
    checkOpen();
    eventNumber++;
    if (!(event instanceof ObjectNode)) {
      throw malformed("is not a JSON object", null);
    }
    ResponseBody tree = ResponseBody.tree(event);
    if (identity == null) {
      identity = tree.digest();
    }
    return read(tree, false);
  }

  private List<ToolCall> take(String text, boolean escaped) {
    checkOpen();
    eventNumber++;
    if (text.isBlank()) {
      return List.of();
    }
    if (identity == null) {
      identity = Digests.sha256(text);
    }
    if (text.strip().equals("[DONE]")) {
      return read(null, false);
    }
    ResponseBody read;
    try {
      read = ResponseBody.read(dialect + " stream event " + eventNumber, text);
    } catch (IllegalArgumentException e) {
      throw malformed("is not valid JSON (" + text.length() + " chars)", e);
    }
    if (!(read.root() instanceof ObjectNode)) {
      throw malformed("is not a JSON object", null);
    }
    return read(read, escaped);
  }

  /** Reads one parsed event, or the end marker when {@code event} is null. */
  private List<ToolCall> read(ResponseBody event, boolean escaped) {
    out = new ArrayList<>(1);
    escapedEvent = escaped;
    body = event;
    try {
      if (event == null) {
        events.done();
      } else {
        events.read(event.root());
      }
      return out.isEmpty() ? List.of() : List.copyOf(out);
    } catch (ToolCallStreamException e) {
      if (e.problem() == Problem.ARGUMENTS_TOO_LONG || e.problem() == Problem.TOO_MANY_CALLS) {
        stopped = e;
      }
      throw e.withCompleted(out);
    } finally {
      out = null;
      body = null;
    }
  }

  /** Every call completed so far, in completion order; never null. */
  public List<ToolCall> completed() {
    return List.copyOf(completed);
  }

  /**
   * Ends the stream: the calls that completed, and those that began and never did. Call it when the stream is over,
   * normally or not; again, it returns the same result. Afterwards the accumulator takes no more events.
   *
   * @return the stream's calls; never null
   */
  public AccumulatedCalls finish() {
    if (result == null) {
      List<StreamCall> done = new ArrayList<>();
      List<AccumulatedCalls.Incomplete> open = new ArrayList<>();
      for (StreamCall c : started) {
        if (c.done != null) {
          done.add(c);
        } else {
          AccumulatedCalls.Reason reason = c.tooLong ? AccumulatedCalls.Reason.ARGUMENTS_TOO_LONG
              : stopped != null ? AccumulatedCalls.Reason.STOPPED : AccumulatedCalls.Reason.CUT_OFF;
          open.add(new AccumulatedCalls.Incomplete(c.position, c.id == null ? "" : c.id, c.name == null ? "" : c.name,
              c.received, reason));
        }
      }
      done.sort(Comparator.comparingInt(c -> c.position));
      open.sort(Comparator.comparingInt(AccumulatedCalls.Incomplete::position));
      result = new AccumulatedCalls(done.stream().map(c -> c.done).toList(), open, ended);
    }
    return result;
  }

  private void checkOpen() {
    if (result != null) {
      throw new IllegalStateException(dialect + " stream was already finished; use a new accumulator per response");
    }
    if (stopped != null) {
      throw new IllegalStateException(dialect + " stream accumulator stopped at a limit: " + stopped.getMessage());
    }
  }

  // ---- what StreamEvents calls

  ResponseBody body() {
    return body;
  }

  boolean escaped() {
    return escapedEvent;
  }

  List<StreamCall> started() {
    return started;
  }

  /** A call begins: counted against the limit at once. */
  StreamCall begin(int position, String id, String name, String initial) {
    if (started.size() >= maxCalls) {
      throw new ToolCallStreamException(Problem.TOO_MANY_CALLS, where() + ": a call beyond maxCalls (" + maxCalls
          + ") began", null);
    }
    StreamCall c = new StreamCall(position);
    started.add(c);
    identify(c, id, name);
    if (initial != null && !initial.isEmpty()) {
      checkLength(c, initial.length());
      c.initial = initial;
      c.escaped |= escapedEvent;
    }
    return c;
  }

  /** The first id and name sent for a call are kept. */
  void identify(StreamCall c, String id, String name) {
    if (c.id == null && id != null) {
      c.id = escapedEvent ? StreamText.restore(id) : id;
      ids.add(c.id);
    }
    if (c.name == null && name != null && !name.isEmpty()) {
      c.name = escapedEvent ? StreamText.restore(name) : name;
    }
  }

  void append(StreamCall c, String fragment) {
    if (fragment.isEmpty()) {
      return;
    }
    if (c.done != null) {
      if (fragment.isBlank()) {
        return; // spacing after a whole call changes nothing it says
      }
      throw malformed("continues the arguments of the call at position " + c.position + ", which was already complete",
          null);
    }
    if (c.tooLong) {
      return;
    }
    checkLength(c, c.arguments.length() + fragment.length());
    c.arguments.append(fragment);
    c.appended = true;
    c.escaped |= escapedEvent;
    c.received += fragment.length();
    c.end.feed(fragment);
  }

  /** Completes a call with its final arguments when the event gives them, else with what arrived; once. */
  void complete(StreamCall c, String finalArguments) {
    if (c.done != null || c.tooLong) {
      return;
    }
    String text;
    if (finalArguments != null) {
      checkLength(c, finalArguments.length());
      text = escapedEvent ? StreamText.restore(finalArguments) : finalArguments;
    } else {
      text = c.appended ? c.arguments.toString() : c.initial == null ? "" : c.initial;
      if (c.escaped) {
        text = StreamText.restore(text);
      }
    }
    String id = c.id;
    if (id == null) {
      id = ToolCallParser.prefix(dialect) + ToolCallParser.hex(identity, 6) + "_" + c.position;
      while (!ids.add(id)) {
        id = id + "_";
      }
    }
    c.done = ToolCall.of(id, c.name, text, dialect);
    c.arguments = null; // the text lives on in the call; the buffer is not needed
    completed.add(c.done);
    out.add(c.done);
  }

  void markEnded() {
    ended = true;
  }

  ToolCallStreamException malformed(String what, Throwable cause) {
    return new ToolCallStreamException(Problem.MALFORMED_EVENT, where() + " " + what, cause);
  }

  ToolCallStreamException problem(Problem problem, String what) {
    return new ToolCallStreamException(problem, where() + " " + what, null);
  }

  private String where() {
    return dialect + " stream event " + eventNumber;
  }

  private void checkLength(StreamCall c, int length) {
    if (length > maxArgumentsChars) {
      c.tooLong = true;
      c.arguments = null;
      throw new ToolCallStreamException(Problem.ARGUMENTS_TOO_LONG, where() + ": the arguments of the call at position "
          + c.position + " passed maxArgumentsChars (" + maxArgumentsChars + ")", null);
    }
  }

  @Override
  public String toString() {
    return "ToolCallAccumulator{" + dialect + ", events=" + eventNumber + ", started=" + started.size() + ", completed="
        + completed.size() + (stopped != null ? ", stopped" : "") + (result != null ? ", finished" : "") + "}";
  }

  /** One call as it grows. */
  static final class StreamCall {
    final int position;
    String id;
    String name;
    /** What the call's first event said its arguments were (Anthropic's {@code input: {}}); used without fragments. */
    String initial;
    StringBuilder arguments = new StringBuilder();
    boolean appended;
    boolean escaped;
    boolean tooLong;
    int received;
    final JsonEnd end = new JsonEnd();
    ToolCall done;

    StreamCall(int position) {
      this.position = position;
    }
  }

  /**
   * The limits of one accumulator. Each setter checks its value at once.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final Dialect dialect;
    private int maxArgumentsChars = DEFAULT_MAX_ARGUMENTS_CHARS;
    private int maxCalls = DEFAULT_MAX_CALLS;

    private Builder(Dialect dialect) {
      this.dialect = dialect;
    }

    /**
     * The most characters of arguments one call may have; {@value #DEFAULT_MAX_ARGUMENTS_CHARS} by default.
     *
     * @param chars from 1 to {@link Integer#MAX_VALUE} - 8
     */
    public Builder maxArgumentsChars(int chars) {
      if (chars < 1 || chars > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("maxArgumentsChars must be from 1 to " + (Integer.MAX_VALUE - 8) + ", but was "
            + chars);
      }
      this.maxArgumentsChars = chars;
      return this;
    }

    /**
     * The most calls one response may begin; {@value #DEFAULT_MAX_CALLS} by default.
     *
     * @param calls from 1 to {@value #MAX_CALLS_LIMIT}
     */
    public Builder maxCalls(int calls) {
      if (calls < 1 || calls > MAX_CALLS_LIMIT) {
        throw new IllegalArgumentException("maxCalls must be from 1 to " + MAX_CALLS_LIMIT + ", but was " + calls);
      }
      this.maxCalls = calls;
      return this;
    }

    /** The accumulator, for one streamed response. */
    public ToolCallAccumulator build() {
      return new ToolCallAccumulator(this);
    }
  }
}
