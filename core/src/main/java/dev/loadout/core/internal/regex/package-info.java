/**
 * Internal regex plumbing shared by Loadout modules: the one policy bounding RE2 patterns that people write (intent
 * triggers in core, keyword rules in direct).
 *
 * <h2>DISCLAIMER</h2>
 * These classes are intended solely for use within Loadout itself. They are <em>internal, not for use by
 * hosts</em>, and may change or disappear in any release without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.loadout.core.internal.regex;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
