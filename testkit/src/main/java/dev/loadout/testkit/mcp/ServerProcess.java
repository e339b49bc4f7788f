package dev.loadout.testkit.mcp;

import java.util.List;

/**
 * A {@link McpTestServer} as a process: stopped, or one {@link Running} Jetty at a time, always on the port
 * of its first start. Changes to the tool set go through here, under the same lock as start and stop, so
 * a server that starts meanwhile cannot miss one.
 */
final class ServerProcess {
  private final McpTestServer owner;
  private final ToolTable tools;
  private Running running;
  private int port;

  ServerProcess(McpTestServer owner, ToolTable tools) {
    this.owner = owner;
    this.tools = tools;
  }

  synchronized void start() {
    if (running != null) {
      throw new IllegalStateException("MCP test server '" + owner.name() + "' is already running on port " + port);
    }
    try {
      running = new Running(owner, tools, port);
    } catch (Exception e) {
      throw new IllegalStateException("MCP test server '" + owner.name() + "' could not start on port " + port, e);
    }
    port = running.port();
  }

  synchronized void stop() {
    if (running == null) {
      return;
    }
    Running r = running;
    running = null;
    try {
      r.stop();
    } catch (Exception e) {
      throw new IllegalStateException("MCP test server '" + owner.name() + "' did not stop cleanly", e);
    }
  }

  synchronized boolean isRunning() {
    return running != null;
  }

  synchronized int port() {
    if (port == 0) {
      throw new IllegalStateException("MCP test server '" + owner.name() + "' has not been started");
    }
    return port;
  }

  /** For {@code toString}: zero until the first start. */
  synchronized int portOrZero() {
    return port;
  }

  synchronized void addTool(ToolDefinition tool) {
    tools.add(tool);
    if (running != null) {
      running.addTool(tool);
    }
  }

  synchronized void removeTool(String name) {
    tools.remove(name);
    if (running != null) {
      running.removeTool(name);
    }
  }

  /** Puts the declared tools back; a running server swaps its whole set, so the order is the declared one. */
  synchronized void restoreDeclaredTools() {
    List<String> before = tools.names();
    if (tools.restoreDeclared() && running != null) {
      before.forEach(running::removeTool);
      tools.current().forEach(running::addTool);
    }
  }

  synchronized int dropConnections() {
    return running == null ? 0 : running.dropConnections();
  }
}
