package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apiguardian.api.API;

// Over 400 lines on purpose: a public test fixture whose API is its size (tools, faults, recorded requests, its
// Builder), 40% of it Javadoc; the served tools live in ToolTable, faults in McpFault and FaultFilter.
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
 * HeldTool held = server.hold("echo");                // a call that waits for the test
 * held.awaitHeld(Duration.ofSeconds(10));             // ... it has reached the server
 * server.dropConnections();                           // a proxy resets every connection mid-call
 * assertThat(server.awaitRequest(r -> r.isJsonRpc("notifications/cancelled"), timeout)).isPresent();
 * server.restart();                                   // same port, every session gone
 * server.stop();
 * }</pre>
 * Or let {@link McpTestServerExtension} start and stop it around each test or test class.
 *
 * <p>All of it can be switched mid-session: per tool {@link #hold}, {@link #slow}, {@link #failing},
 * {@link #protocolError}, {@link #progress}, {@link #progressSteps}; for the whole server {@link #inject(McpFault)},
 * {@link #dropConnections()}, {@link #stop()}, {@link #addTool}/{@link #removeTool}. Every request is recorded
 * ({@link #requests()}). The package overview says what each does on the wire; {@link #reset()} undoes it.
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

  private final String name;
  private final ToolTable tools;
  private final boolean toolsCapability;
  private final RequestLog log = new RequestLog();
  private final ServerProcess process;
  private volatile McpFault fault;

  private McpTestServer(Builder b) {
    this.name = b.name;
    this.tools = new ToolTable(b.name, List.copyOf(b.tools.values()));
    this.toolsCapability = b.toolsCapability;
    this.process = new ServerProcess(this, tools);
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
  public McpTestServer start() {
    process.start();
    return this;
  }

  /**
   * Stops the server as a killed process would go: open connections drop without an answer, calls in
   * flight end (held ones too), every session is gone. Does nothing if it is not running.
   */
  public void stop() {
    process.stop();
  }

  /** {@link #stop()} then {@link #start()} on the same port: clients must open new sessions. */
  public McpTestServer restart() {
    synchronized (process) {
      stop();
      return start();
    }
  }

  /** Same as {@link #stop()}. */
  @Override
  public void close() {
    stop();
  }

  /** Whether the server is running. */
  public boolean isRunning() {
    return process.isRunning();
  }

  /**
   * The port the server listens on (and listens on again after a restart).
   *
   * @throws IllegalStateException if it never started
   */
  public int port() {
    return process.port();
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

  /** The names of the tools served now, declared ones in declaration order, then added ones. */
  public List<String> toolNames() {
    return tools.names();
  }

  // ---- tools at run time

  /**
   * Adds a tool, as {@link Builder#tool(String, String, String, Function)} does, to the server running or
   * not; a running one tells its sessions the list changed.
   *
   * @throws IllegalArgumentException if the name is blank or taken, or the schema is not a JSON object
   * @throws IllegalStateException if the server was built {@linkplain Builder#withoutToolsCapability()
   *     without the tools capability}
   * @since 0.1
   */
  public void addTool(String toolName, String description, String inputSchemaJson,
      Function<Map<String, Object>, McpReply> handler) {
    if (!toolsCapability) {
      throw new IllegalStateException("MCP test server '" + name + "' has no tools capability; it cannot add ["
          + toolName + "]");
    }
    process.addTool(ToolDefinition.of(toolName, description, inputSchemaJson, handler));
  }

  /** {@link #addTool(String, String, String, Function)} for a tool that takes no arguments. */
  public void addTool(String toolName, String description, Function<Map<String, Object>, McpReply> handler) {
    addTool(toolName, description, "{\"type\":\"object\"}", handler);
  }

  /**
   * Removes a tool, declared or added, with its misbehaviour (releasing a hold); a running server tells its
   * sessions the list changed. Calls of it then fail as calls of an unknown tool.
   *
   * @throws IllegalArgumentException if the server has no such tool
   * @since 0.1
   */
  public void removeTool(String toolName) {
    process.removeTool(toolName);
  }

  // ---- misbehaviour

  /** Sets the whole-server fault, replacing any earlier one; see {@link McpFault}. */
  public void inject(McpFault f) {
    if (f == null) {
      throw new IllegalArgumentException("a fault must not be null; use clearFaults()");
    }
    fault = f;
  }

  /**
   * Clears the server fault and every tool's misbehaviour, releasing every {@link #hold}; requests that an
   * {@link McpFault} hangs stay hung. Progress settings stay (they are not faults).
   */
  public void clearFaults() {
    fault = null;
    tools.clearBehaviours();
  }

  /**
   * From now on, calls of this tool wait until the test releases the returned handle (or the server
   * stops); replaces other misbehaviour. See {@link HeldTool}.
   *
   * @since 0.1
   */
  public HeldTool hold(String tool) {
    HeldTool held = new HeldTool(tool);
    tools.behave(tool, new ToolBehaviour.Held(held));
    return held;
  }

  /**
   * Calls of this tool wait this long before running (or until the server stops); replaces other
   * misbehaviour. A delay races the client's deadline: new tests should {@link #hold} the tool instead.
   */
  public void slow(String tool, Duration delay) {
    if (delay == null || delay.isNegative()) {
      throw new IllegalArgumentException("a delay must be zero or positive, but was " + delay);
    }
    tools.behave(tool, new ToolBehaviour.Slow(delay));
  }

  /** Calls of this tool answer an {@code isError} result with this text; replaces other misbehaviour. */
  public void failing(String tool, String message) {
    if (message == null) {
      throw new IllegalArgumentException("a failure message must not be null");
    }
    tools.behave(tool, new ToolBehaviour.Failing(message));
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
    tools.behave(tool, new ToolBehaviour.ProtocolError(code, message));
  }

  /**
   * Before it answers (and before any {@link #hold} or {@link #slow} wait), a call of this tool that carries
   * {@code _meta.progressToken} sends this many {@code notifications/progress} with that token: progress 1
   * to n, total n, message {@code "step <i>"}, on the call's own stream (Streamable) or the session's (SSE).
   * Not a fault: it stays until {@link #reset()} or {@code progress(tool, 0)}, and combines with any.
   *
   * @param notifications zero (none) or more
   * @since 0.1
   */
  public void progress(String tool, int notifications) {
    if (notifications < 0) {
      throw new IllegalArgumentException("progress notifications must be zero or more, but was " + notifications);
    }
    tools.progress(tool, notifications);
  }

  /**
   * As {@link #progress}, but a call sends each notice only when the test lets it go on the returned handle:
   * the way to see notices one by one, each delivered before the next is sent. Replaces the tool's progress
   * setting (and lets go every step of an earlier handle); {@link #reset()} lets every step go.
   *
   * @param notifications one or more
   * @since 0.1
   */
  public ProgressSteps progressSteps(String tool, int notifications) {
    if (notifications < 1) {
      throw new IllegalArgumentException("stepped progress needs one or more notifications, but was " + notifications);
    }
    return tools.progressSteps(tool, notifications);
  }

  /**
   * Resets every open HTTP connection at once, as a proxy or a NAT losing its state would: SSE GET streams,
   * POSTs waiting for an answer, idle keep-alive connections. The server keeps running and answers new
   * requests: a Streamable HTTP session stays known, so a client carrying on with its session id is served,
   * while an SSE session's stream is gone with its connection. Calls whose connection dropped still run to
   * their end on the server (a held one waits for release).
   *
   * @return how many connections were reset (zero when none was open or the server is not running)
   * @since 0.1
   */
  public int dropConnections() {
    return process.dropConnections();
  }

  /**
   * Clears faults and tool misbehaviour (releasing holds), progress settings and the recorded requests, and
   * puts back the declared tool set if tools were added or removed.
   */
  public void reset() {
    clearFaults();
    tools.clearProgress();
    process.restoreDeclaredTools();
    clearRequests();
  }

  // ---- recording

  /** Every request received since the start or the last {@link #clearRequests()}, in arrival order. */
  public List<RecordedRequest> requests() {
    return log.snapshot();
  }

  /** Forgets the recorded requests. */
  public void clearRequests() {
    log.clear();
  }

  /**
   * Waits until a request matching the predicate has been recorded (earlier ones count).
   *
   * @return the first match, or empty if none came within the timeout
   */
  public Optional<RecordedRequest> awaitRequest(Predicate<RecordedRequest> match, Duration timeout)
      throws InterruptedException {
    return log.await(match, timeout);
  }

  void record(RecordedRequest r) {
    log.add(r);
  }

  McpFault fault() {
    return fault;
  }

  ToolTable tools() {
    return tools;
  }

  String name() {
    return name;
  }

  boolean toolsCapability() {
    return toolsCapability;
  }

  @Override
  public String toString() {
    return "McpTestServer{" + name + ", port=" + process.portOrZero() + ", tools=" + toolNames() + "}";
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
      if (tools.containsKey(toolName)) {
        throw new IllegalArgumentException("a tool name must be non-blank and unique, but was [" + toolName + "]");
      }
      tools.put(toolName, ToolDefinition.of(toolName, description, inputSchemaJson, handler));
      return this;
    }

    /** Adds a tool that takes no arguments ({@code {"type":"object"}}). */
    public Builder tool(String toolName, String description, Function<Map<String, Object>, McpReply> handler) {
      return tool(toolName, description, "{\"type\":\"object\"}", handler);
    }

    /**
     * Declares MCP task support for a tool added before: its {@code tools/list} entry carries {@code
     * "execution":{"taskSupport":"<value>"}} (MCP 2025-11-25), and the {@code initialize} answer declares
     * the {@code tasks.requests.tools.call} capability. This server runs no tasks: a tool that requires
     * them answers every call with JSON-RPC error -32601 (over SSE, an {@code isError} result reading
     * {@code MCP error -32601: ...}); an optional one answers plain calls as usual.
     *
     * @param toolName a tool already added to this builder
     * @param taskSupport {@code forbidden}, {@code optional} or {@code required}
     * @since 0.1
     */
    public Builder taskSupport(String toolName, String taskSupport) {
      ToolDefinition tool = tools.get(toolName);
      if (tool == null) {
        throw new IllegalArgumentException("task support needs a tool added first, but there is no [" + toolName
            + "]; there are " + tools.keySet());
      }
      tools.put(toolName, tool.withTaskSupport(taskSupport));
      return this;
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
  }
}
