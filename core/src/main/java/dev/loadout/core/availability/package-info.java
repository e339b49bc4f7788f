/**
 * The built-in availability rules a real bot needs, and the report that explains them.
 *
 * <p>Start at {@link dev.loadout.core.availability.AvailabilityFilters}: it hands out each rule as an
 * {@link dev.loadout.core.AvailabilityFilter} (provider, model capabilities, feature flags, permissions,
 * tool groups, deliberate tool mode), and {@code standard()} gives the usual first four in their usual
 * order. The rules read what a {@link dev.loadout.core.ToolSpec} declares in its
 * {@link dev.loadout.core.ToolRequirements}, and the turn's {@link dev.loadout.core.TurnContext}; each is
 * a pure function and each hidden decision carries a stable code and a sentence with values in brackets.
 * The rule classes themselves are package-private: hosts compose them, they do not extend them.
 */
package dev.loadout.core.availability;
