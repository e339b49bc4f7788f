package dev.loadout.mcp;

import dev.loadout.core.ToolSource;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A server as the pool sees it, whoever configured it: where it is, what it is for, which of its tools the
 * model sees, and the deadline of its calls. A guild's {@link McpRegistration} becomes one with
 * {@link #of(McpRegistration, McpSettings)}, a host's {@link HostMcpServer} with
 * {@link #of(HostMcpServer, McpSettings)}.
 *
 * @param key the pool's key
 * @param name the server's name, shown in diagnostics and progress notices
 * @param transport how it is reached; {@link HostMcpServer.Transport#AUTO} for every guild server
 * @param url the HTTP endpoint (never logged whole), or null for stdio
 * @param token the bearer token, or null
 * @param trustedPrivate whether the HTTP endpoint may be on a private address (host servers only)
 * @param stdio the process of a stdio server, or null
 * @param type what it is registered as
 * @param callTimeout the deadline of one tool call
 * @param level who configured it
 * @param snapshot the tool names found at the last discovery, for diagnostics while it is down; null if unknown
 * @param selection which of its tools the model sees, and under which names
 * @param group the tool group of its tools
 * @param tokenUnreadable whether its stored credentials could not be decrypted: it fails closed, never connected
 */
record Target(Pool.Key key, String name, HostMcpServer.Transport transport, String url, String token,
    boolean trustedPrivate, StdioCommand stdio, ServerType type, Duration callTimeout, ToolSource.Level level,
    List<String> snapshot, ToolSelection selection, String group, boolean tokenUnreadable) {

  static Target of(McpRegistration r, McpSettings settings) {
    return new Target(Pool.Key.guild(r.guildId(), r.id()), r.name(), HostMcpServer.Transport.AUTO, r.url(),
        r.token().orElse(null), false, null, r.type(), settings.executionTimeout(), ToolSource.Level.GUILD,
        r.toolNames().orElse(null), r.toolSelection(), McpTool.GROUP, r.tokenUnreadable());
  }

  static Target of(HostMcpServer h, McpSettings settings) {
    return new Target(Pool.Key.host(h.name()), h.name(), h.transport(), h.url().orElse(null), h.token().orElse(null),
        h.trustedPrivate(), h.command(), h.type(), h.executionTimeout().orElse(settings.executionTimeout()),
        ToolSource.Level.HOST, null, h.toolSelection(), h.group(), false);
  }

  /** The id of this server's {@link ToolSource}. */
  String sourceId() {
    return key.host() != null ? "mcp-host:" + name : "mcp:" + key.registrationId();
  }

  /**
   * Whether a connection made for {@code other} serves this target: same endpoint and credentials, and the same
   * selection (a changed selection builds the tools again on a fresh connection).
   */
  boolean sameEndpoint(Target other) {
    return transport == other.transport && Objects.equals(url, other.url) && Objects.equals(token, other.token)
        && trustedPrivate == other.trustedPrivate && Objects.equals(stdio, other.stdio)
        && selection.equals(other.selection) && callTimeout.equals(other.callTimeout) && group.equals(other.group)
        && tokenUnreadable == other.tokenUnreadable;
  }

  /** What the sanitiser must hide in a message about this server: its URL and token. */
  String sanitize(String text) {
    return url == null ? (token == null ? text : text.replace(token, Redaction.REDACTED)) : Redaction.sanitize(text, url, token);
  }

  Optional<String> replacedFamily() {
    return type.replacedFamily();
  }

  @Override
  public String toString() {
    // Never the URL's path or query, never the token, never the process's arguments or environment.
    return "Target{" + key.describe() + " '" + name + "' " + (stdio != null ? stdio : "at " + Redaction.origin(url)) + "}";
  }
}
