package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What one {@link McpConfigOperations} call did: a stable code from the constants below, a message safe to
 * show to the administrator (never a token or a full URL), and, where one exists, the registration.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class ConfigOutcome {
  /** {@code add}: stored; {@link #toolNames()} holds the discovered names. */
  public static final String ADDED = "added";
  /** {@code setEnabled}, {@code setToolSelection}: the state changed. */
  public static final String UPDATED = "updated";
  /** {@code remove}: removed. */
  public static final String REMOVED = "removed";
  /** {@code retryNow} or {@code probe}: the server connected; {@link #toolNames()} holds what it offers now. */
  public static final String CONNECTED = "connected";
  /** {@code setEnabled}, {@code setToolSelection}: already in that state; nothing was written. */
  public static final String UNCHANGED = "unchanged";
  /** A name, URL, token, guild id or tool selection breaks the input rules. */
  public static final String INVALID_INPUT = "invalid_input";
  /** The type is not {@code general}, {@code web_search} or {@code url_fetcher}. */
  public static final String INVALID_TYPE = "invalid_type";
  /** The guild's registrations could not be read; nothing was changed. */
  public static final String UNAVAILABLE = "unavailable";
  /** The guild already has the maximum number of registrations. */
  public static final String LIMIT_REACHED = "limit_reached";
  /** The URL is malformed, has another scheme than {@code http} or {@code https}, or carries credentials. */
  public static final String INVALID_URL = "invalid_url";
  /** The URL points at an address MCP servers may not use here: private, internal, metadata or reserved. */
  public static final String BLOCKED_ADDRESS = "blocked_address";
  /** The URL is not {@code https}, and this bot requires HTTPS. */
  public static final String HTTPS_REQUIRED = "https_required";
  /** Nothing answered: the host name does not resolve, or the connection was refused or timed out. */
  public static final String UNREACHABLE = "unreachable";
  /** Something answered, but not as an MCP server (an HTTP error, a redirect, a page that is not MCP). */
  public static final String NOT_AN_MCP_SERVER = "not_an_mcp_server";
  /** The server refused the token (HTTP 401 or 403). */
  public static final String UNAUTHORIZED = "unauthorized";
  /** The test connection or the retry failed otherwise; the message holds the sanitised reason. */
  public static final String CONNECTION_FAILED = "connection_failed";
  /** The insert found the name taken or failed. */
  public static final String DUPLICATE_OR_WRITE_FAILED = "duplicate_or_write_failed";
  /** No registration with that id in that guild. */
  public static final String NOT_FOUND = "not_found";
  /** The write failed; nothing was disconnected. */
  public static final String WRITE_FAILED = "write_failed";

  private final String code;
  private final String message;
  private final McpRegistration registration;

  ConfigOutcome(String code, String message, McpRegistration registration) {
    this.code = code;
    this.message = message;
    this.registration = registration;
  }

  /** The code; one of the constants. */
  public String code() {
    return code;
  }

  /** A plain sentence for the administrator; never null. */
  public String message() {
    return message;
  }

  /**
   * Whether the operation succeeded or had nothing to do ({@link #ADDED}, {@link #UPDATED}, {@link #REMOVED},
   * {@link #UNCHANGED}, {@link #CONNECTED}).
   */
  public boolean succeeded() {
    return code.equals(ADDED) || code.equals(UPDATED) || code.equals(REMOVED) || code.equals(UNCHANGED)
        || code.equals(CONNECTED);
  }

  /** The registration added, changed or removed, as it is now (or was, for a removal). */
  public Optional<McpRegistration> registration() {
    return Optional.ofNullable(registration);
  }

  /** The discovered tool names of an {@link #ADDED} or {@link #CONNECTED} outcome; empty otherwise. */
  public List<String> toolNames() {
    return registration == null || !(code.equals(ADDED) || code.equals(CONNECTED)) ? List.of()
        : registration.toolNames().orElse(List.of());
  }

  @Override
  public String toString() {
    return "ConfigOutcome{" + code + ": " + message + "}";
  }
}
