package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Per turn, the description an operator wants a tool shown with instead of its own (a guild's custom
 * description, say). {@link Loadout#prepare} applies it after the tool assembled its variant, as
 * {@code variant.edit().description(d).withoutAnnotations().build()}: the schema loses its explanatory
 * annotations too, so its wording cannot contradict the operator's, while every constraint stays. The edit is
 * memoised like any {@link SchemaEdit}, so a steady override costs a lookup per turn.
 *
 * <p>Like an {@link AvailabilityFilter}, an override is a fast, pure function of its arguments. One that throws
 * leaves the tool's own description for that turn; the failure is logged once per tool and exception type.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@FunctionalInterface
public interface DescriptionOverride {
  /**
   * The replacement description.
   *
   * @param variant the tool as assembled for this turn; never null
   * @param context the turn; never null
   * @return the description to show (empty for none), or null to keep the tool's own
   */
  String descriptionFor(ToolSpec variant, TurnContext context);
}
