package dev.loadout.core.store;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * A store could not read or write: the database is unreachable, a statement failed, or its schema is newer
 * than this Loadout. The message names the store and the operation and never contains credentials; the
 * cause is the driver's exception.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public class StoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates one.
   *
   * @param message what failed, naming the store and the operation
   * @param cause the underlying failure; may be null
   */
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
