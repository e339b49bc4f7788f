package dev.loadout.core;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * Where the bot runs. Some safety defaults depend on it; production is the default and the strict one.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum Environment {
  /** A deployed bot: strict defaults. */
  PRODUCTION,
  /** A developer's machine: some guards may be relaxed explicitly, never silently. */
  DEVELOPMENT
}
