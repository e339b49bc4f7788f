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
  private final Map<String, Integer> progress = new ConcurrentHashMap<>();
  private final Map<String, ProgressSteps> steps = new ConcurrentHashMap<>();

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
    progress.remove(tool);
    releaseSteps(steps.remove(tool));
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
    releaseSteps(steps.remove(known(tool)));
    if (notifications == 0) {
      progress.remove(tool);
    } else {
      progress.put(tool, notifications);
    }
  }

  /** As {@link #progress}, but each notice waits for the test's step on the returned handle. */
  ProgressSteps progressSteps(String tool, int notifications) {
    ProgressSteps handle = new ProgressSteps(known(tool), notifications);
    progress.put(tool, notifications);
    releaseSteps(steps.put(tool, handle));
    return handle;
  }

  int progressOf(String tool) {
    return progress.getOrDefault(tool, 0);
  }

  /** The handle whose steps a call of the tool waits for before each notice, if the test set one. */
  Optional<ProgressSteps> stepsOf(String tool) {
    return Optional.ofNullable(steps.get(tool));
  }

  void clearProgress() {
    progress.clear();
    steps.keySet().forEach(t -> releaseSteps(steps.remove(t)));
  }

  private static void releaseSteps(ProgressSteps old) {
    if (old != null) {
      old.releaseAll();
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
