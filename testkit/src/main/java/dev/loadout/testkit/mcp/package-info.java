/**
 * A real MCP server for tests: {@link dev.loadout.testkit.mcp.McpTestServer} runs the MCP Java SDK's
 * Streamable HTTP and SSE servlet transports on embedded Jetty at 127.0.0.1, with the tools a test
 * declares; {@link dev.loadout.testkit.mcp.McpTestServerExtension} starts and stops it around JUnit 5 tests.
 *
 * <h2>What a test can make it do</h2>
 * Everything below can be switched at any time, also in the middle of a session, and applies to both
 * transports.
 * <ul>
 *   <li><b>One tool misbehaves</b> (one kind at a time, each replacing the last):
 *       {@link dev.loadout.testkit.mcp.McpTestServer#hold hold} (calls wait until the test releases the
 *       {@link dev.loadout.testkit.mcp.HeldTool}: the deterministic call in flight, no delay to guess),
 *       {@code slow}, {@code failing} (an {@code isError} result) and {@code protocolError} (a JSON-RPC
 *       error).</li>
 *   <li><b>The whole server misbehaves</b>: a sealed {@link dev.loadout.testkit.mcp.McpFault} (hang at a
 *       method or everywhere, an HTTP status, an HTML page) applied by a servlet filter in front of the SDK;
 *       {@code dropConnections()}, which resets every open connection (SSE streams and pending POSTs) while
 *       the server keeps serving, as a proxy reset would; {@code stop()} during a call, which drops the
 *       call's connection without an answer as a killed process would; {@code restart()} on the same
 *       port.</li>
 *   <li><b>Progress</b>: {@code progress(tool, n)} makes each call that carries {@code
 *       _meta.progressToken} send n {@code notifications/progress} before it answers; {@code
 *       progressSteps(tool, n)} sends each only when the test lets it go, so a listener sees them one by one.</li>
 *   <li><b>Tools change</b>: {@code addTool} and {@code removeTool} on a running server; it declares
 *       {@code tools.listChanged: true} and the SDK sends {@code notifications/tools/list_changed} to each
 *       session's stream (SSE, or a Streamable session's standing GET).</li>
 *   <li><b>Replies</b>: {@link dev.loadout.testkit.mcp.McpReply} gives text, images, embedded blob and
 *       text resources, resource links, structured content, and several combined.</li>
 *   <li><b>Task support</b>: a tool may declare {@code execution.taskSupport} (MCP 2025-11-25), written by
 *       the filter into the SDK's {@code tools/list} answers since the SDK 2.1.0 {@code Tool} lacks it.</li>
 * </ul>
 *
 * <h2>What a test can check</h2>
 * Every HTTP request, as a {@link dev.loadout.testkit.mcp.RecordedRequest} recorded before any fault
 * applies: method, path, headers, and for a JSON-RPC body its method, id and params. So a test asserts by
 * the server's log, not by wall time: that a quarantined server got no {@code initialize}, that a
 * {@code notifications/cancelled} names the id of an earlier {@code tools/call}.
 *
 * <p>Needs the optional dependencies {@code io.modelcontextprotocol.sdk:mcp} and
 * {@code org.eclipse.jetty.ee10:jetty-ee10-servlet} on the test classpath.
 */
package dev.loadout.testkit.mcp;
