/**
 * Guild-scoped MCP servers as Loadout tools.
 *
 * <p>Start with {@link dev.loadout.mcp.GuildMcpManager}: build it over a
 * {@link dev.loadout.mcp.McpRegistrationStore} ({@link dev.loadout.mcp.InMemoryMcpRegistrationStore} or
 * {@link dev.loadout.mcp.JdbcMcpRegistrationStore} on SQLite or PostgreSQL) and core's network guard, hand it to
 * {@code Loadout.builder().externalTools(...)}, and write registrations only through
 * {@link dev.loadout.mcp.McpConfigOperations}. Connections are lazy, pooled per (guild, registration), opened
 * with Streamable HTTP then SSE (Loadout's own transports on core's pinned {@code SafeHttpClient}: one guard
 * check per connect, the registered origin only, no redirects, capped answers) under Loadout's own deadlines,
 * and guarded by a circuit breaker per server
 * ({@link dev.loadout.mcp.BreakerState}). Failures carry the codes of {@link dev.loadout.mcp.McpFailureCodes};
 * no MCP SDK or Reactor type appears in this package's public signatures.
 */
package dev.loadout.mcp;
