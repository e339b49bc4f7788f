package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What {@link McpConfigOperations#probe(String, String)} found: the same guarded test connection as
 * {@code add}, without storing anything. For an operator's probe command and for diagnostics.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ProbeResult {
  private final String code;
  private final String message;
  private final String transport;
  private final List<String> toolNames;
  private final List<String> snapshot;

  ProbeResult(String code, String message, String transport, List<String> toolNames, List<String> snapshot) {
    this.code = code;
    this.message = message;
    this.transport = transport;
    this.toolNames = List.copyOf(toolNames);
    this.snapshot = List.copyOf(snapshot);
  }

  /** Whether the connection and discovery succeeded. */
  public boolean succeeded() {
    return transport != null;
  }

  /**
   * {@code connected}, or the {@link ConfigOutcome} code of the failure ({@code invalid_input},
   * {@code invalid_url}, {@code blocked_address}, {@code https_required}, {@code unreachable},
   * {@code unauthorized}, {@code not_an_mcp_server}, {@code connection_failed}).
   */
  public String code() {
    return code;
  }

  /** A sentence safe to print: no token, the URL reduced to its origin. */
  public String message() {
    return message;
  }

  /** {@code streamable_http} or {@code sse} when connected. */
  public Optional<String> transport() {
    return Optional.ofNullable(transport);
  }

  /** The tool names as the server listed them; empty on failure. */
  public List<String> toolNames() {
    return toolNames;
  }

  /** The snapshot {@code add} would store for these names. */
  public List<String> snapshot() {
    return snapshot;
  }

  @Override
  public String toString() {
    return "ProbeResult{" + code + (transport == null ? "" : " over " + transport) + ", tools=" + toolNames.size()
        + ": " + message + "}";
  }
}
