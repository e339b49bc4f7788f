/**
 * What a host's own tests need to exercise Loadout without a network or a real model.
 *
 * <p>{@link dev.loadout.testkit.TestContexts} builds turn contexts with fixed defaults (and a fixed
 * clock); {@link dev.loadout.testkit.ScriptedModel} answers requests from a script in any provider's
 * response format and records what it was asked; {@link dev.loadout.testkit.LoadoutAssertions} starts
 * AssertJ assertions on a {@link dev.loadout.core.PreparedTurn}: visible names in order, hidden tools with
 * reasons, and a variant's schema.
 */
package dev.loadout.testkit;
