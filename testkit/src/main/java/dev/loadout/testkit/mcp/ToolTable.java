package dev.loadout.testkit.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tools a {@link McpTestServer} serves now and how each misbehaves. The tool set starts as declared
 * and changes with {@code addTool}/{@code removeTool}; {@link #restoreDeclared()} puts it back. Behaviour
 * and progress sit in concurrent maps because SDK and Jetty threads read them on every call.
 */
final class ToolTable {
  private final String server;
  private final List<ToolDefinition> declared;
  private final Map<String, ToolDefinition> current = new LinkedHashMap<>(); // guarded by this
  private final Map<String, ToolBehaviour> behaviours = new ConcurrentHashMap<>();
  private final Map<String, Progress> progress = new ConcurrentHashMap<>();

  /**
   * How a call of a tool reports progress: this many notices, each after the test's step when {@code steps} is set
   * (then it has as many), else all at once.
   */
  record Progress(int notices, ProgressSteps steps) {}

  private static final Progress NO_PROGRESS = new Progress(0, null);

  ToolTable(String server, List<ToolDefinition> declared) {
    this.server = server;
    this.declared = List.copyOf(declared);
    declared.forEach(t -> current.put(t.name(), t));
  }

  synchronized List<ToolDefinition> current() {
    return List.copyOf(current.values());
  }

  synchronized List<String> names() {
    return List.copyOf(current.keySet());
  }

  synchronized void add(ToolDefinition tool) {
    if (current.containsKey(tool.name())) {
      throw new IllegalArgumentException("MCP test server '" + server + "' already has a tool [" + tool.name() + "]");
    }
    current.put(tool.name(), tool);
  }

  synchronized void remove(String tool) {
    current.remove(known(tool));
    release(behaviours.remove(tool));
    release(progress.remove(tool));
  }

  /** Back to the declared tools, in declared order; whether that changed anything. */
  synchronized boolean restoreDeclared() {
    if (List.copyOf(current.values()).equals(declared)) {
      return false;
    }
    current.keySet().stream().filter(n -> declared.stream().noneMatch(d -> d.name().equals(n))).toList()
        .forEach(n -> release(behaviours.remove(n)));
    current.clear();
    declared.forEach(t -> current.put(t.name(), t));
    return true;
  }

  synchronized String known(String tool) {
    if (!current.containsKey(tool)) {
      throw new IllegalArgumentException("MCP test server '" + server + "' has no tool [" + tool + "]; it has "
          + List.copyOf(current.keySet()));
    }
    return tool;
  }

  /** Sets the tool's misbehaviour, replacing (and releasing) the one it had. */
  void behave(String tool, ToolBehaviour behaviour) {
    release(behaviours.put(known(tool), behaviour));
  }

  Optional<ToolBehaviour> behaviourOf(String tool) {
    return Optional.ofNullable(behaviours.get(tool));
  }

  /** Clears every tool's misbehaviour, releasing its holds. */
  void clearBehaviours() {
    behaviours.keySet().forEach(t -> release(behaviours.remove(t)));
  }

  /** Sets how many notices a call of the tool sends, at once; lets go every step of the tool's earlier handle. */
  void progress(String tool, int notifications) {
    release(notifications == 0 ? progress.remove(known(tool))
        : progress.put(known(tool), new Progress(notifications, null)));
  }

  /** As {@link #progress}, but each notice waits for the test's step on the returned handle. */
  ProgressSteps progressSteps(String tool, int notifications) {
    ProgressSteps handle = new ProgressSteps(known(tool), notifications);
    release(progress.put(tool, new Progress(notifications, handle)));
    return handle;
  }

  /** How a call of the tool reports progress; no notices when the test set none. */
  Progress progressOf(String tool) {
    return progress.getOrDefault(tool, NO_PROGRESS);
  }

  void clearProgress() {
    progress.keySet().forEach(t -> release(progress.remove(t)));
  }

  /** Lets every step of a replaced stepped setting go, so no call waits into the next test. */
  private static void release(Progress old) {
    if (old != null && old.steps() != null) {
      old.steps().releaseAll();
    }
  }

  /**
   * The JSON-RPC error a call of this tool gets instead of an answer: the one the test set, or, for a tool
   * that requires task augmentation, "method not found" as MCP 2025-11-25 asks of such a tool called
   * plainly (this server runs no tasks, so every call of it gets that).
   */
  Optional<ToolBehaviour.ProtocolError> protocolErrorOf(String tool) {
    ToolBehaviour b = behaviours.get(tool);
    if (b instanceof ToolBehaviour.ProtocolError) {
      return Optional.of((ToolBehaviour.ProtocolError) b);
    }
    if ("required".equals(taskSupport().get(tool))) {
      return Optional.of(new ToolBehaviour.ProtocolError(McpSchema.ErrorCodes.METHOD_NOT_FOUND,
          "tool [" + tool + "] requires task augmentation, which this test server does not run"));
    }
    return Optional.empty();
  }

  /** The declared {@code execution.taskSupport} of each tool that has one. */
  synchronized Map<String, String> taskSupport() {
    Map<String, String> out = new LinkedHashMap<>();
    current.values().stream().filter(t -> t.taskSupport() != null).forEach(t -> out.put(t.name(), t.taskSupport()));
    return out;
  }

  private static void release(ToolBehaviour old) {
    if (old instanceof ToolBehaviour.Held) {
      ((ToolBehaviour.Held) old).hold().release();
    }
  }
}
