/**
 * Persona user blocking: a persona may mute or block a user for a number of hours, per guild.
 *
 * <p>{@code mute} only stops the user from triggering that persona ({@link dev.loadout.tools.persona.PersonaBlocks#mayTrigger}).
 * {@code block} also replaces the user's recent live turns and direct media with one system notice when
 * the host builds the model's context ({@link dev.loadout.tools.persona.BlockedHistory}).
 *
 * <p>Start at {@link dev.loadout.tools.persona.PersonaBlockTools}: it makes the {@code block_user} and
 * {@code unblock_user} tools over a {@link dev.loadout.tools.persona.PersonaBlocks} (a cache in front of a
 * {@link dev.loadout.tools.persona.PersonaBlockStore}: in memory, or JDBC on SQLite or PostgreSQL).
 */
package dev.loadout.tools.persona;
