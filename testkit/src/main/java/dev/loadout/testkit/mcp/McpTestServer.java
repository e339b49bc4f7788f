package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real MCP server inside the test's JVM: the MCP Java SDK 2.1.0's servlet transports on embedded Jetty,
 * bound to 127.0.0.1 on a free port, serving Streamable HTTP at {@value #STREAMABLE_PATH} and SSE at
 * {@value #SSE_PATH} (messages at {@value #MESSAGE_PATH}), with the tools the test declares.
 *
 * <pre>{@code
 * McpTestServer server = McpTestServer.builder()
 *     .tool("echo", "Echoes text.", "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}",
 *         args -> McpReply.text("echo: " + args.get("text")))
 *     .build().start();
 * // register server.streamableUrl() or server.sseUrl() with the code under test, then:
 * server.slow("echo", Duration.ofSeconds(30));        // one tool misbehaves
 * server.inject(McpFault.hangAtToolsList());           // or the whole server does
 * assertThat(server.requests()).allSatisfy(r -> assertThat(r.header("Authorization")).contains("Bearer t"));
 * server.restart();                                   // same port, every session gone
 * server.stop();
 * }</pre>
 * Or let {@link McpTestServerExtension} start and stop it around each test or test class.
 *
 * <p><b>Misbehaviour.</b> Per tool, at run time: {@link #slow}, {@link #failing} ({@code isError} result) and
 * {@link #protocolError} (a JSON-RPC error). For the whole server: {@link #inject(McpFault)}, applied by a
 * servlet filter in front of the SDK, and {@link #stop()} while a call runs (the call's connection drops
 * without an answer). {@link #reset()} clears all of it and the recorded requests.
 *
 * <p><b>Recording.</b> Every HTTP request is recorded before any fault applies ({@link #requests()},
 * {@link #awaitRequest}), with its headers and JSON-RPC method.
 *
 * <p><b>Dependencies.</b> The MCP SDK ({@code io.modelcontextprotocol.sdk:mcp}) and Jetty
 * ({@code org.eclipse.jetty.ee10:jetty-ee10-servlet}, 12.1) are optional dependencies of the test kit: add
 * both to the tests that use this class.
 *
 * <p>Thread-safe. Its threads are daemons, so a server left running never keeps the JVM alive.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class McpTestServer implements AutoCloseable {
  /** The Streamable HTTP endpoint. */
  public static final String STREAMABLE_PATH = "/mcp";
  /** The SSE stream endpoint. */
  public static final String SSE_PATH = "/sse";
  /** Where SSE clients POST their messages. */
  public static final String MESSAGE_PATH = "/message";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final String name;
  private final List<ToolDefinition> tools;
  private final boolean toolsCapability;
  private final Map<String, ToolBehaviour> behaviours = new ConcurrentHashMap<>();
  // Its own lock: Jetty threads record while stop() (which holds this server's lock) waits for them.
  private final Object recording = new Object();
  private final List<RecordedRequest> recorded = new ArrayList<>();
  private volatile McpFault fault;
  private Running running;
  private int port;

  private McpTestServer(Builder b) {
    this.name = b.name;
    this.tools = List.copyOf(b.tools.values());
    this.toolsCapability = b.toolsCapability;
  }

  /** A builder of a server with no tools yet. */
  public static Builder builder() {
    return new Builder();
  }

  // ---- lifecycle

  /**
   * Starts the server: on a free port the first time, on the same port after a {@link #stop()}.
   *
   * @return this server
   * @throws IllegalStateException if it is running, or Jetty could not start (for example, the port of a
   *     restart was taken meanwhile)
   */
  public synchronized McpTestServer start() {
    if (running != null) {
      throw new IllegalStateException("MCP test server '" + name + "' is already running on port " + port);
    }
    try {
      running = new Running(this, tools, port);
    } catch (Exception e) {
      throw new IllegalStateException("MCP test server '" + name + "' could not start on port " + port, e);
    }
    port = running.port();
    return this;
  }

  /**
   * Stops the server as a killed process would go: open connections drop without an answer, calls in
   * flight end, every session is gone. Does nothing if it is not running.
   */
  public synchronized void stop() {
    if (running == null) {
      return;
    }
    Running r = running;
    running = null;
    try {
      r.stop();
    } catch (Exception e) {
      throw new IllegalStateException("MCP test server '" + name + "' did not stop cleanly", e);
    }
  }

  /** {@link #stop()} then {@link #start()} on the same port: clients must open new sessions. */
  public synchronized McpTestServer restart() {
    stop();
    return start();
  }

  /** Same as {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }

  /** Whether the server is running. */
  public synchronized boolean isRunning() {
    return running != null;
  }

  /**
   * The port the server listens on (and listens on again after a restart).
   *
   * @throws IllegalStateException if it never started
   */
  public synchronized int port() {
    if (port == 0) {
      throw new IllegalStateException("MCP test server '" + name + "' has not been started");
    }
    return port;
  }

  /** {@code http://127.0.0.1:<port>} followed by this path. */
  public String url(String path) {
    return "http://127.0.0.1:" + port() + path;
  }

  /** The Streamable HTTP URL, {@code http://127.0.0.1:<port>/mcp}. */
  public String streamableUrl() {
    return url(STREAMABLE_PATH);
  }

  /** The SSE URL, {@code http://127.0.0.1:<port>/sse}. */
  public String sseUrl() {
    return url(SSE_PATH);
  }

  /** The names of the declared tools, in declaration order. */
  public List<String> toolNames() {
    return tools.stream().map(ToolDefinition::name).toList();
  }

  // ---- misbehaviour

  /** Sets the whole-server fault, replacing any earlier one; see {@link McpFault}. */
  public void inject(McpFault f) {
    if (f == null) {
      throw new IllegalArgumentException("a fault must not be null; use clearFaults()");
    }
    fault = f;
  }

  /** Clears the server fault and every tool's misbehaviour; requests already held stay held. */
  public void clearFaults() {
    fault = null;
    behaviours.clear();
  }

  /** Calls of this tool wait this long before running (or until the server stops); replaces other misbehaviour. */
  public void slow(String tool, Duration delay) {
    if (delay == null || delay.isNegative()) {
      throw new IllegalArgumentException("a delay must be zero or positive, but was " + delay);
    }
    behaviours.put(known(tool), new ToolBehaviour.Slow(delay));
  }

  /** Calls of this tool answer an {@code isError} result with this text; replaces other misbehaviour. */
  public void failing(String tool, String message) {
    if (message == null) {
      throw new IllegalArgumentException("a failure message must not be null");
    }
    behaviours.put(known(tool), new ToolBehaviour.Failing(message));
  }

  /**
   * Calls of this tool answer a JSON-RPC error with this code and message instead of a result; replaces
   * other misbehaviour. Over Streamable HTTP the error is written by the server's filter as the POST's
   * reply, without the SDK (whose servlet transports break responses now and then when a handler fails).
   * SSE clients receive replies on the event stream instead, so there the tool answers an {@code isError}
   * result reading {@code MCP error <code>: <message>}.
   */
  public void protocolError(String tool, int code, String message) {
    if (message == null) {
      throw new IllegalArgumentException("a protocol error message must not be null");
    }
    behaviours.put(known(tool), new ToolBehaviour.ProtocolError(code, message));
  }

  /** Clears faults, tool misbehaviour and the recorded requests. */
  public void reset() {
    clearFaults();
    clearRequests();
  }

  // ---- recording

  /** Every request received since the start or the last {@link #clearRequests()}, in arrival order. */
  public List<RecordedRequest> requests() {
    synchronized (recording) {
      return List.copyOf(recorded);
    }
  }

  /** Forgets the recorded requests. */
  public void clearRequests() {
    synchronized (recording) {
      recorded.clear();
    }
  }

  /**
   * Waits until a request matching the predicate has been recorded (earlier ones count).
   *
   * @return the first match, or empty if none came within the timeout
   */
  public Optional<RecordedRequest> awaitRequest(Predicate<RecordedRequest> match, Duration timeout)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (recording) {
      while (true) {
        Optional<RecordedRequest> found = recorded.stream().filter(match).findFirst();
        long left = deadline - System.nanoTime();
        if (found.isPresent() || left <= 0) {
          return found;
        }
        recording.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  void record(RecordedRequest r) {
    synchronized (recording) {
      recorded.add(r);
      recording.notifyAll();
    }
  }

  McpFault fault() {
    return fault;
  }

  Optional<ToolBehaviour> behaviourOf(String tool) {
    return Optional.ofNullable(behaviours.get(tool));
  }

  Optional<ToolBehaviour.ProtocolError> protocolErrorOf(String tool) {
    ToolBehaviour b = behaviours.get(tool);
    return b instanceof ToolBehaviour.ProtocolError ? Optional.of((ToolBehaviour.ProtocolError) b) : Optional.empty();
  }

  String name() {
    return name;
  }

  boolean toolsCapability() {
    return toolsCapability;
  }

  private String known(String tool) {
    if (tools.stream().noneMatch(t -> t.name().equals(tool))) {
      throw new IllegalArgumentException("MCP test server '" + name + "' has no tool [" + tool + "]; it has "
          + toolNames());
    }
    return tool;
  }

  @Override
  public String toString() {
    return "McpTestServer{" + name + ", port=" + port + ", tools=" + toolNames() + "}";
  }

  /**
   * Builds a {@link McpTestServer}; nothing listens until {@link McpTestServer#start()}.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private final Map<String, ToolDefinition> tools = new LinkedHashMap<>();
    private String name = "mcp-test-server";
    private boolean toolsCapability = true;

    private Builder() {}

    /**
     * Serves without the {@code tools} capability at all, like a server that offers only prompts or resources;
     * such a server has no tools to add.
     */
    public Builder withoutToolsCapability() {
      toolsCapability = false;
      return this;
    }

    /** The server name sent in {@code initialize} ({@code mcp-test-server} unless set). */
    public Builder name(String n) {
      if (n == null || n.isBlank()) {
        throw new IllegalArgumentException("a server name must not be blank, but was [" + n + "]");
      }
      name = n;
      return this;
    }

    /**
     * Adds a tool.
     *
     * @param toolName its MCP name; unique on this server
     * @param description what the model reads
     * @param inputSchemaJson a JSON Schema object for the arguments; the SDK validates calls against it
     * @param handler gets the call's arguments and returns the reply; it should not throw (see
     *     {@link McpReply})
     */
    public Builder tool(String toolName, String description, String inputSchemaJson,
        Function<Map<String, Object>, McpReply> handler) {
      if (toolName == null || toolName.isBlank() || tools.containsKey(toolName)) {
        throw new IllegalArgumentException("a tool name must be non-blank and unique, but was [" + toolName + "]");
      }
      if (description == null || handler == null) {
        throw new IllegalArgumentException("tool [" + toolName + "] needs a description and a handler");
      }
      tools.put(toolName, new ToolDefinition(toolName, description, schema(toolName, inputSchemaJson), handler));
      return this;
    }

    /** Adds a tool that takes no arguments ({@code {"type":"object"}}). */
    public Builder tool(String toolName, String description, Function<Map<String, Object>, McpReply> handler) {
      return tool(toolName, description, "{\"type\":\"object\"}", handler);
    }

    /**
     * The server, not started.
     *
     * @throws IllegalStateException if tools were added to a server {@linkplain #withoutToolsCapability() without
     *     the tools capability}
     */
    public McpTestServer build() {
      if (!toolsCapability && !tools.isEmpty()) {
        throw new IllegalStateException("server '" + name + "' has no tools capability but was given tools "
            + tools.keySet());
      }
      return new McpTestServer(this);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> schema(String toolName, String json) {
      try {
        Object parsed = json == null ? null : JSON.readValue(json, Object.class);
        if (parsed instanceof Map) {
          return (Map<String, Object>) parsed;
        }
      } catch (JacksonException e) {
        // reported below
      }
      throw new IllegalArgumentException("the input schema of tool [" + toolName + "] must be a JSON object, but was ["
          + json + "]");
    }
  }
}
