package dev.loadout.mcp;

/**
 * A failure of Loadout's own MCP transports, already classified: a code from {@link McpFailureCodes} and a
 * message that names the origin at most (never a path, query or token). {@link Failures} passes both through.
 */
final class TransportFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;
  final String code;

  TransportFailure(String code, String message) {
    super(message, null, false, false);
    this.code = code;
  }
}
