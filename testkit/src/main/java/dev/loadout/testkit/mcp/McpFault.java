package dev.loadout.testkit.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A whole-server fault of a {@link McpTestServer}, applied by a servlet filter in front of the SDK's
 * transports, so the MCP server behind it never sees the requests a fault answers (or holds). Set one with
 * {@link McpTestServer#inject(McpFault)}; it applies to both transports and to every request that arrives
 * while it is set, until {@link McpTestServer#clearFaults()}.
 *
 * <table>
 *   <caption>What a client sees</caption>
 *   <tr><th>fault</th><th>on the wire</th></tr>
 *   <tr><td>{@link HangAt}</td><td>a POST whose JSON-RPC {@code method} matches is accepted and never
 *       answered (its connection stays open until the server stops): {@code initialize} hangs the
 *       handshake, {@code tools/list} hangs discovery after a good handshake, {@code tools/call} is a call
 *       that never answers</td></tr>
 *   <tr><td>{@link HangEveryRequest}</td><td>every request is accepted and never answered, the SSE stream's
 *       GET included</td></tr>
 *   <tr><td>{@link HttpStatus}</td><td>every request gets this status with a short plain-text body</td></tr>
 *   <tr><td>{@link NonJsonBody}</td><td>every request gets 200 with an HTML page instead of JSON or an event
 *       stream</td></tr>
 * </table>
 *
 * <p>A fault may be set or cleared at any moment, also in the middle of a session that worked a moment
 * before: a request is judged by the fault set when it arrives, and every request is {@linkplain
 * McpTestServer#requests() recorded} first, faulted or not, so a test proves a server was (or was not)
 * asked by its log rather than by timing.
 *
 * <p>What is not a whole-server fault lives on {@link McpTestServer} itself: one tool's misbehaviour
 * ({@link McpTestServer#hold hold}, {@code slow}, {@code failing}, {@code protocolError}); connections reset
 * under a server that keeps running ({@link McpTestServer#dropConnections()}); and lifecycle, killing the
 * server mid-call and restarting it ({@link McpTestServer#stop()}, {@link McpTestServer#restart()}).
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface McpFault {

  /** POSTs carrying the JSON-RPC method {@code initialize} never answer. */
  static McpFault hangAtInitialize() {
    return new HangAt("initialize");
  }

  /** POSTs carrying the JSON-RPC method {@code tools/list} never answer (the handshake still succeeds). */
  static McpFault hangAtToolsList() {
    return new HangAt("tools/list");
  }

  /** POSTs carrying the JSON-RPC method {@code tools/call} never answer: a call whose reply never comes. */
  static McpFault hangAtToolsCall() {
    return new HangAt("tools/call");
  }

  /**
   * A POST carrying this JSON-RPC method is accepted and never answered.
   *
   * @param jsonRpcMethod the method, for example {@code initialize}; not blank
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record HangAt(String jsonRpcMethod) implements McpFault {
    /** Refuses a blank method. */
    public HangAt {
      if (jsonRpcMethod == null || jsonRpcMethod.isBlank()) {
        throw new IllegalArgumentException("a hang needs a JSON-RPC method, but got [" + jsonRpcMethod + "]");
      }
    }
  }

  /**
   * Every request is accepted and never answered.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record HangEveryRequest() implements McpFault {}

  /**
   * Every request is answered with this status and a short plain-text body.
   *
   * @param status an HTTP status from 400 to 599
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record HttpStatus(int status) implements McpFault {
    /** Refuses a status that is not an error. */
    public HttpStatus {
      if (status < 400 || status > 599) {
        throw new IllegalArgumentException("an HTTP status fault must be 400-599, but was " + status);
      }
    }
  }

  /**
   * Every request is answered with 200 and an HTML page.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  record NonJsonBody() implements McpFault {}
}
