package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * The stable codes of MCP failures, as {@link dev.loadout.core.ToolResult.Failure#code()} of a call and in
 * connection errors. Every failure of the MCP SDK is classified into one of these in one place; no SDK or
 * Reactor exception ever leaves this module.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class McpFailureCodes {
  /** The deadline passed: Loadout's own, not the SDK's. */
  public static final String TIMEOUT = "timeout";
  /** Nothing listens at the address, or the connection broke. */
  public static final String UNREACHABLE = "mcp_unreachable";
  /** The server refused the credentials (HTTP 401/403). */
  public static final String UNAUTHORIZED = "mcp_unauthorized";
  /** The server answered with an HTTP status that is not MCP (404 at the endpoint, 5xx, …). */
  public static final String HTTP_ERROR = "mcp_http_error";
  /** The server answered with a redirect; MCP requests follow none. */
  public static final String REDIRECTED = "mcp_redirected";
  /** The server's answer was not valid MCP (non-JSON body, oversized response, missing capability). */
  public static final String PROTOCOL_ERROR = "mcp_protocol_error";
  /**
   * Loadout or a plug-in failed while calling the server (a {@link NullPointerException}, a {@link ClassCastException}):
   * a bug on the bot's side, not the server's, so it never counts toward the server's breaker.
   */
  public static final String INTERNAL_ERROR = "mcp_internal_error";
  /**
   * The connection to the server ended while the call was in flight: its event stream or process ended, or
   * the connection was reset. Retryable: the connection is dropped and reconnected in the background, and the
   * server's tools are hidden until that succeeds.
   */
  public static final String CONNECTION_LOST = "mcp_connection_lost";
  /** The server no longer knows the session (it restarted); the next call reconnects. */
  public static final String SESSION_LOST = "mcp_session_lost";
  /** The server does not know the tool. */
  public static final String UNKNOWN_TOOL = "mcp_unknown_tool";
  /** The server refused the arguments. */
  public static final String INVALID_PARAMS = "mcp_invalid_params";
  /** The server failed while running the request (JSON-RPC error). */
  public static final String SERVER_ERROR = "mcp_server_error";
  /** The tool ran and reported an error ({@code isError}); the message is the server's. */
  public static final String TOOL_ERROR = "mcp_tool_error";
  /** The server is quarantined after a failed connect, disabled, removed, or not connected. */
  public static final String UNAVAILABLE = "mcp_unavailable";
  /** The network guard refused the endpoint, or a request left the registered origin. */
  public static final String BLOCKED = "mcp_blocked";
  /** A URL argument of a replacement tool was refused by the network guard. */
  public static final String URL_REFUSED = "url_refused";

  // Reasons a server's tools are hidden on a turn (HiddenTool reason codes, shown by inspect and the
  // capability report); CONNECTION_LOST above is one of them too, while the server reconnects.

  /** Hidden: the server is quarantined after a failed connect or too many failed calls; it is retried in the background. */
  public static final String QUARANTINED = "mcp_quarantined";
  /** Hidden: the first connect to the server did not finish within the turn's wait; it goes on in the background. */
  public static final String CONNECTING = "mcp_connecting";
  /**
   * Hidden: the server's stored credentials could not be decrypted (the key id is unknown to the store's
   * {@link TokenCipher}, or the ciphertext does not authenticate), so it is never contacted; the operator is
   * told once in the log. Give the cipher the key ({@link TokenCipher#withOldKey}) or register the server again.
   */
  public static final String TOKEN_UNREADABLE = "mcp_token_unreadable";
  /** Hidden: the tool requires MCP task support, which Loadout does not implement yet. */
  public static final String TASK_REQUIRED = "mcp_task_required";

  private McpFailureCodes() {}
}
