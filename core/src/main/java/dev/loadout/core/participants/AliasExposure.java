package dev.loadout.core.participants;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * Whether an alias may be shown to the model (in participant lists) or is only used to look names up.
 *
 * @since 0.1
 */
@API(status = MAINTAINED, since = "0.1")
public enum AliasExposure {
  /** May appear in what the model reads. */
  VISIBLE,
  /** Matches lookups but is never shown, such as a saved nickname the user did not choose to expose. */
  LOOKUP_ONLY
}
