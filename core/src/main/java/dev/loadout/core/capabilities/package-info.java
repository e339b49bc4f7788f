/**
 * The capability self-report: the {@code review_capabilities} tool a model calls when a user asks what
 * the bot can do, which model it runs, or why it did not or cannot do something.
 *
 * <p>Everything it reports about tools comes from the live {@link dev.loadout.core.PreparedTurn} of the
 * call, never from a second list: what it says is visible is exactly what the model was shown.
 */
package dev.loadout.core.capabilities;
