package dev.loadout.mcp;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.store.StoreChanges;
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
 * <p><b>Invariants in the store.</b> {@link #insert(McpRegistration, int)} checks the guild's limit and the
 * name together with the write, atomically against any number of concurrent inserts in any number of
 * processes: of N racing inserts into a guild with room for one, exactly one is stored.
 *
 * <p><b>Changes.</b> Every write is announced on {@link #changes()} with the guild id as the scope
 * ({@value #CHANGES}); each process's {@link GuildMcpManager} drops the guild's cached configuration and
 * closes the connections of servers that were removed or disabled.
 *
 * <p>Writes go through {@link McpConfigOperations}, which also keeps this process's connection pool and
 * config cache consistent with them at once; only the tool-name snapshot is written by the connection layer.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface McpRegistrationStore {
  /** The change kind these stores announce on their {@link #changes() feed}, with the guild id as the scope. */
  String CHANGES = "mcp_registrations";

  /**
   * Where this store announces its writes; {@link StoreChanges#none()} unless the implementation announces,
   * in which case a {@link GuildMcpManager} over it relies on its configuration time-to-live alone.
   *
   * @since 0.1
   */
  default StoreChanges changes() {
    return StoreChanges.none();
  }

  /**
   * What {@link #insert(McpRegistration, int)} did.
   *
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  sealed interface InsertOutcome {
    /**
     * Stored, with its id.
     *
     * @param registration the stored registration
     * @since 0.1
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    record Stored(McpRegistration registration) implements InsertOutcome {}

    /**
     * Not stored: the guild has a registration with that name, ignoring case.
     *
     * @param name the draft's name
     * @since 0.1
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    record NameTaken(String name) implements InsertOutcome {}

    /**
     * Not stored: the guild already has {@code limit} registrations.
     *
     * @param limit the limit the insert was given
     * @since 0.1
     */
    @API(status = EXPERIMENTAL, since = "0.1")
    record LimitReached(int limit) implements InsertOutcome {}
  }

  /**
   * The guild's registrations, enabled or not, by id.
   *
   * @param guildId the guild; never null
   * @return a fresh read; never null, potentially empty
   */
  List<McpRegistration> list(String guildId);

  /**
   * Stores a draft and gives it an id, with no limit on the guild's registrations.
   *
   * @param draft a registration with id 0; never null
   * @return the stored registration, or empty when the guild already has one with that name (ignoring case)
   * @throws IllegalArgumentException if the draft already has an id
   */
  default Optional<McpRegistration> insert(McpRegistration draft) {
    InsertOutcome out = insert(draft, Integer.MAX_VALUE);
    return out instanceof InsertOutcome.Stored s ? Optional.of(s.registration()) : Optional.empty();
  }

  /**
   * Stores a draft if its guild has fewer than {@code maxPerGuild} registrations and none with its name
   * (ignoring case), as one atomic step: the count, the name check and the write hold against concurrent
   * inserts into the same guild from any thread or process.
   *
   * @param draft a registration with id 0; never null
   * @param maxPerGuild how many registrations the guild may have; positive
   * @return what happened; never null
   * @throws IllegalArgumentException if the draft already has an id or the limit is not positive
   * @since 0.1
   */
  InsertOutcome insert(McpRegistration draft, int maxPerGuild);

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
