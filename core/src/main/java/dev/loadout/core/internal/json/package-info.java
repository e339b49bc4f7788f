/**
 * Internal JSON plumbing shared by Loadout modules: the one placeholder engine that fills {@code {{name}}} into a
 * parsed JSON tree (direct's argument templates, tools-image's ComfyUI workflows).
 *
 * <h2>DISCLAIMER</h2>
 * These classes are intended solely for use within Loadout itself. They are <em>internal, not for use by
 * hosts</em>, and may change or disappear in any release without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.loadout.core.internal.json;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
