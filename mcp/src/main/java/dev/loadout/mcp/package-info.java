/**
 * Guild-scoped MCP servers as Loadout tools. Not built yet: this module will hold guild MCP
 * registrations, configuration operations, lazily connected and pooled connections with transport
 * fallback, a circuit breaker per server, tool-name snapshots, and MCP tools exposed as
 * {@code BaseTool}s. It depends on {@code loadout-core} and the MCP Java SDK only.
 */
package dev.loadout.mcp;
