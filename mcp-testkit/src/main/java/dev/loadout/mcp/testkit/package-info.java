/**
 * Test support for hosts that implement the MCP module's SPIs: {@link
 * dev.loadout.mcp.testkit.McpRegistrationStoreContract}, the JUnit 5 suite every {@code McpRegistrationStore} must
 * pass. The in-JVM MCP server and the rest of the test kit are in {@code loadout-testkit}.
 */
package dev.loadout.mcp.testkit;
