package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where guild MCP registrations live. Loadout ships {@link InMemoryMcpRegistrationStore} and
 * {@link JdbcMcpRegistrationStore} (SQLite or PostgreSQL); a host may bring its own.
 *
 * <p><b>Contract.</b> Every method is thread-safe and addressed by guild: a registration of one guild is never
 * read, changed or removed through another guild's id. Ids are positive, assigned by {@link #insert} and never
 * reused by that store. Names are unique within a guild ignoring case. A method that cannot reach its storage
 * throws {@link dev.loadout.core.store.StoreException}; it never returns a partial answer.
 *
 * <p>Writes go through {@link McpConfigOperations}, which also keeps the connection pool and the config cache
 * consistent with them; only the tool-name snapshot is written by the connection layer.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface McpRegistrationStore {

  /**
   * The guild's registrations, enabled or not, by id.
   *
   * @param guildId the guild; never null
   * @return a fresh read; never null, potentially empty
   */
  List<McpRegistration> list(String guildId);

  /**
   * Stores a draft and gives it an id.
   *
   * @param draft a registration with id 0; never null
   * @return the stored registration, or empty when the guild already has one with that name (ignoring case)
   * @throws IllegalArgumentException if the draft already has an id
   */
  Optional<McpRegistration> insert(McpRegistration draft);

  /**
   * Enables or disables a registration.
   *
   * @return false when the guild has no registration with that id
   */
  boolean setEnabled(String guildId, long id, boolean enabled);

  /**
   * Removes a registration.
   *
   * @return false when the guild has no registration with that id
   */
  boolean remove(String guildId, long id);

  /**
   * Replaces the tool-name snapshot of a registration.
   *
   * @param toolNames the normalised names; never null (an empty list means no tools)
   * @return false when the guild has no registration with that id
   */
  boolean updateToolNames(String guildId, long id, List<String> toolNames);

  /**
   * Replaces the tool selection of a registration, and nothing else. Later reads return an equal selection,
   * except that the fail-closed {@linkplain ToolSelection#unreadable() unreadable} value may read back as the
   * plain deny-all it stands for.
   *
   * <p>A store that keeps selections in a form it parses again on read (a database column) reads a stored
   * value it can no longer parse as {@linkplain ToolSelection#unreadable() unreadable}, which hides every tool
   * of that registration, and logs a warning naming the registration (never its token); it never fails the
   * read of the guild for it.
   *
   * @param selection the new selection; never null ({@link ToolSelection#ALL} for every tool)
   * @return false when the guild has no registration with that id
   * @throws IllegalArgumentException if the selection is null
   * @since 0.1
   */
  boolean updateToolSelection(String guildId, long id, ToolSelection selection);
}
