package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * One guild's registration of a remote MCP server: a stable id, the guild, a name, the endpoint URL, an
 * optional bearer token, a {@link ServerType}, whether it is enabled, and the names of the tools found at
 * the last successful discovery, and the {@link ToolSelection} of which of its tools the model sees.
 *
 * <p>Immutable. The token is never part of {@link #toString()}, and the URL there is reduced to its
 * origin. A {@linkplain #draft draft} has id {@code 0} until a store inserts it.
 *
 * <p>{@link #toolNames()} is display-only: empty means unknown (never discovered, or a row from before
 * snapshots existed), an empty list means a discovery that found no tools. Routing always uses a live
 * {@code tools/list}.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public final class McpRegistration {
  private final long id;
  private final String guildId;
  private final String name;
  private final String url;
  private final String token;
  private final ServerType type;
  private final boolean enabled;
  private final List<String> toolNames;
  private final ToolSelection toolSelection;
  private final boolean tokenUnreadable;

  private McpRegistration(long id, String guildId, String name, String url, String token, ServerType type,
      boolean enabled, List<String> toolNames, ToolSelection toolSelection) {
    if (id < 0) {
      throw new IllegalArgumentException("registration id must be 0 (a draft) or positive, but was " + id);
    }
    if (guildId == null || guildId.isBlank()) {
      throw new IllegalArgumentException("guild id must not be blank, but was " + guildId);
    }
    if (!RegistrationRules.validName(name)) {
      throw new IllegalArgumentException("registration name must match " + RegistrationRules.NAME.pattern()
          + ", but was " + name);
    }
    if (url == null || url.isBlank() || url.length() > RegistrationRules.MAX_URL_CHARS) {
      throw new IllegalArgumentException("registration URL must be 1 to " + RegistrationRules.MAX_URL_CHARS
          + " characters, but had " + (url == null ? "none" : url.length()));
    }
    if (token != null && (token.isBlank() || token.length() > RegistrationRules.MAX_TOKEN_CHARS)) {
      // The length only: the token itself never goes into a message.
      throw new IllegalArgumentException("auth token must be 1 to " + RegistrationRules.MAX_TOKEN_CHARS
          + " characters, but had " + token.length());
    }
    if (type == null) {
      throw new IllegalArgumentException("registration type must not be null");
    }
    if (toolNames != null) {
      for (int i = 0; i < toolNames.size(); i++) {
        if (toolNames.get(i) == null) {
          throw new IllegalArgumentException("tool names must not contain null, but [" + i + "] was null");
        }
      }
    }
    this.id = id;
    this.guildId = guildId;
    this.name = name;
    this.url = url;
    this.token = token;
    this.type = type;
    this.enabled = enabled;
    this.toolNames = toolNames == null ? null : List.copyOf(toolNames);
    this.toolSelection = checkedSelection(toolSelection);
    this.tokenUnreadable = false;
  }

  /** A copy marked as read with credentials that could not be decrypted (see {@link #tokenUnreadable()}). */
  private McpRegistration(McpRegistration r) {
    this.id = r.id;
    this.guildId = r.guildId;
    this.name = r.name;
    this.url = r.url;
    this.token = null;
    this.type = r.type;
    this.enabled = r.enabled;
    this.toolNames = r.toolNames;
    this.toolSelection = r.toolSelection;
    this.tokenUnreadable = true;
  }

  private static ToolSelection checkedSelection(ToolSelection selection) {
    if (selection == null) {
      throw new IllegalArgumentException("tool selection must not be null; use ToolSelection.ALL for every tool");
    }
    return selection;
  }

  /**
   * A registration not yet stored (id 0), enabled, offering every tool ({@link ToolSelection#ALL}).
   *
   * @param guildId the guild; not blank
   * @param name a valid name (see {@link McpConfigOperations} for how typed names are normalised)
   * @param url the endpoint, at most 500 characters
   * @param token the bearer token, at most 500 characters; null for none
   * @param type the type; never null
   * @param toolNames the normalised snapshot of discovered names; null when unknown
   * @throws IllegalArgumentException naming the bad value (never the token)
   */
  public static McpRegistration draft(String guildId, String name, String url, String token, ServerType type,
      List<String> toolNames) {
    return draft(guildId, name, url, token, type, toolNames, ToolSelection.ALL);
  }

  /**
   * A registration not yet stored (id 0), enabled, with a tool selection.
   *
   * @param toolSelection which tools the model sees; never null
   * @throws IllegalArgumentException naming the bad value (never the token)
   * @see #draft(String, String, String, String, ServerType, List)
   */
  public static McpRegistration draft(String guildId, String name, String url, String token, ServerType type,
      List<String> toolNames, ToolSelection toolSelection) {
    return new McpRegistration(0, guildId, name, url, token, type, true, toolNames, toolSelection);
  }

  /**
   * A stored registration, as a store reads it back, offering every tool ({@link ToolSelection#ALL}).
   *
   * @throws IllegalArgumentException naming the bad value (never the token)
   */
  public static McpRegistration stored(long id, String guildId, String name, String url, String token,
      ServerType type, boolean enabled, List<String> toolNames) {
    return stored(id, guildId, name, url, token, type, enabled, toolNames, ToolSelection.ALL);
  }

  /**
   * A stored registration with its tool selection, as a store reads it back.
   *
   * @param toolSelection which tools the model sees; never null
   * @throws IllegalArgumentException naming the bad value (never the token)
   */
  public static McpRegistration stored(long id, String guildId, String name, String url, String token,
      ServerType type, boolean enabled, List<String> toolNames, ToolSelection toolSelection) {
    if (id <= 0) {
      throw new IllegalArgumentException("a stored registration's id must be positive, but was " + id);
    }
    return new McpRegistration(id, guildId, name, url, token, type, enabled, toolNames, toolSelection);
  }

  /**
   * The same registration as a store reads it when its stored credentials (the token) could not be decrypted:
   * no token, and {@link #tokenUnreadable()} true, so the server is never contacted without them. The
   * {@code with…} methods return registrations without the mark.
   *
   * @since 0.1
   */
  public McpRegistration withTokenUnreadable() {
    return new McpRegistration(this);
  }

  /**
   * Whether the store could not decrypt this registration's credentials (a key id the cipher does not know, or a
   * ciphertext that does not authenticate). Such a server fails closed: its tools are hidden with
   * {@link McpFailureCodes#TOKEN_UNREADABLE} and it is never connected.
   *
   * @since 0.1
   */
  public boolean tokenUnreadable() {
    return tokenUnreadable;
  }

  /** The same registration with a store-assigned id. */
  public McpRegistration withId(long newId) {
    return stored(newId, guildId, name, url, token, type, enabled, toolNames, toolSelection);
  }

  /** The same registration enabled or disabled. */
  public McpRegistration withEnabled(boolean on) {
    return new McpRegistration(id, guildId, name, url, token, type, on, toolNames, toolSelection);
  }

  /** The same registration with another snapshot of tool names (null for unknown). */
  public McpRegistration withToolNames(List<String> names) {
    return new McpRegistration(id, guildId, name, url, token, type, enabled, names, toolSelection);
  }

  /**
   * The same registration with another tool selection.
   *
   * @param selection which tools the model sees; never null ({@link ToolSelection#ALL} for every tool)
   * @throws IllegalArgumentException if the selection is null
   */
  public McpRegistration withToolSelection(ToolSelection selection) {
    return new McpRegistration(id, guildId, name, url, token, type, enabled, toolNames, selection);
  }

  /** The stable id, unique in its store; 0 for a draft. */
  public long id() {
    return id;
  }

  /** The guild this belongs to; never null. */
  public String guildId() {
    return guildId;
  }

  /** The name, unique within the guild ignoring case; never null. */
  public String name() {
    return name;
  }

  /** The endpoint URL as registered. It may carry secrets in its query: never log it whole. */
  public String url() {
    return url;
  }

  /** The bearer token; empty when none. Never log it. */
  public Optional<String> token() {
    return Optional.ofNullable(token);
  }

  /** The type; never null. */
  public ServerType type() {
    return type;
  }

  /** Whether its tools are offered. */
  public boolean enabled() {
    return enabled;
  }

  /**
   * The tool names of the last successful discovery; empty when unknown. Display-only, and not filtered by the
   * {@linkplain #toolSelection() tool selection}: it records what the server offers.
   */
  public Optional<List<String>> toolNames() {
    return Optional.ofNullable(toolNames);
  }

  /** Which of its tools the model sees, and under which names; never null, {@link ToolSelection#ALL} by default. */
  public ToolSelection toolSelection() {
    return toolSelection;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof McpRegistration)) {
      return false;
    }
    McpRegistration r = (McpRegistration) o;
    return id == r.id && enabled == r.enabled && guildId.equals(r.guildId) && name.equals(r.name) && url.equals(r.url)
        && Objects.equals(token, r.token) && type == r.type && Objects.equals(toolNames, r.toolNames)
        && toolSelection.equals(r.toolSelection) && tokenUnreadable == r.tokenUnreadable;
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, guildId, name, url, type, enabled, toolSelection);
  }

  @Override
  public String toString() {
    return "McpRegistration{id=" + id + ", guild=" + guildId + ", name=" + name + ", url=" + Redaction.origin(url)
        + (token == null ? "" : ", token=[redacted]") + (tokenUnreadable ? ", token unreadable" : "") + ", type=" + type.wireName() + (enabled ? "" : ", disabled")
        + ", tools=" + (toolNames == null ? "unknown" : String.valueOf(toolNames.size()))
        + (toolSelection.equals(ToolSelection.ALL) ? "" : ", selection=" + toolSelection.shortForm()) + "}";
  }
}
