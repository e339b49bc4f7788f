/**
 * Internal plumbing the LLM-client adapters share: finding Loadout's render of a tool a client wrote again.
 *
 * <h2>DISCLAIMER</h2>
 * These classes are intended solely for use within Loadout itself. They are <em>internal, not for use by
 * hosts</em>, and may change or disappear in any release without notice.
 */
@API(status = INTERNAL, since = "0.1")
package dev.loadout.core.internal.wire;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
