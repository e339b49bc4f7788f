package dev.loadout.mcp;

import java.util.List;

/** What {@link McpConfigOperations} needs from the connection layer; {@link GuildMcpManager} provides it. */
interface ConfigHooks {
  /** A guarded test connection that lists tools; never throws. */
  TestResult testConnection(String url, String token);

  /**
   * Forgets the registration's quarantine and its back-off and connects now, waiting at most the connect
   * timeout; never throws.
   */
  TestResult retryNow(McpRegistration registration);

  /** Drops the guild's cached registrations. */
  void invalidate(String guildId);

  /** Closes the pooled connection of a registration and clears its quarantine. */
  void disconnect(String guildId, long registrationId);

  /**
   * The outcome of a test connection: the names found, or a failure code of {@link McpFailureCodes} and a
   * sanitised reason.
   */
  record TestResult(boolean success, List<String> toolNames, String transport, String code, String error) {
    static TestResult ok(List<String> names, String transport) {
      return new TestResult(true, List.copyOf(names), transport, null, null);
    }

    static TestResult failed(String code, String error) {
      return new TestResult(false, List.of(), null, code, error);
    }
  }
}
