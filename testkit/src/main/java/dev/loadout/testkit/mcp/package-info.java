/**
 * A real MCP server for tests: {@link dev.loadout.testkit.mcp.McpTestServer} runs the MCP Java SDK's
 * Streamable HTTP and SSE servlet transports on embedded Jetty at 127.0.0.1, with the tools a test declares,
 * per-tool misbehaviour, whole-server {@link dev.loadout.testkit.mcp.McpFault faults}, request recording and
 * restarts on the same port; {@link dev.loadout.testkit.mcp.McpTestServerExtension} starts and stops it
 * around JUnit 5 tests.
 *
 * <p>Needs the optional dependencies {@code io.modelcontextprotocol.sdk:mcp} and
 * {@code org.eclipse.jetty.ee10:jetty-ee10-servlet} on the test classpath.
 */
package dev.loadout.testkit.mcp;
