/**
 * Direct tool invocation: a slash command or a keyword rule runs one tool without asking the model first,
 * with its arguments filled from a JSON template; a per-session task slot keeps calls from overlapping; and
 * the tool's answer is cut to one short sentence.
 *
 * <p>Framework-neutral: the host passes each incoming message to a {@link dev.loadout.core.direct.DirectFlow}
 * (the whole flow: routing, the run, the short answer, the marker, deferred bookings) or, for finer control, to a
 * {@link dev.loadout.core.direct.DirectRouter} and acts on its {@link dev.loadout.core.direct.DirectDecision}; the
 * host sends every reply itself. Start with
 * {@link dev.loadout.core.direct.DirectConfig} (one per tool, checked by
 * {@link dev.loadout.core.direct.DirectCatalog} when saved); keep them across restarts in a
 * {@link dev.loadout.core.direct.DirectConfigStore} and rebuild the catalog with
 * {@link dev.loadout.core.direct.DirectCatalog#restore}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.loadout.core.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
