package dev.loadout.mcp;

import dev.loadout.core.ToolSource;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A server as the pool sees it, whoever configured it: where it is, what it is for, and the deadline of its
 * calls. A guild's {@link McpRegistration} becomes one with {@link #of(McpRegistration, McpSettings)}.
 *
 * @param key the pool's key
 * @param name the server's name, shown in diagnostics and progress notices
 * @param url the endpoint; never logged whole
 * @param token the bearer token, or null
 * @param type what it is registered as
 * @param callTimeout the deadline of one tool call
 * @param level who configured it
 * @param snapshot the tool names found at the last discovery, for diagnostics while it is down; null if unknown
 * @param selection which of its tools the model sees, and under which names
 */
record Target(Pool.Key key, String name, String url, String token, ServerType type, Duration callTimeout,
    ToolSource.Level level, List<String> snapshot, ToolSelection selection) {

  static Target of(McpRegistration r, McpSettings settings) {
    return new Target(Pool.Key.guild(r.guildId(), r.id()), r.name(), r.url(), r.token().orElse(null), r.type(),
        settings.executionTimeout(), ToolSource.Level.GUILD, r.toolNames().orElse(null), r.toolSelection());
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
    return url.equals(other.url) && Objects.equals(token, other.token) && selection.equals(other.selection);
  }

  Optional<String> replacedFamily() {
    return type.replacedFamily();
  }

  @Override
  public String toString() {
    // Never the URL's path or query, never the token.
    return "Target{" + key.describe() + " '" + name + "' at " + Redaction.origin(url) + "}";
  }
}
