package dev.loadout.testkit.mcp;

import java.time.Duration;

/** How one tool of a running {@link McpTestServer} misbehaves, set by the test at run time. */
sealed interface ToolBehaviour {
  /** Waits this long (or until the server stops) before running the handler. */
  record Slow(Duration delay) implements ToolBehaviour {}

  /** Waits until the test releases the hold (or the server stops) before running the handler. */
  record Held(HeldTool hold) implements ToolBehaviour {}

  /** Answers an {@code isError} result with this text instead of running the handler. */
  record Failing(String message) implements ToolBehaviour {}

  /** Answers a JSON-RPC error (Streamable HTTP) instead of a result. */
  record ProtocolError(int code, String message) implements ToolBehaviour {}
}
