/**
 * Internal setting plumbing shared by every Loadout module: the ranges of durations and counts a builder
 * accepts, and the one reader of environment variables behind every {@code fromEnvironment}.
 *
 * <h2>DISCLAIMER</h2>
 * These classes are intended solely for use within Loadout itself. They are <em>internal, not for use by
 * hosts</em>, and may change or disappear in any release without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.loadout.core.internal.settings;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
