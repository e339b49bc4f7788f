/**
 * MCP servers as Loadout tools: the host's bot-wide servers and each guild's registered servers.
 *
 * <p>Start with {@link dev.loadout.mcp.GuildMcpManager}: build it over a
 * {@link dev.loadout.mcp.McpRegistrationStore} ({@link dev.loadout.mcp.InMemoryMcpRegistrationStore} or
 * {@link dev.loadout.mcp.JdbcMcpRegistrationStore} on SQLite or PostgreSQL) and core's network guard, add the
 * host's {@link dev.loadout.mcp.HostMcpServer}s (in code or from a file with {@link dev.loadout.mcp.HostMcpConfig}),
 * hand it to {@code Loadout.builder().externalTools(...)}, and write guild registrations only through
 * {@link dev.loadout.mcp.McpConfigOperations}. A {@link dev.loadout.mcp.ToolSelection} decides which of a server's
 * tools the model sees, and under which names.
 *
 * <p><b>Connections.</b> Lazy and pooled per server. HTTP servers are reached over Streamable HTTP, then SSE
 * (Loadout's own transports on core's pinned {@code SafeHttpClient}: one guard check per connect, the registered
 * origin only, no redirects, capped answers); host servers may also be local processes over stdio (Loadout's own
 * stdio transport: a minimal environment, the process tree killed on close). Every blocking step runs under
 * Loadout's own deadlines.
 *
 * <p><b>Health.</b> One model for every fault: a connection whose stream or process ends fails every call in
 * flight at once ({@link dev.loadout.mcp.McpFailureCodes#CONNECTION_LOST}) and reconnects in the background; a
 * failed connect, or too many transport-level call failures in a row, quarantines the server behind its circuit
 * breaker ({@link dev.loadout.mcp.BreakerState}); a background probe on the injected scheduler brings it back, with a
 * doubling cooldown while it keeps failing. No user turn waits for a server known to have failed, and the tools of a
 * server that is down are hidden with a reason. Failures carry the codes of {@link dev.loadout.mcp.McpFailureCodes};
 * no MCP SDK or Reactor type appears in this package's public signatures.
 */
package dev.loadout.mcp;
