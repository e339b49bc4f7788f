/**
 * Internal digest plumbing shared by Loadout modules: SHA-256 and the one 128-bit fingerprint of a spec or schema.
 *
 * <h2>DISCLAIMER</h2>
 * These classes are intended solely for use within Loadout itself. They are <em>internal, not for use by
 * hosts</em>, and may change or disappear in any release without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.loadout.core.internal.digest;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
