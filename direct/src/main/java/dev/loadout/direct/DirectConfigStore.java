package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.store.StoreChanges;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Where a host keeps its direct-invocation configs between restarts: per scope (a guild or server id, or any
 * key the host chooses), the whole list of the scope's {@link DirectConfig}s with a version number.
 *
 * <p><b>Why a version.</b> Two operators (or a settings page and an admin command) may edit the same scope at
 * once. Each loads the list, changes one tool's config and saves the whole list back. Without a check the
 * second save would silently drop the first one's change, which the reference forbids ("a client that would
 * drop custom tool config must be refused"). So {@link #save} names the version the list was loaded at and
 * writes only if the store still holds that version; otherwise it throws {@link DirectConfigConflictException}
 * and writes nothing. Of any number of concurrent saves from one version, across threads and processes,
 * exactly one wins.
 *
 * <p><b>Using it.</b> At start-up, and when a server's tools are discovered again, restore the catalog from the
 * stored list and the tools present now:
 *
 * <pre>{@code
 * SavedDirectConfigs saved = store.load(guildId);
 * DirectCatalog catalog = DirectCatalog.restore(hostCommands, saved.configs(),
 *     name -> registry.tool(name).map(BaseTool::spec).orElse(null));
 * catalog.restoreProblems().forEach(log::info);   // skipped or disabled configs, for the operator
 * }</pre>
 *
 * To save an operator's edit, validate it in the catalog first, then write the stamped config into the
 * <em>stored</em> list (which keeps the configs of tools that are absent right now):
 *
 * <pre>{@code
 * DirectCatalog next = catalog.save(spec, edited);            // DirectConfigException: show the problems
 * DirectConfig stamped = next.config(spec.name()).orElseThrow();
 * saved = store.save(guildId, saved.version(), saved.with(stamped).configs());  // conflict: reload, re-apply
 * catalog = next;
 * }</pre>
 *
 * <p><b>Generation.</b> The version only grows, so a host may pass it as the {@code generation} of its
 * {@link DirectSettings} ({@link DirectSettings#withGeneration}): a config change then retires tasks booked under
 * the old configs, which never run. A host that also switches the trigger mode with
 * {@link DirectSettings#withMode} must keep the two counts from meeting, for example by saving the mode with
 * the configs.
 *
 * <p><b>Several processes.</b> A bot that runs several processes keeps each scope's catalog in a
 * {@link DirectCatalogs}, which rebuilds it when {@link #changes()} announces the scope ({@value #CHANGES}),
 * so a config saved in one process routes in every other within the feed's staleness bound.
 *
 * <p>Implementations: {@link InMemoryDirectConfigStore} for one process and tests, {@link JdbcDirectConfigStore}
 * for SQLite or PostgreSQL. Configs are stored under {@link DirectCatalog#PLAN_VERSION}; a scope saved by a newer
 * Loadout under a higher plan is refused on load, because saving it back here would drop the fields this
 * version does not know. Thread-safe; a storage failure is a {@link dev.loadout.core.store.StoreException}.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DirectConfigStore {
  /** The change kind these stores announce on their {@link #changes() feed}, with the scope as its scope. */
  String CHANGES = "direct_configs";

  /**
   * Where this store announces each saved scope; {@link StoreChanges#none()} unless the implementation
   * announces, in which case caches over it rely on their time-to-live alone.
   *
   * @since 0.1
   */
  default StoreChanges changes() {
    return StoreChanges.none();
  }

  /**
   * The scope's configs as stored.
   *
   * @param scope the scope; never blank
   * @return the configs and their version; version 0 and no configs for a scope never saved
   * @throws dev.loadout.core.store.StoreException if the store cannot be read, the stored configs are
   *     malformed, or they were saved under a newer config plan than this Loadout knows
   */
  SavedDirectConfigs load(String scope);

  /**
   * Replaces the scope's configs, if the store still holds {@code expectedVersion}.
   *
   * @param scope the scope; never blank
   * @param expectedVersion the version the configs were loaded at; 0 for a scope never saved
   * @param configs the scope's whole list, at most one config per tool; an empty list clears the scope
   * @return the configs as stored now, at version {@code expectedVersion + 1}
   * @throws DirectConfigConflictException if the store holds another version; nothing was written
   * @throws dev.loadout.core.store.StoreException if the store cannot be written
   */
  SavedDirectConfigs save(String scope, long expectedVersion, List<DirectConfig> configs);
}
