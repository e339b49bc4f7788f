package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.loadout.core.store.StoreException;
import org.apiguardian.api.API;

/**
 * A {@link DirectConfigStore#save} was refused because the scope's configs changed since they were loaded:
 * someone else saved first. Nothing was written. Reload the configs, apply the change again to what is stored
 * now, and save with the new version; writing the stale list would drop the other save.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DirectConfigConflictException extends StoreException {
  private static final long serialVersionUID = 1L;

  private final String scope;
  private final long expectedVersion;
  private final long actualVersion;

  /**
   * Creates one.
   *
   * @param scope the scope saved to
   * @param expectedVersion the version the caller loaded
   * @param actualVersion the version stored now
   */
  public DirectConfigConflictException(String scope, long expectedVersion, long actualVersion) {
    super("direct configs of scope [" + scope + "] were not saved: expected version " + expectedVersion
        + ", but the store holds version " + actualVersion + "; someone else saved in between, so reload them and"
        + " apply the change again", null);
    this.scope = scope;
    this.expectedVersion = expectedVersion;
    this.actualVersion = actualVersion;
  }

  /** The scope saved to. */
  public String scope() {
    return scope;
  }

  /** The version the caller loaded and expected to replace. */
  public long expectedVersion() {
    return expectedVersion;
  }

  /** The version the store held when the save was refused. */
  public long actualVersion() {
    return actualVersion;
  }
}
