/**
 * Direct tool invocation: a slash command or a keyword rule runs one tool without asking the model first,
 * with its arguments filled from a JSON template; a per-session task slot keeps calls from overlapping; and
 * the tool's answer is cut to one short sentence.
 *
 * <p>Framework-neutral: the host passes each incoming message to a {@link dev.loadout.direct.DirectFlow}
 * (the whole flow: routing, the run, the short answer, the marker, deferred bookings) or, for finer control, to a
 * {@link dev.loadout.direct.DirectRouter} and acts on its {@link dev.loadout.direct.DirectDecision}; the
 * host sends every reply itself. Start with
 * {@link dev.loadout.direct.DirectConfig} (one per tool, checked by
 * {@link dev.loadout.direct.DirectCatalog} when saved); keep them across restarts in a
 * {@link dev.loadout.direct.DirectConfigStore} and rebuild the catalog with
 * {@link dev.loadout.direct.DirectCatalog#restore}.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.loadout.direct;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
