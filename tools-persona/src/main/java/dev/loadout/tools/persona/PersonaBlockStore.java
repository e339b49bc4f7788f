package dev.loadout.tools.persona;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.store.StoreChanges;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where persona blocks are kept: at most one per {@link PersonaBlock.Key} (guild, persona, user).
 *
 * <p>Implementations: {@link InMemoryPersonaBlockStore} for one process and {@link JdbcPersonaBlockStore}
 * for SQLite or PostgreSQL. Reads take the current instant and ignore expired rows; expired rows are
 * deleted by {@link #pruneExpired(Instant)} (and may be deleted earlier). Instants are kept at
 * millisecond precision.
 *
 * <p><b>Contract.</b> Thread-safe. A storage failure is a {@link dev.loadout.core.store.StoreException};
 * nothing else is thrown for valid arguments. Callers usually go through {@link PersonaBlocks}, which
 * caches reads and drops a key when {@link #changes()} announces it ({@value #CHANGES}, the scope naming the
 * key), in every process that shares the store.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface PersonaBlockStore {
  /** The change kind these stores announce on their {@link #changes() feed}. */
  String CHANGES = "persona_user_blocks";

  /**
   * Where this store announces its writes (each saved or removed key); {@link StoreChanges#none()} unless the
   * implementation announces, in which case caches over it rely on their time-to-live alone.
   *
   * @since 0.1
   */
  default StoreChanges changes() {
    return StoreChanges.none();
  }

  /** Saves the block, replacing any block with the same key, expired or not. */
  void upsert(PersonaBlock block);

  /** The block for this key if it is active at {@code now}. */
  Optional<PersonaBlock> find(PersonaBlock.Key key, Instant now);

  /**
   * Deletes the block for this key, active or expired.
   *
   * @return the block that was deleted, if it was active at {@code now}
   */
  Optional<PersonaBlock> remove(PersonaBlock.Key key, Instant now);

  /** The blocks of a guild's persona that are active at {@code now}, ordered by user id; never null. */
  List<PersonaBlock> active(String guildId, String personaId, Instant now);

  /**
   * Deletes every block that has expired at {@code now}.
   *
   * @return how many were deleted
   */
  int pruneExpired(Instant now);
}
